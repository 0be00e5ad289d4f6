"""Players: accounts and sessions, Glicko-2 ratings, their store and their routes."""

"""Tournaments: the plan (pure pairings, brackets, standings), the request protocol, the
store, the director (the loop that runs them), the views (snapshots) and the routes."""

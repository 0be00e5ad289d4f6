"""Live tables: the hub, one live table per game, its clocks and AI seats, what each
viewer may see, the records, the store (the only writer of table, seat and log rows), the
agent worker pool and the routes of /api/tables and /ws/tables."""

"""The game table server: lobby, seats, live play, storage, replays (FastAPI + SQLAlchemy).

Modules, top down: ``app`` (HTTP and WebSocket routes), ``pages`` (HTML, rules, renderers),
``live`` (one serialized live table per game in memory), ``views`` (the only place that
decides what a client may see), ``ai`` (agents in worker processes), ``store`` (the
records: tables, seats, the append-only action log), ``db`` (schema and migrations).
"""

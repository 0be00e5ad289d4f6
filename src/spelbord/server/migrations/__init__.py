"""Alembic migrations of the table server's schema (run from code: ``db.migrate``)."""

"""The database schema (SQLAlchemy Core), engine set-up and migrations run at start.

The schema is owned by the Alembic migrations in ``migrations/``; ``METADATA`` mirrors the
latest revision so queries can name columns: each role's store declares its own tables on
it (``tables.store``: tables, seats, log, pending choices; ``players.store``: accounts,
sessions, seat entrants, ratings; ``tournaments.store``: tournaments, their entrants and
matches). ``open_engine`` upgrades to ``head`` before the server takes any request, on
SQLite and PostgreSQL alike.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

METADATA = sa.MetaData()

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    # No checkpoint inside a commit: a commit on the event loop that checkpoints waits for
    # the disk (fsync of the log and the database). ``Store.checkpoint`` does it instead,
    # on a thread of the hub's every few seconds. Commits stay durable across kill -9 (WAL).
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def create_engine(url: str) -> sa.Engine:
    """An engine for ``url``; SQLite gets WAL mode and a generous busy timeout."""
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})
        sa.event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return sa.create_engine(url, pool_size=8, max_overflow=4, pool_pre_ping=True)


def migrate(engine: sa.Engine) -> None:
    """Upgrade the database to the newest migration (``alembic upgrade head``)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # Processes starting together (a cluster) migrate one at a time.
            connection.execute(sa.text("SELECT pg_advisory_xact_lock(7355608)"))
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def open_engine(url: str) -> sa.Engine:
    """An engine on an up-to-date schema."""
    engine = create_engine(url)
    migrate(engine)
    return engine

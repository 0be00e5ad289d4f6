"""The database schema (SQLAlchemy Core), engine set-up and migrations run at start.

The schema is owned by the Alembic migrations in ``migrations/``; ``METADATA`` mirrors the
latest revision so queries can name columns. ``open_engine`` upgrades to ``head`` before
the server takes any request, on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

METADATA = sa.MetaData()

TABLES = sa.Table(
    "spelbord_tables",
    METADATA,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("ply", sa.Integer, nullable=False),
    sa.Column("result", sa.JSON, nullable=True),
    sa.Column("source", sa.String(16), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    # The rules version the game is played under (GameInfo.version when the table was
    # made; 1 for tables stored before versions were recorded, see migration 0003).
    sa.Column("rules_version", sa.Integer, nullable=False, server_default=sa.text("1")),
)

SEATS = sa.Table(
    "spelbord_seats",
    METADATA,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("spelbord_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("agent", sa.String(64), nullable=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("invite_code", sa.String(64), nullable=True),
    sa.Column("claimed", sa.Boolean, nullable=False),
)

LOG = sa.Table(
    "spelbord_log",
    METADATA,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("spelbord_tables.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("ply", sa.Integer, nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("payload", sa.JSON, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    # The seats whose part of this move the clock played (their time ran out), or NULL.
    sa.Column("timeouts", sa.JSON(none_as_null=True), nullable=True),
)

PENDING = sa.Table(
    "spelbord_pending",
    METADATA,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("spelbord_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("ply", sa.Integer, nullable=False),
    sa.Column("action", sa.Integer, nullable=False),
    sa.Column("timeout", sa.Boolean, nullable=False, server_default=sa.false()),
)

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
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def open_engine(url: str) -> sa.Engine:
    """An engine on an up-to-date schema."""
    engine = create_engine(url)
    migrate(engine)
    return engine

"""Alembic environment: runs on the connection ``db.migrate`` hands over.

From the command line (``alembic -x url=...``) it opens its own connection instead.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context

from spelbord.server.cluster import store as cluster_store
from spelbord.server.db import METADATA
from spelbord.server.jobs import store as jobs_store
from spelbord.server.players import store as players_store
from spelbord.server.tables import store as tables_store
from spelbord.server.tournaments import store as tournaments_store

STORES = (tables_store, players_store, tournaments_store, jobs_store, cluster_store)
"""The modules that declare the tables on ``METADATA`` (imported so that it is whole)."""

config = context.config


def _run(connection: sa.Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=METADATA,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Migrate on the given connection, or on one opened from ``-x url=...``."""
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option(
        "sqlalchemy.url"
    )
    if not url:
        raise SystemExit("give the database: alembic -x url=sqlite:///path ...")
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        _run(conn)


if context.is_offline_mode():
    raise SystemExit("offline migrations are not supported; run against a database")
run_migrations_online()

"""The Alembic migrations: they build exactly the schema the code queries, and go both ways."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext

from spelbord.server.cluster import store as cluster_store
from spelbord.server.db import METADATA, MIGRATIONS, create_engine, migrate
from spelbord.server.jobs import store as jobs_store
from spelbord.server.players import store as players_store
from spelbord.server.tables import store as tables_store
from spelbord.server.tournaments import store as tournaments_store

STORES = (tables_store, players_store, tournaments_store, jobs_store, cluster_store)
"""The modules that declare every role's tables on ``METADATA``."""


def _config(connection: sa.Connection) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def test_migrations_match_the_schema_and_downgrade(database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        migrate(engine)
        migrate(engine)  # running it again at the next start changes nothing
        with engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), METADATA)
            assert diff == []
            assert MigrationContext.configure(conn).get_current_revision() == "0007"
        with engine.begin() as conn:
            command.downgrade(_config(conn), "base")
        with engine.connect() as conn:
            assert not sa.inspect(conn).has_table("spelbord_log")
        migrate(engine)
        with engine.connect() as conn:
            assert sa.inspect(conn).has_table("spelbord_log")
    finally:
        engine.dispose()


def test_tables_stored_before_versions_get_version_1(database_url: str) -> None:
    """Migration 0003: a table stored before versions were recorded was played under 1."""
    engine = create_engine(database_url)
    try:
        with engine.begin() as conn:
            command.upgrade(_config(conn), "0002")
        with engine.begin() as conn:
            conn.execute(
                sa.text(
                    "INSERT INTO spelbord_tables (id, game, options, seed, status, ply, result,"
                    " source, created_at, updated_at) VALUES ('old', 'coerceo', '{}', 1,"
                    " 'finished', 0, NULL, 'play', 0, 0)"
                )
            )
        migrate(engine)
        with engine.connect() as conn:
            versions = conn.execute(sa.text("SELECT id, rules_version FROM spelbord_tables"))
            assert list(versions) == [("old", 1)]
    finally:
        engine.dispose()

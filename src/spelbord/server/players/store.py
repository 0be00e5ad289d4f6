"""The schema of players, ratings and tournaments (mirrors migration 0004).

The tables sit on ``db.METADATA`` beside the tables of games; only the modules
``accounts``, ``ratings`` and ``tournaments`` use them.
"""

from __future__ import annotations

import sqlalchemy as sa

from spelbord.server.db import METADATA

ACCOUNTS = sa.Table(
    "spelbord_accounts",
    METADATA,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(32), nullable=False),
    sa.Column("name_key", sa.String(32), nullable=False, unique=True),
    sa.Column("password_hash", sa.String(255), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
)

SESSIONS = sa.Table(
    "spelbord_sessions",
    METADATA,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("account_id", sa.String(32), sa.ForeignKey("spelbord_accounts.id"), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("expires_at", sa.Float, nullable=False),
    sa.Index("ix_spelbord_sessions_account", "account_id"),
)

SEAT_ENTRANTS = sa.Table(
    "spelbord_seat_entrants",
    METADATA,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("spelbord_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    # "account:<id>" or "ai:<agent spec>"
    sa.Column("entrant", sa.String(80), nullable=False),
    sa.Index("ix_spelbord_seat_entrants_entrant", "entrant"),
)

RATED_TABLES = sa.Table(
    "spelbord_rated_tables",
    METADATA,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("spelbord_tables.id"), primary_key=True),
    # When the ratings were updated for this table's result (NULL: not yet).
    sa.Column("rated_at", sa.Float, nullable=True),
    sa.Column("changes", sa.JSON(none_as_null=True), nullable=True),
)

RATINGS = sa.Table(
    "spelbord_ratings",
    METADATA,
    sa.Column("entrant", sa.String(80), primary_key=True),
    sa.Column("game", sa.String(64), primary_key=True),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("rd", sa.Float, nullable=False),
    sa.Column("volatility", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
)

TOURNAMENTS = sa.Table(
    "spelbord_tournaments",
    METADATA,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(80), nullable=False),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("format", sa.String(16), nullable=False),
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("starts_at", sa.Float, nullable=False),
    sa.Column("show_up_seconds", sa.Integer, nullable=False),
    sa.Column("created_by", sa.String(32), nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("round", sa.Integer, nullable=False),
    sa.Column("note", sa.String(200), nullable=True),
)

TOURNAMENT_ENTRANTS = sa.Table(
    "spelbord_tournament_entrants",
    METADATA,
    sa.Column(
        "tournament_id", sa.String(32), sa.ForeignKey("spelbord_tournaments.id"), primary_key=True
    ),
    sa.Column("entrant", sa.String(80), primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("joined_at", sa.Float, nullable=False),
)

MATCHES = sa.Table(
    "spelbord_tournament_matches",
    METADATA,
    sa.Column(
        "tournament_id", sa.String(32), sa.ForeignKey("spelbord_tournaments.id"), primary_key=True
    ),
    sa.Column("round", sa.Integer, primary_key=True),
    sa.Column("slot", sa.Integer, primary_key=True),
    sa.Column("game_no", sa.Integer, primary_key=True),
    # The entrant at each seat, in seat order.
    sa.Column("entrants", sa.JSON, nullable=False),
    # "waiting" (no table yet), "playing", "finished", "bye"
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("table_id", sa.String(32), nullable=True, index=True),
    sa.Column("started_at", sa.Float, nullable=True),
    sa.Column("returns", sa.JSON(none_as_null=True), nullable=True),
    sa.Column("margins", sa.JSON(none_as_null=True), nullable=True),
    sa.Column("termination", sa.String(32), nullable=True),
)

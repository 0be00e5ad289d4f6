"""The records of tournaments: the tournaments, their entrants and matches (the schema
mirrors migration 0004), and every statement that reads or writes them."""

from __future__ import annotations

import sqlalchemy as sa

from spelbord.server.db import METADATA

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

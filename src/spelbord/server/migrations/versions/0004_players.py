"""Players, ratings and tournaments: accounts, sessions, who sat where, Glicko-2 ratings.

New tables only (nothing existing changes): guests keep playing as before.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tables of accounts, ratings and tournaments."""
    op.create_table(
        "spelbord_accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(32), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "spelbord_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column(
            "account_id", sa.String(32), sa.ForeignKey("spelbord_accounts.id"), nullable=False
        ),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_spelbord_sessions_account", "spelbord_sessions", ["account_id"])
    op.create_table(
        "spelbord_seat_entrants",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("spelbord_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("entrant", sa.String(80), nullable=False),
    )
    op.create_index("ix_spelbord_seat_entrants_entrant", "spelbord_seat_entrants", ["entrant"])
    op.create_table(
        "spelbord_rated_tables",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("spelbord_tables.id"), primary_key=True),
        sa.Column("rated_at", sa.Float, nullable=True),
        sa.Column("changes", sa.JSON(none_as_null=True), nullable=True),
    )
    op.create_table(
        "spelbord_ratings",
        sa.Column("entrant", sa.String(80), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "spelbord_tournaments",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("starts_at", sa.Float, nullable=False),
        sa.Column("show_up_seconds", sa.Integer, nullable=False),
        sa.Column("created_by", sa.String(32), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("note", sa.String(200), nullable=True),
    )
    op.create_index("ix_spelbord_tournaments_status", "spelbord_tournaments", ["status"])
    op.create_table(
        "spelbord_tournament_entrants",
        sa.Column(
            "tournament_id",
            sa.String(32),
            sa.ForeignKey("spelbord_tournaments.id"),
            primary_key=True,
        ),
        sa.Column("entrant", sa.String(80), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("joined_at", sa.Float, nullable=False),
    )
    op.create_table(
        "spelbord_tournament_matches",
        sa.Column(
            "tournament_id",
            sa.String(32),
            sa.ForeignKey("spelbord_tournaments.id"),
            primary_key=True,
        ),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("slot", sa.Integer, primary_key=True),
        sa.Column("game_no", sa.Integer, primary_key=True),
        sa.Column("entrants", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True, index=True),
        sa.Column("started_at", sa.Float, nullable=True),
        sa.Column("returns", sa.JSON(none_as_null=True), nullable=True),
        sa.Column("margins", sa.JSON(none_as_null=True), nullable=True),
        sa.Column("termination", sa.String(32), nullable=True),
    )


def downgrade() -> None:
    """Drop players, ratings and tournaments (the games themselves stay)."""
    op.drop_table("spelbord_tournament_matches")
    op.drop_table("spelbord_tournament_entrants")
    op.drop_index("ix_spelbord_tournaments_status", "spelbord_tournaments")
    op.drop_table("spelbord_tournaments")
    op.drop_table("spelbord_ratings")
    op.drop_table("spelbord_rated_tables")
    op.drop_index("ix_spelbord_seat_entrants_entrant", "spelbord_seat_entrants")
    op.drop_table("spelbord_seat_entrants")
    op.drop_index("ix_spelbord_sessions_account", "spelbord_sessions")
    op.drop_table("spelbord_sessions")
    op.drop_table("spelbord_accounts")

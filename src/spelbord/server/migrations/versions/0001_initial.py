"""The initial schema: tables, seats, the append-only action log, pending submissions.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the four tables."""
    op.create_table(
        "spelbord_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("ply", sa.Integer, nullable=False),
        sa.Column("result", sa.JSON, nullable=True),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_spelbord_tables_status", "spelbord_tables", ["status"])
    op.create_table(
        "spelbord_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("spelbord_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("agent", sa.String(64), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("invite_code", sa.String(64), nullable=True),
        sa.Column("claimed", sa.Boolean, nullable=False),
    )
    op.create_table(
        "spelbord_log",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("spelbord_tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("ply", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "spelbord_pending",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("spelbord_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("ply", sa.Integer, nullable=False),
        sa.Column("action", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    """Drop everything (the log is lost)."""
    op.drop_table("spelbord_pending")
    op.drop_table("spelbord_log")
    op.drop_table("spelbord_seats")
    op.drop_index("ix_spelbord_tables_status", "spelbord_tables")
    op.drop_table("spelbord_tables")

"""Rules versions: every table stores the rules version its game is played under.

Tables stored before this revision were all played under version 1 of their game (the
version before versions were recorded), so they get 1.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """A table's rules version; existing tables were played under version 1."""
    with op.batch_alter_table("spelbord_tables") as batch:
        batch.add_column(
            sa.Column("rules_version", sa.Integer, nullable=False, server_default=sa.text("1"))
        )


def downgrade() -> None:
    """Forget the rules versions (a table is then replayed under its game's newest rules)."""
    with op.batch_alter_table("spelbord_tables") as batch:
        batch.drop_column("rules_version")

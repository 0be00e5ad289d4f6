"""Time controls (issue 28): ``spelbord_tables.timing``, a table's time control and its
game clocks (``tables.timecontrol``: ``{"control": "5+3", "remaining": [...], "running":
[...], "since": t}``), written with every change that moves a clock. Older tables and
tables without a time control have NULL (nobody's time runs out).

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("spelbord_tables") as batch:
        batch.add_column(sa.Column("timing", sa.JSON(none_as_null=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("spelbord_tables") as batch:
        batch.drop_column("timing")

"""Decision clocks: which seats' moves the clock chose when their time ran out.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """A log entry lists the seats whose part the clock played; a pending choice says so."""
    with op.batch_alter_table("spelbord_log") as batch:
        batch.add_column(sa.Column("timeouts", sa.JSON(none_as_null=True), nullable=True))
    with op.batch_alter_table("spelbord_pending") as batch:
        batch.add_column(
            sa.Column("timeout", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    """Forget which moves the clock played (the moves themselves stay)."""
    with op.batch_alter_table("spelbord_pending") as batch:
        batch.drop_column("timeout")
    with op.batch_alter_table("spelbord_log") as batch:
        batch.drop_column("timeouts")

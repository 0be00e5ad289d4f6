"""The table scales out: the job queue of the worker tier, the processes of a cluster, who
owns which live table, the leader's lease; each table's frame sequence number and the
client that made it.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the queue and cluster tables; add ``seq`` and ``client`` to the tables."""
    with op.batch_alter_table("spelbord_tables") as batch:
        batch.add_column(sa.Column("seq", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("client", sa.String(80), nullable=True))
    op.create_table(
        "spelbord_jobs",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("ply", sa.Integer, nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("client", sa.String(80), nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("bound", sa.Float, nullable=False),
        sa.Column("enqueued_at", sa.Float, nullable=False),
        sa.Column("claimed_at", sa.Float, nullable=True),
        sa.Column("leased_until", sa.Float, nullable=True),
        sa.Column("finished_at", sa.Float, nullable=True),
        sa.Column("worker", sa.String(64), nullable=True),
        sa.Column("result", sa.JSON, nullable=True),
        sa.Column("error", sa.Text, nullable=True),
        sa.UniqueConstraint("table_id", "ply", "seat", name="uq_spelbord_jobs_decision"),
    )
    op.create_index("ix_spelbord_jobs_state", "spelbord_jobs", ["state", "enqueued_at"])
    op.create_index("ix_spelbord_jobs_client", "spelbord_jobs", ["client", "state"])
    op.create_table(
        "spelbord_processes",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("address", sa.String(200), nullable=True),
        sa.Column("started_at", sa.Float, nullable=False),
        sa.Column("beat_at", sa.Float, nullable=False),
        sa.Column("draining", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "spelbord_owners",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("process", sa.String(64), nullable=False, index=True),
        sa.Column("since", sa.Float, nullable=False),
    )
    op.create_table(
        "spelbord_leases",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("holder", sa.String(64), nullable=False),
        sa.Column("until", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop them again."""
    op.drop_table("spelbord_leases")
    op.drop_table("spelbord_owners")
    op.drop_table("spelbord_processes")
    op.drop_index("ix_spelbord_jobs_client", "spelbord_jobs")
    op.drop_index("ix_spelbord_jobs_state", "spelbord_jobs")
    op.drop_table("spelbord_jobs")
    with op.batch_alter_table("spelbord_tables") as batch:
        batch.drop_column("client")
        batch.drop_column("seq")

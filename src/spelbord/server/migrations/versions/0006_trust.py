"""Trust (issue 27): lookalike names, tournament invitations, imports stored once,
results that came from play.

- ``spelbord_accounts.name_skeleton``: each name's confusable skeleton (Unicode TS #39,
  ``players.names.skeleton``), unique. Existing names are back-filled. Two existing names
  that look alike both stay, with their accounts, ratings and games: the older account
  (by ``created_at``, then id) holds the plain skeleton and each later one the skeleton
  marked with its id (``"alice#<id>"``), so the index is unique and every new lookalike of
  either is refused at sign-up (it meets the plain one). Existing names that mix scripts
  stay as they are; only new names are held to one script.
- ``spelbord_tournament_entrants.status``: ``accepted`` (plays) or ``invited`` (listed by
  the organizer, waiting for the player's consent). Existing entrants were entered before
  consent was asked: they stay ``accepted``.
- ``spelbord_imports``: each imported record's digest (unique), its table, the SHA-256 of
  the address that imported it and its size (``tables.imports``). Records imported before
  have no row: they count for nobody's bound and may be imported once more.
- ``spelbord_tables.irregular``: the first move the server made for a seat
  (``tables.integrity``), and ``spelbord_rated_tables.unrated``: why a rated table was
  not rated. Older tables have neither (nothing was recorded then).

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-27
"""

from __future__ import annotations

import logging

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

log = logging.getLogger(__name__)


def upgrade() -> None:
    """Add and back-fill the skeletons of names, then make them unique."""
    from spelbord.server.players.names import skeleton

    with op.batch_alter_table("spelbord_accounts") as batch:
        batch.add_column(sa.Column("name_skeleton", sa.String(160), nullable=True))
    conn = op.get_bind()
    accounts = sa.table(
        "spelbord_accounts",
        sa.column("id", sa.String),
        sa.column("name", sa.String),
        sa.column("created_at", sa.Float),
        sa.column("name_skeleton", sa.String),
    )
    held: set[str] = set()
    rows = conn.execute(
        sa.select(accounts.c.id, accounts.c.name).order_by(accounts.c.created_at, accounts.c.id)
    ).all()
    for account_id, name in rows:
        look = skeleton(name)
        if look in held:
            log.warning("account %s: its name looks like an older one; both are kept", account_id)
            look = f"{look}#{account_id}"
        held.add(look)
        conn.execute(
            accounts.update().where(accounts.c.id == account_id).values(name_skeleton=look)
        )
    with op.batch_alter_table("spelbord_accounts") as batch:
        batch.alter_column("name_skeleton", existing_type=sa.String(160), nullable=False)
        batch.create_index("ix_spelbord_accounts_name_skeleton", ["name_skeleton"], unique=True)
    with op.batch_alter_table("spelbord_tables") as batch:
        batch.add_column(sa.Column("irregular", sa.JSON, nullable=True))
    with op.batch_alter_table("spelbord_rated_tables") as batch:
        batch.add_column(sa.Column("unrated", sa.String(32), nullable=True))
    op.create_table(
        "spelbord_imports",
        sa.Column("digest", sa.String(64), primary_key=True),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("spelbord_tables.id"),
            nullable=False,
            unique=True,
        ),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("bytes", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_spelbord_imports_address", "spelbord_imports", ["address"])
    with op.batch_alter_table("spelbord_tournament_entrants") as batch:
        batch.add_column(
            sa.Column("status", sa.String(16), nullable=False, server_default=sa.text("'accepted'"))
        )
        batch.create_index("ix_spelbord_tournament_entrants_entrant", ["entrant"])


def downgrade() -> None:
    """Forget the skeletons (names are then unique by case only, as before) and the
    invitations (an invited player would then play without having accepted: they go)."""
    with op.batch_alter_table("spelbord_rated_tables") as batch:
        batch.drop_column("unrated")
    with op.batch_alter_table("spelbord_tables") as batch:
        batch.drop_column("irregular")
    op.drop_index("ix_spelbord_imports_address", table_name="spelbord_imports")
    op.drop_table("spelbord_imports")
    op.execute("DELETE FROM spelbord_tournament_entrants WHERE status = 'invited'")
    with op.batch_alter_table("spelbord_tournament_entrants") as batch:
        batch.drop_index("ix_spelbord_tournament_entrants_entrant")
        batch.drop_column("status")
    with op.batch_alter_table("spelbord_accounts") as batch:
        batch.drop_index("ix_spelbord_accounts_name_skeleton")
        batch.drop_column("name_skeleton")

"""The records of players: accounts, sessions, who sat at a seat, ratings (the schema
mirrors migrations 0004 and 0006), and the player page's query.

The tables sit on ``db.METADATA`` beside the tables of games (``tables.store``, whose
rows this module only reads).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import sqlalchemy as sa

from spelbord.server.db import METADATA
from spelbord.server.tables.store import SEATS, TABLES

ACCOUNTS = sa.Table(
    "spelbord_accounts",
    METADATA,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(32), nullable=False),
    sa.Column("name_key", sa.String(32), nullable=False, unique=True),
    sa.Column("password_hash", sa.String(255), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    # The name's confusable skeleton (names.skeleton, Unicode TS #39): lookalikes share
    # it. Migration 0006 marks the later of two existing lookalikes "<skeleton>#<id>".
    sa.Column("name_skeleton", sa.String(160), nullable=False),
    sa.Index("ix_spelbord_accounts_name_skeleton", "name_skeleton", unique=True),
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
    # Why a rated table's result was not rated (its termination, e.g. "forfeit", or the
    # reason of a move the server made for a seat, ``tables.integrity``); migration 0006.
    sa.Column("unrated", sa.String(32), nullable=True),
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


def games_of(
    engine: sa.Engine, entrant: str, limit: int = 100
) -> tuple[list[dict[str, Any]], dict[str, list[tuple[int, str]]]]:
    """The newest tables an entrant sat at (id, game, status, result, updated_at, its
    seat, when it was rated and why not) and, per table, every seat's (seat, name): the
    player page's games."""
    with engine.connect() as conn:
        rows = [
            dict(r)
            for r in conn.execute(
                sa.select(
                    TABLES.c.id,
                    TABLES.c.game,
                    TABLES.c.status,
                    TABLES.c.result,
                    TABLES.c.updated_at,
                    SEAT_ENTRANTS.c.seat,
                    RATED_TABLES.c.rated_at,
                    RATED_TABLES.c.unrated,
                )
                .join(SEAT_ENTRANTS, SEAT_ENTRANTS.c.table_id == TABLES.c.id)
                .outerjoin(RATED_TABLES, RATED_TABLES.c.table_id == TABLES.c.id)
                .where(SEAT_ENTRANTS.c.entrant == entrant)
                .order_by(TABLES.c.updated_at.desc())
                .limit(limit)
            ).mappings()
        ]
        ids = [r["id"] for r in rows]
        seats: dict[str, list[tuple[int, str]]] = {i: [] for i in ids}
        if ids:
            for s in conn.execute(
                sa.select(SEATS.c.table_id, SEATS.c.seat, SEATS.c.name)
                .where(SEATS.c.table_id.in_(ids))
                .order_by(SEATS.c.seat)
            ):
                seats[s.table_id].append((s.seat, s.name))
    return rows, seats


def add_seat_entrants(
    conn: sa.Connection, table_id: str, entrants: Iterable[tuple[int, str]]
) -> None:
    """Record who sits at which seats of a new table: ``(seat, entrant)`` pairs."""
    rows = [{"table_id": table_id, "seat": seat, "entrant": e} for seat, e in entrants]
    if rows:
        conn.execute(SEAT_ENTRANTS.insert(), rows)


def carry_over(conn: sa.Connection, old_id: str, new_id: str, moved: dict[int, int]) -> None:
    """``Hub.rematch_hooks``: a rematch is rated when its game was, and every entrant
    (signed-in player, AI) sits at the seat it moved on to (``moved``: old -> new)."""
    rows = conn.execute(
        sa.select(SEAT_ENTRANTS.c.seat, SEAT_ENTRANTS.c.entrant).where(
            SEAT_ENTRANTS.c.table_id == old_id
        )
    ).all()
    add_seat_entrants(conn, new_id, ((moved[r.seat], r.entrant) for r in rows))
    rated = conn.execute(
        sa.select(RATED_TABLES.c.table_id).where(RATED_TABLES.c.table_id == old_id)
    ).first()
    if rated is not None:
        conn.execute(RATED_TABLES.insert().values(table_id=new_id, rated_at=None, changes=None))


HISTORY_POINTS = 500
"""At most this many rated games per player make the rating history (the newest)."""


def rating_history(
    engine: sa.Engine, entrant: str, limit: int = HISTORY_POINTS
) -> dict[str, list[dict[str, Any]]]:
    """An entrant's rating after each rated game, per game, oldest first: ``{game: [{"at",
    "table", "rating", "rd"}, ...]}`` from the ``changes`` a rated table keeps (the newest
    ``limit`` games). The first point of a game is its rating before the first game, so a
    graph starts where the player started."""
    with engine.connect() as conn:
        rows = conn.execute(
            sa.select(TABLES.c.id, TABLES.c.game, RATED_TABLES.c.rated_at, RATED_TABLES.c.changes)
            .join(RATED_TABLES, RATED_TABLES.c.table_id == TABLES.c.id)
            .where(
                # each table once, whatever seats the entrant held (no DISTINCT: PostgreSQL
                # cannot compare the ``changes`` JSON)
                TABLES.c.id.in_(
                    sa.select(SEAT_ENTRANTS.c.table_id).where(SEAT_ENTRANTS.c.entrant == entrant)
                ),
                RATED_TABLES.c.rated_at.is_not(None),
            )
            .order_by(RATED_TABLES.c.rated_at.desc())
            .limit(limit)
        ).all()
    history: dict[str, list[dict[str, Any]]] = {}
    for row in reversed(rows):
        change = (row.changes or {}).get(entrant)
        if not isinstance(change, dict):
            continue
        points = history.setdefault(row.game, [])
        if not points:
            before = change.get("before") or {}
            points.append({"at": None, "table": None, **_point(before)})
        points.append({"at": row.rated_at, "table": row.id, **_point(change.get("after") or {})})
    return history


def _point(rating: dict[str, Any]) -> dict[str, float]:
    return {"rating": float(rating.get("rating", 1500.0)), "rd": float(rating.get("rd", 350.0))}

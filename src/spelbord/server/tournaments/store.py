"""The records of tournaments: the tournaments, their entrants (accepted, or invited and
waiting for the player's consent) and matches (the schema mirrors migrations 0004 and
0006), and every statement that reads or writes them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa

from spelbord.server.db import METADATA
from spelbord.server.errors import NotFoundError
from spelbord.server.players.ratings import Glicko2, mark_rated, read_rating
from spelbord.server.players.store import add_seat_entrants
from spelbord.server.tournaments.protocol import (
    MAX_ENTRANTS,
    MAX_INVITATIONS,
    AlreadyJoinedError,
    AlreadyOverError,
    AlreadyStartedError,
    NoInvitationError,
    TournamentError,
    TournamentRequest,
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
    # "accepted" (plays), or "invited": listed by the organizer, not yet accepted (issue 27;
    # migration 0006). Invitations still open at the start are dropped.
    sa.Column("status", sa.String(16), nullable=False, server_default=sa.text("'accepted'")),
    sa.Index("ix_spelbord_tournament_entrants_entrant", "entrant"),
)
ACCEPTED, INVITED = "accepted", "invited"

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


def match_row(
    tid: str, rnd: int, slot: int, game_no: int, entrants: list[Any], status: str
) -> dict[str, Any]:
    """A new match (``waiting`` for its table, or a ``bye``)."""
    return {
        "tournament_id": tid,
        "round": rnd,
        "slot": slot,
        "game_no": game_no,
        "entrants": entrants,
        "status": status,
        "table_id": None,
        "started_at": None,
        "returns": None,
        "margins": None,
        "termination": None,
    }


def insert_missing(conn: sa.Connection, rows: list[dict[str, Any]]) -> None:
    """Insert the match rows whose key (tournament, round, slot, game) is not there yet.

    Two passes that decided the same next game (the director's loop and a direct call)
    then write it once instead of failing on the key."""
    keys = ("tournament_id", "round", "slot", "game_no")
    fresh = [
        r
        for r in rows
        if conn.execute(
            sa.select(MATCHES.c.game_no).where(*(MATCHES.c[k] == r[k] for k in keys))
        ).first()
        is None
    ]
    if fresh:
        conn.execute(MATCHES.insert(), fresh)


def is_match_table(engine: sa.Engine, table_id: str) -> bool:
    """Whether a table is (or was) a tournament's game (it has no rematch)."""
    with engine.connect() as conn:
        row = conn.execute(sa.select(MATCHES.c.round).where(MATCHES.c.table_id == table_id))
        return row.first() is not None


def playing_match(conn: sa.Connection, table_id: str) -> str | None:
    """The tournament whose match is being played at this table, if any."""
    row = conn.execute(
        sa.select(MATCHES.c.tournament_id).where(
            MATCHES.c.table_id == table_id, MATCHES.c.status == "playing"
        )
    ).first()
    return None if row is None else str(row.tournament_id)


def finish_match(
    conn: sa.Connection, table_id: str, result: dict[str, Any], margins: list[float] | None
) -> None:
    """The match played at this table has ended with ``result``."""
    termination = str(result.get("termination") or "")[:32]
    conn.execute(
        MATCHES.update()
        .where(MATCHES.c.table_id == table_id, MATCHES.c.status == "playing")
        .values(
            # A game the cancelling of its tournament ended counts for nobody.
            status="cancelled" if termination == "cancelled" else "finished",
            returns=list(result.get("returns") or []),
            margins=margins,
            termination=termination,
        )
    )


def bind_match(conn: sa.Connection, m: dict[str, Any], table_id: str, now: float) -> None:
    """The table of a match is made: who sits where, the table rated, the match on (in
    the caller's transaction, the one that makes the table)."""
    add_seat_entrants(conn, table_id, enumerate(m["entrants"]))
    mark_rated(conn, table_id)
    done = conn.execute(
        MATCHES.update()
        .where(
            MATCHES.c.tournament_id == m["tournament_id"],
            MATCHES.c.round == m["round"],
            MATCHES.c.slot == m["slot"],
            MATCHES.c.game_no == m["game_no"],
            MATCHES.c.status == "waiting",
        )
        .values(status="playing", table_id=table_id, started_at=now)
    )
    if done.rowcount != 1:
        raise RuntimeError(f"match {m['round']}.{m['slot']} has its table already")


def _where_entrant(select: sa.Select[Any], entrant: str, status: str) -> sa.Select[Any]:
    """``select`` (over ``TOURNAMENTS``) kept to the tournaments where ``entrant`` has
    ``status`` (``INVITED``, ``ACCEPTED``, ...)."""
    return select.join(
        TOURNAMENT_ENTRANTS, TOURNAMENT_ENTRANTS.c.tournament_id == TOURNAMENTS.c.id
    ).where(TOURNAMENT_ENTRANTS.c.entrant == entrant, TOURNAMENT_ENTRANTS.c.status == status)


class TournamentStore:
    """Reads and writes the tournaments of one engine (synchronous; the director runs
    these on the hub's database threads)."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    # ------------------------------------------------------------------ writes
    def create(
        self,
        tid: str,
        req: TournamentRequest,
        created_by: str,
        entrants: list[tuple[str, str, str]],
        now: float,
    ) -> None:
        """A new open tournament with its first entrants (``(entrant, shown name,
        status)``: ``ACCEPTED``, or ``INVITED`` for a player who has yet to accept)."""
        with self.engine.begin() as conn:
            conn.execute(
                TOURNAMENTS.insert().values(
                    id=tid,
                    name=req.name,
                    game=req.game,
                    options=req.options,
                    format=req.format,
                    status="open",
                    starts_at=req.starts_at,
                    show_up_seconds=req.show_up_seconds,
                    created_by=created_by,
                    created_at=now,
                    round=0,
                    note=None,
                )
            )
            for i, (entrant, shown, status) in enumerate(entrants):
                conn.execute(
                    TOURNAMENT_ENTRANTS.insert().values(
                        tournament_id=tid,
                        entrant=entrant,
                        name=shown,
                        joined_at=now + i * 1e-6,
                        status=status,
                    )
                )

    def add_entrant(self, tid: str, entrant: str, shown: str, now: float) -> None:
        """One more entrant, who plays (an invitation is accepted by it);
        ``AlreadyJoinedError``, or ``TournamentError`` when full."""
        with self.engine.begin() as conn:
            there = conn.execute(
                sa.select(TOURNAMENT_ENTRANTS.c.status).where(
                    TOURNAMENT_ENTRANTS.c.tournament_id == tid,
                    TOURNAMENT_ENTRANTS.c.entrant == entrant,
                )
            ).first()
            if there is not None and there.status == INVITED:
                _accept(conn, tid, entrant, now)
                return
            if there is not None:
                raise AlreadyJoinedError(f"{shown} has already joined this tournament")
            count = conn.execute(
                sa.select(sa.func.count()).where(TOURNAMENT_ENTRANTS.c.tournament_id == tid)
            ).scalar_one()
            if count >= MAX_ENTRANTS:
                raise TournamentError(f"the tournament is full ({MAX_ENTRANTS} entrants)")
            conn.execute(
                TOURNAMENT_ENTRANTS.insert().values(
                    tournament_id=tid, entrant=entrant, name=shown, joined_at=now
                )
            )

    def remove_entrant(self, tid: str, entrant: str) -> None:
        with self.engine.begin() as conn:
            gone = conn.execute(
                TOURNAMENT_ENTRANTS.delete().where(
                    TOURNAMENT_ENTRANTS.c.tournament_id == tid,
                    TOURNAMENT_ENTRANTS.c.entrant == entrant,
                    TOURNAMENT_ENTRANTS.c.status == ACCEPTED,
                )
            )
            if gone.rowcount == 0:
                raise TournamentError("you are not in this tournament")

    def accept(self, tid: str, entrant: str, now: float) -> None:
        """The invited ``entrant`` accepts (``NoInvitationError`` without an invitation,
        ``AlreadyJoinedError`` when it plays already)."""
        with self.engine.begin() as conn:
            status = self._status(conn, tid, entrant)
            if status == ACCEPTED:
                raise AlreadyJoinedError("you have already accepted: you are in this tournament")
            if status != INVITED:
                raise NoInvitationError("you have no invitation to this tournament")
            _accept(conn, tid, entrant, now)

    def decline(self, tid: str, entrant: str) -> None:
        """The invited ``entrant`` declines: the invitation is gone."""
        with self.engine.begin() as conn:
            gone = conn.execute(
                TOURNAMENT_ENTRANTS.delete().where(
                    TOURNAMENT_ENTRANTS.c.tournament_id == tid,
                    TOURNAMENT_ENTRANTS.c.entrant == entrant,
                    TOURNAMENT_ENTRANTS.c.status == INVITED,
                )
            )
            if gone.rowcount == 0:
                raise NoInvitationError("you have no invitation to this tournament")

    @staticmethod
    def _status(conn: sa.Connection, tid: str, entrant: str) -> str | None:
        return conn.execute(
            sa.select(TOURNAMENT_ENTRANTS.c.status).where(
                TOURNAMENT_ENTRANTS.c.tournament_id == tid,
                TOURNAMENT_ENTRANTS.c.entrant == entrant,
            )
        ).scalar_one_or_none()

    def start(self, tid: str, rows: list[dict[str, Any]], starts_at: float) -> None:
        """An open tournament runs from round 1 with these matches."""
        with self.engine.begin() as conn:
            done = conn.execute(
                TOURNAMENTS.update()
                .where(TOURNAMENTS.c.id == tid, TOURNAMENTS.c.status == "open")
                .values(status="running", round=1, starts_at=starts_at)
            )
            if done.rowcount != 1:
                raise AlreadyStartedError("the tournament has already started")
            drop_invitations(conn, tid)
            conn.execute(MATCHES.insert(), rows)

    def set(self, tid: str, only_if: str | None = None, **values: Any) -> None:
        """Change a tournament's fields (``only_if``: only while it has that status, so a
        tournament cancelled meanwhile stays cancelled)."""
        query = TOURNAMENTS.update().where(TOURNAMENTS.c.id == tid)
        if only_if is not None:
            query = query.where(TOURNAMENTS.c.status == only_if)
        with self.engine.begin() as conn:
            conn.execute(query.values(**values))

    def cancel(self, tid: str, note: str, before_start: bool) -> tuple[str, int]:
        """Cancel a tournament (``before_start``: only while it is open, as its organizer
        may); returns its name and how many of its games are still being played (the
        director ends them). Its waiting matches and open invitations go at once."""
        with self.engine.begin() as conn:
            row = conn.execute(
                sa.select(TOURNAMENTS.c.name, TOURNAMENTS.c.status).where(TOURNAMENTS.c.id == tid)
            ).first()
            if row is None:
                raise NotFoundError(f"no tournament {tid!r}")
            if row.status in ("finished", "cancelled"):
                raise AlreadyOverError(f"the tournament {row.name!r} is already {row.status}")
            if before_start and row.status != "open":
                raise AlreadyStartedError(
                    "the tournament has started: only an operator can cancel it"
                )
            conn.execute(
                TOURNAMENTS.update()
                .where(TOURNAMENTS.c.id == tid)
                .values(status="cancelled", note=note[:200])
            )
            drop_invitations(conn, tid)
            conn.execute(
                MATCHES.update()
                .where(MATCHES.c.tournament_id == tid, MATCHES.c.status == "waiting")
                .values(status="cancelled")
            )
            playing = conn.execute(
                sa.select(sa.func.count()).where(
                    MATCHES.c.tournament_id == tid, MATCHES.c.status == "playing"
                )
            ).scalar_one()
        return str(row.name), int(playing)

    def cancel_match(self, table_id: str) -> None:
        """The match played at this table is cancelled as it stands (its table is left)."""
        with self.engine.begin() as conn:
            conn.execute(
                MATCHES.update()
                .where(MATCHES.c.table_id == table_id, MATCHES.c.status == "playing")
                .values(status="cancelled", termination="cancelled")
            )

    def cancelled_games(self) -> list[tuple[str, str]]:
        """(tournament, table) of every game still being played in a cancelled tournament."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(MATCHES.c.tournament_id, MATCHES.c.table_id)
                .join(TOURNAMENTS, TOURNAMENTS.c.id == MATCHES.c.tournament_id)
                .where(TOURNAMENTS.c.status == "cancelled", MATCHES.c.status == "playing")
            )
            return [(r.tournament_id, r.table_id) for r in rows if r.table_id]

    def add_matches(self, rows: list[dict[str, Any]], next_round: tuple[str, int] | None) -> None:
        """Matches decided from the last round's results (each written once); with
        ``next_round`` (tournament, round), the tournament moves on to that round. Nothing
        is added to a tournament that is no longer running (cancelled meanwhile)."""
        with self.engine.begin() as conn:
            if rows:
                status = conn.execute(
                    sa.select(TOURNAMENTS.c.status).where(
                        TOURNAMENTS.c.id == rows[0]["tournament_id"]
                    )
                ).scalar_one_or_none()
                if status != "running":
                    return
            insert_missing(conn, rows)
            if next_round is not None:
                tid, rnd = next_round
                conn.execute(TOURNAMENTS.update().where(TOURNAMENTS.c.id == tid).values(round=rnd))

    def open_match(self, m: dict[str, Any], now: float) -> Callable[[sa.Connection, str], None]:
        """What binds a match to its new table, run in the transaction that makes the table
        (``Hub.create(..., within=)``): a crash between the two cannot leave a table without
        its match, nor make the match a second table."""
        return lambda conn, table_id: bind_match(conn, m, table_id, now)

    # ------------------------------------------------------------------ reads
    def get(self, tid: str) -> dict[str, Any] | None:
        if len(tid) > 32:
            return None
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(TOURNAMENTS).where(TOURNAMENTS.c.id == tid))
            found = row.mappings().first()
            return dict(found) if found is not None else None

    def with_status(self, status: str, starts_before: float | None = None) -> list[dict[str, Any]]:
        """The tournaments with this status (that start at or before ``starts_before``)."""
        query = sa.select(TOURNAMENTS).where(TOURNAMENTS.c.status == status)
        if starts_before is not None:
            query = query.where(TOURNAMENTS.c.starts_at <= starts_before)
        with self.engine.connect() as conn:
            return [dict(r) for r in conn.execute(query).mappings()]

    def seeded(self, tid: str, game: str) -> list[str]:
        """The entrants, best rating in ``game`` first (equal ratings: as they joined)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(TOURNAMENT_ENTRANTS.c.entrant)
                .where(
                    TOURNAMENT_ENTRANTS.c.tournament_id == tid,
                    TOURNAMENT_ENTRANTS.c.status == ACCEPTED,
                )
                .order_by(TOURNAMENT_ENTRANTS.c.joined_at)
            )
            found = list(rows.scalars())
            ratings = {e: read_rating(conn, e, game).rating for e in found}
        return sorted(found, key=lambda e: -ratings[e])

    def matches(self, tid: str, rnd: int) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(MATCHES)
                .where(MATCHES.c.tournament_id == tid, MATCHES.c.round == rnd)
                .order_by(MATCHES.c.slot, MATCHES.c.game_no)
            ).mappings()
            return [dict(r) for r in rows]

    def last_round(self, tid: str) -> int:
        with self.engine.connect() as conn:
            return int(
                conn.execute(
                    sa.select(sa.func.max(MATCHES.c.round)).where(MATCHES.c.tournament_id == tid)
                ).scalar_one()
                or 0
            )

    def names(self, tid: str) -> dict[str, str]:
        """Entrant -> the name shown for it."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(TOURNAMENT_ENTRANTS.c.entrant, TOURNAMENT_ENTRANTS.c.name).where(
                    TOURNAMENT_ENTRANTS.c.tournament_id == tid,
                    TOURNAMENT_ENTRANTS.c.status == ACCEPTED,
                )
            )
            return {r.entrant: r.name for r in rows}

    def seats_at(self, tid: str, table_id: str) -> list[str] | None:
        """The entrant at each seat of a table of this tournament (``None``: not its table)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(MATCHES.c.entrants).where(
                    MATCHES.c.tournament_id == tid, MATCHES.c.table_id == table_id
                )
            ).first()
        return None if row is None else list(row.entrants)

    def listing(self, limit: int = 100) -> list[tuple[dict[str, Any], int]]:
        """The newest tournaments, each with its number of entrants."""
        with self.engine.connect() as conn:
            counts: dict[str, int] = dict(
                conn.execute(
                    sa.select(TOURNAMENT_ENTRANTS.c.tournament_id, sa.func.count())
                    .where(TOURNAMENT_ENTRANTS.c.status == ACCEPTED)
                    .group_by(TOURNAMENT_ENTRANTS.c.tournament_id)
                ).all()
            )
            rows = conn.execute(
                sa.select(TOURNAMENTS).order_by(TOURNAMENTS.c.created_at.desc()).limit(limit)
            ).mappings()
            return [(dict(r), counts.get(r["id"], 0)) for r in rows]

    def everything(self, tid: str) -> Everything | None:
        """One tournament with its entrants, every match and each entrant's rating."""
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(TOURNAMENTS).where(TOURNAMENTS.c.id == tid)).mappings()
            t = row.first()
            if t is None:
                return None
            listed = [
                dict(e)
                for e in conn.execute(
                    sa.select(TOURNAMENT_ENTRANTS)
                    .where(TOURNAMENT_ENTRANTS.c.tournament_id == tid)
                    .order_by(TOURNAMENT_ENTRANTS.c.joined_at)
                ).mappings()
            ]
            entrants = [e for e in listed if e["status"] == ACCEPTED]
            invited = [e for e in listed if e["status"] == INVITED]
            matches = [
                dict(m)
                for m in conn.execute(
                    sa.select(MATCHES)
                    .where(MATCHES.c.tournament_id == tid)
                    .order_by(MATCHES.c.round, MATCHES.c.slot, MATCHES.c.game_no)
                ).mappings()
            ]
            ratings = {e["entrant"]: read_rating(conn, e["entrant"], t["game"]) for e in entrants}
        return Everything(dict(t), entrants, matches, ratings, invited)

    def entered(self, entrant: str, limit: int = 20) -> list[str]:
        """The newest tournaments ``entrant`` plays in (accepted, not merely invited)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                _where_entrant(sa.select(TOURNAMENTS.c.id), entrant, ACCEPTED)
                .order_by(TOURNAMENTS.c.starts_at.desc())
                .limit(limit)
            )
            return [r.id for r in rows]

    def invitations(self, entrant: str) -> list[dict[str, Any]]:
        """The open tournaments that invite ``entrant`` and wait for its answer, soonest
        first, each with its organizer's account id."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                _where_entrant(sa.select(TOURNAMENTS), entrant, INVITED)
                .where(TOURNAMENTS.c.status == "open")
                .order_by(TOURNAMENTS.c.starts_at)
                .limit(MAX_INVITATIONS)
            ).mappings()
            return [dict(r) for r in rows]


def _accept(conn: sa.Connection, tid: str, entrant: str, now: float) -> None:
    conn.execute(
        TOURNAMENT_ENTRANTS.update()
        .where(
            TOURNAMENT_ENTRANTS.c.tournament_id == tid,
            TOURNAMENT_ENTRANTS.c.entrant == entrant,
        )
        .values(status=ACCEPTED, joined_at=now)
    )


def drop_invitations(conn: sa.Connection, tid: str) -> None:
    """The invitations nobody accepted are gone (the tournament starts or ends)."""
    conn.execute(
        TOURNAMENT_ENTRANTS.delete().where(
            TOURNAMENT_ENTRANTS.c.tournament_id == tid,
            TOURNAMENT_ENTRANTS.c.status == INVITED,
        )
    )


@dataclass(frozen=True)
class Everything:
    """What the tournament page shows, as stored (``views.snapshot`` shapes it)."""

    tournament: dict[str, Any]
    entrants: list[dict[str, Any]]
    matches: list[dict[str, Any]]
    ratings: dict[str, Glicko2]
    invited: list[dict[str, Any]] = field(default_factory=list)
    """Players listed by the organizer who have not accepted yet."""

"""The records of the table server: tables, seats, the append-only action log, the pending
choices at a simultaneous node (their schema, and the only code that writes them).

``Store`` is synchronous (SQLAlchemy Core) and is called from one database executor, off
the event loop. Every change to a game is one transaction that appends log entries and
moves the table's ``ply``/``status``/``result`` together, guarded by the ply the caller
saw, so the log and the table can never disagree.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import sqlalchemy as sa

from spelbord.server.db import METADATA
from spelbord.server.errors import ConflictError, StaleMoveError

TABLES = sa.Table(
    "spelbord_tables",
    METADATA,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("ply", sa.Integer, nullable=False),
    sa.Column("result", sa.JSON, nullable=True),
    sa.Column("source", sa.String(16), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    # The rules version the game is played under (GameInfo.version when the table was
    # made; 1 for tables stored before versions were recorded, see migration 0003).
    sa.Column("rules_version", sa.Integer, nullable=False, server_default=sa.text("1")),
    # The first move the server made for a seat (integrity.Irregularity.as_dict), stored
    # with that move; NULL: every move came from play (migration 0006).
    sa.Column("irregular", sa.JSON(none_as_null=True), nullable=True),
    # The sequence number of the table's latest frame: one more with every stored change a
    # view shows (``LiveTable.seq``), so it grows across owners and restarts (migration 0005).
    sa.Column("seq", sa.Integer, nullable=False, server_default=sa.text("0")),
    # Who made the table (``jobs.fairness``: an address or an account), for the per-client
    # cap on AI tables and the fair order of AI jobs.
    sa.Column("client", sa.String(80), nullable=True),
    # The time control and game clocks (``timecontrol.GameClock.as_stored``), written with
    # every change that moves a clock; NULL: no time control (migration 0007).
    sa.Column("timing", sa.JSON(none_as_null=True), nullable=True),
)

SEATS = sa.Table(
    "spelbord_seats",
    METADATA,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("spelbord_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("agent", sa.String(64), nullable=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("invite_code", sa.String(64), nullable=True),
    sa.Column("claimed", sa.Boolean, nullable=False),
)

LOG = sa.Table(
    "spelbord_log",
    METADATA,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("spelbord_tables.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("ply", sa.Integer, nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("payload", sa.JSON, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    # The seats whose part of this move the clock played (their time ran out), or NULL.
    sa.Column("timeouts", sa.JSON(none_as_null=True), nullable=True),
)

PENDING = sa.Table(
    "spelbord_pending",
    METADATA,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("spelbord_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("ply", sa.Integer, nullable=False),
    sa.Column("action", sa.Integer, nullable=False),
    sa.Column("timeout", sa.Boolean, nullable=False, server_default=sa.false()),
)

# Log entry kinds: a seat's action, a chance outcome, a joint action of every seat at a
# simultaneous node, and the platform events of a seat resigning and of an offer or its
# answer (``social``: draw, takeback, rematch; payload ``{"offer", "do", "to"?,
# "table"?}``). A granted takeback (``"to": ply``) takes back every move from that ply on:
# the moves played are ``played_moves(log)``.
ACTION = "action"
CHANCE_OUTCOME = "chance"
JOINT = "joint"
RESIGN = "resign"
OFFER = "offer"
MOVE_KINDS = (ACTION, CHANCE_OUTCOME, JOINT)

# Where a table comes from: played here, or imported from a record (listed apart).
PLAYED = ("play",)
IMPORTED = ("import",)


# The statements of every move, built once (building one costs more than running it).
_ADVANCE = (
    TABLES.update()
    .where(
        TABLES.c.id == sa.bindparam("tid"),
        TABLES.c.ply == sa.bindparam("expected_ply"),
        TABLES.c.status != "finished",
    )
    .values(
        ply=sa.bindparam("new_ply"),
        status=sa.bindparam("new_status"),
        result=sa.bindparam("new_result", type_=TABLES.c.result.type),
        updated_at=sa.bindparam("new_updated_at"),
        seq=sa.func.coalesce(sa.bindparam("new_seq", type_=sa.Integer), TABLES.c.seq),
        timing=sa.func.coalesce(
            sa.bindparam("new_timing", type_=TABLES.c.timing.type), TABLES.c.timing
        ),
    )
)
_PLY_OF = sa.select(TABLES.c.ply).where(TABLES.c.id == sa.bindparam("tid"))
_CLEAR_PENDING = PENDING.delete().where(PENDING.c.table_id == sa.bindparam("tid"))
_ADD_PENDING = PENDING.insert()
_ADD_LOG = LOG.insert()


@dataclass(frozen=True)
class SeatRecord:
    """One seat of a table as stored (the token only as its SHA-256 hash)."""

    seat: int
    kind: str
    name: str
    agent: str | None = None
    token_hash: str | None = None
    invite_code: str | None = None
    claimed: bool = False


@dataclass(frozen=True)
class LogEntry:
    """One entry of a table's append-only log.

    ``payload`` is the action (``action``/``chance``), the list of actions (``joint``), or
    ``None`` (``resign``); ``ply`` is the state's move number before the entry.
    ``timeouts`` lists the seats whose part of the move the clock played when their time
    ran out (a decision clock), in seat order.
    """

    seq: int
    ply: int
    kind: str
    seat: int | None
    payload: Any
    timeouts: tuple[int, ...] = ()


@dataclass(frozen=True)
class Advance:
    """One change of a table, stored in one transaction (``Store.advance``): ``entries``
    appended to its log and the table moved from ``expected_ply`` to ``ply``, with its new
    ``status`` and ``result``.

    ``clear_pending``: the secret submissions of the old ply go; ``pending`` holds those
    already fixed at the new ply (seats with one choice); ``irregular``: the server made
    one of these moves for a seat (``integrity``), kept unless the table has an earlier
    one; ``seq``: the table's frame sequence number after the change, ``timing``: its game
    clocks after it (``None``: each kept as it is).

    >>> Advance("t1", expected_ply=0, entries=(), ply=1, status="running", result=None).ply
    1
    """

    table_id: str
    expected_ply: int
    entries: Sequence[LogEntry]
    ply: int
    status: str
    result: dict[str, Any] | None
    clear_pending: bool = False
    pending: dict[int, int] | None = None
    irregular: dict[str, Any] | None = None
    seq: int | None = None
    timing: dict[str, Any] | None = None


@dataclass(frozen=True)
class TableRecord:
    """Everything stored about one table.

    ``rules_version`` is the rules version the game is played under (see
    ``GameInfo.version``); every replay of the log builds the game under it. Tables stored
    before versions were recorded have 1.
    """

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    ply: int
    result: dict[str, Any] | None
    source: str
    created_at: float
    updated_at: float
    rules_version: int = 1
    seats: tuple[SeatRecord, ...] = ()
    log: tuple[LogEntry, ...] = ()
    pending: dict[int, int] = field(default_factory=dict)
    pending_timeouts: frozenset[int] = frozenset()
    """Seats among ``pending`` whose choice the clock made."""
    irregular: dict[str, Any] | None = None
    """The first move the server made for a seat (``integrity``), if any."""
    seq: int = 0
    """The sequence number of the table's latest frame (see ``LiveTable.seq``)."""
    client: str | None = None
    """Who made the table (``None``: a record stored before clients were kept)."""
    timing: dict[str, Any] | None = None
    """The time control and game clocks (``timecontrol``); ``None``: no time control."""


class Store:
    """Reads and writes table records through one SQLAlchemy engine."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine
        # Players/ratings/tournaments hook (issue 16): called as ``hook(conn, table_id,
        # result)`` inside the transaction that stores a finished result, so a rating or a
        # tournament match is updated together with the game or not at all.
        self.on_finish: list[Callable[[sa.Connection, str, dict[str, Any] | None], None]] = []

    # ------------------------------------------------------------------ writes
    def create_table(
        self, table: TableRecord, within: Callable[[sa.Connection, str], None] | None = None
    ) -> None:
        """Insert a new table with its seats and any initial log entries; ``within(conn,
        table_id)`` runs in the same transaction (a failure there stores nothing)."""
        with self.engine.begin() as conn:
            conn.execute(
                TABLES.insert().values(
                    id=table.id,
                    game=table.game,
                    options=table.options,
                    seed=table.seed,
                    status=table.status,
                    ply=table.ply,
                    result=table.result,
                    source=table.source,
                    created_at=table.created_at,
                    updated_at=table.updated_at,
                    rules_version=table.rules_version,
                    seq=table.seq,
                    client=table.client,
                    timing=table.timing,
                )
            )
            conn.execute(
                SEATS.insert(),
                [
                    {
                        "table_id": table.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "agent": s.agent,
                        "name": s.name,
                        "token_hash": s.token_hash,
                        "invite_code": s.invite_code,
                        "claimed": s.claimed,
                    }
                    for s in table.seats
                ],
            )
            self._insert_log(conn, [(table.id, e) for e in table.log])
            if within is not None:
                within(conn, table.id)

    def claim_seat(
        self, table_id: str, seat: int, token_hash: str, name: str, seq: int | None = None
    ) -> None:
        """Mark an unclaimed seat as held by the token with this hash (``seq``: the table's
        frame sequence number after the claim)."""
        with self.engine.begin() as conn:
            done = conn.execute(
                SEATS.update()
                .where(SEATS.c.table_id == table_id, SEATS.c.seat == seat, ~SEATS.c.claimed)
                .values(claimed=True, token_hash=token_hash, name=name)
            )
            if done.rowcount != 1:
                raise ConflictError(f"seat {seat} is already taken")
            values: dict[str, Any] = {"updated_at": time.time()}
            if seq is not None:
                values["seq"] = seq
            conn.execute(TABLES.update().where(TABLES.c.id == table_id).values(**values))

    def touch(self, table_id: str, at: float) -> None:
        """Someone was at the table until ``at`` (epoch seconds): the last client left a
        game that is not over. ``updated_at`` moves on to ``at`` (never back), so a table
        is abandoned only after the declared time without a move and without anyone
        there (``Hub.close_abandoned``)."""
        with self.engine.begin() as conn:
            conn.execute(
                TABLES.update()
                .where(
                    TABLES.c.id == table_id,
                    TABLES.c.status != "finished",
                    TABLES.c.updated_at < at,
                )
                .values(updated_at=at)
            )

    def set_token(self, table_id: str, seat: int, token_hash: str) -> None:
        """A claimed seat is held by the token with this hash from now on (a new token)."""
        with self.engine.begin() as conn:
            conn.execute(
                SEATS.update()
                .where(SEATS.c.table_id == table_id, SEATS.c.seat == seat)
                .values(token_hash=token_hash)
            )

    def advance(self, change: Advance) -> None:
        """Store ``change`` (its log entries and the table's new ply, status and result),
        all in one transaction.

        Raises ``StaleMoveError`` (and writes nothing) when the stored ply is not
        ``change.expected_ply``: someone else moved the table on in between.
        """
        with self.engine.begin() as conn:
            self._advance_in(conn, change)

    def advance_many(self, changes: Sequence[Advance]) -> list[Exception | None]:
        """Several changes in one transaction: a group commit, one round of begin and
        commit for all of them, and one insert for all their log entries. Each change gets
        ``None`` (stored) or the error that refused it, which stored nothing of it: a
        ``StaleMoveError`` refuses that change alone. If the transaction fails otherwise,
        each change is tried on its own, so one that cannot be stored costs the others
        nothing.
        """
        out: list[Exception | None] = []
        try:
            with self.engine.begin() as conn:
                log: list[tuple[str, LogEntry]] = []
                for change in changes:
                    try:
                        self._advance_in(conn, change, log)
                        out.append(None)
                    except StaleMoveError as exc:  # its check came first: it wrote nothing
                        out.append(exc)
                self._insert_log(conn, log)
            return out
        except Exception as exc:
            if len(changes) == 1:
                return [exc]
        out = []
        for change in changes:
            try:
                self.advance(change)
                out.append(None)
            except Exception as exc:
                out.append(exc)
        return out

    def _advance_in(
        self,
        conn: sa.Connection,
        change: Advance,
        log: list[tuple[str, LogEntry]] | None = None,
    ) -> None:
        """``advance`` within the transaction ``conn``; the log entries go to ``log`` when
        one is given (the caller inserts them before it commits), unless the game ends:
        the hooks of a finished table see its whole log."""
        table_id = change.table_id
        done = conn.execute(
            _ADVANCE,
            {
                "tid": table_id,
                "expected_ply": change.expected_ply,
                "new_ply": change.ply,
                "new_status": change.status,
                "new_result": change.result,
                "new_updated_at": time.time(),
                "new_seq": change.seq,
                "new_timing": change.timing,
            },
        )
        if done.rowcount != 1:
            raise StaleMoveError(f"table {table_id} is no longer at ply {change.expected_ply}")
        if log is not None and change.status != "finished":
            log.extend((table_id, e) for e in change.entries)
        else:
            self._insert_log(conn, [(table_id, e) for e in change.entries])
        if change.irregular is not None:
            _mark_irregular(conn, table_id, change.irregular)
        if change.status == "finished":  # issue 16 hook: ratings, tournament matches
            for hook in self.on_finish:
                hook(conn, table_id, change.result)
        if change.clear_pending:
            conn.execute(_CLEAR_PENDING, {"tid": table_id})
        if change.pending:
            conn.execute(
                _ADD_PENDING,
                [
                    {"table_id": table_id, "seat": s, "ply": change.ply, "action": a}
                    for s, a in change.pending.items()
                ],
            )

    def note(self, table_id: str, entries: Sequence[LogEntry], seq: int) -> None:
        """Append platform events that move no piece (offers and answers), in any status
        of the table (a rematch is offered after the end); ``seq``: the table's frame
        sequence number after them."""
        with self.engine.begin() as conn:
            note_in(conn, table_id, entries, seq)

    def mark_irregular(self, table_id: str, irregular: dict[str, Any]) -> None:
        """The server made a move for a seat (a choice kept pending at a simultaneous node);
        kept unless the table has an earlier one."""
        with self.engine.begin() as conn:
            _mark_irregular(conn, table_id, irregular)

    def checkpoint(self) -> None:
        """Copy SQLite's write-ahead log into the database (PASSIVE: writers go on), as
        commits do not (``db``); nothing to do on other databases."""
        if self.engine.dialect.name != "sqlite":
            return
        with self.engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def add_pending(
        self,
        table_id: str,
        seat: int,
        ply: int,
        action: int,
        timeout: bool = False,
        seq: int | None = None,
        timing: dict[str, Any] | None = None,
    ) -> None:
        """Store a seat's secret submission at a simultaneous node (``timeout``: the clock's;
        ``seq``: the table's frame sequence number after it; ``timing``: the game clocks
        after it)."""
        with self.engine.begin() as conn:
            row = conn.execute(_PLY_OF, {"tid": table_id}).scalar_one_or_none()
            if row != ply:
                raise StaleMoveError(f"table {table_id} is no longer at ply {ply}")
            values: dict[str, Any] = {}
            if seq is not None:
                values["seq"] = seq
            if timing is not None:
                values["timing"] = timing
            if values:
                conn.execute(TABLES.update().where(TABLES.c.id == table_id).values(**values))
            conn.execute(
                _ADD_PENDING,
                {
                    "table_id": table_id,
                    "seat": seat,
                    "ply": ply,
                    "action": action,
                    "timeout": timeout,
                },
            )

    @staticmethod
    def _insert_log(conn: sa.Connection, entries: Sequence[tuple[str, LogEntry]]) -> None:
        """Append log ``entries`` (each with its table's id), in one statement."""
        if not entries:
            return
        now = time.time()
        conn.execute(
            _ADD_LOG,
            [
                {
                    "table_id": table_id,
                    "seq": e.seq,
                    "ply": e.ply,
                    "kind": e.kind,
                    "seat": e.seat,
                    "payload": e.payload,
                    "created_at": now,
                    "timeouts": list(e.timeouts) if e.timeouts else None,
                }
                for table_id, e in entries
            ],
        )

    # ------------------------------------------------------------------ reads
    def load(self, table_id: str) -> TableRecord | None:
        """The full record of a table (seats, log, pending submissions), or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(TABLES).where(TABLES.c.id == table_id)).mappings().first()
            if row is None:
                return None
            seats = tuple(
                SeatRecord(
                    seat=s["seat"],
                    kind=s["kind"],
                    name=s["name"],
                    agent=s["agent"],
                    token_hash=s["token_hash"],
                    invite_code=s["invite_code"],
                    claimed=bool(s["claimed"]),
                )
                for s in conn.execute(
                    sa.select(SEATS).where(SEATS.c.table_id == table_id).order_by(SEATS.c.seat)
                ).mappings()
            )
            log = read_log(conn, table_id)
            choices = list(
                conn.execute(
                    sa.select(PENDING).where(
                        PENDING.c.table_id == table_id, PENDING.c.ply == row["ply"]
                    )
                ).mappings()
            )
        pending = {p["seat"]: p["action"] for p in choices}
        return TableRecord(
            id=row["id"],
            game=row["game"],
            options=dict(row["options"]),
            seed=int(row["seed"]),
            status=row["status"],
            ply=row["ply"],
            result=row["result"],
            source=row["source"],
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            rules_version=int(row["rules_version"]),
            seats=seats,
            log=log,
            pending=pending,
            pending_timeouts=frozenset(p["seat"] for p in choices if p["timeout"]),
            irregular=row["irregular"],
            seq=int(row["seq"]),
            client=row["client"],
            timing=row["timing"],
        )

    def find_invite(self, table_id: str, code: str) -> int | None:
        """The seat an invite code opens, or ``None``."""
        with self.engine.connect() as conn:
            return conn.execute(
                sa.select(SEATS.c.seat).where(
                    SEATS.c.table_id == table_id, SEATS.c.invite_code == code
                )
            ).scalar_one_or_none()

    def table_ids(self, status: str) -> list[str]:
        """Ids of every table with this status."""
        with self.engine.connect() as conn:
            return list(
                conn.execute(sa.select(TABLES.c.id).where(TABLES.c.status == status)).scalars()
            )

    def ai_table_ids(self, status: str) -> list[str]:
        """Ids of the tables with this status that have an AI seat."""
        with self.engine.connect() as conn:
            return list(
                conn.execute(
                    sa.select(TABLES.c.id)
                    .where(TABLES.c.status == status)
                    .where(TABLES.c.id.in_(sa.select(SEATS.c.table_id).where(SEATS.c.kind == "ai")))
                ).scalars()
            )

    def open_ai_tables(self, client: str) -> int:
        """How many unfinished tables with an AI seat ``client`` has made."""
        with self.engine.connect() as conn:
            return int(
                conn.execute(
                    sa.select(sa.func.count())
                    .select_from(TABLES)
                    .where(TABLES.c.client == client, TABLES.c.status != "finished")
                    .where(TABLES.c.id.in_(sa.select(SEATS.c.table_id).where(SEATS.c.kind == "ai")))
                ).scalar_one()
            )

    def idle_ids(self, status: str, before: float, limit: int = 100) -> list[str]:
        """Ids of tables with this status unchanged since ``before`` (epoch seconds)."""
        with self.engine.connect() as conn:
            return list(
                conn.execute(
                    sa.select(TABLES.c.id)
                    .where(TABLES.c.status == status, TABLES.c.updated_at < before)
                    .order_by(TABLES.c.updated_at)
                    .limit(limit)
                ).scalars()
            )

    def summaries(
        self, status: str, limit: int = 50, sources: tuple[str, ...] | None = None
    ) -> list[dict[str, Any]]:
        """The newest tables with this status (and one of these ``sources``: ``PLAYED``,
        ``IMPORTED``), as lobby summaries (no secrets)."""
        query = sa.select(TABLES).where(TABLES.c.status == status)
        if sources is not None:
            query = query.where(TABLES.c.source.in_(sources))
        with self.engine.connect() as conn:
            rows = list(
                conn.execute(query.order_by(TABLES.c.updated_at.desc()).limit(limit)).mappings()
            )
            ids = [r["id"] for r in rows]
            seats: dict[str, list[dict[str, Any]]] = {i: [] for i in ids}
            if ids:
                for s in conn.execute(
                    sa.select(
                        SEATS.c.table_id,
                        SEATS.c.seat,
                        SEATS.c.kind,
                        SEATS.c.name,
                        SEATS.c.agent,
                        SEATS.c.claimed,
                    )
                    .where(SEATS.c.table_id.in_(ids))
                    .order_by(SEATS.c.table_id, SEATS.c.seat)
                ).mappings():
                    seats[s["table_id"]].append(
                        {
                            "seat": s["seat"],
                            "kind": s["kind"],
                            "name": s["name"],
                            "agent": s["agent"],
                            "claimed": bool(s["claimed"]),
                        }
                    )
        return [
            {
                "table": r["id"],
                "game": r["game"],
                "rules_version": int(r["rules_version"]),
                "options": r["options"],
                "status": r["status"],
                "ply": r["ply"],
                "result": r["result"],
                "source": r["source"],
                "created_at": r["created_at"],
                "updated_at": r["updated_at"],
                "seats": seats[r["id"]],
            }
            for r in rows
        ]


# Reads inside a caller's transaction (``Store.on_finish`` hooks see the moves of the
# transaction that finishes the game).
class GameRow(NamedTuple):
    """The game a stored table is played under."""

    game: str
    options: dict[str, Any]
    rules_version: int


def read_game(conn: sa.Connection, table_id: str) -> GameRow | None:
    """The game, options and rules version of a table, or ``None`` for no such table."""
    row = conn.execute(
        sa.select(TABLES.c.game, TABLES.c.options, TABLES.c.rules_version).where(
            TABLES.c.id == table_id
        )
    ).first()
    if row is None:
        return None
    return GameRow(row.game, dict(row.options), int(row.rules_version))


def _mark_irregular(conn: sa.Connection, table_id: str, irregular: dict[str, Any]) -> None:
    conn.execute(
        TABLES.update()
        .where(TABLES.c.id == table_id, TABLES.c.irregular.is_(None))
        .values(irregular=irregular)
    )


def read_irregular(conn: sa.Connection, table_id: str) -> dict[str, Any] | None:
    """The first move the server made for a seat of a table, if any (``integrity``)."""
    value = conn.execute(
        sa.select(TABLES.c.irregular).where(TABLES.c.id == table_id)
    ).scalar_one_or_none()
    return dict(value) if isinstance(value, dict) else None


def note_in(conn: sa.Connection, table_id: str, entries: Sequence[LogEntry], seq: int) -> None:
    """``Store.note`` inside a caller's transaction (a rematch notes its new table on the
    old one in the transaction that makes it)."""
    done = conn.execute(
        TABLES.update().where(TABLES.c.id == table_id).values(seq=seq, updated_at=time.time())
    )
    if done.rowcount != 1:
        raise ConflictError(f"no table {table_id!r}")
    Store._insert_log(conn, [(table_id, e) for e in entries])


def played_moves(log: Sequence[LogEntry]) -> list[LogEntry]:
    """The move entries of a log that stand: every granted takeback (an ``offer`` entry
    with ``"to": ply``) removes the moves from that ply on.

    >>> log = [LogEntry(0, 0, ACTION, 0, 5), LogEntry(1, 1, ACTION, 1, 7),
    ...        LogEntry(2, 2, OFFER, 1, {"offer": "takeback", "do": "accept", "to": 1}),
    ...        LogEntry(3, 1, ACTION, 1, 8)]
    >>> [e.payload for e in played_moves(log)]
    [5, 8]
    """
    moves: list[LogEntry] = []
    for entry in log:
        if entry.kind in MOVE_KINDS:
            moves.append(entry)
        elif entry.kind == OFFER and isinstance(entry.payload, dict) and "to" in entry.payload:
            back = int(entry.payload["to"])
            while moves and moves[-1].ply >= back:
                moves.pop()
    return moves


def read_log(conn: sa.Connection, table_id: str) -> tuple[LogEntry, ...]:
    """A table's log, in order."""
    return tuple(
        LogEntry(
            seq=e["seq"],
            ply=e["ply"],
            kind=e["kind"],
            seat=e["seat"],
            payload=e["payload"],
            timeouts=tuple(e["timeouts"] or ()),
        )
        for e in conn.execute(
            sa.select(LOG).where(LOG.c.table_id == table_id).order_by(LOG.c.seq)
        ).mappings()
    )

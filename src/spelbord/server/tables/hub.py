"""The hub: every live table of this server, loaded from the store when first used.

Tables come into memory when a client asks for them (one load per table even when many
ask at once) and leave it again when nobody uses them: a finished table as soon as nobody
watches it, any other after ``idle_seconds`` without a client, a running clock or an agent
thinking (it is read back from its log on the next request).

**Abandoned tables.** A table is abandoned when nobody has touched it for a declared
time: no move, no seat taken and no client connected (the last client to leave counts as
a touch, ``Store.touch``); a running clock or an agent thinking keeps it open. It is
closed through ``LiveTable.finish`` without a winner, termination ``abandoned`` (unrated),
and leaves "Playing" in the lobby for "Finished", whether it is in memory or only in the
store. The times: ``abandon_waiting`` for a table still waiting for players and
``abandon_running`` for a game, a day each by default (``SPELBORD_ABANDON_WAITING``,
``SPELBORD_ABANDON_RUNNING``). A day because a game here has no clock between people:
a player who stops for the night finds the game in the morning, and a game left longer
stops cluttering the lobby's "Playing" list the next day (before, thirty days kept
forgotten games there). At start only the running
tables with AI seats are loaded, in the background, so that their agents play on.

With a ``Placement`` (several web processes: ``cluster.node``) a table lives in one
process at a time, its owner: ``get`` loads a table only after taking it (nobody owns
it, or its owner is gone) and raises ``NotOwnerError`` naming the owner otherwise;
``call`` runs a named operation (``ops``) on the table here or forwards it to its owner;
``read`` gives any table to read (the live one here, else a copy read from the store).

AI seats think through a ``Thinker`` (the job queue of the worker tier, ``jobs.client``),
or straight on an ``AgentPool`` where none is given (tests). A client (an address or an
account) may have ``ai_tables`` unfinished AI tables at once. Replaying a long log (a
table loaded again, a record imported) runs on a thread, not on the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import os
import secrets
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol, TypeVar

from sqlalchemy import Connection

from spelbord.core.registry import load
from spelbord.server.errors import BadRequestError, NotFoundError, NotOwnerError, TableError
from spelbord.server.ids import new_id
from spelbord.server.tables import ops, social
from spelbord.server.tables.groupcommit import GroupCommit
from spelbord.server.tables.live import LiveTable, hash_token
from spelbord.server.tables.protocol import CreateRequest
from spelbord.server.tables.records import replay_failed
from spelbord.server.tables.store import Advance, SeatRecord, Store, TableRecord, note_in
from spelbord.server.tables.workers import AgentPool, Answer, ThinkJob

log = logging.getLogger(__name__)
T = TypeVar("T")


ABANDON_WAITING_ENV = "SPELBORD_ABANDON_WAITING"
ABANDON_RUNNING_ENV = "SPELBORD_ABANDON_RUNNING"


AI_TABLES_ENV = "SPELBORD_AI_TABLES_PER_CLIENT"
LONG_LOG = 200
"""Log entries beyond which a table is replayed on a thread (off the event loop)."""


class HubConfigError(ValueError):
    """A hub setting from the environment is not a positive number of seconds."""


class TooManyAiTablesError(TableError):
    """A client already has as many unfinished AI tables as it may; nothing was made."""

    status = 429


class Placement(Protocol):
    """Who owns which table across the processes of a cluster (``cluster.node.Node``)."""

    me: str
    leader: bool

    async def acquire(self, table_id: str) -> str:
        """The table's owner after trying to take it (``me``: this process has it now)."""
        ...

    async def forward(self, owner: str, table_id: str, op: str, kwargs: dict[str, Any]) -> Any:
        """Run ``op`` at the owner (``NotOwnerError``: it has let go; ask again)."""
        ...

    def released(self, table_id: str) -> None:
        """This process let go of a table (unloaded it)."""
        ...


class Thinker(Protocol):
    """Where AI seats get their moves (``jobs.client.Jobs``: the worker tier's queue)."""

    line: dict[str, int]

    async def move(self, job: ThinkJob) -> Answer: ...

    def job_of(self, table: str, seat: int) -> str | None: ...


@dataclass(frozen=True)
class HubConfig:
    """When tables leave memory and when abandoned tables are closed (seconds).

    >>> HubConfig.from_env({"SPELBORD_ABANDON_WAITING": "3600"}).abandon_waiting
    3600.0
    >>> HubConfig.from_env({}).abandon_waiting == 24 * 3600
    True
    >>> HubConfig.from_env({"SPELBORD_ABANDON_WAITING": "-1"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    spelbord.server.tables.hub.HubConfigError: SPELBORD_ABANDON_WAITING must be seconds > 0, ...
    """

    idle_seconds: float = 600.0
    sweep_every: float = 60.0
    abandon_waiting: float = 24 * 3600.0
    """A table still waiting for players that nobody touched for a day is closed."""
    abandon_running: float = 24 * 3600.0
    """A game nobody moved in or was connected to for a day is closed (see the module)."""
    checkpoint_every: float = 5.0
    """Seconds between checkpoints of SQLite's write-ahead log (``checkpoints``)."""
    ai_tables: int = 8
    """Unfinished tables with AI seats one client may have at once."""

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> HubConfig:
        """The defaults, with ``SPELBORD_ABANDON_WAITING`` and ``SPELBORD_ABANDON_RUNNING``
        (seconds) where set."""
        env = os.environ if env is None else env
        values: dict[str, Any] = {}
        for name, field in (
            (ABANDON_WAITING_ENV, "abandon_waiting"),
            (ABANDON_RUNNING_ENV, "abandon_running"),
        ):
            raw = env.get(name)
            if raw is None or not raw.strip():
                continue
            try:
                value = float(raw)
            except ValueError:
                value = -1.0
            if not 0 < value < float("inf"):
                raise HubConfigError(f"{name} must be seconds > 0, not {raw!r}")
            values[field] = value
        raw = env.get(AI_TABLES_ENV)
        if raw is not None and raw.strip():
            if not raw.strip().isdigit() or int(raw) < 1:
                raise HubConfigError(f"{AI_TABLES_ENV} must be a whole number >= 1, not {raw!r}")
            values["ai_tables"] = int(raw)
        return cls(**values)


class Hub:
    """Every live table of this server, loaded from the store on first use; the ``Host``
    of each (``LiveTable`` asks it to run store calls, to think for AI seats, to release)."""

    def __init__(
        self,
        store: Store,
        pool: AgentPool | None,
        config: HubConfig | None = None,
        thinker: Thinker | None = None,
    ) -> None:
        self.store = store
        self.pool = pool
        self.thinker = thinker
        self.config = config or HubConfig()
        self.rated: Callable[[str], bool] | None = None
        """Whether a table is rated (set by the players' part; blocking, a store read)."""
        self.in_tournament: Callable[[str], bool] | None = None
        """Whether a table is a tournament's game (set by the tournaments' part; blocking)."""
        self.rematch_hooks: list[Callable[[Connection, str, str, dict[int, int]], None]] = []
        """Run as ``hook(conn, old_id, new_id, moved)`` in the transaction that makes a
        rematch (``moved``: old seat -> new seat): the players' part carries over who sat
        where and whether the game is rated."""
        self.placement: Placement | None = None
        """Several processes: who owns which table (``None``: this process owns all)."""
        self.ops: dict[str, ops.Op] = dict(ops.OPS)
        """The operations ``call`` runs by name."""
        # SQLite commits in a fraction of a millisecond (WAL): they run inline, which beats
        # a thread hand-off; a database server's round trips run on a few threads instead.
        self._inline = store.engine.dialect.name == "sqlite"
        self._db = ThreadPoolExecutor(max_workers=4, thread_name_prefix="spelbord-db")
        self._group_commit = GroupCommit(store, self._db)
        self._tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Task[LiveTable]] = {}
        """Loads under way, by table id; each removes itself when done."""
        self._background: set[asyncio.Task[Any]] = set()

    @property
    def loaded(self) -> int:
        """How many tables are in memory now."""
        return len(self._tables)

    def live_tables(self) -> list[LiveTable]:
        """The tables in memory now that are not finished (every game being played is:
        a table leaves memory only when nobody uses it)."""
        return [t for t in self._tables.values() if t.status != "finished"]

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a store call: inline on SQLite, else on the database threads."""
        if self._inline:
            return fn(*args, **kwargs)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, partial(fn, *args, **kwargs))

    async def advance(self, change: Advance) -> None:
        """Store a change of a table (``Store.advance``): inline on SQLite, else with the
        changes of other tables waiting meanwhile, one transaction for the lot
        (``groupcommit``)."""
        if self._inline:
            self.store.advance(change)
        else:
            await self._group_commit.advance(change)

    async def get(self, table_id: str) -> LiveTable:
        """The live table, rebuilt from its log if it is not in memory yet."""
        table = self._tables.get(table_id)
        if table is not None:
            table.used = time.monotonic()
            return table
        if len(table_id) > 32:
            raise NotFoundError(f"no table {table_id!r}")
        if self.placement is not None:
            owner = await self.placement.acquire(table_id)
            if owner != self.placement.me:
                raise NotOwnerError(table_id, owner)
            table = self._tables.get(table_id)
            if table is not None:
                return table
        task = self._loading.get(table_id)
        if task is None:
            task = asyncio.get_running_loop().create_task(self._load(table_id))
            self._loading[table_id] = task
            task.add_done_callback(lambda _: self._loading.pop(table_id, None))
        return await asyncio.shield(task)

    async def _load(self, table_id: str) -> LiveTable:
        record = await self.db(self.store.load, table_id)
        if record is None:
            raise NotFoundError(f"no table {table_id!r}")
        try:
            table = await self._build(record)
        except Exception as exc:
            raise replay_failed(record, exc) from None
        if table_id in self._tables:  # (cannot happen: one load per id) keep the first
            return self._tables[table_id]
        await self._mode(table)
        if table_id in self._tables:
            return self._tables[table_id]
        self._tables[table_id] = table
        await self._resume(table)
        return table

    async def _mode(self, table: LiveTable) -> None:
        """Read whether ``table`` is casual (not rated) and a tournament's game."""
        if self.rated is not None:
            table.casual = not await self.db(self.rated, table.id)
        if self.in_tournament is not None:
            table.in_tournament = await self.db(self.in_tournament, table.id)

    async def call(self, table_id: str, op: str, **kwargs: Any) -> Any:
        """Run the operation ``op`` (``ops``) on the table, here or at its owner."""
        for _ in range(3):
            try:
                table = await self.get(table_id)
            except NotOwnerError as exc:
                assert self.placement is not None
                try:
                    return await self.placement.forward(exc.owner, table_id, op, kwargs)
                except NotOwnerError:
                    continue  # it let go (or died) meanwhile: take it or ask the new owner
            try:
                return await self.ops[op](table, **kwargs)
            except NotOwnerError:
                continue  # handed on while this waited for its lock: ask the new owner
        raise NotOwnerError(table_id, "nobody who answers")

    async def call_here(self, table_id: str, op: str, kwargs: dict[str, Any]) -> Any:
        """Run ``op`` on a table this process owns (a forwarded request; ``NotOwnerError``
        when it does not own it any more)."""
        if op not in self.ops:
            raise BadRequestError(f"no operation {op!r}")
        return await self.ops[op](await self.get(table_id), **kwargs)

    async def read(self, table_id: str) -> LiveTable:
        """A table to read: the live one where this process owns it, else a copy read from
        the store (the database is the truth: every change is stored before it is shown)."""
        try:
            return await self.get(table_id)
        except NotOwnerError:
            record = await self.db(self.store.load, table_id)
            if record is None:
                raise NotFoundError(f"no table {table_id!r}") from None
            try:
                return await self._build(record)
            except Exception as exc:
                raise replay_failed(record, exc) from None

    def owned(self) -> list[LiveTable]:
        """The tables this process holds now."""
        return list(self._tables.values())

    def held(self, table_id: str) -> LiveTable | None:
        """The table if this process holds it now."""
        return self._tables.get(table_id)

    def drop(self, table: LiveTable) -> None:
        """Let go of a table another process owns now (its clients reconnect there)."""
        self.hand_on(table, "another process")
        table.close_subscribers()

    def hand_on(self, table: LiveTable, to: str) -> None:
        """Let go of a table that process ``to`` owns now, keeping its subscribers open
        (the caller moves them): a change still waiting for its lock is refused here
        (``TableLock``) and made at ``to``."""
        table.lock.moved_to = to
        self._forget(table, release=False)

    async def _build(self, record: TableRecord) -> LiveTable:
        """The live table of ``record``; a long log is replayed on a thread."""
        if len(record.log) > LONG_LOG:
            return await asyncio.to_thread(LiveTable, self, record)
        return LiveTable(self, record)

    async def think(self, job: ThinkJob) -> Answer:
        """An AI seat's answer from the worker tier (its action ``None``: it failed, or
        there is none). The in-process pool's answers are judged by the table's clock alone
        (it ran from the decision's start, the wait for a free worker included)."""
        if self.thinker is not None:
            return await self.thinker.move(job)
        if self.pool is None:
            return Answer(None)
        return Answer(await self.pool.think(job))

    async def allows_random(self, table_id: str) -> bool:
        """A failed AI answer may be replaced by a random move unless the table is rated."""
        if self.rated is None:
            return True
        return not await self.db(self.rated, table_id)

    def show_lines(self) -> None:
        """Tell each table whose AI seats wait where their jobs stand in line."""
        if self.thinker is None:
            return
        line = self.thinker.line
        for table in list(self._tables.values()):
            seats = table.ai.to_move() if table.ai.thinking else []
            shown: dict[int, int] = {}
            for seat in seats:
                job = self.thinker.job_of(table.id, seat)
                if job is not None:
                    shown[seat] = line.get(job, 0)
            table.show_ai(shown)

    async def lines(self) -> None:
        """Forever: the places in line of the AI jobs, shown every second."""
        while True:
            await asyncio.sleep(1.0)
            try:
                self.show_lines()
            except Exception:
                log.exception("the places in line could not be shown")

    def check_agent(self, spec: str, game: str | None = None) -> str:
        """An agent spec a seat may be given here (``AgentLimitError`` beyond the server's
        limits; ``AgentGameError`` when it does not play ``game``), as the pool will run it."""
        return self.pool.check_spec(spec, game) if self.pool else spec

    def release(self, table: LiveTable) -> None:
        """Forget a finished table nobody watches (it is read back from the store on demand)."""
        if table.status == "finished" and not table.subscribers:
            self._forget(table)

    def _forget(self, table: LiveTable, release: bool = True) -> None:
        if self._tables.get(table.id) is table:
            del self._tables[table.id]
            table.cancel_ai()
            if release and self.placement is not None:
                self.placement.released(table.id)

    def unload_idle(self, now: float | None = None) -> int:
        """Unload the tables nobody has used for ``idle_seconds``; returns how many."""
        now = time.monotonic() if now is None else now
        idle = [
            t
            for t in self._tables.values()
            if not t.busy and now - t.used >= self.config.idle_seconds
        ]
        for table in idle:
            self._forget(table)
        return len(idle)

    async def close_abandoned(self, now: float | None = None) -> int:
        """Close the tables nobody has touched for too long; returns how many."""
        now = time.time() if now is None else now
        closed = 0
        for status, after in (
            ("waiting", self.config.abandon_waiting),
            ("running", self.config.abandon_running),
        ):
            for table_id in await self.db(self.store.idle_ids, status, now - after):
                try:
                    if await self.call(table_id, "abandon", idle_since=now - after):
                        closed += 1
                except Exception:
                    log.exception("table %s could not be closed", table_id)
        return closed

    async def sweep(self) -> None:
        """Forever: unload idle tables and close abandoned ones, every ``sweep_every`` s."""
        while True:
            await asyncio.sleep(self.config.sweep_every)
            try:
                if self.placement is None or self.placement.leader:
                    await self.close_abandoned()
                self.unload_idle()
            except Exception:
                log.exception("the sweep of idle tables failed")

    async def _resume(self, table: LiveTable) -> None:
        if table.status == "waiting" and table.seats_taken():
            async with table.lock:
                await table.start()
        else:
            table.sync_clocks()  # a resumed game: its clocks start again in full
        table.ai.schedule()

    async def resume_ai_tables(self) -> int:
        """Load the running tables with AI seats (so their agents play on after a restart);
        every other table is loaded when a client first asks for it."""
        ids = await self.db(self.store.ai_table_ids, "running")
        for table_id in ids:
            try:
                await self.get(table_id)
            except NotOwnerError:
                continue  # another live process plays it
            except Exception:
                log.exception("table %s could not be resumed", table_id)
        return len(ids)

    async def checkpoints(self) -> None:
        """Forever: checkpoint SQLite's write-ahead log on a database thread, every
        ``checkpoint_every`` seconds (commits on the event loop never do)."""
        if not self._inline:
            return
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(self.config.checkpoint_every)
            try:
                await loop.run_in_executor(self._db, self.store.checkpoint)
            except Exception:
                log.exception("the checkpoint of the database failed")

    def start(self) -> None:
        """Start the background work: resuming AI tables, the sweep and checkpoints."""
        for coro in (self.resume_ai_tables(), self.sweep(), self.checkpoints(), self.lines()):
            task = asyncio.get_running_loop().create_task(coro)
            self._background.add(task)
            task.add_done_callback(self._background.discard)

    async def create(
        self,
        req: CreateRequest,
        within: Callable[[Connection, str], None] | None = None,
        client: str | None = None,
    ) -> tuple[LiveTable, dict[str, str], dict[str, str]]:
        """A new table; returns it with the local seats' tokens and the invite links.

        ``within(conn, table_id)`` runs in the transaction that stores it (a tournament
        binds its match there). ``client`` made it (``TooManyAiTablesError`` when it has
        ``ai_tables`` unfinished AI tables already)."""
        draft = new_table_record(req.game, req.options, (), client, req.time_control)
        table_id = draft.id
        game = load(req.game, **req.options)  # new tables play the newest rules
        n = game.num_players()
        if len(req.seats) != n:
            raise BadRequestError(
                f"{game.name} with these options has {n} seats; got {len(req.seats)}"
            )
        tokens: dict[str, str] = {}
        invites: dict[str, str] = {}
        seats: list[SeatRecord] = []
        for i, spec in enumerate(req.seats):
            if spec.kind == "ai":
                assert spec.agent is not None
                agent = self.check_agent(spec.agent, game.name)
                seats.append(
                    SeatRecord(i, "ai", spec.name or f"AI ({agent})", agent=agent, claimed=True)
                )
            elif spec.kind == "local":
                token = secrets.token_urlsafe(24)
                tokens[str(i)] = token
                seats.append(
                    SeatRecord(
                        i,
                        "local",
                        spec.name or game.info.seat_name(i),
                        token_hash=hash_token(token),
                        claimed=True,
                    )
                )
            elif spec.kind == "invite":
                code = secrets.token_urlsafe(12)
                invites[str(i)] = f"/join/{table_id}/{code}"
                seats.append(
                    SeatRecord(i, "invite", spec.name or game.info.seat_name(i), invite_code=code)
                )
            else:
                seats.append(SeatRecord(i, "open", spec.name or game.info.seat_name(i)))
        if client is not None and any(s.kind == "ai" for s in seats):
            cap = self.config.ai_tables
            if await self.db(self.store.open_ai_tables, client) >= cap:
                raise TooManyAiTablesError(
                    f"you have {cap} unfinished tables with AI seats already: finish or "
                    "resign one first"
                )
        record = dataclasses.replace(
            draft,
            game=game.name,
            options=game.options,
            rules_version=game.rules_version,
            seats=tuple(seats),
        )
        await self.db(self.store.create_table, record, within)
        if self.placement is not None:
            await self.placement.acquire(table_id)  # nobody else knows it yet: ours
        table = LiveTable(self, record)
        await self._mode(table)
        self._tables[table_id] = table
        await self._resume(table)
        return table, tokens, invites

    async def rematch(self, table: LiveTable, offer: social.Offer) -> str:
        """The rematch of a finished ``table``: a new table of the same game, options,
        rules version, time control and rating mode, every seat moved on
        (``social.rotation``: in two-seat games the players swap sides; teams stay
        together). Each person keeps their seat's token (their browser keeps its identity),
        AI seats their agent. ``offer`` (the answer that agreed) is stored on ``table``
        with the new table's id in the transaction that makes it; returns that id."""
        n = len(table.seats)
        step = social.rotation(table.game.teams(), n)
        moved = {s.seat: (s.seat + step) % n for s in table.seats}
        info = table.game.info
        seats = sorted(
            (
                dataclasses.replace(
                    s,
                    seat=moved[s.seat],
                    invite_code=None,
                    claimed=True,
                    name=info.seat_name(moved[s.seat])
                    if s.kind != "ai" and s.name == info.seat_name(s.seat)
                    else s.name,
                )
                for s in table.seats
            ),
            key=lambda s: s.seat,
        )
        record = new_table_record(
            table.game.name,
            table.game.options,
            tuple(seats),
            table.client,
            table.time_control,
            rules_version=table.game.rules_version,
        )
        table_id = record.id
        entry, seq = table.rematch_entry(offer, table_id)

        def within(conn: Connection, new_id: str) -> None:
            for hook in self.rematch_hooks:
                hook(conn, table.id, new_id, moved)
            note_in(conn, table.id, [entry], seq)

        await self.db(self.store.create_table, record, within)
        log.info("table %s: rematch %s made (seats moved on by %d)", table.id, table_id, step)
        if self.placement is not None:
            await self.placement.acquire(table_id)
        new = LiveTable(self, record)
        await self._mode(new)
        self._tables[table_id] = new
        await self._resume(new)
        return table_id

    async def close(self) -> None:
        for task in list(self._background):
            task.cancel()
        for task in list(self._background):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for table in self._tables.values():
            table.cancel_ai()
        if self.pool is not None:
            await self.pool.close()
        self._db.shutdown(wait=True)


def new_table_record(
    game: str,
    options: dict[str, Any],
    seats: tuple[SeatRecord, ...],
    client: str | None,
    time_control: Any,
    rules_version: int = 1,
) -> TableRecord:
    """A new table waiting for its players: a fresh id and seed, created now (a table made
    in the lobby, or a rematch of a finished one)."""
    now = time.time()
    return TableRecord(
        id=new_id(),
        game=game,
        options=options,
        seed=secrets.randbits(63),
        status="waiting",
        ply=0,
        result=None,
        source="play",
        created_at=now,
        updated_at=now,
        rules_version=rules_version,
        seats=seats,
        client=client,
        timing={"control": str(time_control)} if time_control else None,
    )

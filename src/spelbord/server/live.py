"""Live tables: one in-memory game per table, changed by one coroutine at a time.

Every change to a table (claim, action, simultaneous submission, resign, AI move) runs
under that table's ``asyncio.Lock`` and follows one path: compute the new state on a
clone, write the log entries and the table's ply/status in one transaction, and only then
swap the new state in and push fresh views to the subscribers (each built by ``views``
for that subscriber's seat). A failure at any step leaves the table as it was.

Decision clocks: whenever the state puts a clock on a seat that has to decide
(``State.decision_clock``), the table starts a timer for that seat and that ply. A seat
that acts in time stops its clock; every accepted change re-evaluates the clocks, and a new
decision gets a new full clock. When a clock runs out, the table takes the clock's
``on_timeout`` action for the seat through the same path as a player's action (under the
lock, logged in the same transaction and marked as a timeout, then broadcast). People and
AI seats alike: an agent's answer that arrives after its clock ran out is dropped as stale.
A restarted server starts the clocks of the games it resumes again in full.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import hmac
import json
import logging
import random
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol, TypeVar

from spelbord.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Clock,
    Game,
    IllegalActionError,
    Move,
    OutOfTurnError,
    State,
    sample_outcome,
)
from spelbord.core.registry import load
from spelbord.server import views
from spelbord.server.ai import AgentPool, ThinkJob, derive_seed
from spelbord.server.errors import (
    BadRequestError,
    ConflictError,
    ForbiddenError,
    NotFoundError,
    StaleMoveError,
)
from spelbord.server.protocol import HUMAN_KINDS, CreateRequest
from spelbord.server.records import record_from_export, replay_failed, resign_result, table_game
from spelbord.server.store import (
    ACTION,
    CHANCE_OUTCOME,
    JOINT,
    MOVE_KINDS,
    RESIGN,
    LogEntry,
    SeatRecord,
    Store,
    TableRecord,
)

log = logging.getLogger(__name__)
T = TypeVar("T")


def hash_token(token: str) -> str:
    """Tokens are stored only as their SHA-256."""
    return hashlib.sha256(token.encode()).hexdigest()


class Subscriber(Protocol):
    """A connected client: its seat (``None``: spectator) and a non-blocking outbox."""

    seat: int | None

    def push(self, text: str) -> None: ...


@dataclass
class RunningClock:
    """A clock counting down on one seat's decision at one ply."""

    seat: int
    ply: int
    clock: Clock
    deadline: float
    """When it runs out, in seconds since the epoch."""
    handle: asyncio.TimerHandle

    def as_dict(self, now: float) -> dict[str, Any]:
        """The VIEW's clock entry: the full ``seconds``, the ``deadline`` in epoch
        milliseconds, and the seconds ``remaining`` when the view was built (for clients
        whose own clock is off)."""
        return {
            "seat": self.seat,
            "seconds": float(self.clock.seconds),
            "deadline": round(self.deadline * 1000),
            "remaining": round(max(0.0, self.deadline - now), 3),
        }


class LiveTable:
    """One table in memory. Only ``Hub`` creates these."""

    def __init__(self, hub: Hub, record: TableRecord) -> None:
        self.hub = hub
        self.id = record.id
        self.game: Game = table_game(record)
        self.seed = record.seed
        self.status = record.status
        self.result = record.result
        self.seats: list[SeatRecord] = list(record.seats)
        self.pending: dict[int, int] = dict(record.pending)
        self.pending_timeouts: set[int] = set(record.pending_timeouts)
        """Seats among ``pending`` whose choice their clock made."""
        self.timeouts: dict[int, tuple[int, ...]] = {}
        """Ply -> the seats whose move there the clock played."""
        self.clocks: dict[int, RunningClock] = {}
        """The clocks running now, by seat."""
        self.resigned: int | None = None
        self.lock = asyncio.Lock()
        self.subscribers: set[Subscriber] = set()
        self._ai_task: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()  # AI loops and clock timeouts under way
        state = self.game.new_initial_state()
        self.records: list[views.MoveRecord] = []
        for entry in record.log:
            if entry.kind in MOVE_KINDS:
                move: Move = entry.payload if entry.kind != JOINT else tuple(entry.payload)
                self.records.append(views.describe_move(state, move, entry.timeouts))
                if entry.timeouts:
                    self.timeouts[entry.ply] = entry.timeouts
                _apply(state, move)
            elif entry.kind == RESIGN:
                self.resigned = entry.seat
        if state.move_number() != record.ply:
            raise RuntimeError(f"table {self.id}: the log replays to ply {state.move_number()}")
        self.state: State = state
        self.next_seq = record.log[-1].seq + 1 if record.log else 0

    # ------------------------------------------------------------------ reading
    def seat_of(self, token: str | None) -> int | None:
        """The seat a token holds; ``None`` for no token (a spectator)."""
        if not token:
            return None
        digest = hash_token(token)
        for seat in self.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return seat.seat
        raise ForbiddenError("that token holds no seat at this table")

    def acting_seat(self, token: str | None) -> int:
        seat = self.seat_of(token)
        if seat is None:
            raise ForbiddenError("spectators cannot act: use your seat's token")
        return seat

    def seat_list(self) -> list[dict[str, Any]]:
        connected = {s.seat for s in self.subscribers}
        return [
            {
                "seat": s.seat,
                "kind": s.kind,
                "name": s.name,
                "agent": s.agent,
                "claimed": s.claimed,
                "connected": s.kind == "ai" or s.seat in connected,
            }
            for s in self.seats
        ]

    def clock_list(self) -> list[dict[str, Any]]:
        """The running clocks as the VIEW shows them, in seat order."""
        if not self.clocks:
            return []
        now = time.time()
        return [self.clocks[s].as_dict(now) for s in sorted(self.clocks)]

    def view(self, viewer: int | None) -> dict[str, Any]:
        return views.build_view(
            table_id=self.id,
            status=self.status,
            state=self.state,
            records=self.records,
            viewer=viewer,
            seats=self.seat_list(),
            result=self.result,
            submitted=self.pending.keys(),
            clocks=self.clock_list(),
        )

    def replay(self, viewer: int | None) -> dict[str, Any]:
        return views.replay(
            self.game,
            self.state.history(),
            viewer,
            self.status == "finished",
            self.timeouts,
            result=self.result,
        )

    def export(self) -> dict[str, Any]:
        return views.export_record(
            game=self.game,
            seed=self.seed,
            history=self.state.history(),
            finished=self.status == "finished",
            resigned=self.resigned,
            result=self.result,
            timeouts=self.timeouts,
        )

    # ------------------------------------------------------------------ subscribers
    def subscribe(self, sub: Subscriber) -> None:
        self.subscribers.add(sub)
        self.broadcast()

    def unsubscribe(self, sub: Subscriber) -> None:
        self.subscribers.discard(sub)
        self.broadcast()
        self.hub.release(self)

    def broadcast(self) -> None:
        """Push a fresh view to every subscriber, built once per distinct seat."""
        cache: dict[int | None, str] = {}
        for sub in list(self.subscribers):
            text = cache.get(sub.seat)
            if text is None:
                text = json.dumps({"type": "view", "view": self.view(sub.seat)})
                cache[sub.seat] = text
            sub.push(text)

    # ------------------------------------------------------------------ changes
    async def claim(
        self, seat: int | None, invite: str | None, name: str | None
    ) -> tuple[int, str]:
        """Claim an open seat (or the seat an invite opens); returns (seat, token)."""
        async with self.lock:
            if invite is not None:
                found = [
                    s
                    for s in self.seats
                    if s.invite_code is not None and hmac.compare_digest(s.invite_code, invite)
                ]
                if not found:
                    raise NotFoundError("that invite link is not valid for this table")
                target = found[0]
            else:
                if seat is None or not 0 <= seat < len(self.seats):
                    raise BadRequestError(f"there is no seat {seat!r} at this table")
                target = self.seats[seat]
                if target.kind != "open":
                    raise ForbiddenError(f"seat {seat} is not open ({target.kind} seat)")
            if target.claimed:
                raise ConflictError(f"seat {target.seat} is already taken")
            if self.status != "waiting":
                raise ConflictError("this table is no longer waiting for players")
            token = secrets.token_urlsafe(24)
            digest = hash_token(token)
            shown = name or self.game.info.seat_name(target.seat)
            await self.hub.db(self.hub.store.claim_seat, self.id, target.seat, digest, shown)
            self.seats[target.seat] = dataclasses.replace(
                target, claimed=True, token_hash=digest, name=shown
            )
            if all(s.claimed for s in self.seats if s.kind in HUMAN_KINDS):
                await self._commit([], status_override="running")
            else:
                self.broadcast()
            return target.seat, token

    async def act(self, token: str | None, action: int, ply: int) -> int:
        """A seat's action (or its secret submission at a simultaneous node)."""
        async with self.lock:
            seat = self.acting_seat(token)
            await self._decide(seat, action, ply)
            return seat

    async def resign(self, token: str | None) -> int:
        """A platform action: the seat's team loses, every other seat wins."""
        async with self.lock:
            seat = self.acting_seat(token)
            self._check_running()
            result = resign_result(self.game, seat)
            ply = self.state.move_number()
            entry = LogEntry(self.next_seq, ply, RESIGN, seat, None)
            await self.hub.db(
                self.hub.store.advance,
                self.id,
                expected_ply=ply,
                entries=[entry],
                ply=ply,
                status="finished",
                result=result,
                clear_pending=True,
            )
            self.next_seq += 1
            self.status, self.result, self.resigned, self.pending = "finished", result, seat, {}
            self.pending_timeouts = set()
            self.sync_clocks()
            self.broadcast()
            self.hub.release(self)
            return seat

    def _check_running(self) -> None:
        if self.status == "waiting":
            raise ConflictError("the game has not started: some seats are still free")
        if self.status == "finished":
            raise ConflictError("the game is over")

    async def _decide(self, seat: int, action: int, ply: int, timed_out: bool = False) -> None:
        """``seat`` takes ``action`` at ``ply`` (``timed_out``: the clock takes it)."""
        self._check_running()
        now = self.state.move_number()
        if ply != now:
            if seat in self.timeouts.get(ply, ()):
                raise StaleMoveError(
                    f"too late: seat {seat}'s time ran out at ply {ply} and the clock moved "
                    f"for it; the game is at ply {now}"
                )
            raise StaleMoveError(f"that move was for ply {ply}, but the game is at ply {now}")
        player = self.state.current_player()
        if player == SIMULTANEOUS:
            if seat in self.pending:
                if seat in self.pending_timeouts:
                    raise StaleMoveError(
                        f"too late: seat {seat}'s time ran out and the clock chose for it"
                    )
                raise ConflictError(f"seat {seat} has already chosen this turn")
            if action not in self.state.legal_actions(seat):
                raise IllegalActionError(f"action {action} is not legal for seat {seat} here")
            chosen = {**self.pending, seat: action}
            late = (self.pending_timeouts | {seat}) if timed_out else self.pending_timeouts
            if len(chosen) == self.game.num_players():
                joint = tuple(chosen[s] for s in range(self.game.num_players()))
                await self._commit([joint], timeouts=tuple(sorted(late)))
            else:
                await self.hub.db(self.hub.store.add_pending, self.id, seat, now, action, timed_out)
                self.pending, self.pending_timeouts = chosen, set(late)
                self.sync_clocks()
                self.broadcast()
            return
        if player != seat:
            raise OutOfTurnError(f"it is not seat {seat}'s turn")
        await self._commit([action], timeouts=(seat,) if timed_out else ())

    async def _commit(
        self,
        moves: list[Move],
        status_override: str | None = None,
        timeouts: tuple[int, ...] = (),
    ) -> None:
        """Apply ``moves`` plus any chance outcomes after them; log it all, then publish.

        ``timeouts``: the seats whose part of the first move the clock played.
        """
        before = self.state.move_number()
        state = self.state.clone()
        entries: list[LogEntry] = []
        records: list[views.MoveRecord] = []
        seq = self.next_seq

        def push(move: Move, timed: tuple[int, ...] = ()) -> None:
            nonlocal seq
            player = state.current_player()
            prior = state.clone()
            _apply(state, move)  # checks legality first: an illegal move raises here
            records.append(views.describe_move(prior, move, timed))
            kind = (
                CHANCE_OUTCOME if player == CHANCE else JOINT if player == SIMULTANEOUS else ACTION
            )
            seat = player if player >= 0 else None
            payload = move if isinstance(move, int) else list(move)
            entries.append(LogEntry(seq, prior.move_number(), kind, seat, payload, timed))
            seq += 1

        for i, move in enumerate(moves):
            push(move, timeouts if i == 0 else ())
        pending: dict[int, int] = {}
        while True:
            player = state.current_player()
            if player == CHANCE:
                rng = random.Random(derive_seed(self.seed, "chance", state.move_number()))
                push(sample_outcome(state.chance_outcomes(), rng))
                continue
            if player == SIMULTANEOUS:
                n = self.game.num_players()
                forced = {s: acts[0] for s in range(n) if len(acts := state.legal_actions(s)) == 1}
                if len(forced) == n:
                    push(tuple(forced[s] for s in range(n)))
                    continue
                pending = forced
            break
        status = status_override or self.status
        if state.current_player() == TERMINAL:
            status = "finished"
        result = views.result_of(state)
        await self.hub.db(
            self.hub.store.advance,
            self.id,
            expected_ply=before,
            entries=entries,
            ply=state.move_number(),
            status=status,
            result=result,
            clear_pending=bool(self.pending),
            pending=pending,
        )
        self.state, self.next_seq, self.pending = state, seq, pending
        self.pending_timeouts = set()
        if moves and timeouts:
            self.timeouts[before] = timeouts
        self.records.extend(records)
        self.status, self.result = status, result
        self.sync_clocks()
        self.broadcast()
        self.schedule_ai()
        self.hub.release(self)

    # ------------------------------------------------------------------ decision clocks
    def _timed_decisions(self) -> dict[int, Clock]:
        """The clock on each seat that has a decision to make now (untimed seats left out)."""
        if self.status != "running":
            return {}
        player = self.state.current_player()
        if player >= 0:
            seats: tuple[int, ...] = (player,)
        elif player == SIMULTANEOUS:
            seats = tuple(s for s in range(self.game.num_players()) if s not in self.pending)
        else:
            return {}
        wanted: dict[int, Clock] = {}
        for seat in seats:
            try:
                clock = self.state.decision_clock(seat)
            except Exception:
                log.exception("table %s: decision_clock(%d) failed; no clock", self.id, seat)
                continue
            if clock is not None:
                wanted[seat] = clock
        return wanted

    def sync_clocks(self) -> None:
        """Stop the clocks of decisions that are made, start full ones for new decisions.

        A decision is a seat at a ply: a clock keeps running while its seat still has to
        decide at the same ply (e.g. while others submit at a simultaneous node).
        """
        wanted = self._timed_decisions()
        ply = self.state.move_number()
        for seat, running in list(self.clocks.items()):
            if running.ply != ply or wanted.get(seat) != running.clock:
                running.handle.cancel()
                del self.clocks[seat]
        if not wanted:
            return
        loop = asyncio.get_running_loop()
        for seat, clock in wanted.items():
            if seat not in self.clocks:
                handle = loop.call_later(clock.seconds, self._clock_ran_out, seat, ply)
                self.clocks[seat] = RunningClock(
                    seat, ply, clock, time.time() + clock.seconds, handle
                )

    def _clock_ran_out(self, seat: int, ply: int) -> None:
        running = self.clocks.get(seat)
        if running is not None and running.ply == ply:
            self._spawn(self._time_out(running))

    async def _time_out(self, running: RunningClock) -> None:
        """Take the clock's action for a seat whose time ran out (if it still has to act)."""
        async with self.lock:
            if self.clocks.get(running.seat) is not running:
                return  # the seat acted (or the game moved on) while we waited for the lock
            del self.clocks[running.seat]
            if self.seats[running.seat].kind == "ai":
                self._ai_task = None  # that agent's answer is stale now: think afresh
            try:
                await self._decide(running.seat, running.clock.on_timeout, running.ply, True)
            except IllegalActionError:
                log.exception(
                    "table %s: the clock's action %d is not legal for seat %d",
                    self.id,
                    running.clock.on_timeout,
                    running.seat,
                )
            except Exception:
                log.exception("table %s: the clock of seat %d failed", self.id, running.seat)
                self.sync_clocks()  # nothing changed: the seat gets a new clock
            self.schedule_ai()

    def stop_clocks(self) -> None:
        for running in self.clocks.values():
            running.handle.cancel()
        self.clocks.clear()

    def _spawn(self, coro: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # ------------------------------------------------------------------ AI seats
    def _ai_to_move(self) -> list[int]:
        if self.status != "running":
            return []
        player = self.state.current_player()
        ai = {s.seat for s in self.seats if s.kind == "ai"}
        if player == SIMULTANEOUS:
            return sorted(s for s in ai if s not in self.pending)
        return [player] if player in ai else []

    def schedule_ai(self) -> None:
        """Start the AI task when an AI seat has a decision and none is thinking yet."""
        if self._ai_to_move() and (self._ai_task is None or self._ai_task.done()):
            self._ai_task = self._spawn(self._run_ai())

    async def _run_ai(self) -> None:
        me = asyncio.current_task()
        while self._ai_task is me and (seats := self._ai_to_move()):
            ply = self.state.move_number()
            actions = await asyncio.gather(*(self._think(seat) for seat in seats))
            async with self.lock:
                if self._ai_task is not me:
                    return  # a clock ran out meanwhile; a fresh task thinks now
                if self.status != "running" or self.state.move_number() != ply:
                    continue
                for seat, action in zip(seats, actions, strict=True):
                    if self.status != "running" or self.state.move_number() != ply:
                        break
                    if seat in self.pending:
                        continue
                    try:
                        await self._decide(seat, action, ply)
                    except Exception:
                        log.exception("table %s: the AI move of seat %d failed", self.id, seat)
                        return

    async def _think(self, seat: int) -> int:
        spec = self.seats[seat].agent or "random"
        ply = self.state.move_number()
        legal = self.state.legal_actions(seat)
        job = ThinkJob(
            game=self.game.name,
            options=self.game.options,
            rules_version=self.game.rules_version,
            state_json=self.state.to_json(),
            seat=seat,
            spec=spec,
            seed=derive_seed(self.seed, "agent", ply, seat),
        )
        action: int | None = None
        if self.hub.pool is not None:
            try:
                action = await self.hub.pool.think(job)
            except Exception:
                log.exception("table %s: the AI pool failed; playing at random", self.id)
        if action is None or action not in legal:
            if action is not None:
                log.warning("table %s: agent %s chose illegal %r", self.id, spec, action)
            action = random.Random(derive_seed(self.seed, "fallback", ply, seat)).choice(legal)
        return action

    def cancel_ai(self) -> None:
        """Stop thinking and counting: every AI task and clock of this table."""
        self.stop_clocks()
        for task in list(self._tasks):
            task.cancel()


def _apply(state: State, move: Move) -> None:
    if isinstance(move, int):
        state.apply_action(move)
    else:
        state.apply_actions(list(move))


class Hub:
    """Every live table of this server, loaded from the store on first use."""

    def __init__(self, store: Store, pool: AgentPool | None) -> None:
        self.store = store
        self.pool = pool
        # SQLite commits in a fraction of a millisecond (WAL): they run inline, which beats
        # a thread hand-off; a database server's round trips run on a few threads instead.
        self._inline = store.engine.dialect.name == "sqlite"
        self._db = ThreadPoolExecutor(max_workers=4, thread_name_prefix="spelbord-db")
        self._tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a store call: inline on SQLite, else on the database threads."""
        if self._inline:
            return fn(*args, **kwargs)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, partial(fn, *args, **kwargs))

    async def get(self, table_id: str) -> LiveTable:
        """The live table, rebuilt from its log if it is not in memory yet."""
        table = self._tables.get(table_id)
        if table is not None:
            return table
        if len(table_id) > 32:
            raise NotFoundError(f"no table {table_id!r}")
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            table = self._tables.get(table_id)
            if table is None:
                record = await self.db(self.store.load, table_id)
                if record is None:
                    raise NotFoundError(f"no table {table_id!r}")
                try:
                    table = LiveTable(self, record)
                except Exception as exc:
                    raise replay_failed(record, exc) from None
                self._tables[table_id] = table
                await self._resume(table)
        self._loading.pop(table_id, None)
        return table

    def release(self, table: LiveTable) -> None:
        """Forget a finished table nobody watches (it is read back from the store on demand)."""
        if table.status == "finished" and not table.subscribers:
            self._tables.pop(table.id, None)

    async def _resume(self, table: LiveTable) -> None:
        if table.status == "waiting" and all(
            s.claimed for s in table.seats if s.kind in HUMAN_KINDS
        ):
            async with table.lock:
                await table._commit([], status_override="running")
        else:
            table.sync_clocks()  # a resumed game: its clocks start again in full
        table.schedule_ai()

    async def resume_all(self) -> int:
        """Load every running table (so AI seats carry on after a restart)."""
        ids = await self.db(self.store.table_ids, "running")
        for table_id in ids:
            try:
                await self.get(table_id)
            except Exception:
                log.exception("table %s could not be resumed", table_id)
        return len(ids)

    async def create(self, req: CreateRequest) -> tuple[LiveTable, dict[str, str], dict[str, str]]:
        """A new table; returns it with the local seats' tokens and the invite links."""
        game = load(req.game, **req.options)
        n = game.num_players()
        if len(req.seats) != n:
            raise BadRequestError(
                f"{game.name} with these options has {n} seats; got {len(req.seats)}"
            )
        table_id = secrets.token_urlsafe(9)
        tokens: dict[str, str] = {}
        invites: dict[str, str] = {}
        seats: list[SeatRecord] = []
        for i, spec in enumerate(req.seats):
            if spec.kind == "ai":
                assert spec.agent is not None
                agent = self.pool.check_spec(spec.agent) if self.pool else spec.agent
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
        now = time.time()
        record = TableRecord(
            id=table_id,
            game=game.name,
            options=game.options,
            seed=secrets.randbits(63),
            status="waiting",
            ply=0,
            result=None,
            source="play",
            created_at=now,
            updated_at=now,
            rules_version=game.rules_version,
            seats=tuple(seats),
        )
        await self.db(self.store.create_table, record)
        table = LiveTable(self, record)
        self._tables[table_id] = table
        await self._resume(table)
        return table, tokens, invites

    async def import_record(self, data: Any) -> LiveTable:
        """A finished table from an exported record, checked by replaying it."""
        record = record_from_export(data)
        await self.db(self.store.create_table, record)
        return LiveTable(self, record)

    async def close(self) -> None:
        for table in self._tables.values():
            table.cancel_ai()
        if self.pool is not None:
            await self.pool.close()
        self._db.shutdown(wait=True)

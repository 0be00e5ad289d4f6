"""Live tables: one in-memory game per table, changed by one coroutine at a time.

Every change to a table (claim, action, simultaneous submission, resign, AI move) runs
under that table's ``asyncio.Lock`` and follows one path (``_change``): compute the new
state on a clone, write the log entries and the table's ply/status in one transaction,
and only then swap the new state in and push fresh views to the subscribers (each built by
``views`` for that subscriber's seat). A failure at any step leaves the table as it was.
Every ending (a move that ends the game, resign, cancel, abandon, a tournament's forfeit)
goes through one method, ``finish``, which drops the pending choices and stops the clocks.

Its decision clocks (``clocks``) and AI seats (``aiseats``) act through the same path:
a clock that runs out takes its ``on_timeout`` action for the seat (under the lock, logged
in the same transaction and marked as a timeout, then broadcast); an agent's answer that
arrives after its clock ran out is dropped as stale. A table reaches the rest of the server
only through its ``Host`` (the ``hub``, which keeps the tables in memory).

Subscribers get a full view when they connect (or ask for it again with a ``sync``
message) and a fresh view after every change, whose move list carries only the entries
that subscriber has not been sent yet: ``moves`` holds the entries from ply ``moves_from``
on (0: the whole list). Every frame carries the table's sequence number ``seq``, one more
with every stored change a view shows (kept in the table's row, so it grows across owners
and restarts): a client that sees a gap in ``seq`` or a list shorter than ``moves_from``
missed a frame and asks for a full view (``sync``); a frame with a ``seq`` it has already
passed is stale and dropped. A frame with a partial list (``"delta"``) never replaces a
frame not yet sent in a subscriber's outbox; a full one (``"view"``) may. The frames of a
finished hidden-information game carry the whole list (its end reveals the hidden moves).
Each distinct frame is encoded once, whatever the number of sockets that get it. A seat
connecting or leaving sends only a small ``presence`` message (who is connected), and
spectators coming and going send nothing at all.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import hmac
import logging
import random
import secrets
import time
from collections.abc import Callable, Collection, Coroutine, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Literal, Protocol, TypeVar

import orjson

from spelbord.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    IllegalActionError,
    Move,
    OutOfTurnError,
    State,
    sample_outcome,
)
from spelbord.server.errors import (
    BadRequestError,
    ConflictError,
    ForbiddenError,
    NotFoundError,
    NotOwnerError,
    StaleMoveError,
)
from spelbord.server.tables import results, social, views
from spelbord.server.tables.aiseats import AiSeats
from spelbord.server.tables.clocks import DecisionClocks, RunningClock, timed_decisions
from spelbord.server.tables.integrity import AGENT_TIMEOUT, Irregularity
from spelbord.server.tables.protocol import HUMAN_KINDS
from spelbord.server.tables.records import resign_result, table_game
from spelbord.server.tables.store import (
    ACTION,
    CHANCE_OUTCOME,
    JOINT,
    MOVE_KINDS,
    OFFER,
    RESIGN,
    Advance,
    LogEntry,
    SeatRecord,
    Store,
    TableRecord,
)
from spelbord.server.tables.timecontrol import GameClock, TimeControl
from spelbord.server.tables.workers import Answer, ThinkJob, derive_seed

log = logging.getLogger(__name__)
T = TypeVar("T")


def encode(message: Any) -> str:
    """A message as compact JSON text (orjson: several times faster than ``json``).

    >>> encode({"type": "presence", "connected": [True, False], "seat": {0: "a"}})
    '{"type":"presence","connected":[true,false],"seat":{"0":"a"}}'
    """
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def hash_token(token: str) -> str:
    """Tokens are stored only as their SHA-256."""
    return hashlib.sha256(token.encode()).hexdigest()


class TableLock(asyncio.Lock):
    """A live table's lock: every change of the table is made holding it. Once this
    process has let go of the table (``moved_to``: the process that has it now), taking
    the lock raises ``NotOwnerError``: a change that waited for it is made by the new
    owner instead (``Hub.call`` asks again), never on this copy.

    >>> async def late_change() -> str:
    ...     lock = TableLock("t1")
    ...     async with lock:
    ...         lock.moved_to = "web:b"  # handed over while a change waited
    ...     try:
    ...         async with lock:
    ...             return "changed here"
    ...     except NotOwnerError as exc:
    ...         return f"asked {exc.owner}"
    >>> asyncio.run(late_change())
    'asked web:b'
    """

    def __init__(self, table_id: str) -> None:
        super().__init__()
        self.table_id = table_id
        self.moved_to: str | None = None

    async def acquire(self) -> Literal[True]:
        await super().acquire()
        if self.moved_to is not None:
            self.release()
            raise NotOwnerError(self.table_id, self.moved_to)
        return True


class Subscriber(Protocol):
    """A connected client: its seat (``None``: spectator) and a non-blocking outbox.

    ``push(text, kind)``: ``kind`` is ``"view"`` or ``"presence"`` for messages a later one
    of the same kind makes obsolete (an outbox may drop the older one), else ``None``.
    """

    seat: int | None

    def push(self, text: str, kind: str | None = None) -> None: ...


class Host(Protocol):
    """What a live table asks of the server that holds it (the ``Hub``; a test may give its
    own): a store and a way to run its calls, an AI seat's answer, and letting go."""

    store: Store

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a store call (inline, or on a database thread)."""
        ...

    async def advance(self, change: Advance) -> None:
        """Store a change of the table (``Store.advance``; the hub groups those of many
        tables in one transaction)."""
        ...

    async def think(self, job: ThinkJob) -> Answer:
        """An agent's answer for an AI seat (``workers.Answer``; its action ``None``: no
        answer)."""
        ...

    def release(self, table: LiveTable) -> None:
        """The table has changed: the host may let go of it (finished, nobody watching)."""
        ...

    async def allows_random(self, table_id: str) -> bool:
        """Whether a failed AI answer may be replaced by a random move (not in a rated game)."""
        ...

    async def rematch(self, table: LiveTable, offer: social.Offer) -> str:
        """Make the rematch of a finished ``table`` (seats moved on, ``Hub.rematch``) and
        store ``offer`` with the new table's id on ``table`` in the same transaction;
        returns the new table's id."""
        ...


@dataclass(frozen=True)
class Played:
    """Moves played on a clone of a table's state and not stored yet: the log entries
    (``before``: the ply they start at), the state after them, what each move shows
    (``records``), the choices already fixed at the new ply (seats with one legal action)
    and the seats whose part of the first move the clock played."""

    before: int
    state: State
    entries: tuple[LogEntry, ...]
    records: tuple[views.MoveRecord, ...]
    next_seq: int
    pending: dict[int, int] = field(default_factory=dict)
    timeouts: tuple[int, ...] = ()
    irregular: Irregularity | None = None
    """The server made the first of these moves for a seat (``integrity``)."""


class LiveTable:
    """One table in memory, held by a ``Host`` (the ``Hub``, which alone creates these)."""

    def __init__(self, host: Host, record: TableRecord) -> None:
        self.host = host
        self.id = record.id
        self.game: Game = table_game(record)
        self.seed = record.seed
        self.client = record.client
        """Who made the table (the AI jobs' fair order is by client)."""
        self.seq = record.seq
        """The sequence number of the latest frame: one more with every stored change."""
        self.status = record.status
        self.result = record.result
        self.seats: list[SeatRecord] = list(record.seats)
        self.pending: dict[int, int] = dict(record.pending)
        self.pending_timeouts: set[int] = set(record.pending_timeouts)
        """Seats among ``pending`` whose choice their clock made."""
        self.timeouts: dict[int, tuple[int, ...]] = {}
        """Ply -> the seats whose move there the clock played."""
        self.clocks = DecisionClocks(lambda running: self.spawn(self._time_out(running)))
        timing = record.timing or {}
        self.time_control: TimeControl | None = (
            TimeControl.parse(timing["control"]) if timing.get("control") else None
        )
        """The game clocks' time control (``timecontrol``); ``None``: no time control."""
        self.game_clock: GameClock | None = (
            GameClock.stored(timing) if "remaining" in timing else None
        )
        """The game clocks since the game started (``None`` before, or no time control)."""
        self._flag: asyncio.TimerHandle | None = None
        self.ai = AiSeats(self, host.think, host.allows_random)
        self.ai_line: dict[int, int] = {}
        """Per AI seat with a decision: its job's place in line (0: a worker has it)."""
        self.resigned: int | None = None
        self.irregular: dict[str, Any] | None = record.irregular
        """The first move the server made for a seat (``integrity``): no rated result."""
        self.lock = TableLock(self.id)
        self.subscribers: set[Subscriber] = set()
        self._touches: set[asyncio.Future[None]] = set()
        """Store writes of the time the last client left (``_left``), while under way."""
        self.used = time.monotonic()
        """When a client last asked for this table (the hub unloads idle tables)."""
        self._tasks: set[asyncio.Task[None]] = set()  # AI loops and clock timeouts under way
        self._views: dict[int | None, dict[str, Any]] = {}
        """The views of the table as it is now, by viewer (see ``view``)."""
        self._moves: dict[int | None, list[dict[str, Any]]] = {}
        """Each viewer's move list, extended as moves are made (see ``move_list``)."""
        self._moves_reveal = False
        """Whether ``_moves`` shows every move (a finished or perfect-information game)."""
        self._sent: dict[Subscriber, int] = {}
        """Per subscriber: the length of the move list it was last sent."""
        self.casual = True
        """Whether the table is casual (not rated, no tournament's): takebacks are for
        casual games only (the hub reads it from the store when it loads the table)."""
        self.in_tournament = False
        """Whether the table is a tournament's game (no rematch: the tournament pairs)."""
        self.offers = social.Offers(
            people=tuple(s.seat for s in self.seats if s.kind in HUMAN_KINDS)
        )
        """Draw offers, takebacks and rematches as they stand (``social``)."""
        moves: list[LogEntry] = []
        for entry in record.log:
            if entry.kind in MOVE_KINDS:
                moves.append(entry)
                self.offers = self.offers.moved(_movers(entry))
            elif entry.kind == RESIGN:
                self.resigned = entry.seat
            elif entry.kind == OFFER:
                offer = social.Offer.stored(entry.seat, entry.payload)
                if offer.to is not None:  # a granted takeback
                    while moves and moves[-1].ply >= offer.to:
                        moves.pop()
                self.offers = self.offers.fold(offer)
        state = self.game.new_initial_state()
        self.records: list[views.MoveRecord] = []
        for entry in moves:
            move: Move = entry.payload if entry.kind != JOINT else tuple(entry.payload)
            self.records.append(views.describe_move(state, move, entry.timeouts))
            if entry.timeouts:
                self.timeouts[entry.ply] = entry.timeouts
            _apply(state, move)
        if state.move_number() != record.ply:
            raise RuntimeError(f"table {self.id}: the log replays to ply {state.move_number()}")
        self.state: State = state
        self.next_seq = record.log[-1].seq + 1 if record.log else 0
        self.updated_at = record.updated_at

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

    def connected(self) -> list[bool]:
        """Per seat: whether it is present (an AI seat, or a client holding its token)."""
        online = {s.seat for s in self.subscribers}
        return [s.kind == "ai" or s.seat in online for s in self.seats]

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

    def view(self, viewer: int | None) -> dict[str, Any]:
        """The VIEW for ``viewer``, built once per change of the table (the clocks' time
        remaining is fresh in every copy)."""
        cached = self._views.get(viewer)
        if cached is not None:
            clocks = self.clocks.as_list()
            return {
                **cached,
                "clocks": clocks,
                "clock": clocks[0] if clocks else None,
                "ai": self.ai_status(),
                "game_clock": self.game_clock_view(),
            }
        view = {
            **self._build_view(viewer),
            "seq": self.seq,
            "ai": self.ai_status(),
            "game_clock": self.game_clock_view(),
            "offers": self.offers_view(viewer),
        }
        self._views[viewer] = view
        return view

    def game_clock_view(self) -> dict[str, Any] | None:
        """The VIEW's ``game_clock`` (``GameClock.as_view``; full clocks before the game
        starts), or ``None`` for no time control."""
        if self.time_control is None:
            return None
        clock = self.game_clock or GameClock.start(
            self.time_control, self.game.num_players(), (), time.time()
        )
        return clock.as_view(time.time())

    def offers_view(self, viewer: int | None) -> dict[str, Any]:
        """The VIEW's ``offers``: the draw offer, takeback request and rematch standing
        (``social.Offers.as_view``); ``can``: which of them ``viewer`` may make now;
        ``table``: which this table has at all (draws: another person to agree;
        takebacks: a casual game of perfect information)."""
        can = {"draw": False, "takeback": False, "rematch": False}
        mine = viewer is not None and viewer in self.offers.people
        table = {
            "draw": mine and bool(self.offers.others(viewer or 0)),
            "takeback": self.casual and self.game.info.information == "perfect",
        }
        if viewer is not None and mine:
            running = self.status == "running"
            can["draw"] = running and self.offers.draw_refusal(viewer, True) is None
            can["takeback"] = running and self._takeback_refusal(viewer) is None
            can["rematch"] = (
                self._rematch_refusal() is None
                and self.offers.rematch_refusal(viewer, "offer") is None
            )
        return {**self.offers.as_view(), "can": can, "table": table}

    def ai_status(self) -> list[dict[str, Any]]:
        """The AI seats thinking now: ``{"seat", "line"}`` (0: a worker thinks; n: the
        job is n-th in line for a worker), in seat order."""
        return [{"seat": s, "line": n} for s, n in sorted(self.ai_line.items())]

    def show_ai(self, line: dict[int, int]) -> None:
        """The places in line of this table's AI jobs changed: tell the subscribers (a seat
        whose job waits has no clock running: it starts when a worker takes the job)."""
        line = {s: n for s, n in line.items() if s in self.ai.to_move()}
        if line == self.ai_line:
            return
        queued_before = {s for s, n in self.ai_line.items() if n > 0}
        self.ai_line = line
        if queued_before != {s for s, n in line.items() if n > 0}:
            self.sync_clocks()
        text = encode({"type": "ai", "ai": self.ai_status(), "seq": self.seq})
        for sub in list(self.subscribers):
            sub.push(text, "ai")

    def changed(self) -> None:
        """Something a view shows has changed: views are built afresh."""
        self._views.clear()

    def _reveal(self) -> bool:
        return views.reveals_all(self.game, self.status == "finished")

    def move_list(self, viewer: int | None) -> list[dict[str, Any]]:
        """The move list ``viewer`` may see now (``views.visible_moves``), kept per viewer
        and extended by the new records only; built afresh when the game's end reveals
        every move. The caller must not change it."""
        reveal = self._reveal()
        if reveal != self._moves_reveal:
            self._moves, self._moves_reveal = {}, reveal
        entries = self._moves.setdefault(viewer, [])
        if len(entries) < len(self.records):
            entries.extend(
                views.move_entry(rec, viewer, reveal) for rec in self.records[len(entries) :]
            )
        return entries

    def _build_view(self, viewer: int | None) -> dict[str, Any]:
        return views.build_view(
            table_id=self.id,
            status=self.status,
            state=self.state,
            records=self.records,
            viewer=viewer,
            seats=self.seat_list(),
            result=self.result,
            submitted=self.pending.keys(),
            clocks=self.clocks.as_list(),
            moves=self.move_list(viewer),
        )

    def frame(self, viewer: int | None, start: int = 0) -> str:
        """The WebSocket message of ``viewer``'s view whose move list starts at ply
        ``start`` (0: the whole list)."""
        view = self.view(viewer)
        if start:
            view = {**view, "moves": self.move_list(viewer)[start:], "moves_from": start}
        return encode({"type": "view", "seq": self.seq, "view": view})

    def replay(self, viewer: int | None) -> dict[str, Any]:
        """Every frame of the game for ``viewer`` (a long record takes a second: the routes
        call ``replay_later`` in a thread instead)."""
        return self.replay_later(viewer)()

    def replay_later(self, viewer: int | None) -> Callable[[], dict[str, Any]]:
        """``replay(viewer)`` as a function of the table as it is now, safe to run in
        another thread: a change swaps the table's state, it never alters the one read."""
        return partial(
            views.replay,
            self.game,
            self.state.history(),
            viewer,
            self.status == "finished",
            dict(self.timeouts),
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
        """A new client gets the full view; the others at most a small presence change."""
        before = self.connected()
        self.subscribers.add(sub)
        self.used = time.monotonic()
        self.resync(sub)
        self._presence(before, skip=sub)

    def resync(self, sub: Subscriber) -> None:
        """Send ``sub`` the whole view (its client missed a frame, or just came)."""
        sub.push(self.frame(sub.seat), "view")
        self._sent[sub] = len(self.records)

    def unsubscribe(self, sub: Subscriber) -> None:
        before = self.connected()
        self.subscribers.discard(sub)
        self._sent.pop(sub, None)
        self.used = time.monotonic()
        self._presence(before)
        if not self.subscribers and self.status != "finished":
            self._left(time.time())
        self.host.release(self)

    def close_subscribers(self, code: int = 1012) -> None:
        """Disconnect every client (this process lets go of the table: ``1012``, they
        reconnect and reach its new owner)."""
        for sub in list(self.subscribers):
            close = getattr(sub, "close", None)
            if close is not None:
                close(code)
        self.subscribers.clear()
        self._sent.clear()

    def _left(self, at: float) -> None:
        """The last client left a game that is not over: it counts as touched until now
        (``Store.touch``), so abandonment waits its full time after anyone was there."""
        self.updated_at = max(self.updated_at, at)
        task = asyncio.ensure_future(self.host.db(self.host.store.touch, self.id, at))
        self._touches.add(task)
        task.add_done_callback(self._touches.discard)

    def _presence(self, before: list[bool], skip: Subscriber | None = None) -> None:
        """Tell the subscribers who is connected, if that changed."""
        now = self.connected()
        if now == before:
            return
        self.changed()
        text = encode({"type": "presence", "connected": now})
        for sub in list(self.subscribers):
            if sub is not skip:
                sub.push(text, "presence")

    def broadcast(self) -> None:
        """Push a fresh view to every subscriber, with the move-list entries it lacks;
        each distinct frame (seat, first entry) is built and encoded once."""
        self.changed()
        count = len(self.records)
        # A finished hidden-information game's frames carry the whole list: its end reveals
        # every move, and a client that missed the frame saying so must not keep the
        # hidden texts.
        whole = self.status == "finished" and self.game.info.information != "perfect"
        cache: dict[tuple[int | None, int], str] = {}
        for sub in list(self.subscribers):
            start = 0 if whole else min(self._sent.get(sub, 0), count)
            text = cache.get((sub.seat, start))
            if text is None:
                text = cache[sub.seat, start] = self.frame(sub.seat, start)
            self._sent[sub] = count
            sub.push(text, "delta" if start else "view")

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
            # The last claim starts the game: one frame (the start's) shows both.
            starting = all(
                s.claimed or s.seat == target.seat for s in self.seats if s.kind in HUMAN_KINDS
            )
            seq = None if starting else self.seq + 1
            await self.host.db(self.host.store.claim_seat, self.id, target.seat, digest, shown, seq)
            self.seq = seq or self.seq
            self.seats[target.seat] = dataclasses.replace(
                target, claimed=True, token_hash=digest, name=shown
            )
            if self.seats_taken():
                await self.start()
            else:
                self.broadcast()
            return target.seat, token

    async def reissue_token(self, seat: int) -> str:
        """A new token for a claimed seat (its player lost the old one, e.g. signed in on
        another device); the old token holds the seat no longer."""
        token = secrets.token_urlsafe(24)
        digest = hash_token(token)
        async with self.lock:
            await self.host.db(self.host.store.set_token, self.id, seat, digest)
            self.seats[seat] = dataclasses.replace(self.seats[seat], token_hash=digest)
        return token

    def seats_taken(self) -> bool:
        """Whether every seat a person plays is claimed (a waiting table then starts)."""
        return all(s.claimed for s in self.seats if s.kind in HUMAN_KINDS)

    async def start(self) -> None:
        """The game starts (under the lock): the moves nobody chooses (a deal, forced
        choices) are played, and the first decisions get their clocks and agents."""
        await self._commit([], status_override="running")

    async def act(self, token: str | None, action: int, ply: int) -> int:
        """A seat's action (or its secret submission at a simultaneous node)."""
        async with self.lock:
            seat = self.acting_seat(token)
            if await self.flag_fell():
                raise ConflictError("the game is over: time ran out")
            await self.decide(seat, action, ply)
            return seat

    async def abandon(self, idle_since: float) -> bool:
        """Close a table nobody has touched since ``idle_since`` (epoch seconds): no move,
        no seat taken and no client connected since then (``updated_at``, moved on when
        the last client leaves). It ends without a winner, as ``abandoned``, through
        ``finish``. Returns whether it was closed (a table in use stays open)."""
        async with self.lock:
            if self.status == "finished" or self.subscribers or self.ai.thinking:
                return False
            if self.clocks.running:
                return False
            if await self.flag_fell():
                return True
            if self.game_clock is not None and self.game_clock.running:
                return False  # the game clock decides: its flag ends the game
            record_time = self.updated_at
            if record_time > idle_since:
                return False
            await self.finish(
                self.no_winner("abandoned", "abandoned: no move and nobody at the table")
            )
            return True

    async def cancel(self, token: str | None) -> int:
        """The creator withdraws a table still waiting for players: it ends without a
        winner (``cancelled``) and stays on record. Only a token of a seat the creator took
        when making the table (a ``local`` seat) may; a player who joined may not."""
        async with self.lock:
            seat = self.acting_seat(token)
            if self.seats[seat].kind != "local":
                raise ForbiddenError("only the player who created this table may cancel it")
            if self.status != "waiting":
                raise ConflictError("the game has started: resign instead of cancelling")
            await self.finish(self.no_winner("cancelled", "cancelled by its creator"))
            return seat

    async def abort_ai(self, irregular: Irregularity) -> None:
        """A rated game whose AI seat could not move (its jobs failed round after round)
        ends without a winner, never with a random move (under the lock); the result says
        why (``irregular``), and the game is not rated."""
        seat = irregular.seat
        log.error("table %s: aborted, the AI of seat %d could not move", self.id, seat)
        text = f"aborted: the AI of seat {seat} could not move"
        self.irregular = self.irregular or irregular.as_dict()
        await self.finish(self.no_winner("aborted", text))

    def no_winner(self, termination: str, text: str) -> dict[str, Any]:
        """The result of a game closed without a winner (every return 0)."""
        n = self.game.num_players()
        return {"returns": [0.0] * n, "termination": termination, "text": text}

    async def resign(self, token: str | None) -> int:
        """A platform action: the seat's team loses, every other seat wins."""
        async with self.lock:
            seat = self.acting_seat(token)
            if await self.flag_fell():
                raise ConflictError("the game is over: time ran out")
            self._check_running()
            entry = LogEntry(self.next_seq, self.state.move_number(), RESIGN, seat, None)
            await self.finish(resign_result(self.game, seat), [entry])
            return seat

    async def finish(
        self,
        result: dict[str, Any],
        entries: Sequence[LogEntry] = (),
        *,
        played: Played | None = None,
    ) -> None:
        """End the game with ``result``: the one way a table ends (lila's ``Finisher``),
        called under the table's lock by close, cancel, abandon, resign, a move that ends
        the game (``played``: the moves, played on a clone by ``_commit``) and a
        tournament's forfeit.

        ``entries`` (a resignation) and the result are stored in one transaction, and only
        then shown: the pending choices are dropped, every clock stops, ``updated_at`` is
        set and each subscriber gets one fresh view. A failure leaves the table as it was.
        """
        if self.status == "finished":
            raise ConflictError("the game is over")
        if played is None:
            played = self._unplayed(entries)
        elif entries:
            raise ValueError("give the entries that end the game either as moves or as entries")
        irregular = self.irregular or (played.irregular.as_dict() if played.irregular else None)
        if irregular is not None:  # the result says it did not come from play alone
            result = {**result, "irregular": irregular}
        await self._change(played, "finished", result, clear_pending=True)

    # ------------------------------------------------------------------ offers
    async def offer(self, token: str | None, offer: social.Offer) -> int:
        """A draw offer, takeback request or rematch offer of a person, or their answer
        to one (``social``; the rules in ``docs/time-controls.md``). A refusal raises
        ``ConflictError`` and changes nothing; an offer or answer is stored before it is
        shown, and an agreed draw ends the game through ``finish``."""
        async with self.lock:
            seat = self.acting_seat(token)
            if seat not in self.offers.people:
                raise ForbiddenError("only the people at the table make offers")
            if offer.what == "rematch":
                await self._rematch(seat, offer.do)
                return seat
            if await self.flag_fell():
                raise ConflictError("the game is over: time ran out")
            self._check_running()
            if offer.what == "draw":
                await self._draw(seat, offer.do)
            else:
                await self._takeback(seat, offer.do)
            return seat

    def _offer_entry(self, offer: social.Offer, seq: int | None = None) -> LogEntry:
        return LogEntry(
            self.next_seq if seq is None else seq,
            self.state.move_number(),
            OFFER,
            offer.seat,
            offer.as_payload(),
        )

    async def _note(self, offer: social.Offer) -> None:
        """Store an offer or answer that moves nothing, then show it."""
        entry = self._offer_entry(offer)
        await self.host.db(self.host.store.note, self.id, [entry], self.seq + 1)
        self.seq += 1
        self.next_seq += 1
        self.offers = self.offers.fold(offer)
        self.updated_at = time.time()
        self.broadcast()

    async def _draw(self, seat: int, do: str) -> None:
        if do == "offer":
            why = self.offers.draw_refusal(seat, True)
        else:
            why = self.offers.draw_answer_refusal(seat)
        if why is not None:
            raise ConflictError(why)
        offer = social.Offer("draw", do, seat)
        if do == "accept" and self.offers.fold(offer).draw_agreed():
            log.info("table %s: a draw is agreed", self.id)
            await self.finish(results.agreed_draw(self.game), [self._offer_entry(offer)])
            return
        await self._note(offer)

    def _takeback_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not ask for a takeback now (``None``: it may)."""
        if not self.casual:
            return "takebacks are for casual games only: this game is rated"
        why = self.offers.takeback_refusal(seat)
        if why is not None:
            return why
        target = self._takeback_target(seat)
        return target if isinstance(target, str) else None

    def _takeback_target(self, seat: int) -> int | str:
        """The ply a takeback of ``seat``'s last move returns to (every move after it is
        taken back too), or why there is none: never in a game with hidden information,
        never past a chance outcome or a secret choice (see ``docs/time-controls.md``)."""
        if self.game.info.information != "perfect":
            return (
                "no takebacks in a game with hidden information: a move taken back "
                "could show what is hidden"
            )
        if self.pending:
            return "a secret choice is under way: nothing can be taken back now"
        for rec in reversed(self.records):
            if rec.player == CHANCE:
                return (
                    "a move cannot be taken back past a die roll, a deal or another chance outcome"
                )
            if rec.player == SIMULTANEOUS:
                return "a move cannot be taken back past a secret choice"
            if rec.player == seat:
                return rec.ply
        return "you have no move to take back"

    async def _takeback(self, seat: int, do: str) -> None:
        if do == "offer":
            why = self._takeback_refusal(seat)
            if why is not None:
                raise ConflictError(why)
            asked = social.Offer("takeback", "offer", seat)
            if self.offers.others(seat):
                await self._note(asked)
                return
            # against the computer (no other person): granted at once
            asker = seat
            entries = [self._offer_entry(asked)]
        else:
            why = self.offers.takeback_answer_refusal(seat)
            if why is not None:
                raise ConflictError(why)
            if do == "decline":
                await self._note(social.Offer("takeback", "decline", seat))
                return
            assert self.offers.takeback is not None
            asker = self.offers.takeback
            entries = []
        if not self.casual:  # (a request is refused in a rated game; said again here)
            raise ConflictError("takebacks are for casual games only: this game is rated")
        target = self._takeback_target(asker)
        if isinstance(target, str):
            raise ConflictError(target)
        granted = social.Offer("takeback", "accept", seat, to=target)
        entries.append(self._offer_entry(granted, self.next_seq + len(entries)))
        await self._take_back(target, entries)

    async def _take_back(self, to: int, entries: list[LogEntry]) -> None:
        """Take back every move from ply ``to`` on (a granted takeback, its log entries
        ``entries``): stored as one change (the table's ply goes back, the pending choices
        go), then the table is rebuilt from the moves before ``to`` and shown afresh."""
        before = self.state.move_number()
        state = self.game.new_initial_state()
        for move in self.state.history()[:to]:
            _apply(state, move)
        clock = None
        if self.game_clock is not None:
            clock = self.game_clock.taken_back(time.time(), self._clock_seats(state, "running", ()))
        await self.host.advance(
            Advance(
                self.id,
                expected_ply=before,
                entries=entries,
                ply=to,
                status="running",
                result=None,
                clear_pending=True,
                seq=self.seq + 1,
                timing=clock.as_stored() if clock else None,
            )
        )
        log.info("table %s: moves from ply %d taken back", self.id, to)
        self.seq += 1
        if clock is not None:
            self.game_clock = clock
        self.ai.forget()  # an answer under way is for a position that is gone
        self.ai_line = {}
        self.state, self.next_seq = state, self.next_seq + len(entries)
        self.pending, self.pending_timeouts = {}, set()
        self.records = self.records[:to]
        self.timeouts = {p: s for p, s in self.timeouts.items() if p < to}
        for entry in entries:
            self.offers = self.offers.fold(social.Offer.stored(entry.seat, entry.payload))
        self._moves, self._sent = {}, {}  # every client gets the whole (shorter) list
        self.updated_at = time.time()
        self.sync_clocks()
        self.broadcast()
        self.ai.schedule()

    def _rematch_refusal(self) -> str | None:
        """Why this table has no rematch now (``None``: it may have one)."""
        if self.status != "finished":
            return "a rematch is offered when the game is over"
        if (self.result or {}).get("termination") == "cancelled":
            return "this game was never played: it has no rematch"
        if self.in_tournament:
            return "a tournament game has no rematch: the tournament pairs the next game"
        return None

    async def _rematch(self, seat: int, do: str) -> None:
        why = self._rematch_refusal() or self.offers.rematch_refusal(seat, do)
        if why is not None:
            raise ConflictError(why)
        offer = social.Offer("rematch", do, seat)
        if do == "decline" or not self.offers.fold(offer).rematch_agreed():
            await self._note(offer)
            return
        new_id = await self.host.rematch(self, offer)
        self.seq += 1
        self.next_seq += 1
        self.offers = self.offers.fold(dataclasses.replace(offer, table=new_id))
        self.broadcast()

    def rematch_entry(self, offer: social.Offer, table: str) -> tuple[LogEntry, int]:
        """The log entry of the offer that makes the rematch ``table``, and the table's
        frame sequence number after it (``Hub.rematch`` stores it with the new table)."""
        return self._offer_entry(dataclasses.replace(offer, table=table)), self.seq + 1

    def _check_running(self) -> None:
        if self.status == "waiting":
            raise ConflictError("the game has not started: some seats are still free")
        if self.status == "finished":
            raise ConflictError("the game is over")

    async def decide(
        self,
        seat: int,
        action: int,
        ply: int,
        timed_out: bool = False,
        irregular: Irregularity | None = None,
    ) -> None:
        """``seat`` takes ``action`` at ``ply`` (``timed_out``: the clock takes it;
        ``irregular``: the server chose it for the seat, ``integrity``)."""
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
                await self._commit([joint], timeouts=tuple(sorted(late)), irregular=irregular)
            else:
                if irregular is not None and self.irregular is None:
                    marked = irregular.as_dict()
                    await self.host.db(self.host.store.mark_irregular, self.id, marked)
                    self.irregular = marked
                clock = self._clock_after(self.state, self.status, chosen)
                await self.host.db(
                    self.host.store.add_pending,
                    self.id,
                    seat,
                    now,
                    action,
                    timed_out,
                    self.seq + 1,
                    clock.as_stored() if clock else None,
                )
                self.seq += 1
                self.game_clock = clock
                self.pending, self.pending_timeouts = chosen, set(late)
                self.sync_clocks()
                self.broadcast()
            return
        if player != seat:
            raise OutOfTurnError(f"it is not seat {seat}'s turn")
        await self._commit([action], timeouts=(seat,) if timed_out else (), irregular=irregular)

    async def _commit(
        self,
        moves: list[Move],
        status_override: str | None = None,
        timeouts: tuple[int, ...] = (),
        irregular: Irregularity | None = None,
    ) -> None:
        """Play ``moves`` plus any chance outcomes after them, then store and show them;
        a move that ends the game ends it through ``finish``.

        ``timeouts``: the seats whose part of the first move the clock played;
        ``irregular``: the server chose the first move for a seat.
        """
        played = self._play(moves, timeouts)
        if irregular is not None:
            played = dataclasses.replace(played, irregular=irregular)
        result = views.result_of(played.state)
        if played.state.current_player() == TERMINAL and result is not None:
            await self.finish(result, played=played)
            return
        status = status_override or self.status
        await self._change(played, status, result, clear_pending=bool(self.pending))

    def _play(self, moves: list[Move], timeouts: tuple[int, ...]) -> Played:
        """``moves`` and the chance outcomes and forced joint moves after them, played on a
        clone of the state (an illegal move raises here and changes nothing)."""
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
        return Played(
            before=before,
            state=state,
            entries=tuple(entries),
            records=tuple(records),
            next_seq=seq,
            pending=pending,
            timeouts=timeouts if moves else (),
        )

    def _unplayed(self, entries: Sequence[LogEntry]) -> Played:
        """Log entries that play no move (a resignation): the state stays as it is."""
        return Played(
            before=self.state.move_number(),
            state=self.state,
            entries=tuple(entries),
            records=(),
            next_seq=self.next_seq + len(entries),
        )

    async def _change(
        self,
        played: Played,
        status: str,
        result: dict[str, Any] | None,
        *,
        clear_pending: bool,
    ) -> None:
        """The one path of every change of the game: ``played`` is stored with the
        table's new status and result in one transaction (``StaleMoveError`` if the table
        moved on meanwhile: nothing changes), then swapped in and shown."""
        irregular = played.irregular.as_dict() if played.irregular else None
        if self.irregular is not None:
            irregular = None  # the table keeps its first one
        clock = self._clock_after(played.state, status, played.pending)
        await self.host.advance(
            Advance(
                self.id,
                expected_ply=played.before,
                entries=played.entries,
                ply=played.state.move_number(),
                status=status,
                result=result,
                clear_pending=clear_pending,
                pending=played.pending,
                irregular=irregular,
                seq=self.seq + 1,
                timing=clock.as_stored() if clock else None,
            )
        )
        self.seq += 1
        self.game_clock = clock
        if irregular is not None:
            self.irregular = irregular
        self.state, self.next_seq, self.pending = played.state, played.next_seq, played.pending
        self.pending_timeouts = set()
        if played.timeouts:
            self.timeouts[played.before] = played.timeouts
        self.records.extend(played.records)
        for entry in played.entries:
            if entry.kind == RESIGN:
                self.resigned = entry.seat
            elif entry.kind in MOVE_KINDS:
                self.offers = self.offers.moved(_movers(entry))
            elif entry.kind == OFFER:
                self.offers = self.offers.fold(social.Offer.stored(entry.seat, entry.payload))
        self.status, self.result = status, result
        self.ai_line = {}
        self.updated_at = time.time()
        self.sync_clocks()
        self.broadcast()
        self.ai.schedule()
        self.host.release(self)

    # ------------------------------------------------------------------ decision clocks
    def sync_clocks(self) -> None:
        """Stop the clocks of decisions that are made, start full ones for new decisions."""
        self.changed()
        wanted = timed_decisions(self.state, self.status == "running", self.pending, self.id)
        # An AI seat whose job waits in line has no clock yet: it is not thinking.
        wanted = {s: c for s, c in wanted.items() if self.ai_line.get(s, 0) == 0}
        self.clocks.sync(wanted, self.state.move_number())
        self._arm_flag()

    # ------------------------------------------------------------------ game clocks
    def _clock_seats(
        self, state: State, status: str, submitted: Collection[int]
    ) -> tuple[int, ...]:
        """The seats whose game clock runs in ``state``: the people with a decision to make
        (never an AI seat, never during a chance outcome or another seat's decision)."""
        if status != "running":
            return ()
        player = state.current_player()
        if player >= 0:
            deciding: tuple[int, ...] = (player,)
        elif player == SIMULTANEOUS:
            deciding = tuple(s for s in range(state.num_players()) if s not in submitted)
        else:
            return ()
        return tuple(s for s in deciding if self.seats[s].kind != "ai")

    def _clock_after(
        self, state: State, status: str, submitted: Collection[int], now: float | None = None
    ) -> GameClock | None:
        """The game clocks after a change to ``state``/``status`` at ``now`` (the time
        used charged to the running seats, the increment to those who decided)."""
        if self.time_control is None:
            return None
        now = time.time() if now is None else now
        running = self._clock_seats(state, status, submitted)
        if self.game_clock is None:
            if status != "running":
                return None
            return GameClock.start(self.time_control, self.game.num_players(), running, now)
        if status == "finished":
            return self.game_clock.stopped(now)
        return self.game_clock.charged(now, running)

    def _arm_flag(self) -> None:
        """Wake when the first running game clock runs out (``flag_fell`` then ends the
        game); re-armed after every change."""
        if self._flag is not None:
            self._flag.cancel()
            self._flag = None
        if self.game_clock is None or self.status != "running":
            return
        wait = self.game_clock.next_flag(time.time())
        if wait is None:
            return
        self._flag = asyncio.get_running_loop().call_later(
            wait + 0.01, lambda: self.spawn(self._flag_timer())
        )

    async def _flag_timer(self) -> None:
        async with self.lock:
            try:
                await self.flag_fell()
            except Exception:
                log.exception("table %s: ending the game on time failed", self.id)
                self._arm_flag()

    async def flag_fell(self) -> bool:
        """End the game as a ``timeout`` if a running game clock has run out (under the
        lock): the seat that ran out first loses as if it resigned (``results.timed_out``).
        Returns whether the game ended so."""
        clock = self.game_clock
        if clock is None or self.status != "running":
            return False
        flagged = clock.flagged(time.time())
        if not flagged:
            return False
        seat = min(flagged, key=lambda s: (clock.remaining[s], s))
        log.info("table %s: seat %d ran out of time", self.id, seat)
        await self.finish(results.timed_out(self.game, seat))
        return True

    async def _time_out(self, running: RunningClock) -> None:
        """Take the clock's action for a seat whose time ran out (if it still has to act)."""
        async with self.lock:
            if not self.clocks.take(running):
                return  # the seat acted (or the game moved on) while we waited for the lock
            irregular = None
            if self.seats[running.seat].kind == "ai":
                self.ai.forget()  # that agent's answer is stale now: think afresh
                # The clock, not the agent, moves: no result from play (``integrity``).
                irregular = Irregularity(AGENT_TIMEOUT, running.seat, running.ply)
            try:
                await self.decide(
                    running.seat, running.clock.on_timeout, running.ply, True, irregular
                )
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
            self.ai.schedule()

    def spawn(self, coro: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """Run ``coro`` as a task of this table (cancelled with it)."""
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    @property
    def busy(self) -> bool:
        """Whether the table does something on its own: a running clock, an AI thinking,
        a change under way, or a client watching."""
        return bool(
            self.subscribers
            or self.clocks.running
            or self.ai.thinking
            or self.lock.locked()
            or self._game_clock_short()
        )

    def _game_clock_short(self) -> bool:
        """A game clock runs with minutes + increment (the table stays in memory for its
        flag; correspondence flags fall when the table is next read or swept)."""
        clock = self.game_clock
        return bool(clock and clock.running and not clock.control.correspondence)

    def cancel_ai(self) -> None:
        """Stop thinking and counting: every AI task and clock of this table."""
        self.clocks.stop()
        if self._flag is not None:
            self._flag.cancel()
            self._flag = None
        for task in list(self._tasks):
            task.cancel()


def _movers(entry: LogEntry) -> tuple[int, ...]:
    """The seats that moved in a move entry (every seat at a joint action; none for a
    chance outcome)."""
    if entry.kind == JOINT:
        return tuple(range(len(entry.payload)))
    return () if entry.seat is None else (entry.seat,)


def _apply(state: State, move: Move) -> None:
    if isinstance(move, int):
        state.apply_action(move)
    else:
        state.apply_actions(list(move))

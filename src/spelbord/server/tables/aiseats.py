"""The AI seats of one live table: when to think, and playing what the agent chose.

Whenever an AI seat has a decision (its turn, or its part of a simultaneous choice) and no
agent is thinking yet, one task asks the worker tier (through the table's host: ``think``;
a job that waits in line until a worker takes it) for every such seat at once, then plays
the answers through the table's one path for changes, under its lock. An answer for a ply
the game has left (a clock ran out meanwhile) is dropped. An agent that thought longer
than its seat's decision clock allows (as the worker tier measured it: a job that waited in
line got its clock late) gets the clock's timeout action, as if the clock had run out; so
does an answer that arrives after the running clock's deadline.

A failed, crashed or illegal answer is replaced by a random legal action (seeded by table
and ply) only where the host allows it (``Host.allows_random``: a casual game), and that
move is irregular (``integrity``: stored with the move, said in the result). A rated game
never gets one: its seat asks again (a fresh job, after a pause), and after
``RATED_ROUNDS`` failed rounds the game is closed without a winner (``aborted``: not rated).
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any, Protocol

from spelbord.core import SIMULTANEOUS, Game, State
from spelbord.server.tables.clocks import DecisionClocks, timed_decisions
from spelbord.server.tables.integrity import (
    AGENT_FAILED,
    AGENT_ILLEGAL,
    AGENT_NO_ANSWER,
    AGENT_TIMEOUT,
    Irregularity,
)
from spelbord.server.tables.store import SeatRecord
from spelbord.server.tables.workers import Answer, ThinkJob, derive_seed

log = logging.getLogger(__name__)

Think = Callable[[ThinkJob], Awaitable[Answer]]
"""Asks an agent for its answer (``Host.think``); its action ``None``: no answer."""
AllowsRandom = Callable[[str], Awaitable[bool]]
"""Whether a table's failed AI answer may be replaced by a random move (``Host``)."""

RATED_ROUNDS = 3
"""Rounds of failed jobs a rated game's AI seat gets before the game is aborted."""
RETRY_PAUSE = 1.0
"""Seconds before a rated game's AI seat asks again after a failed job (doubling)."""


class AbortedError(RuntimeError):
    """A rated game's AI seat could not move: the game is aborted, never played at random.
    ``irregular`` says which seat, at which ply and why (``integrity``)."""

    def __init__(self, irregular: Irregularity) -> None:
        super().__init__(f"seat {irregular.seat}: {irregular.reason}")
        self.irregular = irregular


class SeatedTable(Protocol):
    """The table whose AI seats these are (a ``LiveTable``), as far as they use it."""

    id: str
    game: Game
    seed: int
    client: str | None
    status: str
    state: State
    seats: list[SeatRecord]
    pending: dict[int, int]
    lock: asyncio.Lock
    clocks: DecisionClocks

    def spawn(self, coro: Coroutine[Any, Any, None]) -> asyncio.Task[None]: ...

    async def decide(
        self,
        seat: int,
        action: int,
        ply: int,
        timed_out: bool = False,
        irregular: Irregularity | None = None,
    ) -> None: ...

    async def abort_ai(self, irregular: Irregularity) -> None: ...


@dataclass(frozen=True)
class Choice:
    """What an AI seat plays: the ``action``, whether the clock chose it (``timed_out``)
    and what made it irregular when the agent did not choose it (``integrity``)."""

    action: int
    irregular: Irregularity | None = None
    timed_out: bool = False


class AiSeats:
    """Schedules and plays the moves of one table's AI seats."""

    def __init__(
        self, table: SeatedTable, think: Think, allows_random: AllowsRandom | None = None
    ) -> None:
        self.table = table
        self.think = think
        self.allows_random = allows_random
        self.task: asyncio.Task[None] | None = None

    @property
    def thinking(self) -> bool:
        return self.task is not None and not self.task.done()

    def to_move(self) -> list[int]:
        """The AI seats with a decision to make now."""
        table = self.table
        if table.status != "running":
            return []
        player = table.state.current_player()
        ai = {s.seat for s in table.seats if s.kind == "ai"}
        if player == SIMULTANEOUS:
            return sorted(s for s in ai if s not in table.pending)
        return [player] if player in ai else []

    def schedule(self) -> None:
        """Start thinking when an AI seat has a decision and no agent is thinking yet."""
        if self.to_move() and not self.thinking:
            self.task = self.table.spawn(self._run())

    def forget(self) -> None:
        """The answer under way is stale (a clock moved for an AI seat): think afresh."""
        self.task = None

    async def _run(self) -> None:
        table = self.table
        me = asyncio.current_task()
        while self.task is me and (seats := self.to_move()):
            ply = table.state.move_number()
            try:
                choices = await asyncio.gather(*(self._think(seat) for seat in seats))
            except AbortedError as exc:
                async with table.lock:
                    if self.task is me and table.status == "running":
                        await table.abort_ai(exc.irregular)
                return
            async with table.lock:
                if self.task is not me:
                    return  # a clock ran out meanwhile; a fresh task thinks now
                if table.status != "running" or table.state.move_number() != ply:
                    continue
                late = False
                for seat, choice in zip(seats, choices, strict=True):
                    if table.status != "running" or table.state.move_number() != ply:
                        break
                    if seat in table.pending:
                        continue
                    if self._ran_out(seat, ply):
                        late = True
                        continue
                    try:
                        await table.decide(
                            seat, choice.action, ply, choice.timed_out, choice.irregular
                        )
                    except Exception:
                        log.exception("table %s: the AI move of seat %d failed", table.id, seat)
                        return
                if late:
                    return  # the clock's timer plays for the late seat, then thinks afresh

    def _ran_out(self, seat: int, ply: int) -> bool:
        """Whether the seat's running clock has passed its deadline (its timer, waiting for
        the table's lock, takes the clock's action: the answer is too late)."""
        running = self.table.clocks.running.get(seat)
        return running is not None and running.ply == ply and time.time() >= running.deadline

    async def _think(self, seat: int) -> Choice:
        """What the seat plays: its agent's action, or the clock's when the agent thought
        too long, or a random one (irregular: such a game is not rated)."""
        table = self.table
        spec = table.seats[seat].agent or "random"
        state = table.state
        ply = state.move_number()
        legal = state.legal_actions(seat)
        job = ThinkJob(
            game=table.game.name,
            options=table.game.options,
            rules_version=table.game.rules_version,
            state_json=state.to_json(),
            seat=seat,
            spec=spec,
            seed=derive_seed(table.seed, "agent", ply, seat),
            table=table.id,
            ply=ply,
            client=table.client or f"table:{table.id}",
        )
        clock = timed_decisions(state, True, table.pending, table.id).get(seat)
        pause = RETRY_PAUSE
        for _ in range(RATED_ROUNDS):
            answer = Answer(None)
            reason = AGENT_NO_ANSWER
            try:
                answer = await self.think(job)
            except Exception:
                log.exception("table %s: the AI tier failed", table.id)
                reason = AGENT_FAILED
            action = answer.action
            if clock is not None and answer.late(clock.seconds):
                log.info("table %s: seat %d's agent thought too long", table.id, seat)
                return Choice(clock.on_timeout, Irregularity(AGENT_TIMEOUT, seat, ply), True)
            if action is not None and action in legal:
                return Choice(action)
            if action is not None:
                log.warning("table %s: agent %s chose illegal %r", table.id, spec, action)
                reason = AGENT_ILLEGAL
            if self.allows_random is None or await self.allows_random(table.id):
                rng = random.Random(derive_seed(table.seed, "fallback", ply, seat))
                log.warning("table %s: seat %d plays at random (its agent failed)", table.id, seat)
                return Choice(rng.choice(legal), Irregularity(reason, seat, ply))
            log.error("table %s (rated): seat %d's agent failed; asking again", table.id, seat)
            await asyncio.sleep(pause)
            pause *= 2
        raise AbortedError(Irregularity(reason, seat, ply))

"""Decision clocks of one live table: which seats are on the clock, and the timers.

Whenever the state puts a clock on a seat that has to decide (``State.decision_clock``),
the table starts a timer for that seat and that ply. A seat that acts in time stops its
clock; every accepted change re-evaluates the clocks, and a new decision gets a new full
clock. When a clock runs out, ``on_run_out(running)`` is called (the table then takes the
clock's ``on_timeout`` action for the seat through the same path as a player's action).
A restarted server starts the clocks of the games it resumes again in full.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from spelbord.core import SIMULTANEOUS, Clock, State

log = logging.getLogger(__name__)


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


def timed_decisions(
    state: State, running: bool, submitted: Collection[int], table_id: str = "?"
) -> dict[int, Clock]:
    """The clock on each seat that has a decision to make now (untimed seats left out).

    ``submitted``: the seats that have already chosen at a simultaneous node.
    """
    if not running:
        return {}
    player = state.current_player()
    if player >= 0:
        seats: tuple[int, ...] = (player,)
    elif player == SIMULTANEOUS:
        seats = tuple(s for s in range(state.num_players()) if s not in submitted)
    else:
        return {}
    wanted: dict[int, Clock] = {}
    for seat in seats:
        try:
            clock = state.decision_clock(seat)
        except Exception:
            log.exception("table %s: decision_clock(%d) failed; no clock", table_id, seat)
            continue
        if clock is not None:
            wanted[seat] = clock
    return wanted


class DecisionClocks:
    """The clocks running now at one table, by seat."""

    def __init__(self, on_run_out: Callable[[RunningClock], object]) -> None:
        self.running: dict[int, RunningClock] = {}
        self._on_run_out = on_run_out

    def sync(self, wanted: dict[int, Clock], ply: int) -> None:
        """Stop the clocks of decisions that are made, start full ones for new decisions.

        A decision is a seat at a ply: a clock keeps running while its seat still has to
        decide at the same ply (e.g. while others submit at a simultaneous node).
        """
        for seat, running in list(self.running.items()):
            if running.ply != ply or wanted.get(seat) != running.clock:
                running.handle.cancel()
                del self.running[seat]
        if not wanted:
            return
        loop = asyncio.get_running_loop()
        for seat, clock in wanted.items():
            if seat not in self.running:
                handle = loop.call_later(clock.seconds, self._ran_out, seat, ply)
                self.running[seat] = RunningClock(
                    seat, ply, clock, time.time() + clock.seconds, handle
                )

    def _ran_out(self, seat: int, ply: int) -> None:
        running = self.running.get(seat)
        if running is not None and running.ply == ply:
            self._on_run_out(running)

    def take(self, running: RunningClock) -> bool:
        """Remove ``running`` if it is still the seat's clock (the seat did not act while
        the timeout waited for the table's lock)."""
        if self.running.get(running.seat) is not running:
            return False
        del self.running[running.seat]
        return True

    def as_list(self) -> list[dict[str, Any]]:
        """The running clocks as the VIEW shows them, in seat order."""
        if not self.running:
            return []
        now = time.time()
        return [self.running[s].as_dict(now) for s in sorted(self.running)]

    def stop(self) -> None:
        for running in self.running.values():
            running.handle.cancel()
        self.running.clear()

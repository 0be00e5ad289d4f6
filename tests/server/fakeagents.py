"""Agents for server tests, run in the worker processes like real ones.

Specs: ``first`` (lowest legal action), ``random``, ``crash`` (the worker process dies),
``slow:30s`` (sleeps past any timeout), ``late:0.6s`` (answers the lowest legal action
after that long: past a short decision clock, within the worker timeout), ``illegal``
(answers an action that is not legal), ``fail`` (raises).
"""

from __future__ import annotations

import os
import random
import time
from typing import Any


class SeatView:
    """The same window on a state as ``spelbord.ai.SeatView`` (what the tests need of it)."""

    def __init__(self, state: Any, seat: int) -> None:
        self._state = state
        self.seat = seat

    def legal_actions(self) -> list[int]:
        return list(self._state.legal_actions(self.seat))


class FakeAgent:
    def __init__(self, spec: str, seed: int) -> None:
        self.kind = spec.split(":")[0]
        self.seconds = float(spec.split(":")[1].removesuffix("s")) if ":" in spec else 1.0
        self.rng = random.Random(seed)

    def step(self, view: SeatView) -> int:
        legal = view.legal_actions()
        if self.kind == "crash":
            os._exit(3)
        if self.kind == "slow":
            time.sleep(30)
        if self.kind == "late":
            time.sleep(self.seconds)
        if self.kind == "illegal":
            return -99
        if self.kind == "fail":
            raise RuntimeError("this agent always fails")
        if self.kind == "random":
            return self.rng.choice(legal)
        return legal[0]


def make_agent(spec: str, seed: int, game: str | None = None) -> FakeAgent:
    """A fake agent for any game (``game`` is what the server checks a seat's agent for)."""
    if spec.split(":")[0] not in ("first", "random", "crash", "slow", "late", "illegal", "fail"):
        raise ValueError(f"unknown fake agent {spec!r}")
    return FakeAgent(spec, seed)

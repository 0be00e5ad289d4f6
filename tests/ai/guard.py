"""``Guarded``: a stand-in for a state that lets a seat's view do only what it may.

Passed to ``SeatView`` instead of the real state, it answers ``observation``,
``legal_actions``, ``resample`` and ``determinize`` for the watched seat only, plus the
public facts (``game``, ``current_player``, ``is_terminal``, ``num_players``); any other
access, or a question about another seat, fails the test. It counts ``resample`` and
``determinize`` calls together (``resamples``).
"""

from __future__ import annotations

import random
from typing import Any, cast

from spelbord.ai import SeatView
from spelbord.core import State


class PeekError(AssertionError):
    """An agent reached for more than its seat may see."""


class Guarded:
    def __init__(self, state: State, seat: int) -> None:
        object.__setattr__(self, "_real", state)
        object.__setattr__(self, "_seat", seat)
        object.__setattr__(self, "resamples", 0)

    def _check(self, seat: int | None, what: str) -> None:
        if seat != self._seat:
            raise PeekError(f"{what} for seat {seat!r} through seat {self._seat}'s view")

    @property
    def game(self) -> Any:
        return self._real.game

    def observation(self, seat: int | None) -> dict[str, Any]:
        self._check(seat, "observation")
        return self._real.observation(seat)

    def legal_actions(self, seat: int | None = None) -> list[int]:
        self._check(seat, "legal_actions")
        return self._real.legal_actions(seat)

    def resample(self, seat: int | None, rng: random.Random) -> State:
        self._check(seat, "resample")
        object.__setattr__(self, "resamples", self.resamples + 1)
        return self._real.resample(seat, rng)

    def determinize(self, seat: int | None, rng: random.Random) -> State:
        self._check(seat, "determinize")
        object.__setattr__(self, "resamples", self.resamples + 1)
        return self._real.determinize(seat, rng)

    def action_to_string(self, action: int, seat: int | None = None) -> str:
        self._check(seat, "action_to_string")
        if action not in self._real.legal_actions(seat):
            raise PeekError(f"the text of action {action}, not a legal action of seat {seat}")
        return self._real.action_to_string(action, seat)

    def current_player(self) -> int:
        return self._real.current_player()

    def is_terminal(self) -> bool:
        return self._real.is_terminal()

    def num_players(self) -> int:
        return self._real.num_players()

    def __getattr__(self, name: str) -> Any:
        raise PeekError(f"an agent read state.{name}")

    def __setattr__(self, name: str, value: Any) -> None:
        raise PeekError(f"an agent wrote state.{name}")


def guarded_view(state: State, seat: int) -> tuple[SeatView, Guarded]:
    """A view of ``state`` for ``seat`` whose every access is checked."""
    guard = Guarded(state, seat)
    return SeatView(cast(State, guard), seat), guard

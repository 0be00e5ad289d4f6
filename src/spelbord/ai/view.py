"""``SeatView``: the only window an agent has on a game.

An agent is handed a ``SeatView`` for its seat and must use nothing but the methods below:
what that seat observes, its legal actions, whose turn it is, and ``resample`` (a full state
consistent with what the seat knows, on which the agent may search freely). The true state
sits in a private slot; reading it would be cheating at hidden-information games.
"""

from __future__ import annotations

import random
from typing import Any

from spelbord.core import Game, State
from spelbord.core.errors import OutOfTurnError


class SeatView:
    """What ``seat`` may see of ``state``; agents use only the public methods.

    The view follows the state it wraps: after a move is applied to the state, the view
    shows the new position.
    """

    __slots__ = ("_seat", "_state")

    def __init__(self, state: State, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise OutOfTurnError(f"a seat is an int, got {seat!r}")
        if not 0 <= seat < state.num_players():
            raise OutOfTurnError(f"no seat {seat} in a {state.num_players()}-seat game")
        self._state = state
        self._seat = seat

    @property
    def seat(self) -> int:
        """The seat this view belongs to (fixed for the view's life)."""
        return self._seat

    @property
    def game(self) -> Game:
        """The game (its facts and options), which every seat knows."""
        return self._state.game

    def observation(self) -> dict[str, Any]:
        """Exactly what this seat may know, as the game's JSON-ready observation."""
        return self._state.observation(self.seat)

    def legal_actions(self) -> list[int]:
        """This seat's legal actions now (empty when it has nothing to decide)."""
        return self._state.legal_actions(self.seat)

    def action_to_string(self, action: int) -> str:
        """The notation of ``action``, one of this seat's legal actions now."""
        return self._state.action_to_string(action, self.seat)

    def current_player(self) -> int:
        """The seat to move, or ``CHANCE``, ``SIMULTANEOUS`` or ``TERMINAL``."""
        return self._state.current_player()

    def is_terminal(self) -> bool:
        return self._state.is_terminal()

    def num_players(self) -> int:
        return self._state.num_players()

    def resample(self, rng: random.Random) -> State:
        """A full state consistent with what this seat knows (a clone if nothing is hidden).

        The returned state is the agent's own to search and change.
        """
        return self._state.resample(self.seat, rng)

    def determinize(self, rng: random.Random) -> State:
        """Like ``resample`` but without a history that replays (faster where it matters).

        For search: a state consistent with what this seat observes now, the agent's own.
        """
        return self._state.determinize(self.seat, rng)

    def __repr__(self) -> str:
        return f"<SeatView seat {self.seat} of {self._state.game.name}>"


class RolloutView(SeatView):
    """A ``SeatView`` for one decision of a plan inside a search's simulation: the same
    window (what ``seat`` sees of the searcher's own determinized state, never more), made
    cheap. It reads the state's ``observation_view`` (entries computed when read) and
    keeps the legal actions and their notation once computed, so it is valid only until
    the state changes: make a new one for each decision.
    """

    __slots__ = ("_legal", "_obs", "_texts")

    def __init__(self, state: State, seat: int) -> None:
        super().__init__(state, seat)
        self._obs: dict[str, Any] | None = None
        self._legal: list[int] | None = None
        self._texts: dict[int, str] = {}

    def observation(self) -> dict[str, Any]:
        if self._obs is None:
            self._obs = self._state.observation_view(self._seat)
        return self._obs

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = self._state.legal_actions(self._seat)
        return self._legal

    def action_to_string(self, action: int) -> str:
        text = self._texts.get(action)
        if text is None:
            text = self._texts[action] = self._state.action_to_string(action, self._seat)
        return text

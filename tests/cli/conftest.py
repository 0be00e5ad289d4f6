"""Two tiny games for the command-line tests, registered only while a test runs.

- ``pile``: perfect information with chance. A chance draw sets the pile to 4 or 5 stones;
  then the seats take 1..``max_take`` stones in turn (notation ``take1``); whoever takes
  the last stone wins.
- ``pennies``: two rounds of matching pennies, both seats choosing at once (``heads`` /
  ``tails``); seat 0 scores a round when the coins match, seat 1 when they differ. Hidden
  information: a seat sees the rounds played, never the other seat's coin before the reveal.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from tests.toyinfo import toy_info

from spelbord.cli import main
from spelbord.core import CHANCE, SIMULTANEOUS, TERMINAL, Game, Option, State
from spelbord.core import registry as core_registry


class PileState(State):
    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.stones: int | None = None
        self.to_move = 0

    def __str__(self) -> str:
        shown = "?" if self.stones is None else "o" * self.stones
        return f"pile: {shown}"

    def current_player(self) -> int:
        if self.stones is None:
            return CHANCE
        return TERMINAL if self.stones == 0 else self.to_move

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return [(4, 0.5), (5, 0.5)]

    def _legal_actions(self, seat: int) -> list[int]:
        assert self.stones is not None
        return list(range(1, min(self.game.options["max_take"], self.stones) + 1))

    def _apply_action(self, action: int) -> None:
        if self.stones is None:
            self.stones = action
            return
        self.stones -= action
        if self.stones:
            self.to_move = 1 - self.to_move

    def returns(self) -> list[float]:
        if self.stones != 0:
            return [0.0, 0.0]
        return [1.0 if seat == self.to_move else -1.0 for seat in (0, 1)]

    def _action_to_string(self, player: int, action: int) -> str:
        return f"pile of {action}" if player == CHANCE else f"take{action}"

    def observation(self, seat: int | None) -> dict[str, Any]:
        return self._state_dict()

    def _state_dict(self) -> dict[str, Any]:
        return {"stones": self.stones, "to_move": self.to_move}

    def _load_state_dict(self, data: dict[str, Any]) -> None:
        self.stones, self.to_move = data["stones"], data["to_move"]

    def clone(self) -> PileState:
        twin = PileState(self.game)
        twin._history = list(self._history)
        twin.stones, twin.to_move = self.stones, self.to_move
        return twin

    def termination(self) -> str:
        return "last-stone"


class Pile(Game):
    info = toy_info(
        "pile",
        "Pile",
        actions=4,
        length=6,
        chance_outcomes=6,
        options=(Option("max_take", 2, choices=(2, 3), help="most stones a turn"),),
        summary="Take the last stone.",
    )
    state_class = PileState

    def new_initial_state(self) -> PileState:
        return PileState(self)


COINS = ("heads", "tails")


class PenniesState(State):
    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.rounds: list[list[int]] = []

    def __str__(self) -> str:
        played = " ".join(f"{COINS[a]}/{COINS[b]}" for a, b in self.rounds) or "-"
        return f"rounds: {played}"

    def current_player(self) -> int:
        return TERMINAL if len(self.rounds) == 2 else SIMULTANEOUS

    def _legal_actions(self, seat: int) -> list[int]:
        return [0, 1]

    def _apply_action(self, action: int) -> None:
        raise AssertionError("pennies has only simultaneous nodes")

    def _apply_actions(self, actions: Any) -> None:
        self.rounds.append(list(actions))

    def returns(self) -> list[float]:
        if len(self.rounds) < 2:
            return [0.0, 0.0]
        score = sum(1 if a == b else -1 for a, b in self.rounds)
        return [score / 2, -score / 2]

    def _action_to_string(self, player: int, action: int) -> str:
        return COINS[action]

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"rounds": [list(r) for r in self.rounds]}

    def _state_dict(self) -> dict[str, Any]:
        return {"rounds": [list(r) for r in self.rounds]}

    def _load_state_dict(self, data: dict[str, Any]) -> None:
        self.rounds = [list(r) for r in data["rounds"]]

    def clone(self) -> PenniesState:
        twin = PenniesState(self.game)
        twin._history = list(self._history)
        twin.rounds = [list(r) for r in self.rounds]
        return twin

    def resample(self, seat: int | None, rng: Any) -> PenniesState:
        return self.clone()


class Pennies(Game):
    info = toy_info(
        "pennies", "Pennies", actions=2, length=2, information="imperfect", simultaneous=True
    )
    state_class = PenniesState

    def new_initial_state(self) -> PenniesState:
        return PenniesState(self)


@pytest.fixture
def tiny_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register ``pile`` and ``pennies`` for one test."""
    monkeypatch.setitem(core_registry._GAMES, "pile", Pile)
    monkeypatch.setitem(core_registry._GAMES, "pennies", Pennies)


Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def run_cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Iterator[Run]:
    """``run_cli(*argv, stdin="...")`` -> (exit code, stdout, stderr)."""

    def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    yield run

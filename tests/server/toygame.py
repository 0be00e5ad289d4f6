"""Two small test games for the server: every kind of node, hidden information or not.

Play: chance deals seat 0 a secret card (0-2), then seat 1; both seats bid 0 or 1 at once
(a simultaneous node); then seats 0 and 1 each add 0-2 to a public pile, twice. The higher
``card + bid + own additions`` wins. ``toy-hidden`` keeps cards secret (only your own);
``toy-open`` shows everything (perfect information).

``toy-revised`` is ``toy-open`` at rules version 2, which keeps version 1 playable: from
version 2 on an addition of 2 is no longer allowed (a version-1 record that adds 2 does not
replay under version 2).

``toy-clock`` is ``toy-open`` with decision clocks: seat 1 has ``clock_ms`` milliseconds
for its bid (the clock bids 0) and for each of its additions (the clock adds 0); seat 0 has
``clock0_ms`` for its bid (0: no clock) and its additions are never timed.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any, ClassVar

from spelbord.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Clock,
    Game,
    GameInfo,
    Option,
    State,
    register,
)
from spelbord.core.registry import names

BIDS = (10, 11)
ADDS = (0, 1, 2)
TURNS = 4


class ToyState(State):
    """Cards, bids and the additions so far."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.cards: list[int] = []
        self.bids: list[int] = []
        self.adds: list[int] = []

    def current_player(self) -> int:
        if len(self.cards) < 2:
            return CHANCE
        if not self.bids:
            return SIMULTANEOUS
        if len(self.adds) < TURNS:
            return len(self.adds) % 2
        return TERMINAL

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return [(c, 1 / 3) for c in range(3)]

    def _legal_actions(self, seat: int) -> list[int]:
        return list(BIDS) if self.current_player() == SIMULTANEOUS else list(ADDS)

    def _apply_action(self, action: int) -> None:
        if self.current_player() == CHANCE:
            self.cards.append(action)
        else:
            self.adds.append(action)

    def _apply_actions(self, actions: Sequence[int]) -> None:
        self.bids = [a - 10 for a in actions]

    def score(self, seat: int) -> int:
        return self.cards[seat] + self.bids[seat] + sum(self.adds[seat::2])

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        a, b = self.score(0), self.score(1)
        return [0.0, 0.0] if a == b else [1.0, -1.0] if a > b else [-1.0, 1.0]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"deal {action}"
        if action in BIDS:
            return f"bid {action - 10}"
        return f"+{action}"

    def observation(self, seat: int | None) -> dict[str, Any]:
        hidden = self.game.info.information != "perfect"
        cards = [
            c if not hidden or i == seat or self.is_terminal() else None
            for i, c in enumerate(self.cards)
        ]
        return {"cards": cards, "bids": list(self.bids), "adds": list(self.adds)}

    def _state_dict(self) -> dict[str, Any]:
        return {"cards": list(self.cards), "bids": list(self.bids), "adds": list(self.adds)}

    def _load_state_dict(self, data: dict[str, Any]) -> None:
        self.cards, self.bids, self.adds = (
            list(data["cards"]),
            list(data["bids"]),
            list(data["adds"]),
        )

    def clone(self) -> ToyState:
        twin = type(self)(self.game)
        twin._history = list(self._history)
        twin.cards, twin.bids, twin.adds = list(self.cards), list(self.bids), list(self.adds)
        return twin

    def resample(self, seat: int | None, rng: random.Random) -> ToyState:
        if self.game.info.information == "perfect" or self.is_terminal():
            return self.clone()
        history = list(self._history)
        for i in range(len(self.cards)):
            if i != seat:
                history[i] = rng.randrange(3)
        twin = self.game.replay(history)
        assert isinstance(twin, ToyState)
        return twin


class ClockState(ToyState):
    """A toy state whose bids and seat 1's additions are on the clock."""

    def decision_clock(self, seat: int) -> Clock | None:
        ms = self.game.options["clock_ms" if seat == 1 else "clock0_ms"]
        player = self.current_player()
        if player == SIMULTANEOUS and ms:
            return Clock(ms / 1000, BIDS[0])
        if player == seat == 1:
            return Clock(ms / 1000, ADDS[0])
        return None


class RevisedState(ToyState):
    """``toy-revised``: version 2 no longer allows an addition of 2."""

    def _legal_actions(self, seat: int) -> list[int]:
        actions = super()._legal_actions(seat)
        if self.game.rules_version >= 2 and self.current_player() != SIMULTANEOUS:
            return [a for a in actions if a != 2]
        return actions


def _info(name: str, information: str, options: tuple[Option, ...] = ()) -> GameInfo:
    return GameInfo(
        name=name,
        title=name.title(),
        min_seats=2,
        max_seats=2,
        teams=False,
        chance=True,
        information=information,  # type: ignore[arg-type]
        simultaneous=True,
        num_distinct_actions=12,
        max_chance_outcomes=3,
        max_game_length=7,
        options=options,
        summary="a server test game",
    )


class ToyHidden(Game):
    info: ClassVar[GameInfo] = _info("toy-hidden", "imperfect")
    state_class = ToyState

    def new_initial_state(self) -> State:
        return ToyState(self)


class ToyOpen(ToyHidden):
    info: ClassVar[GameInfo] = _info("toy-open", "perfect")


class ToyClock(ToyHidden):
    info: ClassVar[GameInfo] = _info(
        "toy-clock",
        "perfect",
        (
            Option(
                "clock_ms", 300, minimum=0, maximum=600_000, help="milliseconds on seat 1's clocks"
            ),
            Option(
                "clock0_ms",
                0,
                minimum=0,
                maximum=600_000,
                help="milliseconds on seat 0's bid (0: untimed)",
            ),
        ),
    )
    state_class = ClockState

    def new_initial_state(self) -> State:
        return ClockState(self)


class ToyRevised(ToyHidden):
    info: ClassVar[GameInfo] = dataclasses.replace(
        _info("toy-revised", "perfect"),
        version=2,
        oldest_version=1,
        changes=((2, "an addition of 2 is no longer allowed"),),
    )
    state_class = RevisedState

    def new_initial_state(self) -> State:
        return RevisedState(self)


# Guarded: pytest's doctest collection may import this file a second time under another name.
if "toy-hidden" not in names():
    register(ToyHidden)
    register(ToyOpen)
    register(ToyClock)
    register(ToyRevised)

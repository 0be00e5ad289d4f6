"""The State template: legality checks, sentinels, history, JSON and errors (core)."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from tests.toyinfo import toy_info

from spelbord.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    GameOptionError,
    IllegalActionError,
    NotationError,
    Option,
    OutOfTurnError,
    State,
    StateFormatError,
    UnknownGameError,
    random_playout,
    registry,
    seeded,
)


class CoinRaceState(State):
    """A toy: a coin flip picks the starter; both seats then secretly bid 0-2 at once;
    then the starter adds 1 or 2 to a counter until it reaches the target (last adder wins).
    """

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.starter: int | None = None
        self.bids: list[int] | None = None
        self.total = 0
        self.to_move = 0

    def current_player(self) -> int:
        if self.starter is None:
            return CHANCE
        if self.bids is None:
            return SIMULTANEOUS
        if self.total >= self.game.options["target"]:
            return TERMINAL
        return self.to_move

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 0.5), (1, 0.5)]

    def _legal_actions(self, seat: int) -> list[int]:
        if self.bids is None:
            return [0, 1, 2]
        return [1, 2]

    def _apply_action(self, action: int) -> None:
        if self.starter is None:
            self.starter = self.to_move = action
            return
        self.total += action
        self.to_move = 1 - self.to_move

    def _apply_actions(self, actions: Any) -> None:
        self.bids = list(actions)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        winner = 1 - self.to_move
        return [1.0 if s == winner else -1.0 for s in (0, 1)]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"starter {action}"
        return f"bid {action}" if self.bids is None else f"+{action}"

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"starter": self.starter, "revealed": self.bids, "total": self.total}

    def _state_dict(self) -> dict[str, Any]:
        return {"starter": self.starter, "bids": self.bids, "total": self.total, "to": self.to_move}

    def _load_state_dict(self, data: dict[str, Any]) -> None:
        self.starter, self.bids = data["starter"], data["bids"]
        self.total, self.to_move = data["total"], data["to"]

    def clone(self) -> CoinRaceState:
        twin = CoinRaceState(self.game)
        twin._history = list(self._history)
        twin._load_state_dict(self._state_dict())
        return twin


class CoinRace(Game):
    info = toy_info(
        "test-coinrace",
        "Coin race",
        actions=3,
        length=20,
        chance_outcomes=2,
        simultaneous=True,
        options=(Option("target", 5, choices=(3, 5, 7)),),
    )
    state_class = CoinRaceState

    def new_initial_state(self) -> CoinRaceState:
        return CoinRaceState(self)


def test_sentinels_and_node_kinds() -> None:
    state = CoinRace().new_initial_state()
    assert state.current_player() == CHANCE and state.is_chance_node()
    assert state.legal_actions() == [0, 1]
    assert state.legal_actions(seat=0) == []
    state.apply_action(1)
    assert state.is_simultaneous_node()
    with pytest.raises(OutOfTurnError):
        state.legal_actions()
    with pytest.raises(OutOfTurnError):
        state.apply_action(0)
    state.apply_actions([2, 0])
    assert state.current_player() == 1
    assert state.legal_actions(seat=0) == []
    assert state.history() == [1, (2, 0)]


def test_illegal_actions_change_nothing() -> None:
    state = CoinRace().new_initial_state()
    state.apply_action(0)
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply_actions([0, 7])
    with pytest.raises(IllegalActionError):
        state.apply_actions([0])
    assert state.to_json() == before
    state.apply_actions([0, 0])
    for bad in (0, 3, -1, True, "1"):
        with pytest.raises(IllegalActionError):
            state.apply_action(bad)  # type: ignore[arg-type]
    assert state.move_number() == 2


def test_json_round_trip_and_bad_json() -> None:
    game = CoinRace(target=3)
    state = game.new_initial_state()
    random_playout(state, seeded(3))
    assert state.is_terminal()
    back = game.from_json(state.to_json())
    assert back == state and back.outcome() == state.outcome()
    for text in ("{", "[]", json.dumps({"game": "other"})):
        with pytest.raises(StateFormatError):
            game.from_json(text)
    with pytest.raises(StateFormatError):
        CoinRace(target=5).from_json(state.to_json())


def test_notation_round_trip_and_errors() -> None:
    state = CoinRace().new_initial_state()
    assert state.string_to_action("starter 1") == 1
    state.apply_action(0)
    assert state.string_to_action("BID 2", seat=1) == 2
    with pytest.raises(NotationError):
        state.string_to_action("bid 9", seat=0)
    assert state.action_to_dict(1, seat=0) == {"action": 1, "text": "bid 1"}


def test_perft_counts_chance_and_joint_actions() -> None:
    state = CoinRace().new_initial_state()
    assert state.perft(1) == 2
    assert state.perft(2) == 2 * 9
    assert state.perft(3) == 2 * 9 * 2


def test_outcome_and_replay() -> None:
    game = CoinRace(target=3)
    state = game.new_initial_state()
    random_playout(state, random.Random(1))
    outcome = state.outcome()
    assert outcome is not None and len(outcome.winners()) == 1
    assert game.replay(state.history()) == state


def test_options_are_checked() -> None:
    assert CoinRace(target="7").options == {"target": 7}
    with pytest.raises(GameOptionError):
        CoinRace(target=4)
    with pytest.raises(GameOptionError):
        CoinRace(speed=1)
    with pytest.raises(GameOptionError):
        Option("quick", False).check("maybe")


def test_registry_rejects_unknown_and_duplicate_names() -> None:
    with pytest.raises(UnknownGameError):
        registry.load("no-such-game")

    class Impostor(CoinRace):
        pass

    registry.register(CoinRace)
    try:
        assert registry.load("test-coinrace", target=3).options == {"target": 3}
        with pytest.raises(ValueError):
            registry.register(Impostor)
    finally:
        registry._GAMES.pop("test-coinrace", None)


def test_observation_string_shows_the_board_or_the_seat_s_observation() -> None:
    state = CoinRace().new_initial_state()
    assert state.observation_string(0) == str(state)  # perfect information: the board

    class Hidden(CoinRace):
        info = dataclasses.replace(CoinRace.info, name="test-hidden", information="imperfect")

    hidden = Hidden().new_initial_state()
    text = hidden.observation_string(1)
    assert text.splitlines() == ["starter: null", "revealed: null", "total: 0"]

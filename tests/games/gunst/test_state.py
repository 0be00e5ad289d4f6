"""Protocol-level tests for Gunst: information (R23), notation (R25), rendering, play-outs."""

from __future__ import annotations

import json
import random

import pytest

from spelbord.core import (
    CHANCE,
    SIMULTANEOUS,
    NotationError,
    StateFormatError,
    random_playout,
    random_step,
)
from spelbord.games.gunst import GunstGame, GunstState
from spelbord.games.gunst import actions as A
from spelbord.games.gunst.pieces import HAND, Selection


def _played(seed: int, steps: int, **options: bool) -> GunstState:
    state = GunstGame(**options).new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        random_step(state, rng)
    return state


def test_r23_every_seat_sees_the_same_public_log() -> None:
    state = _played(3, 12)
    views = [state.observation(seat) for seat in (None, 0, 1)]
    for view in views:
        json.dumps(view)
        view.pop("seat")
    assert views[0] == views[1] == views[2]
    log = views[0]["log"]
    assert log and log[0]["e"] == "reveal"
    assert len([e for e in log if e["e"] == "reveal"]) == len(
        [m for m in state.history() if isinstance(m, tuple)]
    )


def test_r23_observation_is_a_copy_and_resample_is_the_same_state() -> None:
    state = _played(5, 9)
    before = state.to_json()
    view = state.observation(0)
    view["log"].clear()
    view["rows"][0][0].append(9)
    assert state.to_json() == before
    for seat in (None, 0, 1):
        assert state.resample(seat, random.Random(1)) == state


def test_r23_a_selection_is_never_visible_before_the_reveal() -> None:
    state = GunstGame().new_initial_state()
    tinge = state.observation(1)
    assert tinge["log"] == [] and state.current_player() == SIMULTANEOUS
    state.apply_actions([Selection((1, 0, 0, 0, 0), 0).code, Selection((0, 0, 0, 0, 0), 0).code])
    reveal = state.observation(1)["log"][0]
    assert reveal["kin"] == [[1, 0, 0, 0, 0], [0, 0, 0, 0, 0]]


def test_r25_notation_round_trips_along_random_games() -> None:
    for seed in range(6):
        state = GunstGame().new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            player = state.current_player()
            seats = [0, 1] if player == SIMULTANEOUS else [player]
            for seat in seats:
                actions = (
                    [a for a, _ in state.chance_outcomes()]
                    if seat == CHANCE
                    else state.legal_actions(seat)
                )
                for action in rng.sample(actions, min(len(actions), 20)):
                    text = state.action_to_string(action, seat)
                    assert state.string_to_action(text, seat) == action
                    assert state.string_to_action(text.upper(), seat) == action
                    info = state.action_to_dict(action, seat)
                    assert info["action"] == action and info["text"] == text
                    json.dumps(info)
            random_step(state, rng)


def test_r25_lenient_forms_and_errors() -> None:
    state = GunstGame().new_initial_state()
    state.table.deity[0][0] = HAND
    code = Selection((1, 2, 0, 0, 0), 1).code
    assert state.string_to_action("bring 1K 2W Ex", 0) == code
    assert state.string_to_action("BRING extazia w w k", 0) == code
    for bad in ("", "bring 4W", "bring 2X", "fly away", "bring Va"):
        with pytest.raises(NotationError):
            state.string_to_action(bad, 0)
    with pytest.raises(NotationError):
        state.string_to_action("bring nothing")  # a simultaneous node: the seat is needed
    state.apply_actions([code, Selection((1, 3, 0, 0, 0), 0).code])  # 4 pieces each
    with pytest.raises(NotationError):
        state.string_to_action("first 0")  # the coin falls first
    state.apply_action(state.string_to_action("Coin 0"))
    with pytest.raises(NotationError):
        state.string_to_action("first 1", 1)  # seat 1 does not decide now
    state.apply_action(state.string_to_action("first 0"))
    assert state.table.phase == "target"
    assert state.string_to_action("double 2") == A.ROW + 1
    assert state.string_to_action("row warrior") == A.ROW + 1
    with pytest.raises(NotationError):
        state.string_to_action("banish warriors")  # Extazia doubles, it does not banish
    info = state.action_to_dict(A.ROW + 1)
    assert info["kind"] == "row" and info["purpose"] == "double"
    assert info["row"] == "warriors" and info["side"] == "own"


def test_action_to_dict_describes_selections() -> None:
    state = GunstGame().new_initial_state()
    info = state.action_to_dict(Selection((0, 3, 0, 1, 0), 0).code, 0)
    assert info["kind"] == "select" and info["pieces"] == 4
    assert info["kin"]["warrior"] == 3 and info["deities"] == []


def test_render_draws_both_sides() -> None:
    state = GunstGame().new_initial_state()
    state.table.deity[0][0] = HAND
    state.apply_actions([Selection((0, 2, 0, 0, 0), 1).code, Selection((1, 0, 1, 1, 0), 0).code])
    state.apply_action(0)  # the coin: seat 0 chooses
    state.apply_action(state.string_to_action("first 0"))
    text = str(state)
    assert "season 1 of 4" in text and "seat 0 picks the row for Extazia" in text
    assert "2 warriors  W W" in text and "1 knights   K" in text
    assert "Extazia          on the field" in text
    state.apply_action(state.string_to_action("double warriors"))
    text = str(state)  # seat 1's knight took a warrior; the other struck twice
    assert "seat 1 raises a deity one step" in text
    assert "seat 1: life 10" in text and "2 warriors  .  x2" in text


def test_random_games_end_within_the_declared_length() -> None:
    for spent_kin_return in (False, True):
        game = GunstGame(spent_kin_return=spent_kin_return)
        for seed in range(40):
            state = game.new_initial_state()
            steps = random_playout(state, random.Random(seed))
            assert state.is_terminal() and steps <= game.max_game_length()
            assert state.termination() in ("life", "seasons")
            assert game.from_json(state.to_json()) == state
            assert game.replay(state.history()) == state


def test_clone_is_independent() -> None:
    state = _played(11, 6)
    twin = state.clone()
    random_playout(twin, random.Random(2))
    assert twin != state and state == _played(11, 6)


def test_a_state_knows_its_rules_version_and_older_copies_load() -> None:
    """A table plays by its game's rules version (R12, R13 differ in version 3); a state
    stored before tables recorded the version loads under the game's."""
    state = _played(4, 5)
    data = state.to_dict()
    assert data["state"]["version"] == data["version"] == 3
    del data["state"]["version"]
    assert GunstGame().from_json(json.dumps(data)) == state
    data["state"]["version"] = 2
    with pytest.raises(StateFormatError, match="rules version 2 differs"):
        GunstGame().from_json(json.dumps(data))
    old = GunstGame(rules_version=2).new_initial_state()
    assert old.table.version == 2 and old.clone().table.version == 2

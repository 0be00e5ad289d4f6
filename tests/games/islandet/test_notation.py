"""Islandet R24: action ids, notation round trips, UI structure and text rendering."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from spelbord.core import CHANCE, NotationError, random_step
from spelbord.games.islandet import IslandetGame, IslandetState
from spelbord.games.islandet.actions import NUM_ACTIONS, decode, encode

Do = Callable[..., IslandetState]


def test_r24_action_ids_round_trip() -> None:
    assert IslandetGame.info.num_distinct_actions == NUM_ACTIONS == 1606
    for action in range(NUM_ACTIONS):
        a = decode(action)
        assert encode(a.kind, a.square, a.arg) == action
    with pytest.raises(ValueError):
        decode(NUM_ACTIONS)


@pytest.mark.parametrize("options", [{}, {"pads": False}])
def test_r24_every_action_of_random_games_reads_back(options: dict) -> None:
    game = IslandetGame(**options)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            actions = (
                [a for a, _ in state.chance_outcomes()]
                if player == CHANCE
                else state.legal_actions()
            )
            texts = [state.action_to_string(a) for a in actions]
            assert len(set(texts)) == len(texts)
            for action, text in zip(actions, texts, strict=True):
                assert state.string_to_action(text) == action
                assert state.string_to_action(text.upper()) == action
                json.dumps(state.action_to_dict(action))
            random_step(state, rng)


def test_r24_text_must_parse_and_be_legal(build) -> None:
    state = build({"c4": "S^", "a12": "s^"}, phase="move", roll=3)
    assert state.string_to_action("c4-c7") == state.string_to_action("  C4-C7 ")
    for bad in ("c4-c8", "c4-c6", "hello", "", "c4xc6", "z9-z1", "enter 9", "roll 7"):
        with pytest.raises(NotationError):
            state.string_to_action(bad)


def test_r24_action_to_dict_describes_moves_and_shots(build, do: Do) -> None:
    state = build({"c2": "T^", "c3": "s>", "c6": "t<", "h9": "s>"}, phase="shoot1", roll=3)
    shot = state.action_to_dict(state.string_to_action("c2xc6"))
    assert shot["kind"] == "shoot" and shot["from"] == "c2" and shot["to"] == "c6"
    assert shot["targets"] == ["c3", "c6"]
    assert shot["unit"] == {"seat": 0, "kind": "tank"}
    do(state, "c2xc6")
    assert state.pos.phase == "move"
    action = state.string_to_action("c2-c4R")
    assert state.action_to_dict(action) == {
        "action": action,
        "text": "c2-c4R",
        "kind": "move",
        "from": "c2",
        "unit": {"seat": 0, "kind": "tank"},
        "to": "c4",
        "path": ["c3", "c4"],
        "facing": "E",
    }


def test_r24_action_to_dict_for_the_pad(build, do: Do) -> None:
    state = build({"c4": "S^", "a12": "s^"}, pads=(".J...", "....."))
    do(state, "roll 0")
    enter = state.action_to_dict(state.string_to_action("enter 2"))
    assert enter["slot"] == 2 and enter["to"] == "b1"
    assert enter["unit"] == {"seat": 0, "kind": "jeep"}
    do(state, "move pad", "roll 2")
    shift = state.action_to_dict(state.string_to_action("pad E"))
    assert shift["pad_columns"] == [2, 3, 4, 5, 6]


def test_render_shows_units_blocks_pads_and_status(build) -> None:
    state = build({"c4": "S^", "d11": "t<"}, ["f6"], pads=("J....", "....s"), phase="zero")
    lines = str(state).splitlines()
    assert lines[0].split() == ["=", "=", "=*", "=", "s"]  # North's pad, h-l
    assert lines[2].split() == ["11", ".", ".", ".", "t<", *["."] * 8]
    assert lines[7].split() == ["6", *["."] * 5, "##", *["."] * 6]
    assert lines[9].split() == ["4", ".", ".", "S^", *["."] * 9]
    assert lines[13].split() == ["J", "=", "=*", "=", "="]  # South's pad, a-e
    assert lines[14].split() == list("abcdefghijkl")
    assert lines[15].startswith("South | zero | die 0 | blocks unknown: 6 live, 4 safe")

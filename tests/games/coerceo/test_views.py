"""Observations, text rendering, serialization, the evaluation and the speed figures."""

from __future__ import annotations

import json
import random

from spelbord import games
from spelbord.games.coerceo import CoerceoGame
from spelbord.games.coerceo.engine.bench import perft_timing, random_games_per_second
from spelbord.games.coerceo.render import render


def test_observation_is_the_same_for_everyone_and_complete() -> None:
    state = CoerceoGame().new_initial_state()
    obs = state.observation(None)
    assert obs == state.observation(0) == state.observation(1)
    assert set(obs) >= {"tiles", "pieces", "collected", "to_move", "cura", "last_move"}
    assert len(obs["pieces"]) == 36 and obs["collected"] == [0, 0] and obs["to_move"] == 0
    assert obs["last_move"] is None
    state.apply_action(state.string_to_action("c4:1-c4:3"))
    last = state.observation(1)["last_move"]
    assert last["text"] == "c4:1-c4:3" and last["seat"] == 0 and last["from"] == [0, 1, 1]
    json.dumps(state.observation(1))


def test_render_shows_tiles_pieces_collected_and_turn() -> None:
    state = CoerceoGame(variant="ocius").new_initial_state()
    text = str(state)
    assert text == render(state)
    board = text.split("\ncollected")[0]
    assert board.count("○") == 7 and board.count("●") == 7
    assert "c3" in text and "a3" not in text  # only the 7 Ocius tiles are drawn
    assert "white (○) to move" in text and "collected tiles: white 0, black 0" in text


def test_json_round_trip_mid_game_and_loaded_by_name() -> None:
    game = games.load("coerceo", variant="ocius")
    rng = random.Random(3)
    state = game.new_initial_state()
    for _ in range(60):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
        back = game.from_json(state.to_json())
        assert back == state and back.legal_actions() == state.legal_actions()
        assert back.observation(None) == state.observation(None)


def test_heuristic_value_is_in_range_and_favours_material() -> None:
    game = CoerceoGame()
    assert game.new_initial_state().heuristic_value() == [0.0, 0.0]
    ahead = game.from_position([(0, 0, 1), (0, 0, 3), (0, 0, 5)], [(2, 0, 0)])
    white, black = ahead.heuristic_value() or [0.0, 0.0]
    assert 0 < white < 1 and black == -white
    rng = random.Random(0)
    state = game.new_initial_state()
    while not state.is_terminal():
        values = state.heuristic_value()
        assert values is not None and all(-1 <= v <= 1 for v in values)
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.heuristic_value() == state.returns()


def test_bench_functions_measure() -> None:
    timing = perft_timing(2)
    assert timing.nodes == 2304 and timing.seconds >= 0
    rate = random_games_per_second(0.0, variant="ocius", seed=1)
    assert rate.games == 1 and rate.plies > 0 and rate.games_per_second > 0

"""Move-generation counts: the fast bitset perft against the published counts and against
a plain recursion over the public API (legal_actions, clone, apply_action)."""

from __future__ import annotations

import random

import pytest

from spelbord.core import State
from spelbord.games.coerceo import CoerceoGame, CoerceoState


def reference_perft(state: State, depth: int) -> int:
    """Perft through the checked public API only (no game-specific shortcuts)."""
    if depth == 0 or state.is_terminal():
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        total += reference_perft(child, depth - 1)
    return total


@pytest.mark.parametrize(("depth", "nodes"), [(1, 48), (2, 2304), (3, 110304)])
def test_laurentius_perft(depth: int, nodes: int) -> None:
    state = CoerceoGame().new_initial_state()
    assert state.perft(depth) == nodes
    assert reference_perft(state, depth) == nodes


@pytest.mark.parametrize(("depth", "nodes"), [(1, 26), (2, 676), (3, 17234)])
def test_ocius_perft(depth: int, nodes: int) -> None:
    state = CoerceoGame(variant="ocius").new_initial_state()
    assert state.perft(depth) == nodes
    assert reference_perft(state, depth) == nodes


@pytest.mark.slow
def test_laurentius_perft_depth_4() -> None:
    assert CoerceoGame().new_initial_state().perft(4) == 5_280_654


@pytest.mark.slow
def test_ocius_perft_depth_4_agrees_with_the_reference() -> None:
    state = CoerceoGame(variant="ocius").new_initial_state()
    assert state.perft(4) == reference_perft(state, 4) == 435_572


def _midgame(seed: int, options: dict[str, object], plies: int) -> CoerceoState:
    rng = random.Random(seed)
    state = CoerceoGame(**options).new_initial_state()
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    "options",
    [{}, {"variant": "ocius"}, {"exchange_cost": 1}, {"variant": "ocius", "max_moves": 60}],
)
def test_fast_perft_agrees_in_random_middle_games(options: dict[str, object]) -> None:
    """Positions with removed tiles, collected tiles and exchanges available."""
    for seed in range(6):
        state = _midgame(seed, options, 40 + 20 * seed)
        for depth in (1, 2):
            assert state.perft(depth) == reference_perft(state, depth), (seed, depth)


def test_fast_perft_sees_repetitions() -> None:
    """One ply from a third repetition the fast perft counts the draw as a leaf."""
    game = CoerceoGame()
    state = game.from_position([(-2, 0, 1)], [(2, 0, 0)])
    shuffle = ["a3:1-a3:3", "e3:0-e3:2", "a3:3-a3:1", "e3:2-e3:0"]
    for text in shuffle + shuffle[:3]:
        state.apply_action(state.string_to_action(text))
    assert state.observation(None)["repetitions"] == 2
    for depth in (1, 2, 3):
        assert state.perft(depth) == reference_perft(state, depth)

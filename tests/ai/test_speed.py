"""Search speed and each level's time per decision (``spelbord bench GAME``)."""

from __future__ import annotations

import gc
import time

import pytest

from spelbord import games
from spelbord.ai import speed
from spelbord.ai.levels import LEVEL_NAMES, time_per_move


def test_positions_are_decisions_of_random_games() -> None:
    game = games.load("omringad")
    positions = speed.decision_positions(game, 6, seed=2)
    assert len(positions) == 6
    assert all(len(state.legal_actions(seat)) > 1 for state, seat in positions)
    assert len({state.move_number() for state, _ in positions}) == 6


def test_determinize_is_much_faster_than_the_history_resample() -> None:
    """Omringad: the position dealt again against the whole history rewritten (R82)."""
    positions = speed.decision_positions(games.load("omringad"), 12, seed=1)
    for how in ("determinize", "resample"):  # warm: one-time imports and caches not counted
        speed.draw_rate(positions, 0.02, how)
    fast = speed.draw_rate(positions, 0.2, "determinize")
    slow = speed.draw_rate(positions, 0.2, "resample")
    assert fast.per_cpu_second > 5 * slow.per_cpu_second


def test_search_rate_counts_iterations() -> None:
    positions = speed.decision_positions(games.load("islandet"), 2, seed=1)
    rate = speed.search_rate("mcts:40it", positions, 0.01)
    assert rate is not None and rate.count >= 40 and rate.seconds > 0


def test_an_agent_that_counts_no_iterations_has_no_search_rate() -> None:
    positions = speed.decision_positions(games.load("islandet"), 2, seed=1)
    assert speed.search_rate("random", positions, 60.0) is None  # one decision, not 200


def test_decision_times_are_checked_against_the_stated_time() -> None:
    t = speed.DecisionTimes("x", 1.0, (0.5, 1.1, 0.9))
    assert t.within() and not t.within(slack=0.05)
    assert t.worst == 1.1 and t.mean == pytest.approx(2.5 / 3)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["omringad", "islandet"])
def test_every_level_keeps_within_its_stated_time_per_move(game: str) -> None:
    """No level works more than its stated time per move +20% (issue 11's floor).

    Counted in the process's CPU seconds: a level that ignores its deadline fails, a busy
    test machine does not (the wall-clock figures are ``spelbord bench GAME --levels``'s).
    Nor does the test process's own collector: a full collection of a test worker's heap
    (0.1-0.3 s after hundreds of tests) would count as the agent's (seen once in CI:
    Islandet Medium 0.378 s of 0.25), so it rests while the decisions are timed.
    """
    positions = speed.decision_positions(games.load(game), 3, seed=5)
    gc.collect()
    gc.disable()
    try:
        for level in LEVEL_NAMES:
            stated = time_per_move(game, level)
            t = speed.decision_times(f"level:{level}", stated, positions, time.process_time)
            assert t.within(), (level, t.seconds)
    finally:
        gc.enable()

"""IS-MCTS: it sees only its seat's information, searches well, and respects budgets."""

from __future__ import annotations

import time

import pytest
from tests.ai.guard import PeekError, guarded_view
from tests.ai.toygames import BET, PASS, HighCard, HighCardState, Lottery, Nim, TicTacToe

from spelbord.ai import Budget, ISMCTSAgent, SeatView
from spelbord.lab import play_game


def _ismcts(iterations: int, seed: int = 0) -> ISMCTSAgent:
    return ISMCTSAgent(Budget(iterations=iterations), seed=seed)


def _dealt(hands: tuple[int, int], mode: str = "simultaneous") -> HighCardState:
    state = HighCard(mode=mode).new_initial_state()
    for card in hands:
        state.apply_action(card)
    return state


@pytest.mark.parametrize("mode", ["simultaneous", "sequential"])
def test_never_touches_the_true_state(mode: str) -> None:
    """Every access goes through the seat's own observation, legal actions and resample."""
    for seat in (0, 1):
        state = _dealt((2, 1), mode)
        if mode == "sequential" and seat == 1:
            state.apply_action(BET)
        view, guard = guarded_view(state, seat)
        agent = _ismcts(150, seed=seat)
        agent.step(view)
        assert guard.resamples == 150  # one determinization per iteration


def test_the_guard_catches_a_peek() -> None:
    view, _ = guarded_view(_dealt((2, 1)), 0)
    with pytest.raises(PeekError):
        view._state.hands  # noqa: B018  (what a cheating agent would do)
    with pytest.raises(PeekError):
        view._state.observation(1)


@pytest.mark.parametrize("mode", ["simultaneous", "sequential"])
def test_states_the_seat_cannot_tell_apart_get_the_same_decisions(mode: str) -> None:
    """Seat 1 holds card 0; seat 0 holds 1 or 3 (hidden): IS-MCTS must not care."""
    decisions = []
    for hidden in (1, 3):
        state = _dealt((hidden, 0), mode)
        if mode == "sequential":
            state.apply_action(PASS)
        decisions.append([_ismcts(120, seed).step(SeatView(state, 1)) for seed in range(12)])
    assert decisions[0] == decisions[1]


@pytest.mark.parametrize("mode", ["simultaneous", "sequential"])
def test_bets_the_top_card(mode: str) -> None:
    state = _dealt((3, 1), mode)
    assert _ismcts(1000).step(SeatView(state, 0)) == BET


def test_folds_the_lowest_card_against_a_bet() -> None:
    """Sequential: seat 1 holds 0 and seat 0 bet; calling loses 1, folding only 1/2."""
    state = _dealt((2, 0), "sequential")
    state.apply_action(BET)
    assert _ismcts(1000).step(SeatView(state, 1)) == PASS


def test_plays_perfect_information_games_too() -> None:
    state = Nim(stones=10).new_initial_state()
    assert _ismcts(3000).step(SeatView(state, 0)) == 2
    lottery = Lottery().new_initial_state()
    assert _ismcts(1500).step(SeatView(lottery, 1)) == 1


def test_beats_random_at_tictactoe() -> None:
    from spelbord.ai import make_agent

    losses = wins = 0
    for i in range(10):
        agents = [_ismcts(300, seed=i), make_agent("random", seed=50 + i)]
        if i % 2:
            agents.reverse()
        winners = play_game(TicTacToe(), agents, seed=i).outcome.winners()
        wins += winners == (i % 2,)
        losses += winners == (1 - i % 2,)
    assert losses == 0 and wins >= 7


def test_budgets_and_seeding() -> None:
    state = _dealt((2, 1))
    agent = _ismcts(77)
    agent.step(SeatView(state, 0))
    assert agent.last_stats is not None and agent.last_stats.iterations == 77
    timed = ISMCTSAgent(Budget(seconds=0.15), seed=1)
    start = time.perf_counter()
    timed.step(SeatView(state, 1))
    assert timed.last_stats is not None and timed.last_stats.seconds >= 0.15
    assert time.perf_counter() - start < 0.15 + 2.0
    game = HighCard()
    runs = [play_game(game, [_ismcts(40, 1), _ismcts(40, 2)], seed=s) for s in (5, 5)]
    assert runs[0] == runs[1]

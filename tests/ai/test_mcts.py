"""UCT MCTS: forced wins, blocks, chance and simultaneous nodes, budgets, seeding."""

from __future__ import annotations

import random
import time

import pytest
from tests.ai.guard import guarded_view
from tests.ai.toygames import HighCard, Lottery, Nim, TicTacToe, TicTacToeState

from spelbord.ai import Budget, MCTSAgent, SeatView, make_agent
from spelbord.ai.tree import Node, iterate
from spelbord.lab import play_game


def _mcts(iterations: int, seed: int = 0, cutoff: int | None = None) -> MCTSAgent:
    return MCTSAgent(Budget(iterations=iterations), seed=seed, rollout_cutoff=cutoff)


@pytest.mark.parametrize("seed", range(3))
def test_takes_the_win_at_tictactoe(seed: int) -> None:
    # x x .
    # o o .     x to move: 2 wins at once (5 would only block).
    # . . .
    state = TicTacToeState.from_picture(TicTacToe(), "xx. oo. ...", to_move=0)
    assert _mcts(300, seed).step(SeatView(state, 0)) == 2


@pytest.mark.parametrize("seed", range(3))
def test_blocks_at_tictactoe(seed: int) -> None:
    # x x .
    # . o .     o to move: only 2 stops x's row.
    # . . .
    state = TicTacToeState.from_picture(TicTacToe(), "xx. .o. ...", to_move=1)
    assert _mcts(500, seed).step(SeatView(state, 1)) == 2


@pytest.mark.parametrize(("stones", "take"), [(10, 2), (7, 3), (13, 1)])
def test_finds_the_forced_win_at_nim(stones: int, take: int) -> None:
    """Leave a multiple of four: a win several moves deep."""
    state = Nim(stones=stones).new_initial_state()
    assert _mcts(3000).step(SeatView(state, 0)) == take


def test_three_seats_score_each_seat_by_its_own_return() -> None:
    """Seat 2 of three, 3 stones left: taking all is its win (not seat 0's or seat 1's)."""
    state = Nim(stones=5, players=3).new_initial_state()
    state.apply_action(1)
    state.apply_action(1)
    assert state.current_player() == 2
    assert _mcts(500).step(SeatView(state, 2)) == 3


def test_rollout_cutoff_uses_the_heuristic() -> None:
    """With Nim's exact heuristic at the leaves, 100 iterations solve a 21-stone heap."""
    state = Nim(stones=21).new_initial_state()
    assert _mcts(100, cutoff=0).step(SeatView(state, 0)) == 1


def test_rollout_cutoff_without_a_heuristic_plays_out() -> None:
    state = Nim(stones=7, players=3).new_initial_state()
    state.apply_action(2)
    state.apply_action(2)
    assert _mcts(300, cutoff=0).step(SeatView(state, 2)) == 3


@pytest.mark.parametrize("players", [2, 3])
def test_simultaneous_then_chance_picks_the_best_ticket(players: int) -> None:
    """Decoupled UCT at a simultaneous node, chance sampled below it."""
    state = Lottery(players=players).new_initial_state()
    for seat in range(players):
        assert _mcts(1500, seed=seat).step(SeatView(state, seat)) == 1


def test_beats_random_at_tictactoe() -> None:
    game = TicTacToe()
    wins = losses = 0
    for i in range(20):
        agents = [_mcts(300, seed=i), make_agent("random", seed=100 + i)]
        if i % 2:
            agents.reverse()
        record = play_game(game, agents, seed=i)
        mcts_seat = i % 2
        winners = record.outcome.winners()
        wins += winners == (mcts_seat,)
        losses += winners == (1 - mcts_seat,)
    assert losses == 0 and wins >= 15


def test_iteration_budget_is_exact() -> None:
    agent = _mcts(137)
    agent.step(SeatView(TicTacToe().new_initial_state(), 0))
    assert agent.last_stats is not None and agent.last_stats.iterations == 137


def test_time_budget_is_respected() -> None:
    agent = MCTSAgent(Budget(seconds=0.2), seed=0)
    start = time.perf_counter()
    agent.step(SeatView(TicTacToe().new_initial_state(), 0))
    elapsed = time.perf_counter() - start
    assert agent.last_stats is not None
    assert agent.last_stats.seconds >= 0.2 and agent.last_stats.iterations > 1
    assert elapsed < 0.2 + 2.0  # one iteration is far below this; generous for busy machines


def test_a_single_legal_action_needs_no_search() -> None:
    state = TicTacToeState.from_picture(TicTacToe(), "xox oxo .xo", to_move=0)
    agent = _mcts(10_000)
    assert agent.step(SeatView(state, 0)) == 6 and agent.last_stats is None


def test_seeded_search_repeats_exactly() -> None:
    state = TicTacToe().new_initial_state()
    runs = [[_mcts(200, seed=s).step(SeatView(state, 0)) for s in (1, 1, 2, 2)] for _ in "ab"]
    assert runs[0] == runs[1]
    game = Nim(stones=15)
    records = [play_game(game, [_mcts(50, seed=3), _mcts(50, seed=4)], seed=0) for _ in "ab"]
    assert records[0] == records[1]


def test_on_hidden_information_it_searches_a_resample_only() -> None:
    state = HighCard().new_initial_state()
    state.apply_action(3)
    state.apply_action(1)
    view, guard = guarded_view(state, 0)
    assert _mcts(300).step(view) == 1  # the top card bets
    assert guard.resamples == 1


def _search_counting_legal(same_state: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[Node, int]:
    """400 iterations on the empty board, leaves scored 0 (no rollout): the tree and how
    often the legal actions were generated."""
    generated = 0
    plain = TicTacToeState._legal_actions

    def counting(state: TicTacToeState, seat: int) -> list[int]:
        nonlocal generated
        generated += 1
        return plain(state, seat)

    monkeypatch.setattr(TicTacToeState, "_legal_actions", counting)
    root, rng, start = Node(), random.Random(5), TicTacToe().new_initial_state()
    for _ in range(400):
        iterate(
            root,
            start.clone(),
            rng,
            exploration=1.4,
            availability=False,
            cutoff=0,
            chance_key=lambda state, outcome: outcome,
            value=lambda state: [0.0, 0.0],
            same_state=same_state,
        )
    return root, generated


def _visits(node: Node) -> list[object]:
    """Every edge's visits and total, depth first, as plain data."""
    here = sorted(
        (seat, action, edge.visits, edge.total)
        for seat, edges in node.edges.items()
        for action, edge in edges.items()
    )
    return [here, [(key, _visits(child)) for key, child in sorted(node.children.items())]]


def _size(node: Node) -> int:
    return 1 + sum(_size(child) for child in node.children.values())


def test_a_node_of_one_position_generates_its_legal_actions_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """MCTS searches one position, so a node keeps its legal actions: the same search,
    with each node's actions generated at most once instead of at every visit."""
    kept, generated_once = _search_counting_legal(True, monkeypatch)
    fresh, generated_each_visit = _search_counting_legal(False, monkeypatch)
    assert _visits(kept) == _visits(fresh)
    assert generated_once < _size(kept) < generated_each_visit

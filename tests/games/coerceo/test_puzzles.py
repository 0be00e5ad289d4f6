"""The shipped Coerceo puzzles: each has exactly one winning move, proven by a search."""

from __future__ import annotations

import pytest

from spelbord.games.coerceo.position import parse_position
from spelbord.games.coerceo.study import puzzles

SHIPPED = puzzles.load()


def test_at_least_200_distinct_puzzles_ship() -> None:
    assert len(SHIPPED) >= 200
    assert len({p.id for p in SHIPPED}) == len(SHIPPED)
    assert len({p.position for p in SHIPPED}) == len(SHIPPED)
    for p in SHIPPED:
        state = parse_position(p.position)
        assert ("white", "black")[state.side_to_move()] == p.side
        assert 1 <= p.depth <= puzzles.MAX_DIFFICULTY_DEPTH
        assert p.difficulty in ("easy", "medium", "hard")
        assert state.string_to_action(p.solution[0]) in state.legal_actions()


def test_difficulties_spread_over_the_depths() -> None:
    deep = [p for p in SHIPPED if p.depth >= 3]
    assert len(deep) >= 0.3 * len(SHIPPED)
    assert {p.difficulty for p in SHIPPED} == {"easy", "hard"} | (
        {"medium"} if any(p.depth == 3 for p in SHIPPED) else set()
    )
    assert any(p.depth == 5 for p in SHIPPED)


def test_the_deep_puzzles_are_the_shipped_sets_tail_and_mine_again() -> None:
    """The shipped set is ``mine_set(len, SHIPPED_DEEP)``: its deep tail starts with the
    first deep puzzle of ``DEEP_SEED``'s games, found again here."""
    tail = SHIPPED[-puzzles.SHIPPED_DEEP :]
    assert all(p.depth >= puzzles.DEEP_DEPTH for p in tail)
    assert all(int(p.source.split()[3]) >= puzzles.DEEP_SEED for p in tail)
    again = puzzles.mine(
        1,
        seed=puzzles.DEEP_SEED,
        min_depth=puzzles.DEEP_DEPTH,
        first_id=len(SHIPPED) - puzzles.SHIPPED_DEEP + 1,
    )
    assert again == tail[:1]


def test_a_deep_puzzle_is_proven_deeper_than_the_engine_needs() -> None:
    """A depth-5 puzzle: every action searched 5 plies after it (6 in all) still leaves
    exactly one winning move, the solution."""
    p = next(p for p in SHIPPED if p.depth == 5)
    state = p.state()
    proof = puzzles._unique(state, 5)
    assert proof is not None and state.action_to_string(proof[0]) == p.solution[0]
    assert puzzles.needed_depth(state, proof[0]) == 5


def test_a_sample_reverifies() -> None:
    for p in SHIPPED[:: len(SHIPPED) // 6][:6]:
        assert puzzles.verify(p) is None


@pytest.mark.slow
def test_every_shipped_puzzle_reverifies() -> None:
    problems = [msg for p in SHIPPED if (msg := puzzles.verify(p)) is not None]
    assert problems == []


def test_solution_wins_material_and_beats_every_other_move_by_a_piece() -> None:
    p = SHIPPED[0]
    state = p.state()
    scores = puzzles.action_scores(state)
    best = state.string_to_action(p.solution[0])
    others = [v for a, (v, _) in scores.items() if a != best]
    assert scores[best][0] - max(others) >= puzzles.MARGIN
    assert scores[best][0] >= puzzles.material(state, state.side_to_move()) + puzzles.GAIN


def test_a_quiet_start_position_is_no_puzzle() -> None:
    from spelbord.games.coerceo.game import CoerceoGame

    assert puzzles.check_position(CoerceoGame().new_initial_state()) is None


def test_mining_is_seeded_and_its_puzzles_verify() -> None:
    first = puzzles.mine(1, seed=3)
    assert first == puzzles.mine(1, seed=3)
    assert puzzles.verify(first[0]) is None
    assert "seed 3" in first[0].source


def test_check_move_right_wrong_and_illegal() -> None:
    p = SHIPPED[0]
    state = p.state()
    assert puzzles.check_move(p, p.solution[0])
    wrong = next(
        state.action_to_string(a)
        for a in state.legal_actions()
        if state.action_to_string(a) != p.solution[0]
    )
    assert not puzzles.check_move(p, wrong)
    with pytest.raises(puzzles.PuzzleError, match="not a legal action"):
        puzzles.check_move(p, "a1:0-a1:2")
    with pytest.raises(puzzles.PuzzleError, match="no puzzle"):
        puzzles.get("nope")


def test_dump_and_load_round_trip() -> None:
    import json

    data = json.loads(puzzles.dump(SHIPPED[:3]))
    assert [puzzles.Puzzle.from_dict(d) for d in data["puzzles"]] == SHIPPED[:3]

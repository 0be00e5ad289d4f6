"""Exact equilibria of small zero-sum matrix games (``spelbord.ai.matrixgame``)."""

from __future__ import annotations

import pytest

from spelbord.ai.matrixgame import Equilibrium, MatrixGameError, safe_reply, solve

RPS = [[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]]


def _is_equilibrium(payoff: list[list[float]], eq: Equilibrium, tol: float = 1e-7) -> bool:
    """No row does better against ``eq.col`` and no column better against ``eq.row``."""
    rows = [sum(a * q for a, q in zip(r, eq.col, strict=True)) for r in payoff]
    cols = [sum(payoff[i][j] * eq.row[i] for i in range(len(payoff))) for j in range(len(eq.col))]
    return max(rows) <= eq.value + tol and min(cols) >= eq.value - tol


def test_rock_paper_scissors_is_uniform_with_value_zero() -> None:
    eq = solve(RPS)
    assert eq.row == pytest.approx([1 / 3] * 3, abs=1e-7)
    assert eq.col == pytest.approx([1 / 3] * 3, abs=1e-7)
    assert eq.value == pytest.approx(0.0, abs=1e-9)
    assert _is_equilibrium(RPS, eq)


def test_matching_pennies_with_unequal_stakes() -> None:
    # Row wins 3 on (heads, heads), 1 on (tails, tails), loses 2 otherwise: the row player
    # plays heads 3/8, the column heads 3/8, and the value is -1/8.
    game = [[3.0, -2.0], [-2.0, 1.0]]
    eq = solve(game)
    assert eq.row == pytest.approx([3 / 8, 5 / 8], abs=1e-7)
    assert eq.col == pytest.approx([3 / 8, 5 / 8], abs=1e-7)
    assert eq.value == pytest.approx(-0.125, abs=1e-9)
    assert _is_equilibrium(game, eq)


def test_a_saddle_point_is_pure() -> None:
    eq = solve([[0.0, 1.0], [0.5, 2.0]])
    assert eq.row == (0.0, 1.0) and eq.col == (1.0, 0.0) and eq.value == 0.5


def test_a_rectangular_game_with_a_dominated_row() -> None:
    game = [[1.0, -1.0, 0.0], [-1.0, 1.0, 0.0], [-2.0, -2.0, -2.0]]
    eq = solve(game)
    assert eq.row[2] == pytest.approx(0.0, abs=1e-9)
    assert _is_equilibrium(game, eq)


def test_safe_reply_keeps_its_floor_and_leans_toward_the_prediction() -> None:
    # The column is predicted to play rock: paper gains most, but with no slack the reply
    # must stay the uniform equilibrium; with slack 0.5 it may lean to paper only as far
    # as every column still leaves -0.5.
    gain = [row[0] for row in RPS]
    assert safe_reply(RPS, gain, 0.0) == pytest.approx([1 / 3] * 3, abs=1e-6)
    lean = safe_reply(RPS, gain, -0.5)
    assert Equilibrium.worst(RPS, lean) >= -0.5 - 1e-7
    assert lean[1] > 0.5
    assert sum(lean) == pytest.approx(1.0)


def test_bad_input_is_refused() -> None:
    for bad in ([], [[]], [[1.0, 2.0], [3.0]], [[float("nan")]]):
        with pytest.raises(MatrixGameError):
            solve(bad)
    with pytest.raises(MatrixGameError):
        safe_reply(RPS, [1.0, 0.0, 0.0], 0.5)  # above the value: no mix guarantees it
    with pytest.raises(MatrixGameError):
        safe_reply(RPS, [1.0], 0.0)

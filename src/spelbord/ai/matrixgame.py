"""Zero-sum matrix games solved exactly by linear programming (scipy's HiGHS).

``solve`` gives an equilibrium of a matrix game whose row player maximises; ``safe_reply``
gives the row strategy that scores best against a predicted column mix while still
guaranteeing a floor against every column (safe exploitation: it never gives away more
than the slack below the game's value, whatever the column player does).

>>> eq = solve([[1.0, -1.0], [-1.0, 1.0]])  # matching pennies
>>> [round(p, 6) for p in eq.row], [round(p, 6) for p in eq.col], abs(eq.value) < 1e-9
([0.5, 0.5], [0.5, 0.5], True)
>>> eq.worst([[1.0, -1.0], [-1.0, 1.0]], [1.0, 0.0])
-1.0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy.optimize import linprog


class MatrixGameError(ValueError):
    """A payoff matrix that is empty, ragged or not finite, or an unreachable floor."""


@dataclass(frozen=True)
class Equilibrium:
    """An equilibrium of a zero-sum matrix game: the row and column mixes and the value
    (the row player's payoff when both play them)."""

    row: tuple[float, ...]
    col: tuple[float, ...]
    value: float

    @staticmethod
    def worst(payoff: Sequence[Sequence[float]], row: Sequence[float]) -> float:
        """What the row mix ``row`` guarantees: its payoff against the best column reply."""
        a = np.asarray(payoff, dtype=float)
        return float(np.min(np.asarray(row, dtype=float) @ a))


def _matrix(payoff: Sequence[Sequence[float]]) -> np.ndarray:
    try:
        a = np.asarray(payoff, dtype=float)
    except ValueError:
        raise MatrixGameError("the payoff matrix is ragged") from None
    if a.ndim != 2 or a.size == 0:
        raise MatrixGameError(f"a payoff matrix needs rows and columns, got shape {a.shape}")
    if not np.all(np.isfinite(a)):
        raise MatrixGameError("the payoff matrix holds a value that is not finite")
    return a


def _mix(values: np.ndarray) -> tuple[float, ...]:
    clipped = np.clip(values, 0.0, None)
    total = float(clipped.sum())
    if total <= 0:
        return tuple([1.0 / len(values)] * len(values))
    return tuple(float(v) / total for v in clipped)


def solve(payoff: Sequence[Sequence[float]]) -> Equilibrium:
    """An exact equilibrium (up to the LP solver's tolerance, about 1e-9).

    A pure saddle point is returned without the LP. Otherwise the row player's LP
    (maximise v subject to x'A >= v for every column, x a distribution) is solved by HiGHS,
    and the column mix is read from its dual prices.

    >>> eq = solve([[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]])
    >>> [round(p, 6) for p in eq.row], abs(eq.value) < 1e-9
    ([0.333333, 0.333333, 0.333333], True)
    """
    a = _matrix(payoff)
    rows, cols = a.shape
    row_min = a.min(axis=1)
    col_max = a.max(axis=0)
    i, j = int(np.argmax(row_min)), int(np.argmin(col_max))
    if row_min[i] >= col_max[j] - 1e-12:  # a saddle point: pure strategies
        pure_x = [0.0] * rows
        pure_y = [0.0] * cols
        pure_x[i] = pure_y[j] = 1.0
        return Equilibrium(tuple(pure_x), tuple(pure_y), float(a[i, j]))
    c = np.zeros(rows + 1)
    c[-1] = -1.0
    a_ub = np.hstack([-a.T, np.ones((cols, 1))])
    a_eq = np.hstack([np.ones((1, rows)), np.zeros((1, 1))])
    bounds = [(0.0, None)] * rows + [(None, None)]
    res = linprog(c, A_ub=a_ub, b_ub=np.zeros(cols), A_eq=a_eq, b_eq=[1.0], bounds=bounds)
    if res.status != 0:  # pragma: no cover - a bounded feasible LP always solves
        raise MatrixGameError(f"the LP failed: {res.message}")
    x = _mix(res.x[:rows])
    y = _mix(-np.asarray(res.ineqlin.marginals))
    return Equilibrium(x, y, float(res.x[-1]))


def safe_reply(
    payoff: Sequence[Sequence[float]], gain: Sequence[float], floor: float
) -> tuple[float, ...]:
    """The row mix that maximises ``gain`` (the expected payoff of each row against a
    predicted column mix) among the mixes that guarantee at least ``floor`` against every
    column of ``payoff``. ``floor`` must not exceed the game's value.

    >>> pennies = [[1.0, -1.0], [-1.0, 1.0]]
    >>> [round(p, 6) for p in safe_reply(pennies, [1.0, -1.0], 0.0)]  # no slack: stays even
    [0.5, 0.5]
    >>> [round(p, 6) for p in safe_reply(pennies, [1.0, -1.0], -0.5)]  # leans to row 0
    [0.75, 0.25]
    """
    a = _matrix(payoff)
    rows, cols = a.shape
    g = np.asarray(gain, dtype=float)
    if g.shape != (rows,) or not np.all(np.isfinite(g)):
        raise MatrixGameError(f"gain needs {rows} finite values, got {len(gain)}")
    a_ub = -a.T
    b_ub = -np.full(cols, floor)
    res = linprog(
        -g,
        A_ub=a_ub,
        b_ub=b_ub,
        A_eq=np.ones((1, rows)),
        b_eq=[1.0],
        bounds=[(0.0, None)] * rows,
    )
    if res.status != 0:
        raise MatrixGameError(f"no mix guarantees {floor:g} (the game's value is lower)")
    return _mix(res.x)

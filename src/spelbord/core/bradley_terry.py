"""Bradley-Terry strengths and the Elo ladder they make: the one fit every ladder uses.

``fit`` takes a matrix of scores (``wins[i][j]``: i's points against j, a draw counting
half to each) and gives log-strengths by Newton's method on the log-likelihood, with
``prior`` virtual draws between every two who met so a spotless record stays finite.
``elo`` gives the same on the Elo scale; ``ladder`` rates named players from their games,
with a seeded bootstrap over the games for the 95% intervals.

>>> [round(x, 3) for x in fit([[0, 3], [1, 0]], prior=0.0, anchor=0)]
[0.0, -1.099]
>>> [round(x) for x in elo([[0, 3], [1, 0]], prior=0.0)]
[95, -95]
>>> [(r.name, r.elo, r.games) for r in ladder([("a", "b", 1.0)] * 3 + [("a", "b", 0.0)])]
[('a', 73.6, 4), ('b', -73.6, 4)]
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

RESAMPLES = 200
"""How many times ``ladder`` draws the games again for its intervals."""


class BradleyTerryError(ValueError):
    """Scores that no strengths fit: not a square matrix, or a negative score."""


@dataclass(frozen=True)
class Rung:
    """One player's rating: Elo (mean player at 0) with a 95% interval, games played."""

    name: str
    elo: float
    low: float
    high: float
    games: int


def fit(
    wins: Sequence[Sequence[float]], prior: float = 0.5, anchor: int | None = None
) -> list[float]:
    """Bradley-Terry log-strengths of the score matrix ``wins``.

    ``anchor`` is held at 0; without one, the players of each group that met (directly
    or through others) average 0. A player without games stays at 0.

    >>> [round(x, 3) for x in fit([[0, 9, 0], [1, 0, 0], [0, 0, 0]], prior=0.0)]
    [1.099, -1.099, 0.0]
    """
    w = np.array(wins, dtype=float)
    n = len(w)
    if w.shape != (n, n) or (w < 0).any():
        raise BradleyTerryError(f"scores must be a square matrix of points >= 0, got {wins}")
    met = (w + w.T) > 0
    w = w + prior * met
    games = w + w.T
    groups = _groups(met)
    held = [anchor if anchor in group else group[0] for group in groups]
    free = [i for group in groups for i in group if i not in held]
    theta = np.zeros(n)
    for _ in range(100 if free else 0):
        p = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))  # p[i, j]: i beats j
        grad = (w - games * p).sum(axis=1)
        curve = games * p * (1.0 - p)
        hess = curve - np.diag(curve.sum(axis=1))
        step = np.linalg.solve(hess[np.ix_(free, free)], -grad[free])
        theta[free] += step
        if float(np.abs(step).max()) < 1e-10:
            break
    for group in groups:
        if anchor not in group:
            theta[group] -= theta[group].mean()
    return [float(t) for t in theta]


def _groups(met: np.ndarray) -> list[list[int]]:
    """The players who met, directly or through others, in groups of two or more."""
    seen: set[int] = set()
    groups = []
    for start in range(len(met)):
        if start in seen or not met[start].any():
            continue
        group, todo = [], [start]
        seen.add(start)
        while todo:
            i = todo.pop()
            group.append(i)
            for j in np.flatnonzero(met[i]):
                if int(j) not in seen:
                    seen.add(int(j))
                    todo.append(int(j))
        groups.append(sorted(group))
    return groups


def elo(
    wins: Sequence[Sequence[float]], prior: float = 0.5, anchor: int | None = None
) -> list[float]:
    """``fit`` on the Elo scale (400 points: ten times as strong)."""
    return [400.0 * t / math.log(10) for t in fit(wins, prior, anchor)]


def scores(games: Sequence[tuple[int, int, float]], players: int) -> list[list[float]]:
    """The score matrix of games ``(i, j, score of i)`` (1, 0.5 or 0)."""
    wins = [[0.0] * players for _ in range(players)]
    for i, j, score in games:
        wins[i][j] += score
        wins[j][i] += 1.0 - score
    return wins


def ladder(
    games: Sequence[tuple[str, str, float]], resamples: int = RESAMPLES, seed: int = 0
) -> list[Rung]:
    """Every player of ``games`` (``(a, b, score of a)``), best first, Elo to 0.1."""
    if not games:
        return []
    names = sorted({name for a, b, _ in games for name in (a, b)})
    index = {name: i for i, name in enumerate(names)}
    pairs = [(index[a], index[b], score) for a, b, score in games]
    point = elo(scores(pairs, len(names)))
    rng = np.random.default_rng(seed)
    samples = []
    for _ in range(resamples):
        picks = rng.integers(0, len(pairs), len(pairs))
        samples.append(elo(scores([pairs[k] for k in picks], len(names))))
    spread = np.array(samples)
    played = Counter(name for a, b, _ in games for name in (a, b))
    out = [
        Rung(
            name,
            _tenth(point[i]),
            _tenth(float(np.percentile(spread[:, i], 2.5))),
            _tenth(float(np.percentile(spread[:, i], 97.5))),
            played[name],
        )
        for i, name in enumerate(names)
    ]
    out.sort(key=lambda r: -r.elo)
    return out


def _tenth(x: float) -> float:
    """``x`` to 0.1 (a zero without sign)."""
    return round(x, 1) + 0.0

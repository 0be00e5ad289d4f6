"""The Elo ladder of a game's AI levels, from the level-against-level games on record.

``ratings(game)`` fits Bradley-Terry strengths (``analysis.bradley_terry``, half a virtual
draw between levels that met) to every game of ``spelbord.ai.levels.PAIRINGS`` and gives
each level's Elo relative to Easy (Easy = 0) with a 95% interval from a seeded bootstrap
over the games (resampled within each pairing, so every pairing keeps its size).

>>> from spelbord.ai.levels import Pairing
>>> games = (
...     Pairing("g", "medium", "easy", 9, 0, 1, ("m", "e"), 1.0, "..."),
...     Pairing("g", "hard", "medium", 5, 0, 5, ("h", "m"), 1.0, "..."),
... )
>>> [(r.level, round(r.elo)) for r in ratings("g", games, resamples=50)]
[('easy', 0), ('medium', 321), ('hard', 321)]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from spelbord.ai.levels import LEVEL_NAMES, PAIRINGS, Pairing
from spelbord.lab.analysis import bradley_terry

RESAMPLES = 1000


@dataclass(frozen=True)
class LevelRating:
    """One level's Elo (Easy = 0) with its 95% interval and the games behind it."""

    level: str
    elo: float
    low: float
    high: float
    games: int

    def text(self) -> str:
        if self.level == "easy":
            return f"Elo {self.elo:+.0f} (the anchor, {self.games} games)"
        return f"Elo {self.elo:+.0f}  95% [{self.low:+.0f}, {self.high:+.0f}]  ({self.games} games)"

    def as_dict(self) -> dict[str, object]:
        return {
            "level": self.level,
            "elo": round(self.elo),
            "low": round(self.low),
            "high": round(self.high),
            "games": self.games,
        }


def _elos(pairs: Sequence[tuple[int, int, float]], anchor: int) -> list[float]:
    strength = bradley_terry(pairs, len(LEVEL_NAMES))
    return [400.0 * math.log10(s / strength[anchor]) for s in strength]


def ratings(
    game: str,
    pairings: Sequence[Pairing] = PAIRINGS,
    resamples: int = RESAMPLES,
    seed: int = 0,
) -> list[LevelRating]:
    """Each level of ``game`` that played, weakest first; [] when none did."""
    import numpy as np

    index = {name: i for i, name in enumerate(LEVEL_NAMES)}
    mine = [p for p in pairings if p.game == game]
    if not mine:
        return []
    groups = [[(index[p.a], index[p.b], s) for s in p.scores()] for p in mine]
    pairs = [pair for group in groups for pair in group]
    anchor = index["easy"]
    point = _elos(pairs, anchor)
    rng = np.random.default_rng(seed)
    samples = []
    for _ in range(resamples):
        drawn = [group[k] for group in groups for k in rng.integers(0, len(group), len(group))]
        samples.append(_elos(drawn, anchor))
    spread = np.array(samples)
    played = {name: 0 for name in LEVEL_NAMES}
    for p in mine:
        played[p.a] += p.games
        played[p.b] += p.games
    out = [
        LevelRating(
            level,
            point[i],
            float(np.percentile(spread[:, i], 2.5)),
            float(np.percentile(spread[:, i], 97.5)),
            played[level],
        )
        for i, level in enumerate(LEVEL_NAMES)
        if played[level]
    ]
    return out

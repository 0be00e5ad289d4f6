"""The Elo ladder of a game's AI levels, from the level-against-level games on record.

``ratings(game)`` fits Bradley-Terry strengths (``spelbord.core.bradley_terry``: half a
virtual draw between levels that met) to every game of ``ai.levels.PAIRINGS`` and gives
each level's Elo relative to Easy (Easy = 0) with a 95% interval from a seeded bootstrap
over the games (resampled within each pairing, so every pairing keeps its size).

``play_round_robin(game, games)`` plays the round robin of ``spelbord.ai.ladder``'s
entrants (the levels and the game's scripted plans), every two of them ``games`` games
with seats rotating, in the form ``spelbord.ai.ladder.store`` keeps and ``elo`` reads.

>>> from spelbord.ai.levels import Pairing
>>> games = (
...     Pairing("g", "medium", "easy", 9, 0, 1, ("m", "e"), 1.0, "..."),
...     Pairing("g", "hard", "medium", 5, 0, 5, ("h", "m"), 1.0, "..."),
... )
>>> [(r.level, round(r.elo)) for r in ratings("g", games, resamples=50)]
[('easy', 0), ('medium', 321), ('hard', 321)]
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from spelbord.ai import ladder
from spelbord.ai.ladder import LadderError, scaled
from spelbord.ai.levels import LEVEL_NAMES, PAIRINGS, Pairing, resolve
from spelbord.core.bradley_terry import elo

RESAMPLES = 500


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


def _matrix(counts: Sequence[tuple[int, int, int, int, int]]) -> list[list[float]]:
    """The score matrix of (a, b, wins, draws, losses) entries."""
    n = len(LEVEL_NAMES)
    wins = [[0.0] * n for _ in range(n)]
    for a, b, won, drawn, lost in counts:
        wins[a][b] += won + drawn / 2
        wins[b][a] += lost + drawn / 2
    return wins


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
    counts = [(index[p.a], index[p.b], p.wins, p.draws, p.losses) for p in mine]
    anchor = index["easy"]
    point = elo(_matrix(counts), anchor=anchor)
    rng = np.random.default_rng(seed)
    # Each pairing's games drawn again with replacement: a multinomial of its results.
    draws = [
        rng.multinomial(
            won + tied + lost, np.array([won, tied, lost]) / (won + tied + lost), resamples
        )
        for _, _, won, tied, lost in counts
    ]
    samples = []
    for k in range(resamples):
        again = [
            (c[0], c[1], int(d[k][0]), int(d[k][1]), int(d[k][2]))
            for c, d in zip(counts, draws, strict=True)
        ]
        samples.append(elo(_matrix(again), anchor=anchor))
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


def play_round_robin(
    game: str, games: int, scale: float = 1.0, seed: int = 0, progress: bool = False
) -> dict[str, Any]:
    """Every two entrants play ``games`` games (seats rotating); the stored form.

    ``scale`` multiplies the levels' time budgets (in (0, 10]); a bad ``games`` or ``scale``
    raises ``LadderError`` before any game is played.
    """
    from spelbord.lab.match import run_match

    if games < 1:
        raise LadderError(f"a round robin needs at least one game a pair, got {games}")
    if not 0 < scale <= 10:
        raise LadderError(f"the time scale must be in (0, 10], got {scale}")
    names = ladder.entrants(game)  # through the module: a test may replace it
    specs = {name: _spec(game, name, scale) for name in names}
    rows: list[dict[str, Any]] = []
    start = time.perf_counter()
    for k, (a, b) in enumerate(itertools.combinations(names, 2)):
        result = run_match(game, None, [specs[a], specs[b]], games, seed + k, progress=progress)
        for record, seating in zip(result.records, result.seatings, strict=True):
            winners = sorted(record.outcome.winners())
            rows.append(
                {
                    "agents": [(a, b)[entry] for entry in seating],
                    "result": "draw" if not winners else "win",
                    "winners": winners,
                    "moves": len(record.moves),
                }
            )
    return {
        "game": game,
        "games_per_pair": games,
        "scale": scale,
        "seed": seed,
        "specs": specs,
        "seconds": round(time.perf_counter() - start, 1),
        "command": f"spelbord ai levels {game} --run --games {games} --scale {scale:g} "
        f"--seed {seed}",
        "rows": rows,
    }


def _spec(game: str, name: str, scale: float) -> str:
    if name.startswith("level:"):
        return scaled(resolve(game, name.split(":", 1)[1]), scale)
    return name

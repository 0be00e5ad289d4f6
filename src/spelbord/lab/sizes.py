"""How many games settle a question: sizes for 95% intervals of a given half-width.

A share near 1/2 is the hardest to pin down, so the sizes below hold for any share:
``games_for_share(0.05)`` games give a 95% interval no wider than ±5 points on one win
rate; ``games_for_difference(0.05)`` games *per arm* give one on the difference of two
independent win rates (pairing arms by seed can only narrow it). ``Size`` states a study's
default size with the figure it is chosen for; the report checks the interval it got.

>>> games_for_share(0.05)
385
>>> games_for_difference(0.05)
769
>>> half_width_of_share(385) <= 0.05
True
>>> Size.share().text()
'385 games per arm: ±5 points on a win rate (95%, the worst case p = 1/2)'
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from spelbord.lab.stats import Z95

HALF_WIDTH = 0.05
"""The default target: a 95% interval within ±5 points."""


def games_for_share(half_width: float = HALF_WIDTH, p: float = 0.5, z: float = Z95) -> int:
    """Games for a 95% interval of ±``half_width`` on a share near ``p`` (normal
    approximation, which the Wilson interval matches at these sizes)."""
    if not 0 < half_width < 1 or not 0 < p < 1:
        raise ValueError(f"need 0 < half_width < 1 and 0 < p < 1, got {half_width}, {p}")
    return math.ceil(z * z * p * (1 - p) / (half_width * half_width))


def games_for_difference(half_width: float = HALF_WIDTH, p: float = 0.5, z: float = Z95) -> int:
    """Games per arm for ±``half_width`` on the difference of two independent shares."""
    if not 0 < half_width < 1 or not 0 < p < 1:
        raise ValueError(f"need 0 < half_width < 1 and 0 < p < 1, got {half_width}, {p}")
    return math.ceil(2 * z * z * p * (1 - p) / (half_width * half_width))


def half_width_of_share(games: int, p: float = 0.5, z: float = Z95) -> float:
    """The 95% half-width on a share near ``p`` after ``games`` games."""
    return z * math.sqrt(p * (1 - p) / games) if games > 0 else 1.0


@dataclass(frozen=True)
class Size:
    """A study's default games per arm and the headline figure it is chosen for."""

    games: int
    figure: str
    half_width: float = HALF_WIDTH

    def text(self) -> str:
        return (
            f"{self.games} games per arm: ±{self.half_width * 100:g} points on {self.figure} "
            "(95%, the worst case p = 1/2)"
        )

    def to_dict(self) -> dict[str, object]:
        return {"games": self.games, "figure": self.figure, "half_width": self.half_width}

    @classmethod
    def share(cls, figure: str = "a win rate", half_width: float = HALF_WIDTH) -> Size:
        return cls(games_for_share(half_width), figure, half_width)

    @classmethod
    def difference(
        cls, figure: str = "the difference of two win rates", half_width: float = HALF_WIDTH
    ) -> Size:
        return cls(games_for_difference(half_width), figure, half_width)

"""Statistics for match results: win rates with Wilson score intervals, means.

>>> low, high = wilson_interval(8, 10)
>>> round(low, 4), round(high, 4)
(0.4902, 0.9433)
>>> wilson_interval(0, 0)
(0.0, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``successes`` out of ``trials`` (95% by default).

    Unlike the normal approximation it stays inside [0, 1] and behaves at 0 and ``trials``
    successes. With no trials nothing is known: ``(0.0, 1.0)``.
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denom = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean(values: Iterable[float]) -> float:
    """The arithmetic mean (``nan`` for no values)."""
    items = list(values)
    return math.fsum(items) / len(items) if items else math.nan

"""Wilson score intervals and means against known values."""

from __future__ import annotations

import math

import pytest

from spelbord.lab.stats import mean, wilson_interval


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        (8, 10, 0.4902, 0.9433),  # Wilson (1927) / Newcombe (1998) worked examples
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
        (1, 2, 0.0945, 0.9055),
    ],
)
def test_wilson_interval_known_values(wins: int, games: int, low: float, high: float) -> None:
    got_low, got_high = wilson_interval(wins, games)
    assert got_low == pytest.approx(low, abs=5e-5)
    assert got_high == pytest.approx(high, abs=5e-5)


def test_wilson_interval_is_symmetric_and_narrows() -> None:
    low, high = wilson_interval(3, 20)
    mirror_low, mirror_high = wilson_interval(17, 20)
    assert low == pytest.approx(1 - mirror_high) and high == pytest.approx(1 - mirror_low)
    widths = [h - lo for lo, h in (wilson_interval(n // 2, n) for n in (10, 100, 1000))]
    assert widths[0] > widths[1] > widths[2]
    assert wilson_interval(5, 10, z=1.0)[1] - wilson_interval(5, 10, z=1.0)[0] < widths[0]


def test_wilson_interval_edges_and_errors() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    for bad in [(-1, 5), (6, 5), (0, -1)]:
        with pytest.raises(ValueError):
            wilson_interval(*bad)


def test_mean() -> None:
    assert mean([1.0, 2.0, 4.5]) == pytest.approx(2.5)
    assert math.isnan(mean([]))

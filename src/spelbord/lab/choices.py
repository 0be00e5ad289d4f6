"""What a choice is worth: an agent barred from it against the same agent unrestricted.

For every choice the game declares (``LabData.choices``) one arm seats
``without:CHOICE:AGENT`` against ``AGENT`` (in games of more than two seats, the others all
``AGENT``), seats rotating. The choice's value is the score the barred agent loses against
its fair share (1/2 in a two-sided game): ``fair - score``, with a 95% interval (Wilson on
the win rate when no game is drawn, else a bootstrap of the mean score). A choice the
agent never had (``chances`` 0) is worth nothing *measured*: the report says so.

>>> [a.seats for a in choice_arms("g", {}, "random", ["exchange"], 2)]
[('without:exchange:random', 'random')]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from spelbord.lab.metrics import ArmGames, score_interval
from spelbord.lab.restrict import PREFIX, RestrictedSpec
from spelbord.lab.study import Arm


def choice_arms(
    game: str,
    options: dict[str, Any],
    agent: str,
    choices: Sequence[str],
    seats: int,
    rules_version: int | None = None,
) -> list[Arm]:
    """One arm per choice: the barred agent against the same agent unrestricted."""
    return [
        Arm(
            f"without {choice}",
            game,
            dict(options),
            (f"{PREFIX}:{choice}:{agent}", *[agent] * (seats - 1)),
            True,
            rules_version,
        )
        for choice in choices
    ]


@dataclass(frozen=True)
class ChoiceValue:
    """One choice: the barred agent's score, its fair share, and the value lost."""

    choice: str
    description: str
    agent: str
    games: int
    score: float
    low: float
    high: float
    fair: float
    chances: float
    """Mean decisions per game where the barred agent could have taken the choice."""
    forced: float
    overrides: float

    @property
    def value(self) -> float:
        return self.fair - self.score

    @property
    def value_low(self) -> float:
        return self.fair - self.high

    @property
    def value_high(self) -> float:
        return self.fair - self.low

    @property
    def clear(self) -> bool:
        return not math.isnan(self.low) and not self.low <= self.fair <= self.high

    def to_dict(self) -> dict[str, Any]:
        def clean(x: float) -> float | None:
            return None if math.isnan(x) else round(x, 4)

        return {
            "choice": self.choice,
            "description": self.description,
            "agent": self.agent,
            "games": self.games,
            "score": clean(self.score),
            "low": clean(self.low),
            "high": clean(self.high),
            "fair": clean(self.fair),
            "value": clean(self.value),
            "value_low": clean(self.value_low),
            "value_high": clean(self.value_high),
            "chances_per_game": clean(self.chances),
            "forced_per_game": clean(self.forced),
            "overrides_per_game": clean(self.overrides),
        }


def values(arms: Sequence[ArmGames], descriptions: dict[str, str]) -> list[ChoiceValue]:
    """The value of the choice barred in each arm (arms without a barred seat skipped)."""
    out = []
    for g in arms:
        scores: list[float] = []
        chances: list[float] = []
        forced: list[float] = []
        overrides: list[float] = []
        found: RestrictedSpec | None = None
        for row, seat_scores in zip(g.rows, g.score, strict=True):
            for seat, spec in enumerate(row["agents"]):
                restricted = RestrictedSpec.parse(spec)
                if restricted is None:
                    continue
                found = restricted
                if not math.isnan(seat_scores[seat]):
                    scores.append(seat_scores[seat])
                for key, bucket in (
                    ("bar_chances", chances),
                    ("bar_forced", forced),
                    ("bar_overrides", overrides),
                ):
                    counts = row.get(key)
                    if counts is not None:
                        bucket.append(counts[seat])
        if found is None:
            continue
        score, low, high = score_interval(np.array(scores, dtype=float))
        out.append(
            ChoiceValue(
                found.choice,
                descriptions.get(found.choice, ""),
                found.inner,
                len(scores),
                score,
                low,
                high,
                1.0 / len(g.teams),
                _mean(chances),
                _mean(forced),
                _mean(overrides),
            )
        )
    out.sort(key=lambda c: -c.value if not math.isnan(c.value) else math.inf)
    return out


def _mean(values: list[float]) -> float:
    return float(np.mean(values)) if values else math.nan

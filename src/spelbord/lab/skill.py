"""The skill trace: does more thinking win more, and how much?

The same agent at budgets doubling over ``steps`` steps (``mcts:{budget}`` from ``50it``:
50, 100, 200, 400, 800 iterations) plays either each budget against the base budget
(``against = "base"``), each against the next one down (``"next"``), or every pair
(``"round-robin"``). The trace gives, per budget, its score against its opponent (Wilson
interval when there are no draws, bootstrap otherwise) and its Elo relative to the base
(Bradley-Terry over every game, ``spelbord.core.bradley_terry``, with a seeded bootstrap
interval): a game with depth of skill climbs steadily.

In games of more than two seats the tested budget takes one seat and the others play its
opponent; a game is scored pairwise between seats of different agents by their returns
(higher return: 1, equal: 1/2), so teammates of different budgets do not count.

>>> budgets("mcts:{budget}", "50it", 5)
['mcts:50it', 'mcts:100it', 'mcts:200it', 'mcts:400it', 'mcts:800it']
>>> budgets("ismcts:{budget}:dets=4", "0.25s", 3)
['ismcts:0.25s:dets=4', 'ismcts:0.5s:dets=4', 'ismcts:1s:dets=4']
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from spelbord.core.bradley_terry import elo, scores
from spelbord.lab.metrics import score_interval
from spelbord.lab.study import Arm, StudyError

PLACEHOLDER = "{budget}"
AGAINST = ("base", "next", "round-robin")
RESAMPLES = 500
_BUDGET = re.compile(r"^(?P<num>\d+(?:\.\d+)?)(?P<unit>it|ms|s)$")


def budgets(template: str, base: str, steps: int) -> list[str]:
    """The agent specs of the trace: ``template`` with ``base`` doubled ``steps - 1`` times."""
    if PLACEHOLDER not in template:
        raise StudyError(f"a skill template holds {PLACEHOLDER}, got {template!r}")
    match = _BUDGET.match(base.strip())
    if match is None:
        raise StudyError(f"a base budget is like 50it, 250ms or 0.5s, got {base!r}")
    if not 2 <= steps <= 12:
        raise StudyError(f"a skill trace has 2 to 12 steps, got {steps}")
    number, unit = float(match["num"]), match["unit"]
    out = []
    for step in range(steps):
        value = number * 2**step
        text = f"{value:g}" if unit != "it" else str(int(value))
        out.append(template.replace(PLACEHOLDER, text + unit))
    return out


def skill_arms(
    game: str,
    options: dict[str, Any],
    specs: Sequence[str],
    seats: int,
    against: str,
    rules_version: int | None = None,
) -> list[Arm]:
    """The arms of a trace over ``specs`` (weakest first)."""
    if against not in AGAINST:
        raise StudyError(f"against is one of {', '.join(AGAINST)}, got {against!r}")
    if against == "base":
        pairs = [(spec, specs[0]) for spec in specs[1:]]
    elif against == "next":
        pairs = [(specs[i + 1], specs[i]) for i in range(len(specs) - 1)]
    else:
        pairs = [(b, a) for a, b in itertools.combinations(specs, 2)]
    return [
        Arm(
            f"{test} vs {other}",
            game,
            dict(options),
            (test, *[other] * (seats - 1)),
            True,
            rules_version,
        )
        for test, other in pairs
    ]


# ---------------------------------------------------------------------- the trace
@dataclass(frozen=True)
class SkillPoint:
    """One budget of the trace: its score against its opponent and its Elo."""

    agent: str
    opponent: str
    games: int
    score: float
    low: float
    high: float
    elo: float
    elo_low: float
    elo_high: float

    def to_dict(self) -> dict[str, Any]:
        def clean(x: float) -> float | None:
            return None if math.isnan(x) else round(x, 4)

        return {
            "agent": self.agent,
            "opponent": self.opponent,
            "games": self.games,
            "score": clean(self.score),
            "low": clean(self.low),
            "high": clean(self.high),
            "elo": clean(self.elo),
            "elo_low": clean(self.elo_low),
            "elo_high": clean(self.elo_high),
        }


def pairwise(rows: Sequence[dict[str, Any]], teams_of: Any = None) -> list[tuple[str, str, float]]:
    """Every game as pairwise results ``(a, b, score of a)`` between seats of different
    agents (and different teams, when ``teams_of(row)`` gives the seat -> team map)."""
    out = []
    for row in rows:
        if row["result"] == "none":
            continue
        agents, returns = row["agents"], row["returns"]
        team = teams_of(row) if teams_of is not None else None
        for i, j in itertools.combinations(range(len(agents)), 2):
            if agents[i] == agents[j] or (team is not None and team[i] == team[j]):
                continue
            score = 1.0 if returns[i] > returns[j] else 0.5 if returns[i] == returns[j] else 0.0
            out.append((agents[i], agents[j], score))
    return out


def trace(
    rows: Sequence[dict[str, Any]],
    specs: Sequence[str],
    teams_of: Any = None,
    seed: int = 0,
) -> list[SkillPoint]:
    """The skill trace of ``specs`` (weakest first) from a skill study's rows."""
    games = pairwise(rows, teams_of)
    index = {spec: i for i, spec in enumerate(specs)}
    pairs = [(index[a], index[b], s) for a, b, s in games if a in index and b in index]
    if not pairs:
        return []
    point = elo(scores(pairs, len(specs)), anchor=0)
    rng = np.random.default_rng(seed)
    samples = []
    for _ in range(RESAMPLES):
        picks = rng.integers(0, len(pairs), len(pairs))
        samples.append(elo(scores([pairs[k] for k in picks], len(specs)), anchor=0))
    spread = np.array(samples)
    out = []
    for spec in specs:
        mine = [(b, s) for a, b, s in games if a == spec and b in index] + [
            (a, 1.0 - s) for a, b, s in games if b == spec and a in index
        ]
        weaker = [(b, s) for b, s in mine if index[b] < index[spec]]
        chosen = weaker or mine
        opponent = ", ".join(dict.fromkeys(b for b, _ in chosen))
        values = np.array([s for _, s in chosen])
        score, low, high = score_interval(values)
        i = index[spec]
        out.append(
            SkillPoint(
                spec,
                opponent,
                len(values),
                score,
                low,
                high,
                point[i],
                float(np.percentile(spread[:, i], 2.5)),
                float(np.percentile(spread[:, i], 97.5)),
            )
        )
    return out

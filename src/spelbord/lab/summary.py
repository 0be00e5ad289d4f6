"""Everything a study's records say, computed once: per-arm metrics, holes, and what the
study's kind asks (skill trace, variant differences, choice values, dominance graph).

``compute(study, rows)`` gives a ``StudyResults``; ``to_json`` gives ``summary.json``'s
figures (every metric of every arm with its interval, and the rest), which the report
and ``spelbord.lab.findings`` read.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from spelbord.lab.choices import ChoiceValue
from spelbord.lab.dominance import Dominance
from spelbord.lab.holes import ArmHoles, Hole
from spelbord.lab.metrics import ArmGames, Difference, Metric
from spelbord.lab.skill import SkillPoint
from spelbord.lab.study import Study

Row = dict[str, Any]


@dataclass
class StudyResults:
    """A study's figures (see the module); kind-specific parts are ``None`` when absent."""

    arms: list[ArmGames]
    metrics: dict[str, list[Metric]]
    holes: list[ArmHoles]
    listed: list[Hole]
    skill: list[SkillPoint] | None = None
    differences: list[Difference] | None = None
    choices: list[ChoiceValue] | None = None
    dominance: Dominance | None = None
    seat_fair: dict[str, bool] = field(default_factory=dict)
    """Per arm: whether seat figures measure the seats (equal agents, or seats rotating)."""

    def metric(self, arm: str, key: str) -> Metric | None:
        return next((m for m in self.metrics.get(arm, []) if m.key == key), None)


def compute(study: Study, rows: Sequence[Row]) -> StudyResults:
    """The figures of ``study`` from its ``rows`` (in study order)."""
    from spelbord.lab import holes as hole_finder
    from spelbord.lab.metrics import arm_games, arm_metrics

    order = {arm.label: i for i, arm in enumerate(study.arms)}
    by_arm: dict[str, list[Row]] = {}
    for row in sorted(rows, key=lambda r: (order.get(r["arm"], len(order)), r["game_index"])):
        by_arm.setdefault(row["arm"], []).append(row)
    arms = [arm_games(mine) for mine in by_arm.values()]
    metrics = {g.arm: arm_metrics(g, study.seed) for g in arms}
    summaries, listed = hole_finder.find(rows)
    spec = {arm.label: arm for arm in study.arms}
    seat_fair = {
        g.arm: g.arm in spec and (spec[g.arm].rotate or len(set(spec[g.arm].seats)) == 1)
        for g in arms
    }
    results = StudyResults(arms, metrics, summaries, listed, seat_fair=seat_fair)
    if not arms:
        return results
    if study.kind == "skill":
        from spelbord.lab.skill import trace

        team_maps = {g.arm: _team_map(g) for g in arms}
        results.skill = trace(
            rows, study.params.get("specs", []), lambda r: team_maps.get(r["arm"]), study.seed
        )
    elif study.kind == "variants":
        from spelbord.lab.variants import compare

        baseline = study.params.get("baseline", arms[0].arm)
        if any(g.arm == baseline for g in arms):
            paired = all(arm.pairing for arm in study.arms)
            results.differences = compare(arms, baseline, paired, study.seed)
    elif study.kind == "choices":
        from spelbord.lab.choices import values

        described = {c["name"]: c.get("description", "") for c in study.params.get("choices", [])}
        results.choices = values(arms, described)
    elif study.kind == "dominance":
        from spelbord.lab.dominance import dominance
        from spelbord.lab.skill import pairwise

        team_maps = {g.arm: _team_map(g) for g in arms}
        games = pairwise(rows, lambda r: team_maps.get(r["arm"]))
        results.dominance = dominance(games, study.params.get("agents", []))
    return results


def _team_map(g: ArmGames) -> list[int]:
    """Seat -> team index of an arm's game."""
    out = [0] * g.seats
    for t, members in enumerate(g.teams):
        for s in members:
            out[s] = t
    return out


def to_json(results: StudyResults) -> dict[str, Any]:
    """The figures of ``summary.json`` (JSON-ready, no NaN)."""
    arms = {}
    for g in results.arms:
        arms[g.arm] = {
            "game": g.game,
            "options": g.options,
            "rules_version": g.rules_version,
            "seats": g.seat_names,
            "teams": [list(t) for t in g.teams],
            "games": g.n,
            "seat_figures_measure_seats": results.seat_fair.get(g.arm, False),
            "metrics": {m.key: m.to_dict() for m in results.metrics[g.arm]},
        }
    out: dict[str, Any] = {
        "arms": arms,
        "holes": {
            "arms": [h.to_dict() for h in results.holes],
            "listed": [h.to_dict() for h in results.listed],
        },
    }
    if results.skill is not None:
        out["skill"] = [p.to_dict() for p in results.skill]
    if results.differences is not None:
        out["differences"] = [d.to_dict() for d in results.differences]
    if results.choices is not None:
        out["choices"] = [c.to_dict() for c in results.choices]
    if results.dominance is not None:
        out["dominance"] = results.dominance.to_dict()
    return _clean(out)


def _clean(value: Any) -> Any:
    """``value`` with every NaN float as ``None`` (JSON has no NaN)."""
    if isinstance(value, float):
        return None if math.isnan(value) else value
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_clean(v) for v in value]
    return value

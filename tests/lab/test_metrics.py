"""The designer's metrics: values, intervals, per seat and per team, and differences."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from scipy import stats

from spelbord.lab.metrics import (
    METRICS,
    arm_games,
    arm_metrics,
    difference,
    fmt,
    score_interval,
    seat_scores,
)
from spelbord.lab.stats import wilson_interval


def _row(race: str, i: int, winners: list[int], **extra: Any) -> dict[str, Any]:
    row = {
        "arm": extra.pop("arm", "a"),
        "game": race,
        "options": extra.pop("options", "{}"),
        "rules_version": 1,
        "game_index": i,
        "agents": ["random", "random"],
        "result": "win" if winners else "draw",
        "winners": winners,
        "returns": [1.0 if s in winners else -1.0 for s in (0, 1)] if winners else [0.0, 0.0],
        "length": 10 + i % 7,
        "termination": "finish" if winners else "turn-limit",
        "first": i % 2,
        "branching": [2, 3, 1, 3],
        "lead": [0, -1, 10 + i % 7, winners[0] if winners else -1],
    }
    row.update(extra)
    return row


def test_values_and_intervals(race: str) -> None:
    # seat 0 wins 30, seat 1 wins 15, 5 draws (turn limit: a safety bound)
    rows = [_row(race, i, [0] if i < 30 else [1] if i < 45 else []) for i in range(50)]
    games = arm_games(rows)
    m = {x.key: x for x in arm_metrics(games)}
    assert m["draw_rate"].value == 0.1 and m["draw_rate"].n == 50
    assert (m["draw_rate"].low, m["draw_rate"].high) == wilson_interval(5, 50)
    assert m["caps"].value == 0.1 and m["completion"].value == 0.9
    assert m["seat_win_0"].value == 0.6 and m["seat_win_1"].value == 0.3
    assert m["balance"].value == pytest.approx(0.7)
    assert m["balance"].low < 0.7 < m["balance"].high and m["balance"].method.startswith("boot")
    # the first mover: even games seat 0, odd games seat 1
    firsts = [(i % 2 == 0) == (i < 30) for i in range(45)]
    assert m["first_seat"].value == pytest.approx(sum(firsts) / 45)
    lengths = np.array([10 + i % 7 for i in range(50)], dtype=float)
    assert m["length_mean"].value == pytest.approx(lengths.mean())
    assert m["length_sd"].value == pytest.approx(lengths.std(ddof=1))
    assert m["length_mean"].low < lengths.mean() < m["length_mean"].high
    assert m["decisions"].value == 3 and m["branching"].value == 2.25
    assert m["branching"].method == "constant" and m["branching"].low == 2.25
    # the lead settles at the last ply of decisive games, never changes hands
    assert m["lead_settled"].value == 1.0 and m["lead_changes"].value == 0.0
    assert m["lead_settled"].n == 45


def test_bootstrap_matches_scipy_and_repeats(race: str) -> None:
    rows = [_row(race, i, [0] if i % 3 else [1], length=5 + (i * 7) % 23) for i in range(60)]
    one = {x.key: x for x in arm_metrics(arm_games(rows), seed=4)}["length_mean"]
    two = {x.key: x for x in arm_metrics(arm_games(rows), seed=4)}["length_mean"]
    assert (one.low, one.high) == (two.low, two.high)
    lengths = np.array([5 + (i * 7) % 23 for i in range(60)], dtype=float)
    direct = stats.bootstrap((lengths,), np.mean, n_resamples=2000, method="BCa",
                             random_state=np.random.default_rng(4)).confidence_interval  # fmt: skip
    assert one.low == pytest.approx(direct.low, abs=0.3)
    assert one.high == pytest.approx(direct.high, abs=0.3)


def test_unfinished_games_count_only_as_holes(race: str) -> None:
    rows = [_row(race, i, [0]) for i in range(8)]
    rows.append(_row(race, 8, [], result="none", termination="lab:no-legal-action",
                     hole="no-legal-action"))  # fmt: skip
    m = {x.key: x for x in arm_metrics(arm_games(rows))}
    assert m["seat_win_0"].n == 8 and m["seat_win_0"].value == 1.0
    assert m["completion"].value == pytest.approx(8 / 9) and m["draw_rate"].n == 8


def test_teams_in_four(race: str) -> None:
    teams = [(0, 2), (1, 3)]
    assert seat_scores({"result": "win", "winners": [0, 2]}, teams, 4) == [1, 0, 1, 0]
    assert seat_scores({"result": "win", "winners": [0, 1]}, teams, 4) == [0.5] * 4
    assert seat_scores({"result": "draw", "winners": []}, teams, 4) == [0.5] * 4
    assert seat_scores({"result": "win", "winners": [3]}, [(s,) for s in range(4)], 4) == [
        0,
        0,
        0,
        1,
    ]
    rows = []
    for i in range(40):
        winners = [0, 2] if i % 4 else [1, 3]
        rows.append(
            _row(
                race,
                i,
                winners,
                options='{"players": 4, "teams": "pairs"}',
                agents=["random"] * 4,
                returns=[0.0] * 4,
                first=i % 4,
                lead_team=[0, -1, 9, 0 if i % 4 else 1],
            )
        )
    games = arm_games(rows)
    assert games.has_teams and games.team_name(0) == "Red + Green"
    m = {x.key: x for x in arm_metrics(games)}
    assert m["team_win_0"].value == 0.75 and m["team_win_1"].value == 0.25
    assert m["team_balance"].value == pytest.approx(0.5)
    assert m["seat_win_2"].value == 0.75
    # the first mover's team won: seats 0/2 move first in half the games
    team_first = [(i % 4 in (0, 2)) == bool(i % 4) for i in range(40)]
    assert m["first_seat"].value == pytest.approx(sum(team_first) / 40)
    assert m["lead_settled"].value == pytest.approx(np.mean([9 / (10 + i % 7) for i in range(40)]))


def test_differences_paired_and_not(race: str) -> None:
    base = [_row(race, i, [0] if i % 2 else [1], arm="base") for i in range(80)]
    more = [_row(race, i, [0] if i % 4 else [1], arm="more", length=30 + i % 7) for i in range(80)]
    a, b = arm_games(more), arm_games(base)
    defs = {d.key: d for d in METRICS}
    paired = difference(a, b, defs["length_mean"], paired=True)
    assert paired.value == pytest.approx(20.0)
    assert paired.clear and paired.low <= paired.value <= paired.high and paired.n == 80
    # lengths differ by exactly 20 in every pair: the paired interval has no width
    assert paired.high - paired.low < 1e-9
    unpaired = difference(a, b, defs["length_mean"], paired=False)
    assert unpaired.high - unpaired.low > 0.5
    seat = difference(a, b, defs["first_seat"], paired=True)
    assert seat.unit == "share" and not math.isnan(seat.low)


def test_score_interval_and_formats() -> None:
    assert all(math.isnan(x) for x in score_interval(np.array([])))
    value, low, high = score_interval(np.array([1.0, 0.5, 0.0, 1.0, 0.5, 1.0] * 10))
    assert low < value < high and value == pytest.approx(4 / 6)
    assert fmt(0.514, "share") == "51%" and fmt(-0.02, "share", signed=True) == "-2.0 points"
    assert fmt(math.nan, "moves") == "–" and fmt(212.4, "moves") == "212"

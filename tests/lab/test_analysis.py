"""The analyses on hand-made records with known answers."""

from __future__ import annotations

import math
from typing import Any

import pytest

from spelbord.lab.analysis import (
    bradley_terry,
    endings,
    features,
    ladder,
    lengths,
    seat_advantage,
    win_rates,
)
from spelbord.lab.stats import wilson_interval


def row(
    arm: str, index: int, agents: list[str], winners: list[int], **extra: Any
) -> dict[str, Any]:
    return {
        "arm": arm,
        "game_index": index,
        "agents": agents,
        "result": "win" if winners else "draw",
        "winners": winners,
        "length": 10 + index,
        "termination": extra.pop("termination", "ended"),
        **{f"fact_{k}": v for k, v in extra.items()},
    }


def test_win_rates_with_wilson_intervals() -> None:
    rows = [row("a", i, ["x", "y"], [0] if i < 7 else [1]) for i in range(10)]
    rows.append(row("a", 10, ["x", "y"], []))
    table = win_rates(rows)
    x = next(r for r in table.rows if r[1] == "x")
    low, high = wilson_interval(7, 11)
    assert x == ["a", "x", 7, 1, 3, round(7 / 11, 4), round(low, 4), round(high, 4)]


def test_seat_advantage_tests_the_first_seat_share() -> None:
    lopsided = [row("a", i, ["r", "r"], [0] if i < 32 else [1]) for i in range(40)]
    even = [row("b", i, ["r", "r"], [i % 2]) for i in range(40)]
    table = seat_advantage(lopsided + even)
    a, b = table.rows
    assert a[3] == "32 / 8" and a[4] == 0.8 and a[8] < 0.001
    assert b[3] == "20 / 20" and b[4] == 0.5 and b[8] == 1.0


def test_bradley_terry_recovers_a_known_ratio() -> None:
    # 0 beats 1 three times in four, 1 beats 2 three times in four, 0 beats 2 9 in 10
    pairs = [(0, 1, 1.0)] * 30 + [(0, 1, 0.0)] * 10 + [(1, 2, 1.0)] * 30 + [(1, 2, 0.0)] * 10
    pairs += [(0, 2, 1.0)] * 90 + [(0, 2, 0.0)] * 10
    s = bradley_terry(pairs, 3, prior=0.0)
    assert s[0] / s[1] == pytest.approx(3.0, rel=0.15)
    assert s[1] / s[2] == pytest.approx(3.0, rel=0.15)
    assert math.prod(s) == pytest.approx(1.0)


def test_ladder_orders_agents_with_intervals() -> None:
    rows = []
    for i in range(30):
        rows.append(
            row(
                "ab",
                i,
                ["strong", "weak"] if i % 2 else ["weak", "strong"],
                [1 - i % 2] if i % 5 else [i % 2],  # the strong one wins 4 in 5
            )
        )
        rows.append(row("bc", i, ["weak", "worst"], [0] if i % 4 else [1]))
    table = ladder(rows, resamples=50)
    assert [r[0] for r in table.rows] == ["strong", "weak", "worst"]
    for _name, elo, low, high, games in table.rows:
        assert low <= elo <= high and games > 0
    assert table.rows[0][1] > 0 > table.rows[2][1]


def test_lengths_and_endings() -> None:
    rows = [
        row("a", i, ["r", "r"], [0], termination="life" if i < 3 else "seasons", season=4)
        for i in range(4)
    ]
    assert lengths(rows).rows[0][:3] == ["a", 4, 11.5]
    table = endings(rows)
    assert [r[1:4] for r in table.rows] == [["life", 3, 0.75], ["seasons", 1, 0.25]]
    assert table.extra["facts"].rows == [["a", "season", 4.0]]


def test_features_binary_with_price_count_and_category() -> None:
    rows = []
    for i in range(40):
        has = i % 2  # seat 0 wins the dragon in odd games ...
        winner = 0 if has else 1  # ... and wins exactly those games
        rows.append(
            row(
                "a",
                i,
                ["r", "r"],
                [winner],
                s0_won_dragon=has,
                s0_price_dragon=10 + i % 4 if has else -1,
                s1_won_dragon=0,
                s1_price_dragon=-1,
                s0_bought_archer=i % 3,
                s1_bought_archer=i % 3,
                s0_castle_cell=4,
                s1_castle_cell=7,
            )
        )
    table = features(rows, ["won_*", "bought_*"], ["castle_cell"])
    assert {r[0] for r in table.rows} == {"a"}  # one arm: no pooled rows
    by = {(r[1], r[2]): r[1:] for r in table.rows}
    assert by["won_dragon", "yes"][2:4] == [20, 1.0]
    assert by["won_dragon", "yes"][6] == "mean price 12.0"
    assert by["won_dragon", "no"][2] == 60
    assert by["castle_cell", "= 4"][3] == 0.5 and by["castle_cell", "= 7"][3] == 0.5
    slope = by["bought_archer", "per +1"]
    assert slope[4] <= slope[3] <= slope[5]
    assert not any(r[1].startswith("price_") for r in table.rows)
    two = features([*rows, *({**r, "arm": "b"} for r in rows)], ["won_*"])
    assert [r[0] for r in two.rows if r[1:3] == ["won_dragon", "yes"]] == ["a", "b", "all"]
    assert next(r for r in two.rows if r[0] == "all" and r[2] == "yes")[3] == 40

"""`spelbord odds omringad`: the battle calculator's table and JSON (R40-R49)."""

from __future__ import annotations

import json
from collections.abc import Callable

Run = Callable[..., tuple[int, str, str]]


def test_odds_table_with_fractions(run_cli: Run) -> None:
    """R41, R47: one mercenary against another (635/1331 each way, see test_odds)."""
    code, out, _ = run_cli(
        "odds", "omringad", "--attack", "M", "--defend", "1 mercenary", "--fractions"
    )
    assert code == 0
    assert "attacker wins         47.71%  635/1331" in out
    assert "nobody left            4.58%  61/1331" in out
    assert "bound changes no figure" in out


def test_odds_words_terrain_policy_and_json(run_cli: Run) -> None:
    code, out, _ = run_cli(
        "odds",
        "omringad",
        "--attack",
        "2 mercenaries, 1 rider (damaged)",
        "--defend",
        "GAA",
        "--terrain",
        "forest",
        "--policy",
        "cheapest",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    assert data["attacker"] == "MMr" and data["defender"] == "AAG"
    assert data["terrain"] == "forest" and data["policy"] == "cheapest"
    assert abs(sum(o["p"] for o in data["outcomes"]) - 1) < 1e-12
    assert all("/" in o["exact"] for o in data["outcomes"])


def test_odds_bad_input_is_a_usage_error(run_cli: Run) -> None:
    code, _, err = run_cli("odds", "omringad", "--attack", "2 knights", "--defend", "M")
    assert code == 2 and "cannot read '2 knights'" in err
    code, _, err = run_cli("odds", "omringad", "--attack", "M", "--defend", "M", "--terrain", "sea")
    assert code == 2 and "terrain" in err
    code, _, err = run_cli("odds", "omringad", "--attack", "M" * 13, "--defend", "M")
    assert code == 2 and "at most 12 units" in err
    code, _, err = run_cli("odds", "coerceo", "--attack", "M", "--defend", "M")
    assert code == 2 and "no tool 'odds'" in err

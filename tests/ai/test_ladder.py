"""The levels' Elo ladder: who plays the round robin, scaled budgets, the fit.

Playing and storing a round robin is tested in tests/lab/test_levels.py (the lab plays it)."""

from __future__ import annotations

import pytest

from spelbord.ai.ladder import Rung, elo, entrants, scaled


def test_entrants_are_the_four_levels_and_the_games_scripted_plans() -> None:
    names = entrants("omringad")
    assert names[:4] == ["level:easy", "level:medium", "level:hard", "level:master"]
    assert len(names) >= 8 and all(n.startswith("script:") for n in names[4:])


def test_scaling_changes_time_budgets_only() -> None:
    assert scaled("ismcts:4s:dets=3", 0.1) == "ismcts:400ms:dets=3"
    assert scaled("mcts:2000it", 0.1) == "mcts:2000it"
    assert scaled("random", 0.1) == "random"


def test_elo_ranks_the_winner_first_with_an_interval() -> None:
    rows = [
        {"agents": ["a", "b"][:: 1 if k % 2 else -1], "result": "win", "winners": [k % 2 ^ 1]}
        for k in range(12)
    ]  # "a" wins every game from either seat
    rungs = elo({"rows": rows})
    assert [r.name for r in rungs] == ["a", "b"]
    top = rungs[0]
    assert isinstance(top, Rung) and top.low <= top.elo <= top.high and top.games == 12
    assert top.elo > 0 > rungs[1].elo


def test_a_record_rates_a_level_only_as_the_level_plays_now(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from spelbord.ai import ladder
    from spelbord.ai.levels import resolve

    # A pairing's varied openings are the same agent; another agent or budget is not.
    assert ladder.plays_as("coerceo", "hard", resolve("coerceo", "hard") + ":openings=4")
    assert not ladder.plays_as("coerceo", "hard", resolve("coerceo", "master"))
    # A round robin played at half time stores its levels' budgets halved.
    half = ladder.scaled(resolve("islandet", "hard"), 0.5)
    robin = {
        "scale": 0.5,
        "games_per_pair": 6,
        "seconds": 1.0,
        "command": "spelbord ai levels islandet --run --games 6 --scale 0.5",
        "specs": {"level:easy": "random", "level:hard": half, "script:hunter": "script:hunter"},
        "rows": [
            {"agents": pair[:: 1 if k % 2 else -1], "result": "win", "winners": [k % 2 ^ 1]}
            for pair in (["level:hard", "level:easy"], ["level:easy", "script:hunter"])
            for k in range(6)
        ],
    }
    assert ladder.stale_levels("islandet", robin) == ["easy"]
    monkeypatch.setattr(
        ladder, "records", lambda game, folder=None: ladder.Records(game, robin, (), ())
    )
    # Easy was random when this was played: it is left unrated; Hard keeps its Elo.
    rated = ladder.ratings("islandet")
    assert set(rated) == {"hard"} and rated["hard"].scale == 0.5
    assert [d["elo"] is None for d in ladder.describe("islandet")] == [True, True, False, True]
    assert "level:easy (random), not the level now" in ladder.report("islandet")

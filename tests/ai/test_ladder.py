"""The levels' Elo ladder: a round robin of levels and scripted plans, stored with its command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spelbord.ai import ladder
from spelbord.ai.ladder import LadderError, Rung, elo, entrants, play_round_robin, scaled, store


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


def test_a_round_robin_is_played_stored_and_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ladder, "entrants", lambda game: ["level:easy", "script:shooter"])
    data = play_round_robin("islandet", 2, scale=0.5, seed=3)
    assert data["specs"] == {"level:easy": "random", "script:shooter": "script:shooter"}
    assert len(data["rows"]) == 2 and data["seconds"] >= 0
    assert {tuple(r["agents"]) for r in data["rows"]} == {
        ("level:easy", "script:shooter"),
        ("script:shooter", "level:easy"),
    }
    assert "--games 2 --scale 0.5 --seed 3" in data["command"]
    path = store(data, tmp_path)
    assert json.loads(path.read_text()) == data
    assert {r.name for r in elo(data)} == {"level:easy", "script:shooter"}


def test_bad_round_robins_fail_clearly() -> None:
    with pytest.raises(LadderError, match="at least one game"):
        play_round_robin("islandet", 0)
    with pytest.raises(LadderError, match="scale"):
        play_round_robin("islandet", 1, scale=0)
    assert isinstance(LadderError("x"), ValueError)

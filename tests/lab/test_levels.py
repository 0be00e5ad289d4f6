"""The round robin of the levels and the scripted plans, played by the lab and stored with
its command (``spelbord.lab.levels.play_round_robin``; the ladder itself is
``spelbord.ai.ladder``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spelbord.ai import ladder
from spelbord.ai.ladder import LadderError, elo, store
from spelbord.lab.levels import play_round_robin


def test_a_round_robin_is_played_stored_and_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ladder, "entrants", lambda game: ["level:easy", "script:shooter"])
    data = play_round_robin("islandet", 2, scale=0.5, seed=3)
    assert data["specs"] == {"level:easy": "script:marksman", "script:shooter": "script:shooter"}
    assert len(data["rows"]) == 2 and data["seconds"] >= 0
    assert {tuple(r["agents"]) for r in data["rows"]} == {
        ("level:easy", "script:shooter"),
        ("script:shooter", "level:easy"),
    }
    assert "--games 2 --scale 0.5 --seed 3" in data["command"]
    path = store(data, tmp_path)
    assert json.loads(path.read_text()) == {"round_robin": data, "pairings": [], "measured": []}
    assert {r.name for r in elo(data)} == {"level:easy", "script:shooter"}


def test_a_round_robin_in_two_processes_plays_the_same_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ladder, "entrants", lambda game: ["level:easy", "script:shooter"])
    one = play_round_robin("islandet", 2, seed=4)
    two = play_round_robin("islandet", 2, seed=4, processes=2)
    assert two["rows"] == one["rows"]
    assert two["command"] == one["command"] + " --processes 2"


def test_bad_round_robins_fail_clearly() -> None:
    with pytest.raises(LadderError, match="at least one game"):
        play_round_robin("islandet", 0)
    with pytest.raises(LadderError, match="scale"):
        play_round_robin("islandet", 1, scale=0)
    with pytest.raises(LadderError, match="processes"):
        play_round_robin("islandet", 1, processes=0)
    with pytest.raises(LadderError, match="processes"):
        play_round_robin("islandet", 1, processes=65)
    assert isinstance(LadderError("x"), ValueError)


def test_deterministic_levels_play_varied_games_in_the_round_robin(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Coerceo's levels are fixed-depth searches: without its ``varied`` openings the two
    # games with the same seating would be one game twice
    monkeypatch.setattr(ladder, "entrants", lambda game: ["level:easy", "level:medium"])
    data = play_round_robin("coerceo", 4, seed=5)
    assert data["specs"] == {
        "level:easy": "ab:depth=1:openings=4",
        "level:medium": "ab:depth=3:openings=4",
    }
    assert len({row["moves"] for row in data["rows"]}) > 2
    assert ladder.stale_levels("coerceo", data) == []  # the levels as they play, varied

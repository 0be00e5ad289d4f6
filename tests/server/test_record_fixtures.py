"""Records made with the rules of their day replay exactly, whatever the rules are now.

``tests/fixtures/records/`` holds finished games in the export format, made by seeded
agents (``make_records.py`` there regenerates them and says why each seed was chosen:
each passes through a rule situation that a later rules version changes). Every one must
import, replay under its stored rules version to exactly the recorded outcome and ply,
and export back identically, version included. Do not regenerate them to make this test
pass after a rules change: a failure here means an old version no longer plays as it did.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spelbord import games
from spelbord.server import views
from spelbord.server.records import record_from_export, table_game

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "records"
EXPECTED: dict[str, dict[str, Any]] = json.loads(
    (FIXTURES / "expected.json").read_text(encoding="utf-8")
)
NAMES = sorted(EXPECTED)


def fixture(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    return data


def test_every_game_has_a_fixture_and_every_fixture_is_listed() -> None:
    assert {e["game"] for e in EXPECTED.values()} >= set(games.packages())
    files = {p.stem for p in FIXTURES.glob("*.json")} - {"expected"}
    assert files == set(EXPECTED)


@pytest.mark.parametrize("name", NAMES)
def test_a_fixture_replays_to_its_recorded_outcome(name: str) -> None:
    record, expected = fixture(name), EXPECTED[name]
    assert record["version"] == expected["version"]
    assert record["game"] == expected["game"] and record["options"] == expected["options"]
    game = games.load(record["game"], rules_version=record["version"], **record["options"])
    state = game.replay(record["moves"])
    assert state.is_terminal()
    assert state.move_number() == expected["ply"] and len(record["moves"]) == expected["moves"]
    assert list(state.returns()) == expected["returns"]
    assert state.termination() == expected["termination"]
    assert views.result_of(state) == record["result"]


@pytest.mark.parametrize("name", NAMES)
def test_a_fixture_reads_back_as_a_table_of_its_version(name: str) -> None:
    record, expected = fixture(name), EXPECTED[name]
    table = record_from_export(record)
    assert table.rules_version == expected["version"] and table.game == expected["game"]
    assert table.ply == expected["ply"] and table.status == "finished"
    assert table.result == record["result"]
    assert table_game(table).rules_version == expected["version"]


@pytest.mark.parametrize("name", NAMES)
def test_a_fixture_imports_replays_and_exports_identically(client: TestClient, name: str) -> None:
    record, expected = fixture(name), EXPECTED[name]
    r = client.post("/api/import", json=record)
    assert r.status_code == 200, r.text
    t = r.json()["table"]
    v = client.get(f"/api/tables/{t}/view").json()
    assert v["status"] == "finished" and v["ply"] == expected["ply"]
    assert v["rules_version"] == expected["version"]
    assert v["result"]["returns"] == expected["returns"]
    assert v["result"]["termination"] == expected["termination"]
    replay = client.get(f"/api/tables/{t}/replay").json()
    assert replay["rules_version"] == expected["version"]
    assert len(replay["frames"]) == len(record["moves"]) + 1
    assert replay["frames"][-1]["ply"] == expected["ply"]
    assert replay["frames"][-1]["result"] == record["result"]
    assert client.get(f"/api/tables/{t}/export").json() == record


def test_a_fixture_of_an_unknown_version_or_with_an_illegal_move_is_refused(
    client: TestClient,
) -> None:
    record = fixture("islandet-crossfire")
    r = client.post("/api/import", json={**record, "version": 99})
    assert r.status_code == 400
    assert r.json()["error"].startswith(
        "the record cannot be replayed here: islandet rules version 99 cannot be played here"
    )
    moves = list(record["moves"])
    moves[41] = 1_000_000  # a seat's decision (a chance outcome precedes it)
    r = client.post("/api/import", json={**record, "moves": moves})
    assert r.status_code == 400
    assert r.json()["error"].startswith(
        "the record is not a legal game under islandet rules version 1: move 41 (1000000) at ply 41"
    )
    assert client.get("/api/tables").json()["finished"] == []


def test_the_r36_fixture_plays_differently_under_omringad_version_3() -> None:
    """``omringad-own-square`` (version 2) steps a group into an enemy's square where only
    its owner's own units stand (R36): version 2 leaves the square, version 3 takes it, and
    the same moves end as a draw under version 2 but as seat 1's win under version 3. So the
    record's stored version is what keeps its result."""
    record = fixture("omringad-own-square")
    assert record["version"] == 2 and EXPECTED["omringad-own-square"]["returns"] == [0.0, 0.0]
    newest = games.load("omringad", rules_version=3, **record["options"])
    state = newest.replay(record["moves"])
    assert state.is_terminal() and list(state.returns()) == [-1.0, 1.0]

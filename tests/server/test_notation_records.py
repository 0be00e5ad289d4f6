"""Exported records carry every move in the game's notation beside its action id, and an
import reads either (issue 28): the ids, the texts alone, or a list mixing both; a text
that names no legal move, or one too long, is refused with a clear error and imports
nothing."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.replaygames import SHORT, finished_game

from spelbord.server.tables import records

NAMES = sorted(SHORT)


def _exported(client: TestClient, record: dict[str, Any]) -> dict[str, Any]:
    r = client.post("/api/import", json=record)
    assert r.status_code == 200, r.text
    table = r.json()["table"]
    return client.get(f"/api/tables/{table}/export").json()


@pytest.mark.parametrize("name", NAMES)
def test_export_gives_the_notation_and_the_notation_alone_imports_the_same_game(
    client: TestClient, name: str
) -> None:
    final, record = finished_game(name)
    exported = _exported(client, record)
    notation = exported["notation"]
    assert len(notation) == len(exported["moves"]) == len(final.history())
    for move, text in zip(exported["moves"], notation, strict=True):
        if isinstance(move, int):
            assert isinstance(text, str) and text.strip()
        else:
            assert isinstance(text, list) and len(text) == len(move)
    # the texts alone replay to the very same action ids
    by_text = {k: v for k, v in exported.items() if k != "moves"}
    again = _exported(client, {**by_text, "options": record["options"]})
    assert again["moves"] == exported["moves"]
    assert again["notation"] == notation
    assert again["result"] == exported["result"]


def test_a_record_may_mix_ids_and_notation(client: TestClient) -> None:
    _, record = finished_game("coerceo")
    exported = _exported(client, record)
    mixed = [
        t if i % 2 else m
        for i, (m, t) in enumerate(zip(exported["moves"], exported["notation"], strict=True))
    ]
    again = _exported(client, {**exported, "moves": mixed})
    assert again["moves"] == exported["moves"]


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("z9:0-z9:1", "move 3"),  # no such field
        ("a3:3-a3:1", "move 3"),  # a real move, not legal here
        ("x" * (records.MAX_NOTATION + 1), "does not fit the position"),
        ("", "does not fit the position"),
    ],
)
def test_a_text_that_names_no_legal_move_is_refused(
    client: TestClient, text: str, error: str
) -> None:
    _, record = finished_game("coerceo")
    moves = list(record["moves"])
    moves[3] = text
    before = client.get("/api/imports").json()["imported"]
    r = client.post("/api/import", json={**record, "moves": moves})
    assert r.status_code == 400
    assert error in r.json()["error"]
    assert len(r.json()["error"]) < 300
    assert client.get("/api/imports").json()["imported"] == before

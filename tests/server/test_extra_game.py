"""The server's tables and replays on a game registered by the documented steps
(tests/extra_game.py), with an AI seat of the game's own agent kind in a real worker."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
import test_replay
from fastapi.testclient import TestClient
from test_ai import wait_for
from tests import replaygames
from tests.extra_game import FOLDER, registered

from conftest import Factory, create, view
from spelbord.server.tables.workers import WorkerConfig


@pytest.fixture(scope="module")
def name() -> Iterator[str]:
    with registered() as found:
        yield found


def test_a_table_plays_it_with_its_own_agent_and_hides_the_cards(
    name: str, make_client: Factory, sqlite_url: str
) -> None:
    workers = dataclasses.replace(WorkerConfig(), workers=1, sys_path=(str(FOLDER),))
    with make_client(sqlite_url, workers=workers) as client:
        bad = client.post(
            "/api/tables",
            json={"game": name, "seats": [{"kind": "ai", "agent": "gunst-eq"}, {"kind": "local"}]},
        )
        assert bad.status_code == 400 and "gunst-eq plays gunst, not rutor" in bad.json()["error"]
        made = create(client, name, ["local", "ai:rutor-greedy"])
        table, token = made["table"], made["tokens"]["0"]
        for _ in range(20):
            v = wait_for(
                client, table, token, lambda v: v["your_turn"] or v["status"] == "finished"
            )
            if v["status"] == "finished":
                break
            assert v["observation"]["card"] in (0, 1, 2) and v["observation"]["cards"] is None
            hidden = [m for m in v["moves"] if m["seat"] == -1]
            assert len(hidden) == 2 and hidden[0]["text"].startswith("card ")
            assert "card" not in hidden[1]["text"], "the other seat's card is never shown"
            r = client.post(
                f"/api/tables/{table}/action",
                json={"token": token, "action": v["legal"][0]["action"], "ply": v["ply"]},
            )
            assert r.status_code == 200, r.text
        final = view(client, table)
        assert final["status"] == "finished" and len(final["observation"]["cards"]) == 2
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert hub.pool.crashes == 0 and hub.pool.timeouts == 0


def test_replays_follow_its_moves(
    name: str, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(replaygames.SHORT, name, ({}, 3))
    test_replay.test_each_frame_follows_exactly_one_entry_with_its_notation(name)
    test_replay.test_a_running_game_hides_moves_but_keeps_one_entry_per_frame(name)
    test_replay.test_the_replay_of_a_finished_table_ends_on_its_final_view(client, name)


def test_its_rules_page_comes_from_its_package(name: str, client: TestClient) -> None:
    """The documents ship in the game's package (``rutor/rules/``), as a wheel ships them."""
    r = client.get(f"/rules/{name}")
    assert r.status_code == 200
    assert "<strong>R1. Board and cards.</strong>" in r.text and "<h2" in r.text
    assert 'data-example="start"' in r.text

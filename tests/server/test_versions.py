"""Rules versions on the server: every table stores the version its game is played under,
every replay, view and export uses it, and records of another version say so clearly.

``toy-revised`` is at rules version 2 and keeps version 1: from version 2 on an addition
of 2 is no longer allowed, so a version-1 record that adds 2 is illegal under version 2.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from conftest import FAKE_WORKERS, Factory, create, play_out, view
from spelbord.core.registry import load
from spelbord.server.errors import BadRequestError
from spelbord.server.tables.records import record_from_export
from spelbord.server.tables.store import TABLES
from spelbord.server.tables.workers import AgentPool, ThinkJob

V1_RECORD: dict[str, Any] = {
    "format": "spelbord-record/1",
    "game": "toy-revised",
    "version": 1,
    "options": {},
    "seed": 5,
    "moves": [0, 1, [10, 11], 2, 1, 2, 0],  # seat 0 adds 2 twice: legal in version 1 only
    "resigned": None,
}


def stored_versions(client: TestClient) -> dict[str, int]:
    engine = client.app.state.hub.store.engine  # type: ignore[attr-defined]
    with engine.connect() as conn:
        return dict(conn.execute(sa.select(TABLES.c.id, TABLES.c.rules_version)).all())


def set_version(client: TestClient, table: str, version: int) -> None:
    engine = client.app.state.hub.store.engine  # type: ignore[attr-defined]
    with engine.begin() as conn:
        conn.execute(TABLES.update().where(TABLES.c.id == table).values(rules_version=version))
    client.app.state.hub._tables.pop(table, None)  # type: ignore[attr-defined]


def test_a_new_table_is_played_under_the_newest_version(
    make_client: Factory, database_url: str
) -> None:
    with make_client(database_url) as client:
        made = create(client, "toy-revised", ["local", "local"])
        t = made["table"]
        assert stored_versions(client) == {t: 2}
        assert view(client, t)["rules_version"] == 2
        final = play_out(client, t, made["tokens"])
        record = client.get(f"/api/tables/{t}/export").json()
        assert record["version"] == 2 and len(record["moves"]) == final["ply"]
        assert client.get(f"/api/tables/{t}/replay").json()["rules_version"] == 2
        (summary,) = client.get("/api/tables").json()["finished"]
        assert summary["rules_version"] == 2


def test_new_tables_cannot_pick_an_older_version(client: TestClient) -> None:
    seats = [{"kind": "local"}, {"kind": "local"}]
    body = {"game": "toy-revised", "options": {"rules_version": 1}, "seats": seats}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400 and "rules_version" in r.json()["error"]
    assert stored_versions(client) == {}


def test_a_record_replays_under_its_own_version(make_client: Factory, database_url: str) -> None:
    with make_client(database_url) as client:
        r = client.post("/api/import", json=V1_RECORD)
        assert r.status_code == 200, r.text
        t = r.json()["table"]
        assert stored_versions(client) == {t: 1}
        v = view(client, t)
        assert v["rules_version"] == 1 and v["status"] == "finished"
        assert [m["text"] for m in v["moves"]][3:] == ["+2", "+1", "+2", "+0"]
        assert v["result"]["returns"] == [1.0, -1.0]
        replay = client.get(f"/api/tables/{t}/replay").json()
        assert replay["rules_version"] == 1 and len(replay["frames"]) == 8
        exported = client.get(f"/api/tables/{t}/export").json()
        exported.pop("notation")  # the moves in words, beside the ids
        assert exported == {**V1_RECORD, "result": v["result"], "timeouts": []}
        (summary,) = client.get("/api/tables").json()["imported"]
        assert summary["rules_version"] == 1
    with make_client(database_url) as client:  # after a restart, still under version 1
        assert view(client, t)["rules_version"] == 1


def test_a_record_without_a_version_is_version_1(client: TestClient) -> None:
    """Records exported before versions were recorded carry none: they are version 1."""
    old = {k: v for k, v in V1_RECORD.items() if k != "version"}
    t = client.post("/api/import", json=old).json()["table"]
    assert view(client, t)["rules_version"] == 1
    assert client.get(f"/api/tables/{t}/export").json()["version"] == 1
    assert record_from_export(old).rules_version == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"version": 2},
            "not a legal game under toy-revised rules version 2: move 3 (2) at ply 3",
        ),
        ({"version": 99}, "toy-revised rules version 99 cannot be played here"),
        ({"version": 0}, "toy-revised rules version 0 cannot be played here"),
        ({"version": "one"}, "rules version must be a whole number"),
        ({"version": None}, "rules version must be a whole number"),
        ({"options": {"rules_version": 1}}, "its rules version as 'version'"),
    ],
)
def test_records_of_a_version_that_cannot_replay_are_refused(
    client: TestClient, change: dict[str, Any], message: str
) -> None:
    bad = {**V1_RECORD, **change}
    r = client.post("/api/import", json=bad)
    assert r.status_code == 400 and message in r.json()["error"], r.text
    with pytest.raises(BadRequestError) as raised:
        record_from_export(bad)
    assert message in str(raised.value)
    assert stored_versions(client) == {}
    assert client.get("/api/tables").json()["finished"] == []


def test_a_table_whose_version_is_gone_says_so(client: TestClient) -> None:
    """A stored table this installation cannot replay: a clear 409, never a 500."""
    t = client.post("/api/import", json=V1_RECORD).json()["table"]
    set_version(client, t, 7)
    for path in ("view", "replay", "export"):
        r = client.get(f"/api/tables/{t}/{path}")
        assert r.status_code == 409, r.text
        assert r.json()["error"] == (
            f"table {t} (toy-revised, rules version 7) cannot be replayed by this "
            "installation: toy-revised rules version 7 cannot be played here (this "
            "installation plays versions 1-2)"
        )
    with client.websocket_connect(f"/ws/tables/{t}") as ws:
        message = ws.receive_json()
        assert message["type"] == "error" and "rules version 7" in message["message"]
    (summary,) = client.get("/api/tables").json()["imported"]  # the lobby still lists it
    assert summary["rules_version"] == 7
    assert client.get(f"/table/{t}").status_code == 200  # the page loads and shows the error


def test_a_table_illegal_under_its_stored_version_says_so(client: TestClient) -> None:
    t = client.post("/api/import", json=V1_RECORD).json()["table"]
    set_version(client, t, 2)
    r = client.get(f"/api/tables/{t}/view")
    assert r.status_code == 409
    error = r.json()["error"]
    assert error.startswith(f"table {t} (toy-revised, rules version 2) does not replay")
    set_version(client, t, 1)
    assert view(client, t)["rules_version"] == 1


def test_ai_seats_think_under_the_tables_version() -> None:
    """The worker builds the game under the job's version (a version-1 state is no
    state of the newest rules, so without it the job fails and the table plays at random)."""
    state = load("toy-revised", rules_version=1).replay([0, 1, [10, 11]])

    async def both() -> list[int | None]:
        agents = AgentPool(FAKE_WORKERS)
        try:
            return [
                await agents.think(ThinkJob("toy-revised", {}, state.to_json(), 0, "first", 1, v))
                for v in (1, None)
            ]
        finally:
            await agents.close()

    # A fresh thread: this test process may already run a loop of its own (Playwright's).
    with ThreadPoolExecutor(max_workers=1) as thread:
        assert thread.submit(asyncio.run, both()).result() == [0, None]

"""The lobby's open tables (issue 15): a creator may cancel their own table, nobody else;
a table left waiting for a day closes itself, kept as abandoned (also when only stored);
so does a game nobody moved in or was connected to for a day."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from conftest import Factory, create, view
from spelbord.server.tables.hub import Hub, HubConfig
from spelbord.server.tables.store import TABLES


def hub_of(client: TestClient) -> Hub:
    return client.app.state.hub  # type: ignore[attr-defined,no-any-return]


def cancel(client: TestClient, table: str, token: str | None) -> Any:
    return client.post(
        f"/api/tables/{table}/cancel", json={} if token is None else {"token": token}
    )


def test_the_creator_cancels_an_open_table_and_it_stays_on_record(client: TestClient) -> None:
    made = create(client, "toy-open", ["local", "open"])
    t, mine = made["table"], made["tokens"]["0"]
    assert [x["table"] for x in client.get("/api/tables").json()["open"]] == [t]
    r = cancel(client, t, mine)
    assert r.status_code == 200, r.text
    v = r.json()
    assert v["status"] == "finished" and v["result"]["termination"] == "cancelled"
    lobby = client.get("/api/tables").json()
    assert lobby["open"] == [] and [x["table"] for x in lobby["finished"]] == [t]
    assert view(client, t)["result"]["text"] == "cancelled by its creator"
    # Cancelled is final: nobody can sit down, and cancelling again is a conflict.
    assert client.post(f"/api/tables/{t}/claim", json={"seat": 1}).status_code == 409
    assert cancel(client, t, mine).status_code == 409


def test_nobody_but_the_creator_may_cancel(client: TestClient) -> None:
    made = create(client, "toy-open", ["local", "open"])
    t = made["table"]
    other = create(client, "toy-open", ["local", "open"])
    # A token of another table's creator, no token, a bad token: refused, nothing changes.
    assert cancel(client, t, other["tokens"]["0"]).status_code == 403
    assert cancel(client, t, None).status_code == 400
    assert cancel(client, t, "forged").status_code == 403
    assert view(client, t)["status"] == "waiting"


def test_a_player_who_joined_may_not_cancel_and_a_started_game_is_resigned_instead(
    client: TestClient,
) -> None:
    only_open = create(client, "toy-open", ["open", "open"])["table"]
    joined = client.post(f"/api/tables/{only_open}/claim", json={"seat": 0}).json()
    r = cancel(client, only_open, joined["token"])
    assert r.status_code == 403
    assert "only the player who created" in r.json()["error"]
    assert view(client, only_open)["status"] == "waiting"
    # Once every seat is taken the game runs: the creator resigns rather than cancels.
    made = create(client, "toy-open", ["local", "open"])
    client.post(f"/api/tables/{made['table']}/claim", json={"seat": 1})
    assert view(client, made["table"])["status"] == "running"
    r = cancel(client, made["table"], made["tokens"]["0"])
    assert r.status_code == 409


def test_waiting_tables_close_after_a_day_also_when_only_stored(
    make_client: Factory, sqlite_url: str
) -> None:
    assert HubConfig().abandon_waiting == 24 * 3600
    with make_client(sqlite_url) as client:
        waiting = create(client, "toy-open", ["local", "open"])["table"]
        hub = hub_of(client)
        hub._forget(hub._tables[waiting])  # only in the store now
        assert waiting not in hub._tables

        def close(after: float) -> int:
            async def go() -> int:
                return await hub.close_abandoned(now=time.time() + after)

            return client.portal.call(go)  # type: ignore[union-attr,no-any-return]

        assert close(23 * 3600) == 0
        assert close(24 * 3600 + 60) == 1
        v = view(client, waiting)
        assert v["status"] == "finished" and v["result"]["termination"] == "abandoned"


def test_a_game_nobody_moves_in_or_watches_for_a_day_leaves_playing(
    make_client: Factory, sqlite_url: str
) -> None:
    """Abandoned (docs/architecture.md): no move and nobody connected for a day. A client
    that was at the table counts until it leaves; a day after that the game ends as
    ``abandoned`` through ``finish`` and moves from "Playing" to "Finished"."""
    assert HubConfig().abandon_running == 24 * 3600
    with make_client(sqlite_url) as client:
        made = create(client, "toy-open", ["local", "local"])
        table, token = made["table"], made["tokens"]["0"]
        hub = hub_of(client)
        live = hub._tables[table]
        two_days_ago = time.time() - 2 * 24 * 3600
        live.updated_at = two_days_ago  # the last move was two days ago ...
        with hub.store.engine.begin() as conn:
            conn.execute(
                TABLES.update().where(TABLES.c.id == table).values(updated_at=two_days_ago)
            )
        with client.websocket_connect(f"/ws/tables/{table}?token={token}") as ws:
            ws.receive_json()  # ... but a player was here until now
        deadline = time.monotonic() + 5
        while (hub.store.load(table) or live).updated_at < time.time() - 60:
            assert time.monotonic() < deadline, "the last client's leaving was not stored"
            time.sleep(0.02)

        def close(after: float) -> int:
            async def go() -> int:
                return await hub.close_abandoned(now=time.time() + after)

            return client.portal.call(go)  # type: ignore[union-attr,no-any-return]

        assert close(60) == 0 and close(23 * 3600) == 0
        assert [t["table"] for t in client.get("/api/tables").json()["running"]] == [table]
        assert close(24 * 3600 + 60) == 1
        lobby = client.get("/api/tables").json()
        assert lobby["running"] == [] and [t["table"] for t in lobby["finished"]] == [table]
        result = view(client, table, token)["result"]
        assert result["termination"] == "abandoned" and result["returns"] == [0.0, 0.0]


def test_the_day_is_configurable(
    make_client: Factory, sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SPELBORD_ABANDON_WAITING", "7200")
    with make_client(sqlite_url) as client:
        assert hub_of(client).config.abandon_waiting == 7200

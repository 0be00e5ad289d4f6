"""Storage: the append-only log, restarts that resume every game, pending simultaneous
choices, import/export/replay; on SQLite and (when configured) PostgreSQL."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from tests.loops import run

from conftest import Factory, act, create, play_out, view
from spelbord.server.tables.store import LOG, PENDING, TABLES, Store


def rows(url: str, table: sa.Table, **where: Any) -> list[dict[str, Any]]:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as conn:
            query = sa.select(table).where(*(table.c[k] == v for k, v in where.items()))
            return [dict(r) for r in conn.execute(query).mappings()]
    finally:
        engine.dispose()


def test_every_move_is_logged_with_the_table_ply(make_client: Factory, database_url: str) -> None:
    with make_client(database_url) as client:
        made = create(client, "toy-hidden", ["local", "local"])
        t, tok = made["table"], made["tokens"]
        act(client, t, tok["0"], 10, 2)
        pending = rows(database_url, PENDING, table_id=t)
        assert [(p["seat"], p["action"]) for p in pending] == [(0, 10)]
        act(client, t, tok["1"], 11, 2)
        act(client, t, tok["0"], 2, 3)
        log = sorted(rows(database_url, LOG, table_id=t), key=lambda e: e["seq"])
        assert [e["kind"] for e in log] == ["chance", "chance", "joint", "action"]
        assert [e["ply"] for e in log] == [0, 1, 2, 3]
        assert log[2]["payload"] == [10, 11] and log[3]["payload"] == 2 and log[3]["seat"] == 0
        assert rows(database_url, PENDING, table_id=t) == []
        (table,) = rows(database_url, TABLES, id=t)
        assert table["ply"] == 4 and table["status"] == "running"


def test_a_restarted_server_resumes_every_game(make_client: Factory, database_url: str) -> None:
    with make_client(database_url) as client:
        a = create(client, "toy-hidden", ["local", "local"])
        b = create(client, "toy-open", ["local", "open"])
        act(client, a["table"], a["tokens"]["1"], 11, 2)  # a pending secret choice
        before = {s: view(client, a["table"], a["tokens"][s]) for s in ("0", "1")}
        before_b = view(client, b["table"])
    with make_client(database_url) as client:
        for s in ("0", "1"):
            assert view(client, a["table"], a["tokens"][s]) == before[s]
        assert view(client, b["table"]) == before_b
        assert client.post(f"/api/tables/{b['table']}/claim", json={"seat": 1}).status_code == 200
        assert view(client, b["table"])["status"] == "running"
        r = act(client, a["table"], a["tokens"]["0"], 10, 2)
        assert r.json()["observation"]["bids"] == [0, 1]
        final = play_out(client, a["table"], a["tokens"])
        assert final["status"] == "finished"
    with make_client(database_url) as client:
        assert view(client, a["table"]) == {**final, "seat": None, **_spectator(final)}


def _spectator(final: dict[str, Any]) -> dict[str, Any]:
    """The fields that differ for a spectator of a finished game (its own observation;
    a spectator may offer nothing, e.g. no rematch)."""
    nothing = {"draw": False, "takeback": False, "rematch": False}
    return {
        "observation": final["observation"],
        "your_turn": False,
        "legal": [],
        "offers": {
            **final["offers"],
            "can": nothing,
            "table": {**final["offers"]["table"], "draw": False},
        },
    }


def test_a_failed_write_changes_nothing_and_sends_nothing(
    make_client: Factory, sqlite_url: str
) -> None:
    with make_client(sqlite_url) as client:
        made = create(client, "toy-open", ["local", "local"])
        t, tok = made["table"], made["tokens"]
        act(client, t, tok["0"], 10, 2)
        act(client, t, tok["1"], 10, 2)
        before = view(client, t, tok["0"])
        store = client.app.state.hub.store  # type: ignore[attr-defined]

        def broken(*args: Any, **kwargs: Any) -> None:
            raise OSError("disk full")

        original = store.advance
        store.advance = broken
        with pytest.raises(OSError, match="disk full"):
            act(client, t, tok["0"], 1, before["ply"])
        with client.websocket_connect(f"/ws/tables/{t}?token={tok['0']}") as ws:
            assert ws.receive_json()["type"] == "view"
            ws.send_json({"type": "action", "action": 1, "ply": before["ply"]})
            assert ws.receive_json() == {
                "type": "error",
                "message": "server error: nothing changed",
                "text": "server error: nothing changed",  # in the client's language
            }
        store.advance = original
        assert view(client, t, tok["0"]) == before
        assert act(client, t, tok["0"], 1, before["ply"]).status_code == 200


def test_export_import_and_replay(make_client: Factory, database_url: str) -> None:
    with make_client(database_url) as client:
        hidden = create(client, "toy-hidden", ["local", "local"])
        t = hidden["table"]
        refused = client.get(f"/api/tables/{t}/export", params={"token": hidden["tokens"]["0"]})
        assert refused.status_code == 403 and "still running" in refused.json()["error"]
        final = play_out(client, t, hidden["tokens"])
        record = client.get(f"/api/tables/{t}/export").json()
        assert record["format"] == "spelbord-record/1" and record["game"] == "toy-hidden"
        assert isinstance(record["seed"], int) and len(record["moves"]) == final["ply"]
        imported = client.post("/api/import", json=record).json()["table"]
        copy = view(client, imported)
        assert copy["status"] == "finished" and copy["result"] == final["result"]
        assert copy["moves"] == view(client, t)["moves"]
        replay = client.get(f"/api/tables/{imported}/replay").json()
        assert len(replay["frames"]) == final["ply"] + 1
        assert replay["frames"][-1]["result"] == final["result"]
        assert replay["frames"][0]["observation"] == {"cards": [], "bids": [], "adds": []}

        running = create(client, "toy-open", ["local", "local"])
        open_record = client.get(f"/api/tables/{running['table']}/export").json()
        assert open_record["seed"] is None and len(open_record["moves"]) == 2


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "pgn"}, "not a game record"),
        ({"game": "chess"}, "no game named"),
        ({"moves": [0, 0, [10, 10], 7]}, "not a legal game"),
        ({"moves": [0, 0, [10, 10]]}, "does not finish"),
        ({"moves": "e4"}, "list of 'moves'"),
        ({"moves": [0, 0, 10]}, "does not fit"),
    ],
)
def test_bad_records_do_not_import(
    make_client: Factory, sqlite_url: str, change: dict[str, Any], message: str
) -> None:
    good = {
        "format": "spelbord-record/1",
        "game": "toy-open",
        "options": {},
        "seed": 5,
        "moves": [0, 1, [10, 11], 0, 1, 2, 0],
        "resigned": None,
    }
    with make_client(sqlite_url) as client:
        assert client.post("/api/import", json=good).status_code == 200
        r = client.post("/api/import", json={**good, **change})
        assert r.status_code in (400, 404) and message in r.json()["error"]
        assert len(client.get("/api/tables").json()["imported"]) == 1


def test_a_resigned_record_imports(make_client: Factory, sqlite_url: str) -> None:
    record = {
        "format": "spelbord-record/1",
        "game": "toy-open",
        "options": {},
        "seed": 5,
        "moves": [0, 1, [10, 11]],
        "resigned": 0,
    }
    with make_client(sqlite_url) as client:
        table = client.post("/api/import", json=record).json()["table"]
        v = view(client, table)
        assert v["result"]["termination"] == "resign" and v["result"]["text"] == "0-1"


def test_sqlite_commits_leave_checkpoints_to_the_hubs_thread(tmp_path: Path) -> None:
    """A commit on the event loop never waits for a checkpoint (the disk); the hub's
    ``checkpoints`` copies the write-ahead log into the database instead."""
    from spelbord.server.db import open_engine
    from spelbord.server.tables.hub import Hub, HubConfig
    from spelbord.server.tables.protocol import CreateRequest, SeatSpec

    engine = open_engine(f"sqlite:///{tmp_path / 'wal.sqlite3'}")
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0
    hub = Hub(Store(engine), None, HubConfig(checkpoint_every=0.05))

    async def go() -> None:
        for _ in range(20):
            await hub.create(CreateRequest("toy-open", {}, (SeatSpec("local"), SeatSpec("local"))))
        database = tmp_path / "wal.sqlite3"
        assert (tmp_path / "wal.sqlite3-wal").stat().st_size > 0
        before = database.stat().st_size  # the commits are in the log only
        task = asyncio.get_running_loop().create_task(hub.checkpoints())
        await asyncio.sleep(0.5)
        task.cancel()
        assert database.stat().st_size > before  # copied into the database by the hub
        await hub.close()

    run(go())
    engine.dispose()

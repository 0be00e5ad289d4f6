"""Issue 27, item 5: non-finite numbers. Every JSON body and WebSocket message is decoded
strictly (``server.strictjson``): NaN, Infinity and numbers that overflow a double are
refused with 400 before any field is read, and every time a client sends has declared
bounds (``tournaments.protocol``)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from players_helpers import players_app, sign_up

from conftest import create
from spelbord import server
from spelbord.server.strictjson import NonFiniteNumberError, loads
from spelbord.server.tournaments.protocol import MAX_START_AHEAD, MAX_START_BEHIND

NON_FINITE = ("NaN", "Infinity", "-Infinity", "1e400", "-1e999")

BODY_ROUTES = (
    "/api/tables",
    "/api/tables/{table}/claim",
    "/api/tables/{table}/action",
    "/api/tables/{table}/resign",
    "/api/tables/{table}/cancel",
    "/api/import",
    "/api/account/signup",
    "/api/account/signin",
    "/api/tournaments",
    "/api/tournaments/{tournament}/ai",
    "/api/analyse/coerceo",
    "/api/tools/omringad/odds",
)
"""Every route that reads a JSON body (the guard below keeps new ones on the decoder)."""


@pytest.mark.parametrize("number", NON_FINITE)
def test_the_decoder_refuses_every_non_finite_number(number: str) -> None:
    with pytest.raises(NonFiniteNumberError, match="finite"):
        loads(f'{{"a": [1, {{"b": {number}}}]}}'.encode())
    assert loads(b'{"a": [1, {"b": 1e300}]}') == {"a": [1, {"b": 1e300}]}


@pytest.mark.parametrize("number", NON_FINITE)
def test_every_body_refuses_non_finite_numbers_before_reading_a_field(
    sqlite_url: str, number: str
) -> None:
    with players_app(sqlite_url) as new_client:
        client = new_client()
        sign_up(client, "Numa")
        tid = client.post(
            "/api/tournaments", json={"name": "T", "game": "toy-open", "format": "knockout"}
        ).json()["id"]
        _every_body_refuses(client, number, tid)


def _every_body_refuses(client: TestClient, number: str, tid: str) -> None:
    made = create(client, "toy-open", ["local", "local"])
    before = client.get(f"/api/tables/{made['table']}/view").json()
    for route in BODY_ROUTES:
        path = route.format(table=made["table"], tournament=tid)
        body = f'{{"token": "{made["tokens"]["0"]}", "action": 10, "ply": {number}}}'
        r = client.post(path, content=body, headers={"content-type": "application/json"})
        assert r.status_code == 400, (path, r.status_code, r.text)
        assert "finite" in r.json()["error"], (path, r.text)
    assert client.get(f"/api/tables/{made['table']}/view").json() == before


def test_websocket_messages_refuse_non_finite_numbers(client: TestClient) -> None:
    made = create(client, "toy-open", ["local", "local"])
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['tokens']['0']}") as ws:
        while ws.receive_json()["type"] != "view":
            pass
        ws.send_text('{"type": "action", "action": 10, "ply": NaN}')
        while (reply := ws.receive_json())["type"] != "error":
            pass
    assert "finite" in reply["message"]


@pytest.mark.parametrize(
    "field",
    [
        {"starts_at": float("inf")},
        {"starts_at": float("nan")},
        {"starts_at": 1e300},
        {"starts_in": float("inf")},
        {"show_up_seconds": float("nan")},
    ],
)
def test_a_tournament_time_of_nan_or_infinity_is_refused_and_nothing_stored(
    sqlite_url: str, field: dict[str, float]
) -> None:
    with players_app(sqlite_url) as new_client:
        c = new_client()
        sign_up(c, "Tilda")
        body = {"name": "Forever", "game": "toy-open", "format": "round_robin", **field}
        text = json.dumps(body)  # Python writes NaN / Infinity as the bare words
        r = c.post("/api/tournaments", content=text, headers={"content-type": "application/json"})
        assert r.status_code == 400, r.text
        assert c.get("/api/tournaments").json() == []


def test_tournament_start_times_have_declared_bounds(sqlite_url: str) -> None:
    import time

    with players_app(sqlite_url) as new_client:
        c = new_client()
        sign_up(c, "Tore")
        base = {"name": "T", "game": "toy-open", "format": "round_robin"}
        now = time.time()
        for at in (now + MAX_START_AHEAD + 60, now - MAX_START_BEHIND - 60, -1, 1e300):
            r = c.post("/api/tournaments", json={**base, "starts_at": at})
            assert r.status_code == 400 and "starts_at" in r.json()["error"], (at, r.text)
        r = c.post("/api/tournaments", json={**base, "starts_in": MAX_START_AHEAD + 1})
        assert r.status_code == 400 and "starts_in" in r.json()["error"]
        r = c.post("/api/tournaments", json={**base, "starts_at": now + 3600})
        assert r.status_code == 200, r.text
        assert c.get("/api/tournaments").json()[0]["starts_at"] == pytest.approx(now + 3600)


SERVER = Path(server.__file__).resolve().parent
READS_FILES = {"web/lab.py", "bench.py", "cluster/bench.py", "cluster/bus.py", "tables/results.py"}
"""Modules whose ``json.loads`` reads the server's own files or a server's answers (the
lab's run.json, the benchmarks' clients, the cluster's bus between server processes, a
game's text catalogue), never a client's input."""


def test_no_module_decodes_client_json_but_the_strict_decoder() -> None:
    """``json.loads`` / ``orjson.loads`` / ``request.json()`` / ``receive_json`` anywhere
    else would let NaN back in."""
    found = []
    for path in sorted(SERVER.rglob("*.py")):
        name = str(path.relative_to(SERVER))
        if name in READS_FILES or name == "strictjson.py" or name.startswith("migrations"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)):
                continue
            if (node.attr == "loads" and node.value.id in ("json", "orjson")) or node.attr in (
                "json",
                "receive_json",
            ):
                found.append(f"{name}:{node.lineno} {node.value.id}.{node.attr}")
    assert found == []

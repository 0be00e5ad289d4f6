"""The live WebSocket: views on connect and after every change, errors for bad input,
and concurrent actions applied one after the other."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from conftest import act, create, view
from spelbord.server.errors import ConflictError, StaleMoveError
from spelbord.server.tables.hub import Hub


def receive_type(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of this type (views pushed for connection changes are skipped)."""
    for _ in range(20):
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg
    raise AssertionError(f"no {kind} message")


def receive_view(ws: Any, wanted: Any) -> dict[str, Any]:
    """The first view pushed that satisfies ``wanted``."""
    for _ in range(20):
        v = receive_type(ws, "view")["view"]
        if wanted(v):
            return v
    raise AssertionError("no such view")


def test_ws_sends_the_seat_view_and_pushes_every_change(client: TestClient) -> None:
    made = create(client, "toy-open", ["local", "local"])
    t, tok = made["table"], made["tokens"]
    with (
        client.websocket_connect(f"/ws/tables/{t}?token={tok['0']}") as ws0,
        client.websocket_connect(f"/ws/tables/{t}") as watcher,
    ):
        first = receive_type(ws0, "view")["view"]
        assert first["seat"] == 0 and first["your_turn"]
        assert receive_type(watcher, "view")["view"]["seat"] is None
        ws0.send_json({"type": "action", "action": 11, "ply": first["ply"]})
        after = receive_view(ws0, lambda v: not v["your_turn"])
        assert after["ply"] == first["ply"]
        ws0.send_json({"type": "ping"})
        assert receive_type(ws0, "pong") == {"type": "pong"}
        client.post(f"/api/tables/{t}/action", json={"token": tok["1"], "action": 10, "ply": 2})
        pushed = receive_view(ws0, lambda v: v["ply"] == 3)
        assert pushed["to_move"] == 0 and pushed["observation"]["bids"] == [1, 0]
        seen = receive_view(watcher, lambda v: v["ply"] == 3)
        assert seen["seat"] is None and seen["legal"] == []


def test_ws_bad_messages_get_clear_errors_and_change_nothing(client: TestClient) -> None:
    made = create(client, "toy-open", ["local", "local"])
    t, tok = made["table"], made["tokens"]
    before = view(client, t, tok["0"])
    with client.websocket_connect(f"/ws/tables/{t}?token={tok['1']}") as ws:
        receive_type(ws, "view")
        cases = [
            ("{oops", "malformed JSON"),
            (
                json.dumps({"type": "action", "action": 10, "ply": 2, "pad": "x" * 70000}),
                "too large",
            ),
            (json.dumps({"type": "dance"}), "unknown message type"),
            (json.dumps([1, 2]), "must be a JSON object"),
            (json.dumps({"type": "action", "action": 10}), "integer 'ply'"),
            (json.dumps({"type": "action", "action": 99, "ply": 2}), "not legal"),
            (json.dumps({"type": "action", "action": 10, "ply": 0}), "ply 0"),
        ]
        for text, expected in cases:
            ws.send_text(text)
            assert expected in receive_type(ws, "error")["message"]
        ws.send_bytes(b"\xff\xfe")
        assert "malformed" in receive_type(ws, "error")["message"]
    assert view(client, t, tok["0"])["ply"] == before["ply"]
    assert view(client, t, tok["1"])["your_turn"]


def test_ws_spectators_and_forged_tokens_cannot_act(client: TestClient) -> None:
    made = create(client, "toy-open", ["local", "local"])
    t = made["table"]
    with client.websocket_connect(f"/ws/tables/{t}") as ws:
        receive_type(ws, "view")
        ws.send_json({"type": "action", "action": 10, "ply": 2})
        assert "spectators cannot act" in receive_type(ws, "error")["message"]
        ws.send_json({"type": "resign"})
        assert "spectators cannot act" in receive_type(ws, "error")["message"]
    with client.websocket_connect(f"/ws/tables/{t}?token=forged") as ws:
        assert "holds no seat" in ws.receive_json()["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    with client.websocket_connect("/ws/tables/nope") as ws:
        assert "no table" in ws.receive_json()["message"]
    assert view(client, t)["status"] == "running"


def test_ws_resign(client: TestClient) -> None:
    made = create(client, "toy-open", ["local", "local"])
    t, tok = made["table"], made["tokens"]
    with client.websocket_connect(f"/ws/tables/{t}?token={tok['0']}") as ws:
        receive_type(ws, "view")
        ws.send_json({"type": "resign"})
        v = receive_view(ws, lambda v: v["status"] == "finished")
        assert v["result"]["text"] == "0-1"


def test_connected_flags_follow_the_sockets(client: TestClient) -> None:
    made = create(client, "toy-open", ["local", "local"])
    t, tok = made["table"], made["tokens"]
    assert [s["connected"] for s in view(client, t)["seats"]] == [False, False]
    with client.websocket_connect(f"/ws/tables/{t}?token={tok['1']}") as ws:
        receive_type(ws, "view")
        assert [s["connected"] for s in view(client, t)["seats"]] == [False, True]


def test_concurrent_actions_on_one_table_are_serialized(client: TestClient) -> None:
    made = create(client, "toy-open", ["local", "local"])
    t, tok = made["table"], made["tokens"]
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]

    async def race() -> list[Any]:
        table = await hub.get(t)
        # Both seats' simultaneous choices at once, then the same turn twice at once.
        bids = await asyncio.gather(table.act(tok["0"], 10, 2), table.act(tok["1"], 11, 2))
        assert table.state.move_number() == 3
        return await asyncio.gather(
            table.act(tok["0"], 0, 3), table.act(tok["0"], 2, 3), return_exceptions=True
        ) + list(bids)

    results = client.portal.call(race)  # type: ignore[union-attr]
    stale = [r for r in results if isinstance(r, StaleMoveError)]
    assert len(stale) == 1 and results.count(0) == 2
    v = view(client, t)
    assert v["ply"] == 4 and v["observation"]["bids"] == [0, 1]
    assert v["observation"]["adds"] in ([0], [2])


def test_many_concurrent_games_do_not_interfere(client: TestClient) -> None:
    tables = [create(client, "toy-open", ["local", "local"]) for _ in range(6)]
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]

    async def play(made: dict[str, Any]) -> int:
        table = await hub.get(made["table"])
        while table.status != "finished":
            for seat in ("0", "1"):
                v = table.view(int(seat))
                if v["your_turn"]:
                    await table.act(made["tokens"][seat], v["legal"][-1]["action"], v["ply"])
        return table.state.move_number()

    async def all_games() -> list[int]:
        return await asyncio.gather(*(play(m) for m in tables))

    assert client.portal.call(all_games) == [7] * 6  # type: ignore[union-attr]


def test_two_visitors_claiming_one_seat_at_once_get_one_seat(client: TestClient) -> None:
    made = create(client, "toy-open", ["open", "open"])
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]

    async def race() -> list[Any]:
        table = await hub.get(made["table"])
        return await asyncio.gather(
            table.claim(0, None, "A"), table.claim(0, None, "B"), return_exceptions=True
        )

    results = client.portal.call(race)  # type: ignore[union-attr]
    assert sum(isinstance(r, tuple) for r in results) == 1
    assert sum(isinstance(r, ConflictError) for r in results) == 1
    seats = view(client, made["table"])["seats"]
    assert [s["claimed"] for s in seats] == [True, False]


def test_a_secret_choice_never_shows_to_the_other_seat(client: TestClient) -> None:
    made = create(client, "toy-hidden", ["local", "local"])
    t, tok = made["table"], made["tokens"]
    before = {s: view(client, t, tok[s]) for s in ("0", "1")}
    spectator = view(client, t)
    assert act(client, t, tok["0"], 11, 2).status_code == 200
    after_1 = view(client, t, tok["1"])
    # Only the sequence number moves on (every seat gets a frame at each stored change:
    # that something was stored is no secret, what was is).
    assert after_1["seq"] == before["1"]["seq"] + 1
    assert after_1 == {**before["1"], "seats": after_1["seats"], "seq": after_1["seq"]}
    assert view(client, t) == {**spectator, "seq": after_1["seq"]}

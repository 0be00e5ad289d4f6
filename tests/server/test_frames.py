"""Live frames stay small: after the first, a frame carries only the move-list entries its
client lacks (``moves_from``), so a late position costs no more than an early one."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from conftest import create
from spelbord import games
from spelbord.server.tables import views

GAMES = tuple(games.packages())
LIMIT = 8 * 1024
PLIES = 300


class Recorder:
    """A socket's outbox as the table fills it."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.frames: list[str] = []

    def push(self, text: str, kind: str | None = None) -> None:
        if kind in ("view", "delta"):
            self.frames.append(text)


def merged(frames: list[str]) -> list[dict[str, Any]]:
    """Every frame's view with the whole move list, as a client rebuilds it."""
    moves: list[Any] = []
    out = []
    for text in frames:
        v = json.loads(text)["view"]
        assert v["moves_from"] <= len(moves), "a frame left a gap in the move list"
        moves = moves[: v["moves_from"]] + v["moves"]
        out.append({**v, "moves": moves})
    return out


@pytest.mark.parametrize("name", GAMES)
def test_frames_after_the_first_stay_under_8_kb_late_in_a_game(
    client: TestClient, name: str
) -> None:
    n = games.load(name).num_players()
    made = create(client, name, ["local"] * n)
    t, tokens = made["table"], made["tokens"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = client.portal.call(hub.get, t)  # type: ignore[union-attr]
    viewers: list[int | None] = [None, *range(n)]
    recorders = {v: Recorder(v) for v in viewers}

    async def subscribe() -> None:
        for rec in recorders.values():
            table.subscribe(rec)

    client.portal.call(subscribe)  # type: ignore[union-attr]
    rng = random.Random(name)
    while table.status == "running" and table.state.move_number() < PLIES:
        movers = [s for s in range(n) if views.your_turn(table.state, "running", s, table.pending)]
        seat = rng.choice(movers)
        action = rng.choice(table.state.legal_actions(seat))
        ply = table.state.move_number()
        client.portal.call(table.act, tokens[str(seat)], action, ply)  # type: ignore[union-attr]
    # Played to ply 300, or to its end (a game of Gunst is a few dozen plies).
    assert table.state.move_number() >= PLIES or table.status == "finished"
    reveal = views.reveals_all(table.game, table.status == "finished")
    for viewer, rec in recorders.items():
        first, *rest = rec.frames
        assert json.loads(first)["view"]["moves_from"] == 0
        running = [f for f in rest if json.loads(f)["view"]["status"] == "running"]
        assert len(running) > 10
        sizes = [len(f.encode()) for f in running]
        assert max(sizes) < LIMIT, (name, viewer, max(sizes))
        # Rebuilt by the client, the list is the viewer's whole list, entry for entry.
        final = merged(rec.frames)[-1]
        expected = views.visible_moves(table.records, viewer, reveal)
        assert final["moves"] == json.loads(json.dumps(expected)), (name, viewer)


def test_a_client_that_asks_to_sync_gets_the_whole_list_again(client: TestClient) -> None:
    made = create(client, "toy-open", ["local", "local"])
    t, tok = made["table"], made["tokens"]
    with client.websocket_connect(f"/ws/tables/{t}?token={tok['0']}") as ws:
        first = ws.receive_json()["view"]
        assert first["moves_from"] == 0 and len(first["moves"]) == first["ply"] == 2
        ws.send_json({"type": "action", "action": 11, "ply": 2})
        client.post(f"/api/tables/{t}/action", json={"token": tok["1"], "action": 10, "ply": 2})
        while (v := ws.receive_json())["type"] != "view" or v["view"]["ply"] < 3:
            pass
        delta = v["view"]
        assert delta["moves_from"] == 2 and len(delta["moves"]) == 1
        ws.send_json({"type": "sync"})
        while (again := ws.receive_json())["type"] != "view":
            pass
        assert again["view"]["moves_from"] == 0
        assert len(again["view"]["moves"]) == again["view"]["ply"] >= 3

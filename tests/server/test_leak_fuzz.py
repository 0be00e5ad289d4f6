"""Leak fuzzer: everything a seat or a spectator can reach, checked against what it may see.

For every registered game a table is played at random through the real app. Each seat and
a spectator collect everything they can reach: every frame pushed to their socket, every
view, replay and export they ask for, the lobby listings, and the errors their bad
requests get. Afterwards each item is compared with what the server may show that seat,
rebuilt from the true game: its ``observation`` at that ply, its own legal actions, the
move list as the game lets that seat see it. Any field that differs fails the test, and no
secret (a seat's token, an invite code, the seed of a running game) may appear anywhere.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from conftest import create
from spelbord import games
from spelbord.core import State
from spelbord.server.tables import views

pytestmark = pytest.mark.slow

STEPS = 80


def norm(value: Any) -> Any:
    return json.loads(json.dumps(value))


class Recorder:
    """A socket's outbox as the table fills it: every frame, in order."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.frames: list[str] = []

    def push(self, text: str, kind: str | None = None) -> None:
        self.frames.append(text)


def truth(game: Any, history: list[Any]) -> tuple[dict[int, State], list[views.MoveRecord]]:
    """Every state of the game by ply, and every move's record."""
    state = game.new_initial_state()
    states = {state.move_number(): state.clone()}
    records: list[views.MoveRecord] = []
    for move in history:
        records.append(views.describe_move(state, move))
        if isinstance(move, int):
            state.apply_action(move)
        else:
            state.apply_actions(list(move))
        states[state.move_number()] = state.clone()
    return states, records


def check_view(
    v: dict[str, Any],
    seat: int | None,
    states: dict[int, State],
    records: list[views.MoveRecord],
    perfect: bool,
) -> None:
    state = states[v["ply"]]
    done = [r for r in records if r.ply < v["ply"]]
    reveal = perfect or v["status"] == "finished"
    where = f"seat {seat} at ply {v['ply']}"
    assert v["seat"] == seat, where
    assert v["observation"] == norm(state.observation(seat)), where
    if v["legal"]:
        assert seat is not None and v["your_turn"], where
        assert v["legal"] == norm(state.legal_to_dicts(seat)), where
        assert v["actions"] == state.legal_actions(seat), where
    else:
        assert v["actions"] == [], where
    assert v["moves"] == norm(views.visible_moves(done, seat, reveal)), where
    assert v["last"] == norm(views.last_visible(done, seat, reveal)), where


def check_replay(
    replay: dict[str, Any],
    seat: int | None,
    states: dict[int, State],
    records: list[views.MoveRecord],
    reveal: bool,
) -> None:
    for frame in replay["frames"]:
        assert frame["observation"] == norm(states[frame["ply"]].observation(seat)), seat
    last = replay["frames"][-1]["ply"]
    done = [r for r in records if r.ply < last]
    assert replay["moves"] == norm(views.visible_moves(done, seat, reveal)), seat


@pytest.mark.parametrize("name", [g for g in games.names() if not g.startswith("toy-")])
def test_nothing_reaches_a_seat_that_it_may_not_see(client: TestClient, name: str) -> None:
    game = games.load(name)
    n = game.num_players()
    perfect = game.info.information == "perfect"
    made = create(client, name, ["local"] * n)
    t, tokens = made["table"], made["tokens"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    viewers: list[int | None] = [None, *range(n)]
    token_of = {s: tokens[str(s)] for s in range(n)}
    recorders = {v: Recorder(v) for v in viewers}

    async def subscribe() -> None:
        table = await hub.get(t)
        for rec in recorders.values():
            table.subscribe(rec)

    client.portal.call(subscribe)  # type: ignore[union-attr]
    seen: dict[int | None, list[tuple[str, Any]]] = {v: [] for v in viewers}

    def params(viewer: int | None) -> dict[str, str]:
        return {} if viewer is None else {"token": token_of[viewer]}

    rng = random.Random(name)
    for step in range(STEPS):
        current = {s: client.get(f"/api/tables/{t}/view", params=params(s)).json() for s in viewers}
        for s, v in current.items():
            seen[s].append(("view", v))
        if current[None]["status"] == "finished":
            break
        movers = [s for s in range(n) if current[s]["your_turn"]]
        assert movers, f"nobody may move at ply {current[None]['ply']}"
        seat = rng.choice(movers)
        v = current[seat]
        if step % 5 == 0:  # bad requests: out of turn, a stale ply, an action id never legal
            others = [s for s in range(n) if s not in movers]
            bad = [
                {"token": token_of[seat], "action": v["actions"][0], "ply": v["ply"] - 1},
                {"token": token_of[seat], "action": 10**9, "ply": v["ply"]},
            ]
            if others:
                act = v["actions"][0]
                bad.append({"token": token_of[rng.choice(others)], "action": act, "ply": v["ply"]})
            for body in bad:
                r = client.post(f"/api/tables/{t}/action", json=body)
                assert 400 <= r.status_code < 500, r.text
                who = next(s for s in range(n) if token_of[s] == body["token"])
                seen[who].append(("error", r.json()))
        r = client.post(
            f"/api/tables/{t}/action",
            json={"token": token_of[seat], "action": rng.choice(v["actions"]), "ply": v["ply"]},
        )
        assert r.status_code == 200, r.text
        seen[seat].append(("view", r.json()))
        if step % 10 == 0:
            for s in viewers:
                replay = client.get(f"/api/tables/{t}/replay", params=params(s))
                seen[s].append(("replay", replay.json()))
                export = client.get(f"/api/tables/{t}/export", params=params(s))
                seen[s].append(("export", (export.status_code, export.json())))
            seen[None].append(("lobby", client.get("/api/tables").json()))
            seen[None].append(("lobby", client.get("/api/imports").json()))

    table = client.portal.call(hub.get, t)  # type: ignore[union-attr]
    history = table.state.history()
    finished = table.status == "finished"
    states, records = truth(game, history)
    secrets = set(tokens.values()) | (set() if finished else {str(table.seed)})
    for s in viewers:
        moves: list[Any] = []  # a frame carries the move list from ply moves_from on
        for frame in recorders[s].frames:
            msg = json.loads(frame)
            if msg["type"] == "view":
                v, start = msg["view"], msg["view"]["moves_from"]
                assert start <= len(moves), f"seat {s}: a frame left a gap in the move list"
                moves = moves[:start] + v["moves"]
                msg["view"] = {**v, "moves": moves, "moves_from": 0}
            seen[s].append((msg["type"], msg.get("view", msg)))
    checked = 0
    for s in viewers:
        for kind, item in seen[s]:
            text = json.dumps(item)
            assert not any(secret in text for secret in secrets), (s, kind)
            if kind == "view":
                check_view(item, s, states, records, perfect)
            elif kind == "replay":
                last = item["frames"][-1]["ply"]
                check_replay(
                    item, s, states, records, perfect or (finished and last == max(states))
                )
            elif kind == "export":
                status, body = item
                if status == 200:
                    assert perfect or finished, f"seat {s} exported a running hidden game"
                    assert body["seed"] is None or finished
                    assert body["moves"] == norm(history[: len(body["moves"])])
                else:
                    assert status == 403 and not perfect
            elif kind == "presence":
                assert set(item) == {"type", "connected"}
            elif kind == "lobby":
                for listing in item.values():
                    for entry in listing:
                        assert "seed" not in entry and "token" not in json.dumps(entry)
            checked += 1
    assert checked > 50

"""Decision clocks: the server counts down a timed decision (``State.decision_clock``) and
plays the clock's action for a seat whose time runs out, exactly like a player's action.

``toy-clock`` (toygame.py): the deal, then both bid at once (seat 1 on a ``clock_ms``
clock, seat 0 on ``clock0_ms`` or none), then seats 0 and 1 add twice in turn, seat 1 on
the clock. Plies: 2 = the bids, 3 and 5 = seat 0 adds (untimed), 4 and 6 = seat 1 adds.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from conftest import Factory, act, create, view
from spelbord.server.tables.hub import Hub
from spelbord.server.tables.live import LiveTable
from spelbord.server.tables.store import Store
from spelbord.server.tables.workers import Answer, ThinkJob


def clock_table(client: TestClient, kinds: list[str], **options: int) -> dict[str, Any]:
    return create(client, "toy-clock", kinds, options=options)


def wait_view(
    client: TestClient,
    table: str,
    done: Callable[[dict[str, Any]], bool],
    token: str | None = None,
    timeout: float = 10.0,
) -> dict[str, Any]:
    """Poll the view until ``done(view)``: clocks run out on the server's own loop."""
    deadline = time.monotonic() + timeout
    v = view(client, table, token)
    while not done(v):
        assert time.monotonic() < deadline, f"timed out; last view: {v}"
        time.sleep(0.01)
        v = view(client, table, token)
    return v


def live_table(client: TestClient, table: str) -> LiveTable:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]

    async def get() -> LiveTable:
        return await hub.get(table)

    return client.portal.call(get)  # type: ignore[union-attr]


def test_the_view_carries_every_running_clock(client: TestClient) -> None:
    made = clock_table(client, ["local", "local"], clock_ms=300, clock0_ms=400)
    t, tok = made["table"], made["tokens"]
    start = time.time() * 1000
    v = view(client, t, tok["0"])
    assert v["ply"] == 2 and v["to_move"] == -2
    assert [c["seat"] for c in v["clocks"]] == [0, 1]
    assert v["clock"] == v["clocks"][0]
    seat0, seat1 = v["clocks"]
    assert set(seat1) == {"seat", "seconds", "deadline", "remaining"}
    assert seat0["seconds"] == 0.4 and seat1["seconds"] == 0.3
    assert start - 300 < seat1["deadline"] - 300 <= time.time() * 1000
    assert 0 < seat1["remaining"] <= 0.3 and isinstance(seat1["deadline"], int)
    assert view(client, t)["clocks"] == [  # spectators see the same clocks
        {**c, "remaining": pytest.approx(c["remaining"], abs=0.2)} for c in v["clocks"]
    ]

    # Seat 0 chooses: its clock stops, seat 1's keeps running (the same decision).
    after = act(client, t, tok["0"], 11, 2).json()
    assert [c["seat"] for c in after["clocks"]] == [1]
    assert after["clock"]["deadline"] == seat1["deadline"]
    # Seat 1 in time: the next decision (seat 0 adds) has no clock.
    v = act(client, t, tok["1"], 11, 2).json()
    assert v["ply"] == 3 and v["clock"] is None and v["clocks"] == []
    # Acting in time cancelled both clocks: nothing happens once their time has passed.
    time.sleep(max(0.0, seat0["deadline"] / 1000 - time.time()) + 0.1)
    v = view(client, t, tok["0"])
    assert v["ply"] == 3 and v["your_turn"]
    assert not any(m.get("timeout") for m in v["moves"])
    # A new decision of seat 1 gets a new, full clock.
    before = time.time() * 1000
    v = act(client, t, tok["0"], 2, 3).json()
    assert v["clock"]["seat"] == 1 and v["clock"]["seconds"] == 0.3
    assert v["clock"]["deadline"] >= before + 300
    assert act(client, t, tok["1"], 1, 4).status_code == 200
    assert view(client, t)["clock"] is None


class Probe:
    """A subscriber that reads the database whenever a view is pushed to it."""

    seat = None

    def __init__(self, store: Store, table: str) -> None:
        self.store, self.table = store, table
        self.seen: list[tuple[int, list[Any]]] = []

    def push(self, text: str, kind: str | None = None) -> None:
        ply = json.loads(text)["view"]["ply"]
        record = self.store.load(self.table)
        assert record is not None
        self.seen.append((ply, [(e.ply, e.payload, e.timeouts) for e in record.log]))


def test_a_timeout_plays_the_clock_action_stored_before_it_is_broadcast(
    client: TestClient,
) -> None:
    made = clock_table(client, ["local", "local"], clock_ms=200)
    t, tok = made["table"], made["tokens"]
    table = live_table(client, t)
    probe = Probe(table.host.store, t)

    async def subscribe() -> None:
        table.subscribe(probe)

    client.portal.call(subscribe)  # type: ignore[union-attr]
    assert act(client, t, tok["0"], 11, 2).status_code == 200
    v = wait_view(client, t, lambda v: v["ply"] == 3)  # seat 1's bid clock ran out
    assert v["observation"]["bids"] == [1, 0]  # the clock bid 0 for seat 1
    assert v["moves"][-1] == {
        "ply": 2,
        "seat": -2,
        "text": "bid 1; bid 0 (time)",
        "parts": [
            {"seat": 0, "text": "bid 1"},
            {"seat": 1, "text": "bid 0 (time)", "timeout": True},
        ],
        "timeout": True,
    }
    assert v["last"]["joint"][1]["timeout"] is True
    # The first view showing ply 3 was pushed when the log already held the joint move.
    log = next(log for p, log in probe.seen if p == 3)
    assert log[-1] == (2, [11, 10], (1,))

    assert act(client, t, tok["0"], 0, 3).status_code == 200
    v = wait_view(client, t, lambda v: v["ply"] == 5)
    assert v["moves"][-1] == {"ply": 4, "seat": 1, "text": "+0 (time)", "timeout": True}
    assert v["last"] == {"action": 0, "text": "+0", "timeout": True}
    log = next(log for p, log in probe.seen if p == 5)
    assert log[-1] == (4, 0, (1,))


def test_a_late_action_after_the_timeout_is_refused_and_changes_nothing(
    client: TestClient,
) -> None:
    made = clock_table(client, ["local", "local"], clock_ms=200)
    t, tok = made["table"], made["tokens"]
    assert act(client, t, tok["0"], 10, 2).status_code == 200
    wait_view(client, t, lambda v: v["ply"] == 3)
    assert act(client, t, tok["0"], 0, 3).status_code == 200
    before = wait_view(client, t, lambda v: v["ply"] == 5, tok["1"])
    late = act(client, t, tok["1"], 2, 4)
    assert late.status_code == 409
    assert "too late" in late.json()["error"] and "time ran out at ply 4" in late.json()["error"]
    assert view(client, t, tok["1"]) == before


def test_a_whole_game_of_timeouts_replays_exports_and_imports(client: TestClient) -> None:
    made = clock_table(client, ["local", "local"], clock_ms=200, clock0_ms=200)
    t, tok = made["table"], made["tokens"]
    v = wait_view(client, t, lambda v: v["ply"] == 3)  # both bids ran out
    assert [p["text"] for p in v["moves"][-1]["parts"]] == ["bid 0 (time)", "bid 0 (time)"]
    for ply in (3, 5):
        assert act(client, t, tok["0"], 1, ply).status_code == 200
        v = wait_view(client, t, lambda v, ply=ply: v["ply"] == ply + 2)
    assert v["status"] == "finished" and v["clock"] is None
    record = client.get(f"/api/tables/{t}/export").json()
    assert record["timeouts"] == [[2, 0], [2, 1], [4, 1], [6, 1]]
    replay = client.get(f"/api/tables/{t}/replay").json()
    assert replay["moves"] == v["moves"]
    copy = client.post("/api/import", json=record).json()["table"]
    assert view(client, copy)["moves"] == v["moves"]
    bad = client.post("/api/import", json={**record, "timeouts": [[3, 1]]})
    assert bad.status_code == 400 and "did not move" in bad.json()["error"]


def test_a_restarted_server_starts_the_clocks_again_in_full(
    make_client: Factory, sqlite_url: str
) -> None:
    with make_client(sqlite_url) as client:
        made = clock_table(client, ["local", "local"], clock_ms=400)
        t, tok = made["table"], made["tokens"]
    # Stopped within its 0.4 s: the clock had not run out.
    restarted = time.time() * 1000
    with make_client(sqlite_url) as client:
        v = view(client, t)
        assert v["ply"] == 2 and [c["seat"] for c in v["clocks"]] == [1]
        assert v["clock"]["deadline"] >= restarted + 400
        v = wait_view(client, t, lambda v: v["clocks"] == [])  # seat 1's clock runs out
        assert v["ply"] == 2 and v["moves"] == view(client, t)["moves"]
    # The clock's choice for seat 1 is stored as such: it survives a restart.
    with make_client(sqlite_url) as client:
        late = act(client, t, tok["1"], 11, 2)
        assert late.status_code == 409 and "too late" in late.json()["error"]
        v = act(client, t, tok["0"], 11, 2).json()
        assert v["observation"]["bids"] == [1, 0]
        assert v["moves"][-1]["parts"] == [
            {"seat": 0, "text": "bid 1"},
            {"seat": 1, "text": "bid 0 (time)", "timeout": True},
        ]


def play_seat_0(client: TestClient, t: str, token: str) -> dict[str, Any]:
    """Seat 0 bids 11 and adds 2 twice, seat 1 (an AI) plays its part: the finished view."""
    assert act(client, t, token, 11, 2).status_code == 200
    for ply in (3, 5):
        wait_view(client, t, lambda v, ply=ply: v["ply"] == ply)
        assert act(client, t, token, 2, ply).status_code == 200
    return wait_view(client, t, lambda v: v["status"] == "finished")


def seat_1_moves(v: dict[str, Any]) -> list[str]:
    """The texts of seat 1's moves and parts of simultaneous moves, in order."""
    parts = [p for m in v["moves"] for p in m.get("parts", [m])]
    return [p["text"] for p in parts if p["seat"] == 1]


def measured_thinking(client: TestClient, seconds: float) -> None:
    """From now on, the worker tier reports every agent as having thought ``seconds``."""
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    asked = hub.think

    async def measured(job: ThinkJob) -> Answer:
        return Answer((await asked(job)).action, seconds)

    hub.think = measured  # type: ignore[method-assign]


def test_an_ai_slower_than_its_clock_gets_the_timeout_and_its_answer_is_dropped(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="spelbord.server")
    made = clock_table(client, ["local", "ai:late:0.5s"], clock_ms=200)
    t, tok = made["table"], made["tokens"]
    table = live_table(client, t)
    final = play_seat_0(client, t, tok["0"])
    assert seat_1_moves(final) == ["bid 0 (time)", "+0 (time)", "+0 (time)"]

    async def settle() -> None:  # the agent's late answers come back and are dropped
        while table._tasks:
            await asyncio.wait(list(table._tasks))

    client.portal.call(settle)  # type: ignore[union-attr]
    assert view(client, t)["moves"] == final["moves"]
    assert [r.getMessage() for r in caplog.records] == []


def test_an_ai_that_thought_longer_than_its_clock_gets_the_timeout_though_its_clock_started_late(
    client: TestClient,
) -> None:
    """A job that waited in line is on no clock until the table hears a worker took it (up
    to a second late): the worker's own measure of the agent's thinking still holds it to
    its clock. Here every answer comes at once but was measured at 0.5 s against a 0.2 s
    clock, so the table's timer never runs out first."""
    measured_thinking(client, 0.5)
    made = clock_table(client, ["local", "ai:first"], clock_ms=200)
    final = play_seat_0(client, made["table"], made["tokens"]["0"])
    assert seat_1_moves(final) == ["bid 0 (time)", "+0 (time)", "+0 (time)"]
    assert final["result"]["irregular"]["reason"] == "agent_timeout"


def test_an_ai_within_its_clock_plays_its_own_move(client: TestClient) -> None:
    """The measure judges only the slow: an answer measured within the clock is played."""
    measured_thinking(client, 0.1)
    made = clock_table(client, ["local", "ai:first"], clock_ms=5000)
    t, tok = made["table"], made["tokens"]
    assert act(client, t, tok["0"], 11, 2).status_code == 200
    moves = seat_1_moves(wait_view(client, t, lambda v: v["ply"] == 3))
    assert moves and not any("(time)" in m for m in moves)

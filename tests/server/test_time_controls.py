"""Time controls (docs/time-controls.md): game clocks per seat for games between people,
bounded options, a flag that ends the game as a timeout, stored and resumed exactly.

``toy-open`` (toygame.py): the deal, both seats bid at once (ply 2), then seats 0 and 1
add in turn (plies 3-6).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from conftest import Factory, act, create, view
from spelbord.server.tables.hub import Hub
from spelbord.server.tables.live import LiveTable
from spelbord.server.tables.timecontrol import GameClock

SEATS = [{"kind": "local"}, {"kind": "local"}]


def made(client: TestClient, control: Any, kinds: list[str] | None = None) -> dict[str, Any]:
    return create(client, "toy-open", kinds or ["local", "local"], time_control=control)


def live_table(client: TestClient, table: str) -> LiveTable:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]

    async def get() -> LiveTable:
        return await hub.get(table)

    return client.portal.call(get)  # type: ignore[union-attr]


def set_clock(client: TestClient, table: str, change: Callable[[GameClock], GameClock]) -> None:
    """Change a live table's game clock in place (as if time had passed) and re-arm it."""
    live = live_table(client, table)

    async def apply() -> None:
        assert live.game_clock is not None
        live.game_clock = change(live.game_clock)
        live.sync_clocks()

    client.portal.call(apply)  # type: ignore[union-attr]


def wait_status(client: TestClient, table: str, status: str, timeout: float = 10.0) -> Any:
    deadline = time.monotonic() + timeout
    while (v := view(client, table))["status"] != status:
        assert time.monotonic() < deadline, v
        time.sleep(0.02)
    return v


@pytest.mark.parametrize(
    ("control", "words"),
    [
        ("181+0", "from 15 seconds to 180 minutes"),
        ("10s+0", "from 15 seconds to 180 minutes"),
        ("5+999", "increment must be from 0 to 180"),
        ("d15", "days must be from 1 to 14"),
        ({"days": 0}, "from 15 seconds to 180 minutes"),
        ({"minutes": 5, "days": 1}, "minutes + increment, or days"),
        ({"minutes": -5, "seconds": 400}, "whole number from 0 up"),
        ({"minutes": True}, "whole number"),
        ({"hours": 1}, "'time_control' is null"),
        ("blitz", "reads like '5+3'"),
        (5, "'time_control' is null"),
    ],
)
def test_a_time_control_out_of_bounds_is_a_clear_400(
    client: TestClient, control: Any, words: str
) -> None:
    body = {"game": "toy-open", "options": {}, "seats": SEATS, "time_control": control}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400, r.text
    assert words in r.json()["error"]
    assert client.get("/api/tables").json()["open"] == []  # nothing was made


def test_ai_only_tables_have_no_time_control(client: TestClient) -> None:
    seats = [{"kind": "ai", "agent": "random"}] * 2
    r = client.post("/api/tables", json={"game": "toy-open", "seats": seats, "time_control": "1+0"})
    assert r.status_code == 400 and "AI seats have no clock" in r.json()["error"]


def test_no_time_control_no_game_clock(client: TestClient) -> None:
    t = made(client, None)
    assert view(client, t["table"], t["tokens"]["0"])["game_clock"] is None


def test_both_clocks_run_in_turn_with_the_increment(client: TestClient) -> None:
    t = made(client, {"minutes": 1, "increment": 5})
    table, tok = t["table"], t["tokens"]
    v = view(client, table, tok["0"])
    clock = v["game_clock"]
    assert clock["control"] == {"text": "1+5", "seconds": 60, "increment": 5, "days": 0}
    # Simultaneous bids: both clocks run at once.
    assert v["ply"] == 2 and clock["running"] == [0, 1]
    assert 58 < clock["remaining"][0] <= 60
    v = act(client, table, tok["0"], 11, 2).json()
    assert v["game_clock"]["running"] == [1]  # seat 0 chose: its clock stands, +5 s
    assert 63 < v["game_clock"]["remaining"][0] <= 65
    v = act(client, table, tok["1"], 10, 2).json()
    assert v["ply"] == 3 and v["game_clock"]["running"] == [0]
    v = act(client, table, tok["0"], 1, 3).json()
    assert v["game_clock"]["running"] == [1]
    left = v["game_clock"]["remaining"]
    time.sleep(0.3)
    later = view(client, table)["game_clock"]["remaining"]
    assert later[0] == left[0]  # the other side's clock stands
    assert left[1] - 1.5 < later[1] <= left[1] - 0.25  # the seat to move's runs


def test_a_flag_ends_the_game_as_a_timeout_and_is_stored(client: TestClient) -> None:
    t = made(client, "1+0")
    table, tok = t["table"], t["tokens"]
    act(client, table, tok["0"], 11, 2)
    act(client, table, tok["1"], 11, 2)
    act(client, table, tok["0"], 1, 3)  # seat 1 to move, its clock running
    set_clock(client, table, lambda c: dataclasses.replace(c, remaining=(60.0, 0.2)))
    v = wait_status(client, table, "finished")
    result = v["result"]
    assert result["termination"] == "timeout" and result["returns"] == [1.0, -1.0]
    assert result["by"] == [1] and result["text"] == "1-0"
    assert v["game_clock"]["remaining"][1] == 0 and v["game_clock"]["running"] == []
    stored = client.app.state.hub.store.load(table)  # type: ignore[attr-defined]
    assert stored.status == "finished" and stored.result["termination"] == "timeout"
    assert stored.timing["remaining"][1] == 0 and stored.timing["running"] == []
    r = act(client, table, tok["1"], 1, 4)
    assert r.status_code == 409


def test_a_move_after_the_flag_fell_is_refused_and_the_flag_wins(client: TestClient) -> None:
    t = made(client, "1+0")
    table, tok = t["table"], t["tokens"]
    act(client, table, tok["0"], 11, 2)
    act(client, table, tok["1"], 11, 2)
    live = live_table(client, table)
    # The time is up, but the timer has not fired yet: the move arrives first.
    live.game_clock = dataclasses.replace(
        live.game_clock, remaining=(0.5, 60.0), since=time.time() - 1
    )
    r = act(client, table, tok["0"], 1, 3)
    assert r.status_code == 409 and "time ran out" in r.json()["error"]
    v = view(client, table)
    assert v["status"] == "finished" and v["result"]["termination"] == "timeout"
    assert v["result"]["returns"] == [-1.0, 1.0] and v["ply"] == 3


def test_a_clock_never_runs_during_an_ai_decision(client: TestClient) -> None:
    t = made(client, "1+0", ["local", "ai:random"])
    table, tok = t["table"], t["tokens"]
    v = view(client, table, tok["0"])
    assert v["game_clock"]["running"] == [0]  # only the person's
    act(client, table, tok["0"], 10, 2)
    deadline = time.monotonic() + 10
    while (v := view(client, table, tok["0"]))["ply"] < 3:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    assert v["game_clock"]["remaining"][1] == 60.0  # the AI's clock never ran
    assert v["game_clock"]["running"] == [0]


def test_a_restarted_server_resumes_the_clocks_exactly(
    make_client: Factory, sqlite_url: str
) -> None:
    with make_client(sqlite_url) as first:
        t = made(first, "3+0")
        table, tok = t["table"], t["tokens"]
        act(first, table, tok["0"], 11, 2)
        act(first, table, tok["1"], 11, 2)
        before = act(first, table, tok["0"], 2, 3).json()["game_clock"]
        stopped_at = time.time()
    time.sleep(0.3)
    with make_client(sqlite_url) as second:
        after = view(second, table)["game_clock"]
        gone = time.time() - stopped_at
    assert after["running"] == [1]
    assert after["remaining"][0] == before["remaining"][0]
    # seat 1's time kept running while no server was there (the stored start)
    assert before["remaining"][1] - gone - 0.5 < after["remaining"][1]
    assert after["remaining"][1] <= before["remaining"][1] - 0.3


def test_a_correspondence_clock_gives_each_move_its_days(client: TestClient) -> None:
    t = made(client, "d2")
    table, tok = t["table"], t["tokens"]
    act(client, table, tok["0"], 11, 2)
    act(client, table, tok["1"], 11, 2)
    set_clock(client, table, lambda c: dataclasses.replace(c, remaining=(100.0, 172800.0)))
    v = act(client, table, tok["0"], 1, 3).json()  # seat 0 moved: its time stands
    v = act(client, table, tok["1"], 1, 4).json()  # seat 0's new decision: 2 days again
    assert v["game_clock"]["running"] == [0]
    assert 172790 < v["game_clock"]["remaining"][0] <= 172800

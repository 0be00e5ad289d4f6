"""Every way a game ends goes through ``LiveTable.finish``: a move that ends it, a clock
that plays the last move, resign, cancel, abandon and a tournament's forfeit. Each stores
the result, stops the clocks, drops the pending choices, sets ``updated_at`` and pushes
one fresh view; and a live table needs nothing of the server but its ``Host``."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import pytest
from fastapi.testclient import TestClient

from conftest import act, create, play_out, view
from spelbord.server.db import open_engine
from spelbord.server.tables.hub import Hub
from spelbord.server.tables.live import LiveTable
from spelbord.server.tables.store import Advance, SeatRecord, Store, TableRecord
from spelbord.server.tables.workers import Answer, ThinkJob

T = TypeVar("T")


@dataclass
class Ending:
    """What one call of ``finish`` did, as seen right after it returned."""

    table: str
    result: dict[str, Any]
    broadcasts: int
    started: float
    after: dict[str, Any] = field(default_factory=dict)


@pytest.fixture
def endings(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Ending]]:
    """Every ``LiveTable.finish`` of the test, with the broadcasts made inside it."""
    seen: list[Ending] = []
    counts: dict[str, int] = {}
    finish, broadcast = LiveTable.finish, LiveTable.broadcast

    def counting(self: LiveTable) -> None:
        counts[self.id] = counts.get(self.id, 0) + 1
        broadcast(self)

    async def spying(self: LiveTable, result: dict[str, Any], *args: Any, **kwargs: Any) -> None:
        before, started = counts.get(self.id, 0), time.time()
        await finish(self, result, *args, **kwargs)
        stored = self.host.store.load(self.id)
        assert stored is not None
        seen.append(
            Ending(
                self.id,
                result,
                counts.get(self.id, 0) - before,
                started,
                {
                    "status": self.status,
                    "result": self.result,
                    "clocks": self.clocks.running,
                    "pending": (self.pending, self.pending_timeouts),
                    "updated_at": self.updated_at,
                    "stored": (stored.status, stored.result, stored.pending),
                },
            )
        )

    monkeypatch.setattr(LiveTable, "broadcast", counting)
    monkeypatch.setattr(LiveTable, "finish", spying)
    yield seen


def hub_of(client: TestClient) -> Hub:
    return client.app.state.hub  # type: ignore[attr-defined,no-any-return]


def on_loop(client: TestClient, work: Callable[[], Any]) -> Any:
    return client.portal.call(work)  # type: ignore[union-attr]


def wait_until(check: Callable[[], bool], seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.01)


# Each ending: play a table to it; returns the table's id and the termination expected.
def by_a_move(client: TestClient) -> tuple[str, str]:
    made = create(client, "toy-open", ["local", "local"])
    play_out(client, made["table"], made["tokens"])
    return made["table"], "ended"


def by_the_clock(client: TestClient) -> tuple[str, str]:
    """Seat 1 never moves: its clock bids and adds for it, the last addition included."""
    r = client.post(
        "/api/tables",
        json={
            "game": "toy-clock",
            "options": {"clock_ms": 150},
            "seats": [{"kind": "local"}, {"kind": "local"}],
        },
    )
    t, token = r.json()["table"], r.json()["tokens"]["0"]
    end = time.monotonic() + 20
    while (v := view(client, t, token))["status"] != "finished":
        assert time.monotonic() < end, "the game did not end"
        if v["your_turn"]:
            act(client, t, token, v["legal"][0]["action"], v["ply"])
        time.sleep(0.01)
    assert v["moves"][-1]["timeout"] is True  # the clock played the last move
    return t, "ended"


def by_resigning(client: TestClient) -> tuple[str, str]:
    """Seat 0 has chosen its bid (pending) and seat 1's clock runs when seat 0 resigns."""
    r = client.post(
        "/api/tables",
        json={
            "game": "toy-clock",
            "options": {"clock_ms": 60_000},
            "seats": [{"kind": "local"}, {"kind": "local"}],
        },
    )
    t, tokens = r.json()["table"], r.json()["tokens"]
    v = act(client, t, tokens["0"], 11, 2).json()
    assert v["clocks"] and v["seats"]
    table = on_loop(client, lambda: hub_of(client).get(t))
    assert table.pending == {0: 11} and table.clocks.running
    assert client.post(f"/api/tables/{t}/resign", json={"token": tokens["0"]}).status_code == 200
    return t, "resign"


def by_cancelling(client: TestClient) -> tuple[str, str]:
    made = create(client, "toy-open", ["local", "open"])
    r = client.post(f"/api/tables/{made['table']}/cancel", json={"token": made["tokens"]["0"]})
    assert r.status_code == 200, r.text
    return made["table"], "cancelled"


def by_abandoning(client: TestClient) -> tuple[str, str]:
    made = create(client, "toy-open", ["local", "open"])
    later = time.time() + 400 * 24 * 3600
    assert on_loop(client, lambda: hub_of(client).close_abandoned(later)) >= 1
    return made["table"], "abandoned"


def by_forfeit(client: TestClient) -> tuple[str, str]:
    made = create(client, "toy-open", ["local", "invite"])
    director = client.app.state.director  # type: ignore[attr-defined]

    async def forfeit() -> None:
        await director.forfeit(await hub_of(client).get(made["table"]))

    on_loop(client, forfeit)
    return made["table"], "forfeit"


@pytest.mark.parametrize(
    "end",
    [by_a_move, by_the_clock, by_resigning, by_cancelling, by_abandoning, by_forfeit],
    ids=lambda f: f.__name__,
)
def test_every_ending_goes_through_finish(
    client: TestClient, endings: list[Ending], end: Callable[[TestClient], tuple[str, str]]
) -> None:
    table, termination = end(client)
    wait_until(lambda: any(e.table == table for e in endings))
    [ending] = [e for e in endings if e.table == table]
    assert ending.result["termination"] == termination
    after = ending.after
    assert after["status"] == "finished" and after["result"] == ending.result
    assert after["stored"] == ("finished", ending.result, {})  # stored, choices dropped
    assert not after["clocks"] and after["pending"] == ({}, set())
    assert after["updated_at"] >= ending.started
    assert ending.broadcasts == 1
    assert view(client, table)["result"] == ending.result


def test_a_finished_game_is_not_finished_again(client: TestClient) -> None:
    made = create(client, "toy-open", ["local", "local"])
    play_out(client, made["table"], made["tokens"])
    table = on_loop(client, lambda: hub_of(client).get(made["table"]))

    async def again() -> None:
        async with table.lock:
            await table.finish(table.no_winner("abandoned", "again"))

    with pytest.raises(Exception, match="the game is over"):
        on_loop(client, again)
    assert view(client, made["table"])["result"]["termination"] == "ended"


class BareHost:
    """A host that is not the hub: runs store calls inline, has no agents, and notes what
    the table released."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.calls: list[str] = []
        self.released: list[str] = []

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        self.calls.append(fn.__name__)
        return fn(*args, **kwargs)

    async def advance(self, change: Advance) -> None:
        self.calls.append("advance")
        self.store.advance(change)

    async def think(self, job: ThinkJob) -> Answer:
        return Answer(None)

    def release(self, table: LiveTable) -> None:
        self.released.append(table.status)

    async def allows_random(self, table_id: str) -> bool:
        return True


def test_a_live_table_needs_only_its_host(client: TestClient, tmp_path: Path) -> None:
    engine = open_engine(f"sqlite:///{tmp_path / 'host.sqlite3'}")
    store = Store(engine)
    now = time.time()
    seats = tuple(
        SeatRecord(i, "local", f"P{i}", token_hash=f"{i}" * 64, claimed=True) for i in (0, 1)
    )
    record = TableRecord("t1", "toy-open", {}, 7, "waiting", 0, None, "play", now, now, seats=seats)
    store.create_table(record)
    host = BareHost(store)

    async def play() -> LiveTable:
        table = LiveTable(host, record)
        async with table.lock:
            await table.start()  # the deal: two chance outcomes
        async with table.lock:
            await table.finish(table.no_winner("abandoned", "closed by a test"))
        return table

    table = on_loop(client, play)  # a loop of its own (the browser tests may hold this thread's)
    assert host.calls == ["advance", "advance"] and host.released == ["running", "finished"]
    stored = store.load("t1")
    assert (
        stored is not None
        and stored.status == "finished"
        and stored.ply == table.state.move_number() == 2
    )
    engine.dispose()

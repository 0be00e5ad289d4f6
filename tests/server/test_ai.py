"""AI seats: agents answer from worker processes; crashed, slow, failing or cheating
workers fall back to a random legal move and never stall the game; AI resumes after a
restart."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from conftest import FAKE_WORKERS, Factory, act, create, view
from spelbord.server.tables.workers import AgentPool


def wait_for(
    client: TestClient,
    table: str,
    token: str | None,
    done: Callable[[Any], bool],
    timeout: float = 30.0,
) -> dict[str, Any]:
    """Poll the view until ``done(view)`` (AI seats think in other processes)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        v = view(client, table, token)
        if done(v):
            return v
        time.sleep(0.05)
    raise AssertionError(f"timed out; last view: {v}")


def pool(client: TestClient) -> AgentPool:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.pool is not None
    return hub.pool


def play_against(client: TestClient, made: dict[str, Any]) -> dict[str, Any]:
    """Seat 0 (local) plays its first legal action whenever it is its turn, to the end."""
    t, token = made["table"], made["tokens"]["0"]
    while True:
        v = wait_for(client, t, token, lambda v: v["your_turn"] or v["status"] == "finished")
        if v["status"] == "finished":
            return v
        assert act(client, t, token, v["legal"][0]["action"], v["ply"]).status_code == 200


def test_an_ai_seat_answers_every_turn(client: TestClient) -> None:
    made = create(client, "toy-open", ["local", "ai:first"])
    final = play_against(client, made)
    assert final["observation"]["bids"][1] == 0  # "first" bids 10, the lowest action
    assert final["observation"]["adds"][1::2] == [0, 0]
    assert pool(client).crashes == 0 and pool(client).timeouts == 0


def test_ai_against_ai_finishes_alone(client: TestClient) -> None:
    made = create(client, "toy-hidden", ["ai:random", "ai:first"])
    final = wait_for(client, made["table"], None, lambda v: v["status"] == "finished")
    assert final["ply"] == 7 and final["result"] is not None


@pytest.mark.parametrize("spec", ["crash", "illegal", "fail"])
def test_a_broken_agent_falls_back_to_a_random_legal_move(client: TestClient, spec: str) -> None:
    made = create(client, "toy-open", ["local", f"ai:{spec}"])
    final = play_against(client, made)
    assert final["status"] == "finished" and final["ply"] == 7
    if spec == "crash":
        assert pool(client).crashes == 3  # one per AI decision: a fresh worker each time


def test_a_slow_worker_times_out_and_the_pool_recovers(
    make_client: Factory, sqlite_url: str
) -> None:
    quick = dataclasses.replace(FAKE_WORKERS, default_timeout=1.5)
    with make_client(sqlite_url, workers=quick) as client:
        slow = create(client, "toy-open", ["local", "ai:slow"])
        act(client, slow["table"], slow["tokens"]["0"], 10, 2)
        # While the agent thinks, the event loop keeps serving everyone.
        started = time.monotonic()
        assert view(client, slow["table"])["ply"] == 2
        assert client.get("/api/tables").status_code == 200
        assert time.monotonic() - started < 1.0
        v = wait_for(client, slow["table"], None, lambda v: v["ply"] == 3)
        assert v["observation"]["bids"][0] == 0 and pool(client).timeouts == 1
        # Another game's AI is served by the replacement worker.
        other = create(client, "toy-open", ["local", "ai:first"])
        assert play_against(client, other)["status"] == "finished"


def test_ai_seats_resume_after_a_restart(make_client: Factory, sqlite_url: str) -> None:
    patient = dataclasses.replace(FAKE_WORKERS, default_timeout=60.0)
    with make_client(sqlite_url, workers=patient) as client:
        made = create(client, "toy-open", ["local", "ai:slow"])
        act(client, made["table"], made["tokens"]["0"], 10, 2)
        assert view(client, made["table"])["ply"] == 2  # the AI is still thinking
    quick = dataclasses.replace(FAKE_WORKERS, default_timeout=0.3)
    with make_client(sqlite_url, workers=quick) as client:
        # Nobody asks for the table: the server resumes its AI seat on start.
        deadline = time.monotonic() + 20
        hub = client.app.state.hub  # type: ignore[attr-defined]
        while time.monotonic() < deadline:
            table = hub._tables.get(made["table"])
            if table is not None and table.state.move_number() == 3:
                break
            time.sleep(0.05)
        assert view(client, made["table"])["ply"] == 3


def test_jobs_that_arrive_while_the_workers_start_wait_for_them() -> None:
    """Two seats asking at once on a fresh pool both get their agent's answer."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from spelbord.core.registry import load
    from spelbord.server.tables.workers import ThinkJob

    state = load("toy-open").replay([0, 1])  # both seats bid now

    async def both() -> list[int | None]:
        agents = AgentPool(FAKE_WORKERS)
        try:
            return list(
                await asyncio.gather(
                    *(
                        agents.think(ThinkJob("toy-open", {}, state.to_json(), s, "first", s))
                        for s in (0, 1)
                    )
                )
            )
        finally:
            await agents.close()

    # A fresh thread: this test process may already run a loop of its own (Playwright's).
    with ThreadPoolExecutor(max_workers=1) as thread:
        answers = thread.submit(asyncio.run, both()).result()
    assert answers == [10, 10]  # "first": the lowest legal bid, not a fallback


def test_a_worker_is_killed_once_even_when_two_threads_retire_it() -> None:
    """Shutting down while a timed-out worker is being replaced kills it from two threads:
    the second kill is a no-op, never a second close of the pipe (a reused descriptor)."""
    from concurrent.futures import ThreadPoolExecutor

    from spelbord.server.tables.workers import _Worker

    worker = _Worker(FAKE_WORKERS)
    assert worker.wait_ready(60)
    with ThreadPoolExecutor(max_workers=2) as threads:
        for done in [threads.submit(worker.kill) for _ in range(2)]:
            done.result()  # neither raises
    worker.kill()
    assert worker.conn.closed and not worker.process.is_alive()

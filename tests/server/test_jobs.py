"""The worker tier's queue: fair claims, leases taken over, one answer per job, places in
line, the per-client caps; and that one client cannot starve another."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from conftest import FAKE_WORKERS, Factory, act, create, view
from spelbord.server.db import open_engine
from spelbord.server.jobs.bounds import bounded_spec, time_bound
from spelbord.server.jobs.runner import RunnerConfig
from spelbord.server.jobs.store import DONE, FAILED, MAX_ATTEMPTS, QUEUED, JobStore, NewJob


def job(client: str, table: str | None = None, ply: int = 0) -> NewJob:
    return NewJob(
        kind="move", client=client, payload={}, bound=1.0, table_id=table, ply=ply, seat=0
    )


def test_claims_take_turns_over_clients_and_keep_to_the_cap(database_url: str) -> None:
    store = JobStore(open_engine(database_url))
    a = [store.enqueue(job("alice", f"a{i}"), now=100.0 + i) for i in range(3)]
    b = store.enqueue(job("bob", "b0"), now=200.0)
    # Alice's jobs are older, but a claim goes round the clients.
    first = store.claim("w1", lease=5, cap=2, now=300.0)
    second = store.claim("w2", lease=5, cap=2, now=300.1)
    assert first is not None and second is not None
    assert [first.id, second.id] == [a[0], b]
    assert store.line(now=300.2) == {a[1]: 1, a[2]: 2}
    third = store.claim("w3", lease=5, cap=2, now=300.2)
    assert third is not None and third.id == a[1]
    # Alice has two running: at the cap, her last job waits however idle the workers are.
    assert store.claim("w4", lease=5, cap=2, now=300.3) is None
    assert store.finish(a[0], "w1", result=3, now=301.0)
    assert store.claim("w4", lease=5, cap=2, now=301.1).id == a[2]  # type: ignore[union-attr]
    done = store.states([a[0]])[a[0]]
    assert done.state == DONE and done.thought == pytest.approx(1.0)  # claimed 300, done 301
    assert store.states([a[1]])[a[1]].thought is None  # still thinking


def test_a_dead_workers_job_is_taken_over_and_answered_once(database_url: str) -> None:
    store = JobStore(open_engine(database_url))
    j = store.enqueue(job("alice", "t1"), now=0.0)
    assert store.claim("dead", lease=5, cap=1, now=10.0).id == j  # type: ignore[union-attr]
    assert store.claim("w2", lease=5, cap=1, now=12.0) is None  # leased
    taken = store.claim("w2", lease=5, cap=1, now=16.0)  # the lease ran out: kill -9
    assert taken is not None and taken.id == j and taken.attempts == 2
    assert not store.finish(j, "dead", result=1, now=16.5)  # the old holder's answer: dropped
    assert store.finish(j, "w2", result=2, now=17.0)
    answered = store.states([j])[j]
    assert answered.result == 2 and answered.thought == pytest.approx(1.0)  # from w2's claim
    # The table's new owner asks again for the same decision: the same job, its answer.
    assert store.enqueue(job("alice", "t1"), now=18.0) == j


def test_a_job_whose_workers_keep_dying_fails_and_can_be_asked_again(database_url: str) -> None:
    store = JobStore(open_engine(database_url))
    j = store.enqueue(job("alice", "t1"), now=0.0)
    for attempt in range(MAX_ATTEMPTS):
        assert store.claim(f"w{attempt}", lease=1, cap=1, now=10.0 * (attempt + 1)) is not None
    assert store.claim("w9", lease=1, cap=1, now=100.0) is None
    assert store.states([j])[j].state == FAILED
    assert store.enqueue(job("alice", "t1"), now=101.0) == j
    assert store.states([j])[j].state == QUEUED


def test_every_spec_has_a_time_bound_within_the_cap() -> None:
    assert time_bound("ab:depth=64", 10) == 10
    assert bounded_spec("ab:depth=64", 10) == "ab:10s:depth=64"
    assert time_bound("mcts:50000it", 10) == 10
    assert time_bound("random", 10) == 10
    assert time_bound("ismcts:250ms", 10) == 0.25


def test_a_client_may_have_only_so_many_ai_tables(make_client: Factory, sqlite_url: str) -> None:
    from spelbord.server.tables.hub import HubConfig

    with make_client(sqlite_url, hub_config=HubConfig(ai_tables=2)) as client:
        for _ in range(2):
            create(client, "toy-open", ["local", "ai:slow"])
        r = client.post(
            "/api/tables",
            json={
                "game": "toy-open",
                "seats": [{"kind": "local"}, {"kind": "ai", "agent": "first"}],
            },
        )
        assert r.status_code == 429 and "unfinished tables with AI seats" in r.json()["error"]
        create(client, "toy-open", ["local", "local"])  # tables without AI are not counted


def wait_turn(
    client: TestClient, table: str, token: str, ply: int, timeout: float
) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        v = view(client, table, token)
        if v["ply"] > ply and (v["your_turn"] or v["status"] == "finished"):
            return v
        time.sleep(0.02)
    raise AssertionError(f"no answer within {timeout} s: {v}")


@pytest.mark.slow
def test_one_clients_heavy_tables_do_not_delay_anothers_light_move(
    make_client: Factory, sqlite_url: str
) -> None:
    """Alice opens 8 tables against a heavy agent (3 s a move); Bob's light agent (0.1 s)
    answers within its budget + 1 s: Alice holds one worker at a time (the per-client
    cap), the other is free for Bob, and his job is first in line for it."""
    workers = dataclasses.replace(FAKE_WORKERS, workers=2, grace=1.0, default_timeout=10.0)
    with make_client(
        sqlite_url, workers=workers, runner=RunnerConfig(client_cap=1, poll=0.2)
    ) as alice:
        bob = TestClient(alice.app, client=("10.0.0.2", 50000))
        bob.portal = alice.portal  # the same running app (its event loop), another address
        heavy = [create(alice, "toy-open", ["ai:late:3s", "local"]) for _ in range(8)]
        made = create(bob, "toy-open", ["local", "ai:late:0.1s"])
        t, token = made["table"], made["tokens"]["0"]
        store = alice.app.state.jobs.store  # type: ignore[attr-defined]
        deadline = time.monotonic() + 30
        while store.counts().get("done", 0) < 1:  # the worker processes have started
            assert time.monotonic() < deadline, store.counts()
            time.sleep(0.1)
        v = view(bob, t, token)
        assert v["your_turn"]  # the bid, at a simultaneous node: Bob's AI has bid already
        assert act(bob, t, token, v["legal"][0]["action"], v["ply"]).status_code == 200
        v = wait_turn(bob, t, token, v["ply"], timeout=5)
        for _ in range(2):  # each of Bob's additions is answered by his AI
            assert act(bob, t, token, v["legal"][0]["action"], v["ply"]).status_code == 200
            start = time.monotonic()
            v = wait_turn(bob, t, token, v["ply"] + 1, timeout=8)
            assert time.monotonic() - start < 0.1 + 1.0
        # Alice's other tables wait in line, and say so (the places are shown every second).
        deadline = time.monotonic() + 5
        while True:
            waiting = [w["ai"] for h in heavy if (w := view(alice, h["table"]))["ai"]]
            if any(a[0]["line"] > 0 for a in waiting) or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert any(a[0]["line"] > 0 for a in waiting), waiting
        assert alice.app.state.hub.thinker is not None  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("argv", "env", "named"),
    [
        (["serve", "--port", "1"], {"SPELBORD_REDIS_URL": "redis://127.0.0.1:1/0"}, "Redis at"),
        (
            ["serve", "--port", "1", "--database-url", "postgresql+psycopg://x:y@127.0.0.1:1/z"],
            {},
            "the database postgresql",
        ),
        (
            ["worker", "--database-url", "postgresql+psycopg://x:y@127.0.0.1:1/z"],
            {},
            "the database",
        ),
        (["worker"], {"SPELBORD_REDIS_URL": "redis://127.0.0.1:1/0"}, "Redis at"),
    ],
)
def test_an_unreachable_database_or_redis_at_start_is_named_and_exits_1(
    argv: list[str],
    env: dict[str, str],
    named: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from spelbord.cli.main import main

    monkeypatch.setenv("SPELBORD_DATABASE_URL", f"sqlite:///{tmp_path / 'x.sqlite3'}")
    monkeypatch.delenv("SPELBORD_REDIS_URL", raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert named in err and "cannot be reached" in err and "y@" not in err  # no password


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["worker", "--processes", "0"], "--processes must be 1-64"),
        (["worker", "--processes", "65"], "--processes must be 1-64"),
        (["worker", "--name", "w" * 65], "--name must be 1-64 characters"),
    ],
)
def test_a_workers_bad_command_line_is_named_and_exits_2(
    argv: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from spelbord.cli.main import main

    assert main(argv) == 2
    assert named in capsys.readouterr().err


@pytest.mark.slow
def test_an_ai_seats_clock_does_not_run_while_its_job_waits_in_line(
    make_client: Factory, sqlite_url: str
) -> None:
    """One worker, busy for 5 s with the client's other table: the waiting AI seat's bid
    clock (2.5 s) would have run out; it waits instead, and the agent bids in time."""
    workers = dataclasses.replace(FAKE_WORKERS, workers=1, grace=1.0, default_timeout=10.0)
    with make_client(sqlite_url, workers=workers, runner=RunnerConfig(poll=0.2)) as client:
        create(client, "toy-open", ["ai:late:5s", "local"])
        time.sleep(0.3)  # that job is first in line
        r = client.post(
            "/api/tables",
            json={
                "game": "toy-clock",
                "options": {"clock_ms": 2500},
                "seats": [{"kind": "local"}, {"kind": "ai", "agent": "first"}],
            },
        )
        assert r.status_code == 200, r.text
        t, token = r.json()["table"], r.json()["tokens"]["0"]
        deadline = time.monotonic() + 4.0
        seen_line = False
        while time.monotonic() < deadline:
            v = view(client, t, token)
            if v["ai"] and v["ai"][0]["line"] > 0:
                seen_line = True
                assert not [c for c in v["clocks"] if c["seat"] == 1]  # paused
            time.sleep(0.1)
        assert seen_line
        assert act(client, t, token, v["legal"][0]["action"], v["ply"]).status_code == 200
        v = wait_turn(client, t, token, v["ply"], timeout=15)
        bid = next(m for m in v["moves"] if m["ply"] == 2)
        assert "timeout" not in bid, bid  # the agent bid, not its clock


@pytest.mark.slow
def test_a_rated_games_failing_agent_never_plays_at_random(client: TestClient) -> None:
    """Its seat asks again (a fresh job each round); after three failed rounds the game is
    aborted, unrated: no random move is ever played for it."""
    r = client.post(
        "/api/tables",
        json={
            "game": "toy-open",
            "rated": True,
            "seats": [{"kind": "ai", "agent": "fail"}, {"kind": "ai", "agent": "first"}],
        },
    )
    assert r.status_code == 200, r.text
    t = r.json()["table"]
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        v = view(client, t)
        if v["status"] == "finished":
            break
        time.sleep(0.1)
    assert v["result"]["termination"] == "aborted", v["result"]
    assert [m["ply"] for m in v["moves"]] == [0, 1]  # the deal only: no bid was made for it

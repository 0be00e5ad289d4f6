"""Two web processes and two workers on PostgreSQL and Redis, as real processes: 100
concurrent games (people over WebSockets and HTTP, each table's seats on both processes,
AI tables casual and rated); one web process and one worker are killed with ``kill -9``
in the middle. Every client reconnects and resumes, every acknowledged move is stored
once, every AI table finishes, and no rated game had a random move. The same when Redis
is killed with ``kill -9`` and started again, and when a web process is drained."""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from conftest import POSTGRES_URL, postgres_schema_url
from spelbord.server.cluster.launch import Cluster, free_port, start_redis

pytestmark = pytest.mark.slow

HERE = Path(__file__).resolve().parent
PROC = [sys.executable, str(HERE / "clusterproc.py")]
HUMAN_TABLES = 80
AI_TABLES = 20  # half rated AI against AI, half a person against an AI
AGENT = "late:0.2s"  # the lowest legal action after 0.2 s (a random move would differ)


def need(thing: str, ok: bool) -> None:
    if ok:
        return
    if os.environ.get("CI"):
        pytest.fail(f"CI must provide {thing} (see .ci/run)")
    pytest.skip(f"{thing} is not available")


class RedisServer:
    """The cluster's Redis, which a test may kill (-9) and start again on its port."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.port = folder, free_port()
        self.proc: subprocess.Popen[bytes]
        self.proc, self.url = start_redis(folder, self.port)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def restart(self) -> None:
        self.proc, _ = start_redis(self.folder, self.port)

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    need("redis-server", shutil.which("redis-server") is not None)
    server = RedisServer(tmp_path / "redis")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def cluster(tmp_path: Path, redis_server: RedisServer) -> Iterator[Cluster]:
    need("SPELBORD_TEST_POSTGRES_URL", bool(POSTGRES_URL))
    assert POSTGRES_URL is not None
    found = Cluster(
        tmp_path,
        postgres_schema_url(POSTGRES_URL, f"cluster{os.getpid()}"),
        redis_server.url,
        webs=2,
        workers=2,
        worker_processes=2,
        web_command=[*PROC, "web"],
        worker_command=[*PROC, "worker"],
        env={"SPELBORD_AI_TABLES_PER_CLIENT": "1000", "SPELBORD_AI_CLIENT_JOBS": "4"},
    )
    try:
        found.start()
        yield found
    finally:
        found.stop()


class Seat:
    """One person at one seat: follows the table over a WebSocket (reconnecting to the
    other process when one fails) and acts over the socket or over HTTP."""

    def __init__(self, urls: list[str], first: int, table: str, token: str, http: bool) -> None:
        self.urls, self.index, self.table, self.token, self.http = urls, first, table, token, http
        self.acked: list[tuple[int, int]] = []
        """(ply, action) of every move the server acknowledged (HTTP 200)."""
        self.connects = 0
        self.finished = False

    async def play(self, client: httpx.AsyncClient, deadline: float) -> None:
        acted: int | None = None
        while not self.finished and time.monotonic() < deadline:
            base = self.urls[self.index]
            ws_url = base.replace("http", "ws") + f"/ws/tables/{self.table}?token={self.token}"
            try:
                async with connect(ws_url, open_timeout=5) as ws:
                    self.connects += 1
                    async for raw in ws:
                        msg = json.loads(raw)
                        if msg.get("type") != "view":
                            continue
                        v = msg["view"]
                        if v["status"] == "finished":
                            self.finished = True
                            return
                        if not v["your_turn"] or acted == v["ply"]:
                            continue
                        await asyncio.sleep(0.15)
                        action, ply = v["actions"][0], v["ply"]
                        acted = ply
                        if not self.http:
                            await ws.send(
                                json.dumps({"type": "action", "action": action, "ply": ply})
                            )
                            continue
                        r = await client.post(
                            f"{base}/api/tables/{self.table}/action",
                            json={"token": self.token, "action": action, "ply": ply},
                        )
                        if r.status_code == 200:
                            self.acked.append((ply, action))
                        elif r.status_code != 409:  # 503: the owner died; look again
                            acted = None
                            await ws.send(json.dumps({"type": "sync"}))
            except (WebSocketException, OSError, httpx.HTTPError):
                pass
            acted = None
            self.index = (self.index + 1) % len(self.urls)  # the proxy would send us on
            await asyncio.sleep(0.3)


Interrupt = Callable[[Cluster, list[str]], Awaitable[None]]


async def kill_a_web_process_and_a_worker(cluster: Cluster, urls: list[str]) -> None:
    cluster.kill("web0")  # kill -9, in the middle of the games
    cluster.kill("worker0")
    urls[0] = urls[1]  # the proxy would take it out of rotation


async def drain_a_web_process(cluster: Cluster, urls: list[str]) -> None:
    cluster.procs["web0"].terminate()  # a deploy: it lets go of its tables and leaves
    urls[0] = urls[1]


async def scenario(
    cluster: Cluster,
    human: int = HUMAN_TABLES,
    ai: int = AI_TABLES,
    interrupt: Interrupt = kill_a_web_process_and_a_worker,
) -> dict[str, Any]:
    urls = [cluster.url(0), cluster.url(1)]
    seats: list[Seat] = []
    tables: dict[str, str] = {}
    async with httpx.AsyncClient(timeout=20) as client:
        for i in range(human + ai):
            base = urls[i % 2]
            body: dict[str, Any] = {"game": "toy-open", "options": {}}
            if i < human:
                body["seats"] = [{"kind": "local"}, {"kind": "local"}]
                kind = "human"
            elif i < human + ai // 2:
                body["seats"] = [{"kind": "ai", "agent": AGENT}] * 2
                body["rated"] = True
                kind = "rated"
            else:
                body["seats"] = [{"kind": "local"}, {"kind": "ai", "agent": AGENT}]
                kind = "casual"
            r = await client.post(f"{base}/api/tables", json=body)
            assert r.status_code == 200, r.text
            made = r.json()
            tables[made["table"]] = kind
            for seat, token in made["tokens"].items():
                # Each table's two seats follow it from different processes.
                seats.append(Seat(urls, (i + int(seat)) % 2, made["table"], token, i % 2 == 1))
        deadline = time.monotonic() + 150
        players = [asyncio.create_task(s.play(client, deadline)) for s in seats]
        await asyncio.sleep(1.5)
        await interrupt(cluster, urls)
        # a seat that hears nothing more (a lost frame) is stopped at the deadline
        _, stuck = await asyncio.wait(players, timeout=deadline - time.monotonic() + 5)
        for task in stuck:
            task.cancel()
        summaries = {}
        for table in tables:
            while time.monotonic() < deadline:
                r = await client.get(f"{urls[1]}/api/tables/{table}/export")
                if r.status_code == 200 and r.json()["result"] is not None:
                    break
                await asyncio.sleep(0.5)
            summaries[table] = r.json()
    return {"seats": seats, "tables": tables, "exports": summaries}


def test_two_web_processes_and_two_workers_survive_kill_9(cluster: Cluster) -> None:
    got = asyncio.run(scenario(cluster))
    seats: list[Seat] = got["seats"]
    exports: dict[str, Any] = got["exports"]
    assert all(s.finished for s in seats), [s.table for s in seats if not s.finished]
    # Every client of a table web0 owned, or connected to web0, had to reconnect.
    assert sum(s.connects > 1 for s in seats) >= len(seats) // 4
    for table, kind in got["tables"].items():
        record = exports[table]
        assert record["result"] is not None, (table, kind, record)
        assert record["result"]["termination"] not in ("aborted", "abandoned"), record
    # Every acknowledged move is in the log at its ply.
    for s in seats:
        moves = exports[s.table]["moves"]
        for ply, action in s.acked:
            stored = moves[ply]
            assert action in (stored if isinstance(stored, list) else [stored]), (s.table, ply)
    # ... once: one log entry per ply, plies without a gap.
    engine = sa.create_engine(cluster.database_url)
    with engine.connect() as conn:
        rows = conn.execute(
            sa.text(
                "SELECT table_id, count(*), count(DISTINCT ply), max(ply) FROM spelbord_log "
                "GROUP BY table_id"
            )
        ).all()
    engine.dispose()
    assert len(rows) == len(exports)
    for table_id, count, plies, last in rows:
        assert count == plies == last + 1, table_id
    # No AI seat of a rated game played a random move: the agent's answer is always the
    # lowest legal action (bid 10, add 0), and the logs name no fallback.
    for table, kind in got["tables"].items():
        if kind != "rated":
            continue
        moves = exports[table]["moves"]
        assert moves[2] == [10, 10] and moves[3:] == [0, 0, 0, 0], (table, moves)
    logs = "".join(p.read_text(errors="replace") for p in cluster.folder.glob("web*.log"))
    rated = [t for t, k in got["tables"].items() if k == "rated"]
    assert not [
        line for line in logs.splitlines() if "at random" in line and any(t in line for t in rated)
    ]


def test_a_drained_web_process_hands_its_games_on(cluster: Cluster) -> None:
    """SIGTERM (a deploy) instead of kill -9: the games go on at the other process."""
    got = asyncio.run(scenario(cluster, human=16, ai=4, interrupt=drain_a_web_process))
    assert all(s.finished for s in got["seats"])
    for table in got["tables"]:
        assert got["exports"][table]["result"]["termination"] not in ("aborted", "abandoned")
    for s in got["seats"]:
        moves = got["exports"][s.table]["moves"]
        for ply, action in s.acked:
            stored = moves[ply]
            assert action in (stored if isinstance(stored, list) else [stored])


def test_redis_killed_and_started_again_loses_no_acknowledged_move(
    cluster: Cluster, redis_server: RedisServer
) -> None:
    """kill -9 of Redis: forwarded requests get 503 (nothing acknowledged) or wait, frames
    relayed meanwhile may be lost; once Redis is back the relayed sockets are closed (1012),
    their clients reconnect with the whole view, and every game goes on to its end."""

    async def kill_redis(cluster: Cluster, urls: list[str]) -> None:
        redis_server.kill()
        await asyncio.sleep(3.0)
        redis_server.restart()

    got = asyncio.run(scenario(cluster, human=16, ai=4, interrupt=kill_redis))
    assert all(s.finished for s in got["seats"]), [s.table for s in got["seats"] if not s.finished]
    for table in got["tables"]:
        assert got["exports"][table]["result"]["termination"] not in ("aborted", "abandoned")
    for s in got["seats"]:
        moves = got["exports"][s.table]["moves"]
        for ply, action in s.acked:
            stored = moves[ply]
            assert action in (stored if isinstance(stored, list) else [stored]), (s.table, ply)
    logs = "".join(p.read_text(errors="replace") for p in cluster.folder.glob("web*.log"))
    assert "Redis subscription made again" in logs


def test_a_table_played_from_one_process_is_handed_on_to_it(cluster: Cluster) -> None:
    """A table made on web0 whose players both follow it from web1 (as a proxy routing by
    table sends them) is handed on to web1 within a few beats: its moves are no longer
    forwarded, a move sent to web0 reaches the new owner, every frame keeps the table's
    sequence numbers, and a socket that leaves afterwards is seen leaving."""

    async def play() -> dict[str, Any]:
        urls = [cluster.url(0), cluster.url(1)]
        engine = sa.create_engine(cluster.database_url)

        def owner_address(table: str) -> str | None:
            with engine.connect() as conn:
                return conn.execute(
                    sa.text(
                        "SELECT p.address FROM spelbord_owners o JOIN spelbord_processes p "
                        "ON p.id = o.process WHERE o.table_id = :t"
                    ),
                    {"t": table},
                ).scalar()

        async with httpx.AsyncClient(timeout=20) as client:
            r = await client.post(
                f"{urls[0]}/api/tables",
                json={"game": "toy-open", "options": {}, "seats": [{"kind": "local"}] * 2},
            )
            assert r.status_code == 200, r.text
            made = r.json()
            table, tokens = made["table"], made["tokens"]
            assert owner_address(table) == f"127.0.0.1:{cluster.web_ports[0]}"
            ws_url = urls[1].replace("http", "ws") + f"/ws/tables/{table}?token="
            seqs: list[int] = []
            async with (
                connect(ws_url + tokens["0"]) as ws0,
                connect(ws_url + tokens["1"]) as ws1,
            ):

                async def until(ws: Any, ply: int, track: bool = False) -> dict[str, Any]:
                    """The first view of ``ply`` or later (older frames are skipped)."""
                    while True:
                        msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                        if track and "seq" in msg:
                            seqs.append(msg["seq"])
                        if msg.get("type") == "view" and msg["view"]["ply"] >= ply:
                            return dict(msg["view"])

                async def act(ws: Any, v: dict[str, Any]) -> None:
                    assert v["your_turn"], v
                    move = {"type": "action", "action": v["actions"][0], "ply": v["ply"]}
                    await ws.send(json.dumps(move))

                async def act_http(base: str, seat: str) -> None:
                    r = await client.get(
                        f"{base}/api/tables/{table}/view", params={"token": tokens[seat]}
                    )
                    assert r.status_code == 200, r.text
                    v = r.json()
                    assert v["your_turn"], v
                    r = await client.post(
                        f"{base}/api/tables/{table}/action",
                        json={"token": tokens[seat], "action": v["actions"][0], "ply": v["ply"]},
                    )
                    assert r.status_code == 200, r.text

                # The bids (a simultaneous node, ply 2) while web0 still owns the table:
                # forwarded from web1.
                await act(ws0, await until(ws0, 2, True))
                await act(ws1, await until(ws1, 2))
                deadline = time.monotonic() + 15
                while owner_address(table) != f"127.0.0.1:{cluster.web_ports[1]}":
                    assert time.monotonic() < deadline, "the table was not handed on to web1"
                    await asyncio.sleep(0.2)
                # Now web1's own; a move sent over HTTP to web0 is forwarded to web1.
                await until(ws0, 3, True)
                await act_http(urls[0], "0")
                await act(ws1, await until(ws1, 4))
                v0 = await until(ws0, 5, True)
                await ws1.close()
                while True:  # web1 unsubscribes the socket that left: presence says so
                    msg = json.loads(await asyncio.wait_for(ws0.recv(), 10))
                    if msg.get("type") == "presence":
                        assert msg["connected"] == [True, False], msg
                        break
                await act(ws0, v0)
                await until(ws0, 6, True)
                await act_http(urls[0], "1")
                v0 = await until(ws0, 7, True)
                assert v0["status"] == "finished", v0
            export = (await client.get(f"{urls[1]}/api/tables/{table}/export")).json()
        with engine.connect() as conn:
            plies = conn.execute(
                sa.text("SELECT ply FROM spelbord_log WHERE table_id = :t ORDER BY ply"),
                {"t": table},
            ).scalars()
            stored = list(plies)
        engine.dispose()
        return {"seqs": seqs, "export": export, "plies": stored}

    got = asyncio.run(play())
    assert got["export"]["result"] is not None
    assert got["plies"] == list(range(len(got["plies"])))  # every move once, no gap
    seqs = got["seqs"]
    # The table's sequence numbers go on across the handover: never back, never a gap
    # (the new owner's whole view may repeat the latest one).
    assert all(b - a in (0, 1) for a, b in itertools.pairwise(seqs)), seqs
    logs = "".join(p.read_text(errors="replace") for p in cluster.folder.glob("web*.log"))
    assert "Traceback" not in logs

"""``make cluster`` as a developer runs it (``spelbord.server.cluster.launch start``): its
own PostgreSQL and Redis, two web processes, two workers and HAProxy in front. A game
against the computer is played through the proxy over a WebSocket (the AI's moves come
from the workers), an analysis is asked for through it, one web process is killed with
``kill -9`` and the proxy sends the next requests to the other; ``make cluster-stop``
ends every process it started."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

from spelbord.server.cluster import launch
from spelbord.server.cluster.bench import bench_game

pytestmark = pytest.mark.slow

OFFSETS = (0, 1, 2, 10, 11)
"""The ports ``make cluster`` takes after its own: PostgreSQL, Redis, the web processes."""


def need(thing: str, ok: bool) -> None:
    if ok:
        return
    if os.environ.get("CI"):
        pytest.fail(f"CI must provide {thing} (see .ci/run)")
    pytest.skip(f"{thing} is not available")


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_block() -> int:
    """A port whose followers ``make cluster`` uses are free too."""
    for _ in range(50):
        port = launch.free_port()
        if port + max(OFFSETS) < 65536 and all(_free(port + k) for k in OFFSETS):
            return port
    raise RuntimeError("no free block of ports")


@pytest.fixture
def made() -> Iterator[tuple[Path, int]]:
    need("haproxy", shutil.which("haproxy") is not None or Path("/usr/sbin/haproxy").exists())
    need("redis-server", shutil.which("redis-server") is not None)
    need("PostgreSQL", any(Path("/usr/lib/postgresql").glob("*/bin/initdb")))
    folder = Path(tempfile.mkdtemp(prefix="spelbord-make-cluster-"))
    os.chmod(folder, 0o755)  # PostgreSQL's tools run as its own user
    port = free_block()
    try:
        launch.start_all(folder, port, webs=2, workers=2)
        yield folder, port
    finally:
        launch.stop_all(folder)
        shutil.rmtree(folder, ignore_errors=True)


async def play_against_the_computer(base: str, game: str, moves: int) -> dict[str, Any]:
    """Make ``moves`` moves at seat 0 against ``level:easy`` over one socket (through the
    proxy); the last view seen."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        r = await http.post(
            "/api/tables",
            json={
                "game": game,
                "options": {},
                "seats": [{"kind": "local"}, {"kind": "ai", "agent": "level:easy"}],
            },
        )
        assert r.status_code == 200, r.text
        table = r.json()
    url = base.replace("http", "ws") + f"/ws/tables/{table['table']}?token={table['tokens']['0']}"
    seqs: list[int] = []
    made = 0
    view: dict[str, Any] = {}
    async with connect(url, open_timeout=10) as ws:
        while made < moves:
            msg = json.loads(await asyncio.wait_for(ws.recv(), 60))
            if msg.get("type") != "view":
                continue
            seqs.append(msg["seq"])
            view = msg["view"]
            if view["status"] == "finished":
                break
            if view["your_turn"]:
                await ws.send(
                    json.dumps({"type": "action", "action": view["actions"][0], "ply": view["ply"]})
                )
                made += 1
    assert seqs == sorted(seqs), seqs  # the table's sequence numbers only grow
    return {"table": table["table"], "view": view, "made": made}


def test_make_cluster_serves_a_game_and_an_analysis_through_haproxy(
    made: tuple[Path, int],
) -> None:
    folder, port = made
    base = f"http://127.0.0.1:{port}"
    game = bench_game()  # two seats, AI levels, an analysis board
    played = asyncio.run(play_against_the_computer(base, game, moves=3))
    assert played["made"] == 3
    # the third move was made at ply 4: the computer answered the first two (workers' jobs)
    assert played["view"]["ply"] == 4
    start = httpx.get(f"{base}/api/analyse/{game}/start", timeout=30).json()
    r = httpx.post(
        f"{base}/api/analyse/{game}",
        json={"position": start["position"], "seconds": 0.2},
        timeout=60,
    )
    assert r.status_code == 200, r.text
    assert "score" in r.json()

    pids = [int(p) for p in (folder / "pids").read_text().split()]
    web0 = next(p for p in pids if f"--port {port + 10}" in _cmdline(p))
    os.kill(web0, 9)  # the proxy's health check takes it out of rotation
    deadline = time.monotonic() + 30
    answered = 0
    while answered < 5 and time.monotonic() < deadline:
        try:
            ok = httpx.get(f"{base}/api/tables/{played['table']}/view", timeout=10)
        except httpx.HTTPError:
            ok = None
        answered = answered + 1 if ok is not None and ok.status_code == 200 else 0
        time.sleep(0.5)
    assert answered == 5, "the proxy did not send the requests to the live web process"
    again = asyncio.run(play_against_the_computer(base, game, moves=1))
    assert again["made"] == 1

    launch.stop_all(folder)
    assert not (folder / "pids").exists()
    for pid in pids:
        assert not Path(f"/proc/{pid}").exists() or _zombie(pid), pid


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"
    except OSError:
        return True

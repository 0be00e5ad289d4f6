"""``spelbord bench server``: many concurrent games of random moves against a real server.

A uvicorn server process is started on a fresh SQLite file; ``games`` tables with local
seats are created over HTTP; each seat connects over WebSocket and, whenever it is its turn,
waits a think time and sends a random legal action. The round trip of a move is the time
from sending it to receiving the view that shows it. Everything is bounded: at most
``moves_per_game`` actions per table and ``timeout`` seconds in all.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import httpx
from websockets.asyncio.client import connect


@dataclass(frozen=True)
class BenchResult:
    """What one benchmark run measured (round trips in milliseconds)."""

    game: str
    games: int
    moves: int
    seconds: float
    errors: int
    finished: int
    p50: float
    p95: float
    p99: float
    worst: float
    server_cpu: float | None = None
    """CPU seconds the server process used while the games were played (Linux only)."""
    load: tuple[float, float] | None = None
    """The machine's 1-minute load average before and after the run (where known)."""

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0

    def report(self) -> str:
        return (
            f"{self.games} concurrent {self.game} games: {self.moves} moves in "
            f"{self.seconds:.1f} s ({self.moves_per_second:.0f} moves/s), "
            f"{self.finished} finished, {self.errors} errors; round trip ms: "
            f"p50 {self.p50:.1f}, p95 {self.p95:.1f}, p99 {self.p99:.1f}, max {self.worst:.1f}"
            + (
                f"; server CPU {self.server_cpu * 1000 / self.moves:.2f} ms per move"
                if self.server_cpu is not None and self.moves
                else ""
            )
            + (
                f"; load average {self.load[0]:.1f} before, {self.load[1]:.1f} after"
                if self.load is not None
                else ""
            )
        )


@dataclass
class _Tally:
    rtts: list[float] = field(default_factory=list)
    errors: int = 0
    finished: int = 0


def _free_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def _cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process, from /proc (``None`` elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def stolen_seconds() -> float | None:
    """CPU seconds the host has taken from this virtual machine since it started (the
    ``steal`` column of /proc/stat, every core; ``None`` elsewhere). A figure measured
    while the host takes much of the cores says more about the host than the code.

    >>> stolen = stolen_seconds()
    >>> stolen is None or stolen >= 0
    True
    """
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()
        return int(fields[8]) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def _load_average() -> float | None:
    """The machine's 1-minute load average (``None`` where the system does not tell)."""
    try:
        return os.getloadavg()[0]
    except OSError:
        return None


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _seat(
    url: str,
    budget: list[int],
    think: tuple[float, float],
    rng: random.Random,
    tally: _Tally,
    stop: asyncio.Event,
) -> None:
    """One seat's client: move at random whenever it is this seat's turn."""
    sent_at: float | None = None
    sent_ply = -1
    async with connect(url, max_size=1 << 22, compression=None) as ws:
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=5.0)
            except TimeoutError:
                if budget[0] <= 0:
                    return
                continue
            msg = json.loads(raw)
            if msg["type"] == "error":
                tally.errors += 1
                sent_at = None
                continue
            if msg["type"] != "view":
                continue
            view = msg["view"]
            if sent_at is not None and (view["ply"] != sent_ply or not view["your_turn"]):
                tally.rtts.append((time.perf_counter() - sent_at) * 1000)
                sent_at = None
            if view["status"] == "finished":
                if view["seat"] == 0:
                    tally.finished += 1
                return
            if budget[0] <= 0:
                return
            if view["your_turn"] and sent_at is None and view["actions"]:
                await asyncio.sleep(rng.uniform(*think))
                budget[0] -= 1
                action = rng.choice(view["actions"])
                sent_ply = view["ply"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "action", "action": action, "ply": sent_ply}))


async def _drive(
    base: str,
    game: str,
    games: int,
    moves_per_game: int,
    think: tuple[float, float],
    timeout: float,
    seed: int,
) -> tuple[_Tally, float, int]:
    tally = _Tally()
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        setup = await http.get(f"/api/games/{game}/setup")
        setup.raise_for_status()
        seats = setup.json()["seats"]  # the default options' seats, not the most possible
        tables = []
        for _ in range(games):
            r = await http.post(
                "/api/tables",
                json={"game": game, "options": {}, "seats": [{"kind": "local"}] * seats},
            )
            r.raise_for_status()
            tables.append(r.json())
    ws_base = base.replace("http://", "ws://")
    stop = asyncio.Event()
    tasks = []
    for made in tables:
        budget = [moves_per_game]
        for seat, token in made["tokens"].items():
            url = f"{ws_base}/ws/tables/{made['table']}?token={token}"
            seat_rng = random.Random(rng.random() + int(seat))
            tasks.append(asyncio.create_task(_seat(url, budget, think, seat_rng, tally, stop)))
    started = time.perf_counter()
    _, late = await asyncio.wait(tasks, timeout=timeout)
    stop.set()
    for task in late:
        task.cancel()
    with contextlib.suppress(Exception):
        await asyncio.gather(*tasks, return_exceptions=True)
    failed = sum(1 for t in tasks if t.done() and not t.cancelled() and t.exception())
    return tally, time.perf_counter() - started, failed


def _pick_game() -> str:
    from spelbord import games

    return games.names()[0]


_T = TypeVar("_T")


def _run_in_own_loop(coro: Coroutine[Any, Any, _T]) -> _T:
    """Run ``coro`` to the end in a fresh event loop, even when the caller's thread already
    runs one (a notebook, or a test process that drives a browser): then in a new thread."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


def run(
    games: int = 200,
    moves_per_game: int = 40,
    host: str = "127.0.0.1",
    port: int = 0,
    game: str | None = None,
    think: tuple[float, float] = (0.25, 0.75),
    timeout: float = 180.0,
    seed: int = 0,
    seconds: float | None = None,
    quiet: bool = False,
) -> BenchResult:
    """Run the benchmark against a fresh server process; print and return the measurements.

    ``seconds`` (if given) replaces ``timeout``: the bound on the playing time.
    """
    if seconds is not None:
        timeout = seconds
    game = game or _pick_game()
    port = port or _free_port(host)
    with tempfile.TemporaryDirectory(prefix="spelbord-bench-") as tmp:
        log_path = Path(tmp) / "server.log"
        database = f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        with open(log_path, "w") as log:
            server = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "spelbord.server.main",
                    "--host",
                    host,
                    "--port",
                    str(port),
                    "--database",
                    database,
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                # One client creates every table: no per-client limit on creating them.
                env={
                    **os.environ,
                    "PYTHONUNBUFFERED": "1",
                    "SPELBORD_RATE_LIMITS": "create=off,claim=off",
                },
            )
        try:
            base = f"http://{host}:{port}"
            _wait_until_up(base, server, log_path)
            cpu_before, load_before = _cpu_seconds(server.pid), _load_average()
            tally, seconds, failed = _run_in_own_loop(
                _drive(base, game, games, moves_per_game, think, timeout, seed)
            )
            cpu_after, load_after = _cpu_seconds(server.pid), _load_average()
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
    rtts = tally.rtts
    result = BenchResult(
        game=game,
        games=games,
        moves=len(rtts),
        seconds=seconds,
        errors=tally.errors + failed,
        finished=tally.finished,
        p50=statistics.median(rtts) if rtts else 0.0,
        p95=_percentile(rtts, 0.95),
        p99=_percentile(rtts, 0.99),
        worst=max(rtts, default=0.0),
        server_cpu=None if cpu_before is None or cpu_after is None else cpu_after - cpu_before,
        load=None if load_before is None or load_after is None else (load_before, load_after),
    )
    if not quiet:
        print(result.report(), flush=True)
    return result


def _wait_until_up(base: str, server: subprocess.Popen[Any], log_path: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server exited:\n{log_path.read_text()[-2000:]}")
        try:
            if httpx.get(f"{base}/api/games", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError("the server did not start within 60 s")


def main(argv: list[str] | None = None) -> None:
    """``python -m spelbord.server.bench --games 200``."""
    parser = argparse.ArgumentParser(description="Benchmark the game table server.")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--moves", type=int, default=40, help="actions per game at most")
    parser.add_argument("--game", default=None)
    parser.add_argument(
        "--think",
        type=float,
        nargs=2,
        default=(0.25, 0.75),
        metavar=("MIN", "MAX"),
        help="seconds a seat waits before moving",
    )
    parser.add_argument("--timeout", type=float, default=180.0)
    args = parser.parse_args(argv)
    run(args.games, args.moves, game=args.game, think=tuple(args.think), timeout=args.timeout)


if __name__ == "__main__":
    main()


@dataclass(frozen=True)
class ViewStats:
    """What the views of one game cost over a random game: the frames after the first
    (bytes, as sent over a WebSocket) and the CPU time to build and encode each (ms)."""

    game: str
    plies: int
    frames: int
    bytes_median: float
    bytes_max: int
    ms_median: float
    ms_p99: float
    ms_max: float
    first_bytes: int
    """The whole view (a first frame, or a resync) at the last ply."""

    def report(self) -> str:
        return (
            f"{self.game} views over {self.plies} plies ({self.frames} frames): bytes "
            f"median {self.bytes_median:.0f}, max {self.bytes_max}; build CPU ms median "
            f"{self.ms_median:.3f}, p99 {self.ms_p99:.3f}, max {self.ms_max:.3f}; whole view "
            f"{self.first_bytes} bytes"
        )


async def _measure_views(game: str, plies: int, seed: int) -> ViewStats:
    from spelbord import games as registry
    from spelbord.server.db import open_engine
    from spelbord.server.tables import views
    from spelbord.server.tables.hub import Hub
    from spelbord.server.tables.protocol import CreateRequest, SeatSpec
    from spelbord.server.tables.store import Store

    n = registry.load(game).num_players()
    with tempfile.TemporaryDirectory(prefix="spelbord-views-") as tmp:
        engine = open_engine(f"sqlite:///{Path(tmp) / 'views.sqlite3'}")
        hub = Hub(Store(engine), None)
        try:
            spec = CreateRequest(game, {}, tuple(SeatSpec("local") for _ in range(n)))
            table, tokens, _ = await hub.create(spec)
            rng = random.Random(seed)
            sizes: list[int] = []
            times: list[float] = []
            viewers: list[int | None] = [None, *range(n)]
            while table.status == "running" and table.state.move_number() < plies:
                movers = [
                    s for s in range(n) if views.your_turn(table.state, "running", s, table.pending)
                ]
                seat = rng.choice(movers)
                before = len(table.records)
                action = rng.choice(table.state.legal_actions(seat))
                await table.act(tokens[str(seat)], action, table.state.move_number())
                for viewer in viewers:  # what a broadcast does for each seat's sockets
                    table.changed()
                    started = time.thread_time()  # CPU: other work on the machine aside
                    text = table.frame(viewer, before)
                    times.append((time.thread_time() - started) * 1000)
                    sizes.append(len(text.encode()))
            whole = max(len(table.frame(v).encode()) for v in viewers)
            return ViewStats(
                game=game,
                plies=table.state.move_number(),
                frames=len(sizes),
                bytes_median=statistics.median(sizes) if sizes else 0.0,
                bytes_max=max(sizes, default=0),
                ms_median=statistics.median(times) if times else 0.0,
                ms_p99=_percentile(times, 0.99),
                ms_max=max(times, default=0.0),
                first_bytes=whole,
            )
        finally:
            await hub.close()
            engine.dispose()


def measure_views(game: str, plies: int = 300, seed: int = 0, quiet: bool = False) -> ViewStats:
    """Play ``plies`` random plies of ``game`` (or to its end) at a table with local seats
    and measure every viewer's frame after each move: its size and the time to build and
    encode it, as the server does once per seat for each change."""
    stats = _run_in_own_loop(_measure_views(game, plies, seed))
    if not quiet:
        print(stats.report(), flush=True)
    return stats

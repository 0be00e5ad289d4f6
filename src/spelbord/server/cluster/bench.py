"""``spelbord bench cluster``: the cluster's figures, measured on real processes.

Starts its own PostgreSQL and Redis (``launch``), then:

The game is the first registered one with an analysis board and AI levels that seats two
(``bench_game``): every part plays it.

- **throughput**: ``tables`` tables of that game with both seats played as fast as the
  server answers, for ``seconds``, with 1 and then 2 web processes (each table's sockets
  on the process that made it, as a proxy routing by table does); moves/s and the ratio;
- **pace**: ``pace_tables`` tables at a human pace (one move per table every 2 s) on 2 web
  processes behind HAProxy as deployed (docs/deploy.md: a table's requests routed by its
  id, so a table made on one process and played on the other is handed on there); the
  round trip of a move (sent to the view showing it), p50 and p99;
- **pace-split** (only when asked for): the same without the proxy, every second seat's
  socket on the other process: the worst case (each move of those seats forwarded, each
  frame for them relayed over Redis);
- **AI**: ``ai_tables`` tables of a person (moving at once) against ``level:hard`` on 2
  workers of one process each, a third added halfway; the wait of each AI job before a
  worker took it (the queue's own times), p50 and p99 before and after;
- **analysis**: one embedded server (``make serve``: two worker processes inside); a
  trivial ``GET /api/games`` every 20 ms while 4 analyses of 2 s run at once.

The machine is shared: the report gives its load average and, per part, the share of the
cores the virtual machine's host took meanwhile ("stolen"; runs with much of it are not
comparable), and the load generator runs on the same two cores as every server process.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import httpx
import orjson
import sqlalchemy as sa
from websockets.asyncio.client import connect

from spelbord.server.bench import _cpu_seconds, stolen_seconds
from spelbord.server.cluster.launch import (
    Cluster,
    free_port,
    start_haproxy,
    start_postgres,
    start_redis,
    stop_postgres,
    wait_http,
)

T = TypeVar("T")

BENCH_ENV = {
    "SPELBORD_RATE_LIMITS": "off",
    "SPELBORD_AI_TABLES_PER_CLIENT": "100000",
    "SPELBORD_AI_CLIENT_JOBS": "64",  # one load generator stands for every player
}


def bench_game() -> str:
    """The game every part plays: the first registered game that seats two, has an
    analysis board and has AI levels (``level:hard``)."""
    from spelbord import games

    for name in games.names():
        info = games.info(name)
        if (
            info.min_seats <= 2 <= info.max_seats
            and "analysis" in games.study(name).features()
            and games.has_extra(name, "levels")
        ):
            return name
    raise RuntimeError("no registered game seats two, has an analysis board and AI levels")


def _run(main: Coroutine[Any, Any, T]) -> T:
    """Run the load generator on uvloop (uvicorn's loop, installed with the server) when
    it is there: thousands of sockets in one Python process cost it less, and its own
    lag counts in every round trip it measures."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Tally:
    rtts: list[float] = field(default_factory=list)
    moves: int = 0
    errors: int = 0
    stolen: float | None = None
    """The share of the machine's cores its host took while the moves were measured."""

    def stolen_text(self) -> str:
        return "" if self.stolen is None else f", {100 * self.stolen:.0f}% of the cores stolen"


async def _create(
    urls: list[str], tables: int, seats: list[dict[str, Any]]
) -> list[tuple[int, dict[str, Any]]]:
    made: list[tuple[int, dict[str, Any]]] = []
    async with httpx.AsyncClient(timeout=60) as http:
        sem = asyncio.Semaphore(16)

        async def one(i: int) -> None:
            async with sem:
                r = await http.post(
                    f"{urls[i % len(urls)]}/api/tables",
                    json={"game": bench_game(), "options": {}, "seats": seats},
                )
                r.raise_for_status()
                made.append((i % len(urls), r.json()))

        await asyncio.gather(*(one(i) for i in range(tables)))
    return made


async def _seat(
    url: str,
    pace: float,
    last: list[float],
    tally: Tally,
    stop: asyncio.Event,
    rng: random.Random,
    go: asyncio.Event | None = None,
    ready: list[int] | None = None,
) -> None:
    """One seat: moves at random when it is its turn, no sooner than ``pace`` seconds after
    the table's last move (``last``: shared by the table's seats); with ``go``, only once
    every seat is connected (``ready`` counts them)."""
    sent_at: float | None = None
    sent_ply = -1
    async with connect(url, max_size=1 << 22, compression=None, open_timeout=120) as ws:
        first = await ws.recv()  # the whole view: the server has subscribed this socket
        if ready is not None:
            ready[0] += 1
        if go is not None:
            await go.wait()
        # Every frame is read as it comes (no timeout per read: the run cancels the seats
        # at its end); frames are parsed by orjson, as cheaply as a load generator sharing
        # the server's cores can.
        async for raw in _frames(first, ws):
            if stop.is_set():
                return
            msg = orjson.loads(raw)
            if msg.get("type") == "error":
                tally.errors += 1
                sent_at = None
                continue
            if msg.get("type") != "view":
                continue
            view = msg["view"]
            if sent_at is not None and view["ply"] != sent_ply:
                tally.rtts.append((time.perf_counter() - sent_at) * 1000)
                tally.moves += 1
                sent_at = None
            if view["status"] == "finished":
                return
            if view["your_turn"] and sent_at is None and view["actions"]:
                wait = last[0] + pace - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                if stop.is_set():
                    return
                last[0] = time.monotonic()
                sent_ply = view["ply"]
                sent_at = time.perf_counter()
                action = rng.choice(view["actions"])
                move = {"type": "action", "action": action, "ply": sent_ply}
                await ws.send(orjson.dumps(move).decode())


async def _frames(first: str | bytes, ws: Any) -> AsyncIterator[str | bytes]:
    """``first``, then every frame ``ws`` receives."""
    yield first
    async for raw in ws:
        yield raw


async def _settled(db: str, quiet: float = 3.0, bound: float = 60.0) -> None:
    """Wait until no table has changed owner for ``quiet`` seconds (the web processes have
    handed on every table to the one the proxy sends its sockets to), ``bound`` at most."""
    engine = sa.create_engine(db)
    deadline = time.monotonic() + bound
    try:
        while time.monotonic() < deadline:
            with engine.connect() as conn:
                last = conn.execute(sa.text("SELECT max(since) FROM spelbord_owners")).scalar()
            if last is not None and time.time() - float(last) >= quiet:
                return
            await asyncio.sleep(0.5)
    finally:
        engine.dispose()


async def _play(
    urls: list[str],
    tables: int,
    seconds: float,
    pace: float,
    split: bool,
    seed: int = 0,
    settle: str | None = None,
) -> Tally:
    """``tables`` tables of two people at ``urls``; with ``settle`` (the database), the
    moves start once the tables' owners have settled (``_settled``)."""
    made = await _create(urls, tables, [{"kind": "local"}, {"kind": "local"}])
    tally, stop, rng = Tally(), asyncio.Event(), random.Random(seed)
    go, ready = asyncio.Event(), [0]
    tasks = []
    lasts = []
    for owner, table in made:
        last = [0.0]
        lasts.append(last)
        for seat, token in table["tokens"].items():
            index = (owner + int(seat)) % len(urls) if split else owner
            ws = urls[index].replace("http", "ws") + f"/ws/tables/{table['table']}?token={token}"
            seat_rng = random.Random(rng.random())
            tasks.append(
                asyncio.create_task(_seat(ws, pace, last, tally, stop, seat_rng, go, ready))
            )
    deadline = time.monotonic() + 180  # every socket connects (and gets its view) first
    while ready[0] < len(tasks) and time.monotonic() < deadline:
        await asyncio.sleep(0.2)
    if settle is not None:
        await _settled(settle)
    # The load generator's own pauses would count as the server's: its collector, which
    # stalled its event loop up to a second at 1000 tables (p99 350 ms), rests meanwhile.
    # (Before the first moves are timed: a collection after would fire the moves whose
    # time passed meanwhile all at once.)
    gc.collect()
    gc.freeze()
    gc.disable()
    now = time.monotonic()
    for last in lasts:  # the tables' first moves spread over one pace
        last[0] = now - rng.uniform(0, pace)
    try:
        stolen = stolen_seconds()
        go.set()
        await asyncio.sleep(seconds)
        stop.set()  # the moves still in flight are not counted
        after = stolen_seconds()
        if stolen is not None and after is not None:
            tally.stolen = (after - stolen) / (seconds * (os.cpu_count() or 1))
    finally:
        gc.enable()
        gc.unfreeze()
    for task in tasks:
        task.cancel()
    with contextlib.suppress(Exception):
        await asyncio.gather(*tasks, return_exceptions=True)
    return tally


def _cluster(folder: Path, db: str, redis: str, webs: int, workers: int) -> Cluster:
    cluster = Cluster(
        folder, db, redis, webs=webs, workers=workers, worker_processes=1, env=BENCH_ENV
    )
    cluster.start()
    return cluster


def _fresh(db: str) -> None:
    engine = sa.create_engine(db)
    with engine.begin() as conn:
        conn.execute(sa.text("DROP SCHEMA public CASCADE"))
        conn.execute(sa.text("CREATE SCHEMA public"))
    engine.dispose()


def throughput(folder: Path, db: str, redis: str, tables: int, seconds: float) -> dict[str, float]:
    out: dict[str, float] = {}
    for webs in (1, 2):
        _fresh(db)
        cluster = _cluster(folder / f"tp{webs}", db, redis, webs, 0)
        try:
            urls = [cluster.url(i) for i in range(webs)]
            pids = [p.pid for p in cluster.procs.values()]
            cpu0, own0 = sum(_cpu_seconds(p) or 0.0 for p in pids), time.process_time()
            tally = _run(_play(urls, tables, seconds, 0.0, split=False))
            cpu = sum(_cpu_seconds(p) or 0.0 for p in pids) - cpu0
            own = time.process_time() - own0
        finally:
            cluster.stop()
        out[f"moves_per_s_{webs}"] = tally.moves / seconds
        out[f"p99_ms_{webs}"] = _pct(tally.rtts, 0.99)
        print(
            f"throughput, {webs} web process{'es' if webs > 1 else ''}: {tally.moves} moves in "
            f"{seconds:g} s = {tally.moves / seconds:.0f} moves/s (p50 "
            f"{_pct(tally.rtts, 0.5):.1f} ms, p99 {_pct(tally.rtts, 0.99):.1f} ms, "
            f"{tally.errors} errors{tally.stolen_text()}); CPU s: web processes {cpu:.1f}, "
            "the load generator "
            f"{own:.1f} (setup included)",
            flush=True,
        )
    ratio = out["moves_per_s_2"] / out["moves_per_s_1"] if out["moves_per_s_1"] else 0.0
    out["ratio"] = ratio
    print(f"throughput ratio 2:1 web processes: {ratio:.2f}", flush=True)
    return out


def pace(
    folder: Path, db: str, redis: str, tables: int, seconds: float, split: bool = False
) -> dict[str, float]:
    """The pace part (``split``: the pace-split part, without the proxy)."""
    _fresh(db)
    name = "pace-split" if split else "pace"
    cluster = _cluster(folder / name, db, redis, 2, 0)
    proxy = None
    try:
        if split:
            urls = [cluster.url(0), cluster.url(1)]
        else:
            port = free_port()
            proxy = start_haproxy(folder / name, port, cluster.web_ports)
            urls = [f"http://127.0.0.1:{port}"]
        pids = [p.pid for p in cluster.procs.values()]
        cpu0, own0 = sum(_cpu_seconds(p) or 0.0 for p in pids), time.process_time()
        tally = _run(_play(urls, tables, seconds, 2.0, split=split, settle=None if split else db))
        cpu = sum(_cpu_seconds(p) or 0.0 for p in pids) - cpu0
        own = time.process_time() - own0
    finally:
        if proxy is not None:
            proxy.terminate()
            proxy.wait(10)
        cluster.stop()
    p50, p99 = _pct(tally.rtts, 0.5), _pct(tally.rtts, 0.99)
    where = (
        "half of each table's sockets on the other process (no proxy)"
        if split
        else "behind HAProxy routing by table"
    )
    print(
        f"{name}: {tables} tables, a move per table every 2 s, 2 web processes, {where}: "
        f"{tally.moves} moves in {seconds:g} s; round trip p50 {p50:.1f} ms, p99 {p99:.1f} "
        f"ms, max {max(tally.rtts, default=0):.1f} ms, {tally.errors} errors"
        f"{tally.stolen_text()}; CPU s: web "
        f"processes {cpu:.1f}, the load generator {own:.1f} (setup and connecting included)",
        flush=True,
    )
    key = "pace_split" if split else "pace"
    return {
        f"{key}_p50_ms": p50,
        f"{key}_p99_ms": p99,
        f"{key}_moves": float(tally.moves),
        f"{key}_stolen": tally.stolen or 0.0,
    }


async def _ai_play(urls: list[str], tables: int, seconds: float, third: Any) -> None:
    made = await _create(urls, tables, [{"kind": "local"}, {"kind": "ai", "agent": "level:hard"}])
    stop = asyncio.Event()
    tally = Tally()
    tasks = []
    for owner, table in made:
        ws = (
            urls[owner].replace("http", "ws")
            + f"/ws/tables/{table['table']}?token={table['tokens']['0']}"
        )
        tasks.append(asyncio.create_task(_seat(ws, 0.0, [0.0], tally, stop, random.Random(owner))))
    await asyncio.sleep(seconds / 2)
    third()
    await asyncio.sleep(seconds / 2)
    stop.set()
    await asyncio.wait(tasks, timeout=10)
    for task in tasks:
        task.cancel()
    with contextlib.suppress(Exception):
        await asyncio.gather(*tasks, return_exceptions=True)


def ai_waits(folder: Path, db: str, redis: str, tables: int, seconds: float) -> dict[str, float]:
    _fresh(db)
    cluster = _cluster(folder / "ai", db, redis, 2, 2)
    added: list[float] = []

    def add_third() -> None:
        added.append(time.time())
        cluster.start_worker(2)

    try:
        urls = [cluster.url(0), cluster.url(1)]
        asyncio.run(_ai_play(urls, tables, seconds, add_third))
    finally:
        cluster.stop()
    engine = sa.create_engine(db)
    with engine.connect() as conn:
        rows = conn.execute(
            sa.text(
                "SELECT enqueued_at, claimed_at FROM spelbord_jobs WHERE claimed_at IS NOT NULL"
            )
        ).all()
    engine.dispose()
    settle = added[0] + 3.0  # the third worker starts its agent process
    before = [c - e for e, c in rows if e < added[0]]
    after = [c - e for e, c in rows if e >= settle]
    out = {
        "ai_wait_p50_2": _pct(before, 0.5),
        "ai_wait_p99_2": _pct(before, 0.99),
        "ai_wait_p50_3": _pct(after, 0.5),
        "ai_wait_p99_3": _pct(after, 0.99),
    }
    print(
        f"AI: {tables} tables of {bench_game()} against level:hard; wait before a worker "
        f"took a move: 2 workers p50 {out['ai_wait_p50_2']:.2f} s, p99 "
        f"{out['ai_wait_p99_2']:.2f} s ({len(before)} moves); a third worker added: p50 "
        f"{out['ai_wait_p50_3']:.2f} s, p99 {out['ai_wait_p99_3']:.2f} s ({len(after)} moves)",
        flush=True,
    )
    return out


async def _analysis_probe(base: str) -> list[float]:
    game = bench_game()
    start_text = (await httpx.AsyncClient().get(f"{base}/api/analyse/{game}/start")).json()
    latencies: list[float] = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:

        async def analyse() -> None:
            r = await http.post(
                f"/api/analyse/{game}", json={"position": start_text["position"], "seconds": 2}
            )
            if r.status_code != 200:
                raise RuntimeError(f"an analysis failed: {r.text}")

        work = [asyncio.create_task(analyse()) for _ in range(4)]
        while not all(t.done() for t in work):
            started = time.perf_counter()
            (await http.get("/api/games")).raise_for_status()
            latencies.append((time.perf_counter() - started) * 1000)
            await asyncio.sleep(0.02)
        await asyncio.gather(*work)
    return latencies


def analysis(folder: Path) -> dict[str, float]:
    port = free_port()
    folder.mkdir(parents=True, exist_ok=True)
    log = open(folder / "embedded.log", "ab")  # noqa: SIM115
    env = {**os.environ, **BENCH_ENV}
    env.pop("SPELBORD_REDIS_URL", None)
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "spelbord.cli",
            "serve",
            "--port",
            str(port),
            "--database-url",
            f"sqlite:///{folder / 'embedded.sqlite3'}",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_http(f"{base}/api/games")
        asyncio.run(_analysis_probe(base))  # the workers start, the analysis code loads
        latencies = asyncio.run(_analysis_probe(base))
    finally:
        server.terminate()
        server.wait(15)
    out = {
        "get_p50_ms": _pct(latencies, 0.5),
        "get_p99_ms": _pct(latencies, 0.99),
        "get_max_ms": max(latencies, default=0.0),
    }
    print(
        f"analysis: GET /api/games during 4 concurrent 2 s analyses ({len(latencies)} GETs): "
        f"p50 {out['get_p50_ms']:.1f} ms, p99 {out['get_p99_ms']:.1f} ms, max "
        f"{out['get_max_ms']:.1f} ms",
        flush=True,
    )
    return out


def run(
    tables: int = 200,
    seconds: float = 15.0,
    pace_tables: int = 1000,
    pace_seconds: float = 40.0,
    ai_tables: int = 20,
    ai_seconds: float = 60.0,
    parts: tuple[str, ...] = ("throughput", "pace", "ai", "analysis"),
) -> dict[str, float]:
    """Every measurement (or ``parts`` of them); prints the report, returns the figures."""
    load = os.getloadavg()[0]
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="spelbord-cluster-bench-") as tmp:
        folder = Path(tmp)
        os.chmod(folder, 0o755)
        needs_cluster = {"throughput", "pace", "pace-split", "ai"} & set(parts)
        redis = None
        try:
            if needs_cluster:
                db = start_postgres(folder / "db", free_port())
                redis, redis_url = start_redis(folder / "redis", free_port())
                if "throughput" in parts:
                    figures.update(throughput(folder, db, redis_url, tables, seconds))
                if "pace" in parts:
                    figures.update(pace(folder, db, redis_url, pace_tables, pace_seconds))
                if "pace-split" in parts:
                    figures.update(
                        pace(folder, db, redis_url, pace_tables, pace_seconds, split=True)
                    )
                if "ai" in parts:
                    figures.update(ai_waits(folder, db, redis_url, ai_tables, ai_seconds))
            if "analysis" in parts:
                figures.update(analysis(folder / "analysis"))
        finally:
            if redis is not None:
                redis.terminate()
            if needs_cluster:
                stop_postgres(folder / "db")
    print(f"load average before {load:.1f}, after {os.getloadavg()[0]:.1f} (2 shared cores)")
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Benchmark the cluster.")
    parser.add_argument("--parts", default="throughput,pace,ai,analysis")
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--pace-tables", type=int, default=1000)
    parser.add_argument("--pace-seconds", type=float, default=40.0)
    args = parser.parse_args(argv)
    run(
        args.tables,
        args.seconds,
        args.pace_tables,
        args.pace_seconds,
        parts=tuple(args.parts.split(",")),
    )


if __name__ == "__main__":
    main()

"""kill -9 soak: a real server process killed at random moments while clients play.

Clients play random Coerceo moves on a few tables over HTTP; a killer thread sends SIGKILL
to the server at random moments (at least ten times), restarts it on the same SQLite file
and checks, after each restart, that every move the server acknowledged (answered 200) is
in the table's record at its ply. Loopback only, bounded in kills and in time.
"""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.slow

KILLS = 10
TABLES = 4


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """One server process on a fixed port and database, restartable."""

    def __init__(self, tmp: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.database = f"sqlite:///{tmp / 'soak.sqlite3'}"
        self.log = tmp / "server.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with open(self.log, "a") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "spelbord.server.main",
                    "--port",
                    str(self.port),
                    "--database",
                    self.database,
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                env={**os.environ, "SPELBORD_RATE_LIMITS": "off"},
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log.read_text()[-3000:]
            try:
                if httpx.get(f"{self.base}/api/games", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise AssertionError("the server did not come up")

    def kill(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)


def test_every_acknowledged_move_survives_kill_9(tmp_path: Path) -> None:
    server = Server(tmp_path)
    server.start()
    acked: list[tuple[str, int, int]] = []  # (table, ply, action) answered 200
    lock = threading.Lock()
    stop = threading.Event()
    problems: list[str] = []
    kills = 0

    def verify() -> int:
        with lock:
            snapshot = list(acked)
        records: dict[str, Any] = {}
        for table, ply, action in snapshot:
            if table not in records:
                r = httpx.get(f"{server.base}/api/tables/{table}/export", timeout=10)
                r.raise_for_status()
                records[table] = r.json()["moves"]
            moves = records[table]
            if ply >= len(moves) or moves[ply] != action:
                problems.append(f"table {table}: acknowledged {action} at ply {ply} is lost")
        return len(snapshot)

    def killer() -> None:
        nonlocal kills
        rng = random.Random(13)
        try:
            while kills < KILLS and not stop.is_set():
                time.sleep(rng.uniform(0.3, 1.0))
                server.kill()
                kills += 1
                server.start()
                verify()
        except Exception as exc:  # reported by the main thread
            problems.append(f"killer: {exc!r}")
        finally:
            stop.set()

    with httpx.Client(base_url=server.base, timeout=10) as http:
        tables = []
        for _ in range(TABLES):
            r = http.post(
                "/api/tables",
                json={"game": "coerceo", "options": {}, "seats": [{"kind": "local"}] * 2},
            )
            r.raise_for_status()
            tables.append(r.json())
        thread = threading.Thread(target=killer, daemon=True)
        thread.start()
        rng = random.Random(7)
        deadline = time.monotonic() + 600  # the killer ends the play after its last kill
        try:
            while not stop.is_set() and time.monotonic() < deadline:
                made = rng.choice(tables)
                try:
                    for seat, token in made["tokens"].items():
                        v = http.get(
                            f"/api/tables/{made['table']}/view", params={"token": token}
                        ).json()
                        if v.get("your_turn"):
                            action = rng.choice(v["actions"])
                            r = http.post(
                                f"/api/tables/{made['table']}/action",
                                json={"token": token, "action": action, "ply": v["ply"]},
                            )
                            if r.status_code == 200:
                                with lock:
                                    acked.append((made["table"], v["ply"], action))
                            else:
                                assert r.status_code in (409,), (seat, r.text)
                except (httpx.TransportError, ValueError):
                    time.sleep(0.05)  # the server is down: retry once it is back
            thread.join(timeout=180)
            assert kills >= KILLS, f"only {kills} kills"
            assert not problems, problems
            total = verify()
            assert not problems, problems
            assert total >= 20, f"only {total} moves were acknowledged"
        finally:
            stop.set()
            server.stop()

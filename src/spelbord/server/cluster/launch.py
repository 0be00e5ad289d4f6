"""The whole topology on one machine: PostgreSQL, Redis, web processes, workers, HAProxy.

``make cluster`` runs ``python -m spelbord.server.cluster.launch start`` (``stop``: ``make
cluster-stop``): its own PostgreSQL (``initdb`` in ``var/cluster/pg``, as the ``postgres``
user when run as root) and Redis on their own ports, ``webs`` ``spelbord serve`` processes
(``--workers 0``), ``workers`` ``spelbord worker`` processes and HAProxy in front (a
table's requests and sockets routed by its id, the rest round robin; WebSockets passed
through; a health check per web process), every process in its
own session with its pid in ``var/cluster/pids`` and its log in ``var/cluster/*.log``.
The tests and ``spelbord bench cluster`` start the same parts through ``Cluster`` (with a
PostgreSQL and Redis of their choosing).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from spelbord.server.config import repo_root

HAPROXY_CFG = """\
global
    maxconn 4000
defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
    option http-server-close
frontend spelbord
    bind 127.0.0.1:{port}
    default_backend webs
backend webs
    # A table's requests and sockets go to one process (its id hashed; the rest round
    # robin): the owner hands the table on to it, and its moves need no forwarding.
    acl table_path path_beg /ws/tables/ /api/tables/
    http-request set-header X-Table %[path,field(4,/)] if table_path
    balance hdr(X-Table)
    hash-type consistent
    option httpchk
    http-check send meth GET uri /api/games ver HTTP/1.1 hdr Host localhost
    http-check expect status 200
    option forwardfor
{servers}
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_port(port: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
            return
        time.sleep(0.1)
    raise TimeoutError(f"nothing listens on port {port} after {timeout:g} s")


def wait_http(url: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url, timeout=2).status_code == 200:
                return
        time.sleep(0.2)
    raise TimeoutError(f"{url} does not answer after {timeout:g} s")


@dataclass
class Cluster:
    """Processes of a cluster on this machine (see the module).

    ``web_command``/``worker_command``: how to start one (default: the ``spelbord`` CLI of
    this Python); each gets the port or name appended.
    """

    folder: Path
    database_url: str
    redis_url: str
    webs: int = 2
    workers: int = 2
    worker_processes: int = 2
    env: dict[str, str] = field(default_factory=dict)
    web_command: Sequence[str] = (sys.executable, "-m", "spelbord.cli", "serve", "--workers", "0")
    worker_command: Sequence[str] = (sys.executable, "-m", "spelbord.cli", "worker")
    web_ports: list[int] = field(default_factory=list)
    procs: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)

    def _env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(
            SPELBORD_DATABASE_URL=self.database_url,
            SPELBORD_REDIS_URL=self.redis_url,
            **self.env,
        )
        return env

    def _spawn(self, name: str, args: Sequence[str]) -> subprocess.Popen[bytes]:
        self.folder.mkdir(parents=True, exist_ok=True)
        log = open(self.folder / f"{name}.log", "ab")  # noqa: SIM115 (the child keeps it)
        proc = subprocess.Popen(
            list(args),
            env=self._env(),
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.procs[name] = proc
        return proc

    def start_web(self, index: int, port: int | None = None) -> int:
        port = port or free_port()
        self._spawn(f"web{index}", [*self.web_command, "--port", str(port)])
        while len(self.web_ports) <= index:
            self.web_ports.append(0)
        self.web_ports[index] = port
        return port

    def start_worker(self, index: int) -> None:
        args = [*self.worker_command, "--processes", str(self.worker_processes)]
        self._spawn(f"worker{index}", [*args, "--name", f"worker{index}"])

    def start(self) -> None:
        for i in range(self.webs):
            self.start_web(i)
        for i in range(self.workers):
            self.start_worker(i)
        for port in self.web_ports:
            wait_http(f"http://127.0.0.1:{port}/api/games")

    def url(self, index: int) -> str:
        return f"http://127.0.0.1:{self.web_ports[index]}"

    def kill(self, name: str) -> None:
        """``kill -9`` one process (``web0``, ``worker1``...)."""
        proc = self.procs.pop(name)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)

    def stop(self) -> None:
        for proc in self.procs.values():
            with contextlib.suppress(ProcessLookupError):
                proc.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 15
        for proc in self.procs.values():
            try:
                proc.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                proc.kill()
        self.procs.clear()


# ---------------------------------------------------------------------- make cluster
def _as_postgres(args: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run its tools as the ``postgres`` user then."""
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *args]
    return args


def _pg_bin(name: str) -> str:
    for base in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (base / name).exists():
            return str(base / name)
    found = shutil.which(name)
    if not found:
        raise SystemExit(
            f"PostgreSQL's {name} is not installed (Debian: apt-get install postgresql)"
        )
    return found


def start_postgres(folder: Path, port: int) -> str:
    """Our own PostgreSQL in ``folder`` on ``port``; its URL (database ``spelbord``)."""
    data = folder / "pg"
    folder.mkdir(parents=True, exist_ok=True)
    root = hasattr(os, "geteuid") and os.geteuid() == 0
    if not (data / "PG_VERSION").exists():
        data.mkdir(exist_ok=True)
        if root:
            shutil.chown(data, "postgres", "postgres")
            shutil.chown(folder, "postgres", "postgres")
        subprocess.run(
            _as_postgres([_pg_bin("initdb"), "-D", str(data), "-U", "postgres", "-A", "trust"]),
            check=True,
            stdout=subprocess.DEVNULL,
        )
    subprocess.run(
        _as_postgres(
            [
                _pg_bin("pg_ctl"),
                "-D",
                str(data),
                "-l",
                str(folder / "pg.log"),
                "-w",
                "-o",
                f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c max_connections=300",
                "start",
            ]
        ),
        check=True,
        stdout=subprocess.DEVNULL,
    )
    url = f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    import sqlalchemy as sa

    engine = sa.create_engine(url, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        if not conn.execute(sa.text("SELECT 1 FROM pg_database WHERE datname='spelbord'")).first():
            conn.execute(sa.text("CREATE DATABASE spelbord"))
    engine.dispose()
    return f"postgresql+psycopg://postgres@127.0.0.1:{port}/spelbord"


def stop_postgres(folder: Path) -> None:
    if (folder / "pg" / "PG_VERSION").exists():
        subprocess.run(
            _as_postgres([_pg_bin("pg_ctl"), "-D", str(folder / "pg"), "-m", "fast", "stop"]),
            check=False,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )


def start_redis(folder: Path, port: int) -> tuple[subprocess.Popen[bytes], str]:
    """A Redis of our own (no persistence) on ``port``."""
    folder.mkdir(parents=True, exist_ok=True)
    binary = shutil.which("redis-server")
    if not binary:
        raise SystemExit("redis-server is not installed (Debian: apt-get install redis-server)")
    log = open(folder / "redis.log", "ab")  # noqa: SIM115 (the child keeps it)
    proc = subprocess.Popen(
        [
            binary,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(folder),
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    wait_port(port)
    return proc, f"redis://127.0.0.1:{port}/0"


def start_haproxy(folder: Path, port: int, web_ports: list[int]) -> subprocess.Popen[bytes]:
    servers = "\n".join(
        f"    server web{i} 127.0.0.1:{p} check inter 1s fall 2 rise 1"
        for i, p in enumerate(web_ports)
    )
    cfg = folder / "haproxy.cfg"
    cfg.write_text(HAPROXY_CFG.format(port=port, servers=servers))
    binary = shutil.which("haproxy") or "/usr/sbin/haproxy"
    log = open(folder / "haproxy.log", "ab")  # noqa: SIM115 (the child keeps it)
    proc = subprocess.Popen(
        [binary, "-f", str(cfg), "-db"],
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    wait_port(port)
    return proc


def start_all(folder: Path, port: int, webs: int, workers: int) -> None:
    """``make cluster``: every part, pids written to ``folder/pids``."""
    if (folder / "pids").exists():
        raise SystemExit(f"a cluster seems to run already ({folder / 'pids'}): make cluster-stop")
    url = start_postgres(folder, port + 1)
    redis, redis_url = start_redis(folder, port + 2)
    cluster = Cluster(
        folder,
        url,
        redis_url,
        webs=webs,
        workers=workers,
        env={"SPELBORD_FORWARDED_ALLOW_IPS": "127.0.0.1"},
    )
    for i in range(webs):
        cluster.start_web(i, port + 10 + i)
    for i in range(workers):
        cluster.start_worker(i)
    for p in cluster.web_ports:
        wait_http(f"http://127.0.0.1:{p}/api/games")
    proxy = start_haproxy(folder, port, cluster.web_ports)
    pids = [redis.pid, proxy.pid, *(p.pid for p in cluster.procs.values())]
    (folder / "pids").write_text("\n".join(str(p) for p in pids) + "\n")
    print(f"Spelbord cluster: http://127.0.0.1:{port}/ (HAProxy)")
    for i, p in enumerate(cluster.web_ports):
        print(f"  web{i}: http://127.0.0.1:{p}/   log {folder / f'web{i}.log'}")
    print(f"  {workers} workers, PostgreSQL {url}, Redis {redis_url}")
    print("  stop: make cluster-stop")


def stop_all(folder: Path) -> None:
    """``make cluster-stop``: SIGTERM every process (web processes drain), then PostgreSQL."""
    pids_file = folder / "pids"
    if pids_file.exists():
        pids = [int(p) for p in pids_file.read_text().split()]
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + 15
        for pid in pids:
            while time.monotonic() < deadline:
                try:
                    os.kill(pid, 0)
                except ProcessLookupError:
                    break
                time.sleep(0.1)
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        pids_file.unlink()
    stop_postgres(folder)
    print("Spelbord cluster stopped")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="The cluster on one machine (make cluster).")
    parser.add_argument("action", choices=("start", "stop"))
    parser.add_argument("--dir", type=Path, default=repo_root() / "var" / "cluster")
    parser.add_argument("--port", type=int, default=8100, help="HAProxy's port (others follow)")
    parser.add_argument("--webs", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    if args.action == "start":
        start_all(args.dir.resolve(), args.port, args.webs, args.workers)
    else:
        stop_all(args.dir.resolve())


if __name__ == "__main__":
    main()

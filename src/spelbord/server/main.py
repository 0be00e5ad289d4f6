"""Start the table server: ``serve(host, port, database_url)`` (``spelbord serve``)."""

from __future__ import annotations

import argparse
import asyncio
import gc
import os

import sqlalchemy as sa
import uvicorn

from spelbord.server.app import create_app
from spelbord.server.cluster.bus import REDIS_ENV, BusUnavailableError, RedisBus
from spelbord.server.config import resolve_database_url
from spelbord.server.web.guards import HOSTS_ENV, allowed_hosts_from_env, served_hosts

WS_MAX_SIZE = 1024 * 1024
"""Frames above this are refused by the protocol; 64 KiB..1 MiB get a clear error."""


def describe_database(url: str) -> str:
    """Where the data lives, without a password: the SQLite file path or the masked URL."""
    parsed = sa.make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return f"SQLite file {parsed.database}"
    return parsed.render_as_string(hide_password=True)


def tune_garbage_collector() -> None:
    """Fewer, shorter collector pauses for a long-running server.

    Everything alive after start-up (modules, games, the app) is frozen out of the
    collector's sight, and young objects are collected less often: full collections of a
    large heap stalled the event loop for tens of milliseconds and more under load.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 50, 100)


class StartError(RuntimeError):
    """The database or Redis cannot be reached at start (the message says which)."""


def check_redis(url: str | None) -> None:
    """Reach Redis once before starting (``StartError`` naming it when it cannot)."""
    if not url:
        return
    try:
        asyncio.run(RedisBus(url).check())
    except BusUnavailableError as exc:
        raise StartError(str(exc)) from None


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    database_url: str | None = None,
    workers: int | None = None,
) -> None:
    """Run the game table at http://host:port until interrupted (or SIGTERM: it drains,
    its tables move to the cluster's other processes). ``workers``: agent processes of
    the worker inside this process (0: none; ``spelbord worker`` does the jobs).

    ``StartError`` when the database or Redis (``SPELBORD_REDIS_URL``) cannot be reached.
    """
    url = resolve_database_url(database_url)
    print(f"Spelbord database: {describe_database(url)}", flush=True)
    hosts = allowed_hosts_from_env() or served_hosts(host)
    redis = os.environ.get(REDIS_ENV) or None
    check_redis(redis)
    try:
        app = create_app(
            url, allowed_hosts=hosts, job_workers=workers, node_address=f"{host}:{port}"
        )
    except sa.exc.OperationalError as exc:
        shown = describe_database(url)
        raise StartError(f"the database {shown} cannot be reached: {exc.orig}") from None
    tune_garbage_collector()
    print(f"Spelbord table: http://{host}:{port}/", flush=True)
    print(f"Answering the hosts {', '.join(hosts)} (set {HOSTS_ENV} for others)", flush=True)
    # Behind a proxy (HAProxy, docs/deploy.md) the client's address comes from
    # X-Forwarded-For, trusted only from the addresses in SPELBORD_FORWARDED_ALLOW_IPS.
    forwarded = os.environ.get("SPELBORD_FORWARDED_ALLOW_IPS")
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=WS_MAX_SIZE,
        ws_per_message_deflate=False,  # views are small; compressing them costs more CPU
        log_level="warning",
        proxy_headers=bool(forwarded),
        forwarded_allow_ips=forwarded or None,
        timeout_graceful_shutdown=10,
    )


def main(argv: list[str] | None = None) -> None:
    """``python -m spelbord.server.main --host --port [--database URL]``."""
    parser = argparse.ArgumentParser(description="Start the Spelbord game table.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--database", default=None, help="SQLAlchemy URL (default: SQLite)")
    args = parser.parse_args(argv)
    serve(args.host, args.port, args.database)


if __name__ == "__main__":
    main()

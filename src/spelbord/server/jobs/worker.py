"""``spelbord worker``: a worker of the job queue on any machine.

It opens ``SPELBORD_DATABASE_URL`` (the queue is in the database; PostgreSQL for a worker
on another machine) and, with ``SPELBORD_REDIS_URL``, listens for queued jobs on the bus
(else it looks every ``poll`` seconds), then runs a ``JobRunner`` with ``processes`` agent
processes until it is stopped: on SIGTERM or Ctrl-C it stops claiming and puts the jobs
it holds back in line for the other workers; killed outright, its leases run out and the
others take them.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import signal
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

import sqlalchemy as sa

from spelbord.server.cluster.bus import bus_from_env
from spelbord.server.db import open_engine
from spelbord.server.jobs.runner import JobRunner, RunnerConfig
from spelbord.server.jobs.store import JobStore
from spelbord.server.tables.workers import AgentPool, WorkerConfig

log = logging.getLogger(__name__)


class WorkerStartError(RuntimeError):
    """The database or Redis cannot be reached at start (the message names which)."""


def open_queue(database_url: str) -> sa.Engine:
    """The database, up to date (``WorkerStartError`` naming it when it cannot be reached)."""
    try:
        return open_engine(database_url)
    except sa.exc.OperationalError as exc:
        shown = sa.make_url(database_url).render_as_string(hide_password=True)
        raise WorkerStartError(f"the database {shown} cannot be reached: {exc.orig}") from None


async def run_worker(
    database_url: str,
    redis_url: str | None,
    processes: int,
    config: WorkerConfig | None = None,
    runner: RunnerConfig | None = None,
    name: str | None = None,
    ready: Any = None,
) -> JobRunner:
    """Run a worker until cancelled or signalled; returns it (its counts) when stopped."""
    engine = open_queue(database_url)
    bus = bus_from_env(redis_url)
    executor = ThreadPoolExecutor(max_workers=max(2, processes), thread_name_prefix="queue")

    async def db(fn: Any, *args: Any, **kwargs: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(
            executor, partial(fn, *args, **kwargs)
        )

    chosen = config or WorkerConfig.from_env()
    pool = AgentPool(dataclasses.replace(chosen, workers=processes))
    settings = runner or RunnerConfig.from_env(slots=processes)
    worker = JobRunner(JobStore(engine), pool, bus, db, settings, name=name)
    try:
        await bus.start()
    except Exception as exc:
        raise WorkerStartError(str(exc)) from None
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    worker.start()
    print(f"Spelbord worker {worker.name}: {processes} processes", flush=True)
    if ready is not None:
        ready()
    try:
        await stop.wait()
    finally:
        await worker.close(release=True)
        await bus.close()
        executor.shutdown(wait=False)
        engine.dispose()
    return worker

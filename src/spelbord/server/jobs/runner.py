"""A worker of the job queue: claims jobs in fair order and runs them on agent processes.

A ``JobRunner`` has ``slots`` claim loops over one ``AgentPool`` (as many processes): each
takes the next job (``JobStore.claim``), runs it within its bound (a move: the agent's
action; an analysis: the report) and stores the answer while it still holds the job
(``JobStore.finish``), then tells the bus (``done``) so the table's owner looks. A
heartbeat renews the leases of the jobs under way every third of a lease; a runner that
dies (``kill -9``) stops renewing and its jobs are claimed again by another. With nothing
to do a loop waits for the bus to say a job was queued, or ``poll`` seconds (a bus
message may be lost; the database is the truth).

The embedded server runs one inside its own process; ``spelbord worker`` runs one on any
machine with the same ``SPELBORD_DATABASE_URL`` (and ``SPELBORD_REDIS_URL``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from spelbord.server.cluster.bus import Bus
from spelbord.server.jobs.store import ANALYSIS, MOVE, Claimed, JobStore
from spelbord.server.tables.workers import AgentPool, CallFailedError, CallJob, ThinkJob

log = logging.getLogger(__name__)
T = TypeVar("T")

JOBS_CHANNEL = "jobs"
"""A job was queued: idle workers look."""
DONE_CHANNEL = "done"
"""A job is done (``{"id": ...}``): the process waiting for it looks."""

Db = Callable[..., Awaitable[Any]]


@dataclass(frozen=True)
class RunnerConfig:
    """``slots``: jobs at once (one agent process each); ``lease``: seconds a claim holds
    without a heartbeat; ``client_cap``: jobs one client may have running at once;
    ``poll``: seconds between looks at the queue when the bus says nothing."""

    slots: int = 2
    lease: float = 6.0
    client_cap: int = 1
    poll: float = 1.0

    @classmethod
    def from_env(cls, slots: int | None = None) -> RunnerConfig:
        """``SPELBORD_AI_CLIENT_JOBS`` (jobs one client may have running at once) where set."""
        cap = os.environ.get("SPELBORD_AI_CLIENT_JOBS")
        chosen = cls() if slots is None else cls(slots=slots)
        if cap:
            value = int(cap)
            if value < 1:
                raise ValueError(f"SPELBORD_AI_CLIENT_JOBS must be at least 1, not {cap!r}")
            chosen = cls(slots=chosen.slots, client_cap=value)
        return chosen


def worker_name(prefix: str = "worker") -> str:
    """A name for a worker that no other has: host (its first 40 characters: the name fits
    the database's 64), process id."""
    return f"{prefix}:{socket.gethostname()[:40]}:{os.getpid()}"


class JobRunner:
    """Claim loops over a pool of agent processes (see the module)."""

    def __init__(
        self,
        store: JobStore,
        pool: AgentPool,
        bus: Bus,
        db: Db,
        config: RunnerConfig | None = None,
        name: str | None = None,
    ) -> None:
        self.store = store
        self.pool = pool
        self.bus = bus
        self.db = db
        self.config = config or RunnerConfig()
        self.name = name or worker_name()
        self.held: set[str] = set()
        self.done = 0
        self.lost = 0
        """Jobs whose lease another worker took before this one finished them."""
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._closing = False
        bus.subscribe(JOBS_CHANNEL, lambda _: self._wake.set())

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._slot(i)) for i in range(self.config.slots)]
        self._tasks.append(loop.create_task(self._heartbeat()))

    async def _slot(self, index: int) -> None:
        delay = 0.1
        while not self._closing:
            try:
                claimed = await self.db(
                    self.store.claim, self.name, self.config.lease, self.config.client_cap
                )
                delay = 0.1
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("worker %s cannot claim (%s); again in %.1f s", self.name, exc, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 10.0)
                continue
            if claimed is None:
                self._wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), self.config.poll)
                continue
            self._wake.set()  # there may be more: another idle slot looks too
            await self._run(claimed)

    async def _run(self, job: Claimed) -> None:
        self.held.add(job.id)
        try:
            result, error = await self._execute(job)
        finally:
            self.held.discard(job.id)
        for attempt in range(8):
            try:
                stored = await self.db(self.store.finish, job.id, self.name, result, error)
                break
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("job %s: its answer could not be stored (%s); retrying", job.id, exc)
                await asyncio.sleep(0.2 * 2**attempt)
        else:
            return  # the lease runs out: another worker does it again
        if stored:
            self.done += 1
            self.bus.publish(DONE_CHANNEL, {"id": job.id})
        else:
            self.lost += 1

    async def _execute(self, job: Claimed) -> tuple[Any, str | None]:
        """The job's answer and ``None``, or ``None`` and what went wrong."""
        try:
            if job.kind == MOVE:
                think = ThinkJob(**job.payload)
                action = await self.pool.think(think)
                if action is None:
                    return None, f"agent {think.spec} gave no answer"
                return action, None
            if job.kind == ANALYSIS:
                # An analysis searches a few times (the line, the top moves, the threats),
                # each within its seconds; the first call also imports the analysis code.
                timeout = 4 * job.bound + max(self.pool.config.default_timeout, 10.0)
                call = CallJob(job.payload["path"], dict(job.payload["kwargs"]), timeout)
                return await self.pool.call(call), None
            return None, f"unknown job kind {job.kind!r}"
        except CallFailedError as exc:
            return None, str(exc)
        except Exception as exc:
            log.exception("job %s failed", job.id)
            return None, f"{type(exc).__name__}: {exc}"

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(self.config.lease / 3)
            held = list(self.held)
            if not held:
                continue
            try:
                await self.db(self.store.renew, self.name, held, self.config.lease)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("worker %s could not renew its leases: %s", self.name, exc)

    async def close(self, release: bool = True) -> None:
        """Stop claiming; the jobs under way go back in line (``release``) for others."""
        self._closing = True
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if release:
            with contextlib.suppress(Exception):
                await self.db(self.store.release, self.name)
        await self.pool.close()

"""What a web process asks of the job queue: an AI seat's move, an analysis, and the
place of each job it waits for in line.

``Jobs.move`` queues a decision (keyed by table, ply and seat: a new owner of the table
asking again gets the same job) and waits for its answer; ``Jobs.analyse`` queues an
analysis and waits for its report. A job's answer is looked up in the database when the
bus says it is done, and every ``poll`` seconds anyway (a bus message may be lost, or
there is no shared bus). ``Jobs.line`` is the place in line of every job waited for here,
refreshed every second while any waits (``JobStore.line``: the claims' fair order).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from spelbord.server.cluster.bus import Bus
from spelbord.server.jobs.bounds import bounded_spec, time_bound
from spelbord.server.jobs.runner import DONE_CHANNEL, JOBS_CHANNEL
from spelbord.server.jobs.store import ANALYSIS, DONE, FAILED, MOVE, JobState, JobStore, NewJob
from spelbord.server.tables.workers import Answer, ThinkJob

log = logging.getLogger(__name__)

Db = Callable[..., Awaitable[Any]]


KEEP_FINISHED = 3600.0
"""Seconds a finished job is kept (its answer, for a new owner asking again; monitoring)."""
FORGET_EVERY = 300.0


class JobFailedError(RuntimeError):
    """A job failed (its error says why)."""


class Jobs:
    """The queue as one web process uses it."""

    def __init__(self, store: JobStore, bus: Bus, db: Db, cap: float, poll: float = 1.0) -> None:
        self.store = store
        self.bus = bus
        self.db = db
        self.cap = cap
        """The per-move cap of an agent (``WorkerConfig.max_seconds``)."""
        self.poll = poll
        self.line: dict[str, int] = {}
        """Place in line (1: next) of each job waited for here that is still queued."""
        self._waiting: dict[str, asyncio.Future[JobState]] = {}
        self._decisions: dict[tuple[str, int], str] = {}
        self._task: asyncio.Task[None] | None = None
        bus.subscribe(DONE_CHANNEL, self._on_done)

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._watch())

    async def move(self, job: ThinkJob) -> Answer:
        """The answer of an AI seat's job (its action ``None``: it failed), with the seconds
        its worker thought."""
        spec = bounded_spec(job.spec, self.cap)
        queued = dataclasses.replace(job, spec=spec)
        payload = dataclasses.asdict(queued)
        new = NewJob(
            kind=MOVE,
            client=job.client,
            payload=payload,
            bound=time_bound(spec, self.cap),
            table_id=job.table,
            ply=job.ply,
            seat=job.seat,
        )
        state = await self._submit(new)
        if state.state != DONE or not isinstance(state.result, int):
            log.warning("AI job of table %s failed: %s", job.table, state.error)
            return Answer(None)
        return Answer(state.result, state.thought)

    def job_of(self, table: str, seat: int) -> str | None:
        """The job waited for here for ``seat`` of ``table`` (``None``: none)."""
        return self._decisions.get((table, seat))

    async def analyse(self, path: str, kwargs: dict[str, Any], client: str, seconds: float) -> Any:
        """The answer of ``path(**kwargs)`` run by a worker (``JobFailedError`` if it failed)."""
        new = NewJob(
            kind=ANALYSIS,
            client=client,
            payload={"path": path, "kwargs": kwargs},
            bound=seconds,
        )
        state = await self._submit(new)
        if state.state != DONE:
            raise JobFailedError(state.error or "the analysis failed")
        return state.result

    async def _submit(self, new: NewJob) -> JobState:
        job_id = await self.db(self.store.enqueue, new)
        if new.table_id is not None and new.seat is not None:
            self._decisions[new.table_id, new.seat] = job_id
        future = self._waiting.get(job_id)
        if future is None:
            future = asyncio.get_running_loop().create_future()
            self._waiting[job_id] = future
        self.bus.publish(JOBS_CHANNEL, {"id": job_id})
        try:
            return await asyncio.shield(future)
        finally:
            if future.done():
                self._waiting.pop(job_id, None)
                self.line.pop(job_id, None)
            key = (new.table_id or "", new.seat if new.seat is not None else -1)
            if self._decisions.get(key) == job_id:
                del self._decisions[key]

    def _on_done(self, message: dict[str, Any]) -> None:
        job_id = message.get("id")
        if isinstance(job_id, str) and job_id in self._waiting:
            asyncio.get_running_loop().create_task(self._look([job_id]))

    async def _look(self, ids: list[str]) -> None:
        try:
            states = await self.db(self.store.states, ids)
        except Exception as exc:
            log.warning("the job queue cannot be read (%s); looking again soon", exc)
            return
        for job_id, state in states.items():
            if state.state in (DONE, FAILED):
                future = self._waiting.pop(job_id, None)
                self.line.pop(job_id, None)
                if future is not None and not future.done():
                    future.set_result(state)

    async def _watch(self) -> None:
        """Forever: every second while jobs are waited for, their places in line; every
        ``poll`` seconds, their states (in case a bus message was lost)."""
        ticks = 0
        swept = time.monotonic()
        while True:
            await asyncio.sleep(min(1.0, self.poll))
            ticks += 1
            if time.monotonic() - swept > FORGET_EVERY:
                swept = time.monotonic()
                with contextlib.suppress(Exception):
                    await self.db(self.store.forget, time.time() - KEEP_FINISHED)
            if not self._waiting:
                self.line = {}
                continue
            try:
                line = await self.db(self.store.line)
                self.line = {i: line[i] for i in self._waiting if i in line}
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("the job queue cannot be read (%s)", exc)
            if ticks * min(1.0, self.poll) >= self.poll:
                ticks = 0
                await self._look(list(self._waiting))

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        for future in self._waiting.values():
            future.cancel()

"""The job queue: its schema and every statement (SQLite and PostgreSQL alike).

A job is one AI decision (``move``: a table, a ply and a seat) or one analysis. It is
``queued`` until a worker claims it, ``running`` while its worker holds the lease
(``leased_until``, renewed by the worker's heartbeat), then ``done`` (with its ``result``)
or ``failed`` (with its ``error``). A running job whose lease ran out (its worker died,
even by ``kill -9``) is claimed again by another worker, up to ``MAX_ATTEMPTS`` times.
A worker stores a result only while it still holds the job, so a job whose lease was
taken over has one result; the table's owner applies a move only at the ply it was
asked for, so a duplicate or late result changes nothing (exactly once in effect).

**Fair order.** A claim takes, among the jobs it may take, the one whose client has the
fewest jobs running, then whose client was served longest ago, then the oldest; a client
with ``cap`` jobs running waits (the other clients' jobs go first even when its own are
older). A table has one job at a time, so the jobs of one client's tables take turns:
round robin over clients, and over each client's tables. On PostgreSQL the claim locks
the row it takes and skips rows other workers are taking (``FOR UPDATE SKIP LOCKED``);
SQLite has one writer at a time, and the claim's guarded update does the same there.
``fair_order`` is the same order in Python, for the places in line the tables show.

>>> queued = [Queued("a1", "alice", 1.0), Queued("a2", "alice", 2.0), Queued("b1", "bob", 3.0)]
>>> [q.id for q in fair_order(queued, running={"alice": 1}, served={"alice": 0.5})]
['b1', 'a1', 'a2']
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import sqlalchemy as sa

from spelbord.server.db import METADATA

MOVE = "move"
ANALYSIS = "analysis"
QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
MAX_ATTEMPTS = 3
"""Claims of one job (a worker that died holding it counts as one)."""

JOBS = sa.Table(
    "spelbord_jobs",
    METADATA,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("table_id", sa.String(32), nullable=True),
    sa.Column("ply", sa.Integer, nullable=True),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("client", sa.String(80), nullable=False),
    sa.Column("payload", sa.JSON, nullable=False),
    sa.Column("state", sa.String(16), nullable=False),
    sa.Column("attempts", sa.Integer, nullable=False),
    sa.Column("bound", sa.Float, nullable=False),
    sa.Column("enqueued_at", sa.Float, nullable=False),
    sa.Column("claimed_at", sa.Float, nullable=True),
    sa.Column("leased_until", sa.Float, nullable=True),
    sa.Column("finished_at", sa.Float, nullable=True),
    sa.Column("worker", sa.String(64), nullable=True),
    sa.Column("result", sa.JSON, nullable=True),
    sa.Column("error", sa.Text, nullable=True),
    sa.UniqueConstraint("table_id", "ply", "seat", name="uq_spelbord_jobs_decision"),
    sa.Index("ix_spelbord_jobs_state", "state", "enqueued_at"),
    sa.Index("ix_spelbord_jobs_client", "client", "state"),
)


@dataclass(frozen=True)
class NewJob:
    """A job to enqueue: ``bound`` is the seconds it may run (``bounds.time_bound``)."""

    kind: str
    client: str
    payload: dict[str, Any]
    bound: float
    table_id: str | None = None
    ply: int | None = None
    seat: int | None = None


@dataclass(frozen=True)
class Claimed:
    """A job a worker holds now."""

    id: str
    kind: str
    payload: dict[str, Any]
    bound: float
    attempts: int


class JobState(NamedTuple):
    state: str
    result: Any
    error: str | None
    claimed_at: float | None = None
    """When a worker last took the job (epoch seconds; ``None``: never)."""
    finished_at: float | None = None

    @property
    def thought(self) -> float | None:
        """Seconds from the last claim to the answer (``None``: not both known)."""
        if self.claimed_at is None or self.finished_at is None:
            return None
        return max(0.0, self.finished_at - self.claimed_at)


class Queued(NamedTuple):
    id: str
    client: str
    enqueued_at: float


def fair_order(
    queued: Iterable[Queued], running: Mapping[str, int], served: Mapping[str, float]
) -> list[Queued]:
    """The order in which claims would take ``queued`` if nothing else changed (each
    claim makes its client one job busier and the most recently served)."""
    waiting: dict[str, list[Queued]] = {}
    for q in sorted(queued, key=lambda q: q.enqueued_at):
        waiting.setdefault(q.client, []).append(q)
    busy = {c: running.get(c, 0) for c in waiting}
    last = {c: served.get(c, 0.0) for c in waiting}
    order: list[Queued] = []
    clock = max([0.0, *last.values()])
    while waiting:
        client = min(waiting, key=lambda c: (busy[c], last[c], waiting[c][0].enqueued_at))
        order.append(waiting[client].pop(0))
        if not waiting[client]:
            del waiting[client]
        busy[client] += 1
        clock += 1.0
        last[client] = clock
    return order


class JobStore:
    """The queue's statements on one engine (blocking: call them off the event loop, or
    inline on SQLite as the hub does)."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine
        self._pg = engine.dialect.name == "postgresql"

    # ------------------------------------------------------------------ producers
    def enqueue(self, job: NewJob, now: float | None = None) -> str:
        """The id of the job; a decision (table, ply, seat) already queued, running or done
        keeps its job (a new owner of the table asks again: it gets the same one), a failed
        one is queued afresh."""
        now = time.time() if now is None else now
        with self.engine.begin() as conn:
            if job.table_id is not None:
                row = conn.execute(
                    sa.select(JOBS.c.id, JOBS.c.state).where(
                        JOBS.c.table_id == job.table_id,
                        JOBS.c.ply == job.ply,
                        JOBS.c.seat == job.seat,
                    )
                ).first()
                if row is not None:
                    if row.state == FAILED:
                        conn.execute(
                            JOBS.update()
                            .where(JOBS.c.id == row.id)
                            .values(
                                state=QUEUED,
                                attempts=0,
                                error=None,
                                enqueued_at=now,
                                worker=None,
                                leased_until=None,
                                payload=job.payload,
                                bound=job.bound,
                                client=job.client,
                            )
                        )
                    return str(row.id)
            job_id = secrets.token_hex(8)
            conn.execute(
                JOBS.insert().values(
                    id=job_id,
                    kind=job.kind,
                    table_id=job.table_id,
                    ply=job.ply,
                    seat=job.seat,
                    client=job.client,
                    payload=job.payload,
                    state=QUEUED,
                    attempts=0,
                    bound=job.bound,
                    enqueued_at=now,
                )
            )
            return job_id

    def states(self, ids: Sequence[str]) -> dict[str, JobState]:
        """The state, result and error of each of ``ids`` (a missing id is left out)."""
        if not ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(
                    JOBS.c.id,
                    JOBS.c.state,
                    JOBS.c.result,
                    JOBS.c.error,
                    JOBS.c.claimed_at,
                    JOBS.c.finished_at,
                ).where(JOBS.c.id.in_(list(ids)))
            )
            return {
                r.id: JobState(r.state, r.result, r.error, r.claimed_at, r.finished_at)
                for r in rows
            }

    def line(self, now: float | None = None) -> dict[str, int]:
        """Every queued job's place in line (1: the next a worker takes), in ``fair_order``."""
        now = time.time() if now is None else now
        with self.engine.connect() as conn:
            queued = [
                Queued(r.id, r.client, r.enqueued_at)
                for r in conn.execute(
                    sa.select(JOBS.c.id, JOBS.c.client, JOBS.c.enqueued_at).where(
                        JOBS.c.state == QUEUED
                    )
                )
            ]
            if not queued:
                return {}
            clients = {q.client for q in queued}
            running = {
                r.client: int(r.n)
                for r in conn.execute(
                    sa.select(JOBS.c.client, sa.func.count().label("n"))
                    .where(JOBS.c.state == RUNNING, JOBS.c.client.in_(clients))
                    .group_by(JOBS.c.client)
                )
            }
            served = {
                r.client: float(r.at or 0.0)
                for r in conn.execute(
                    sa.select(JOBS.c.client, sa.func.max(JOBS.c.claimed_at).label("at"))
                    .where(JOBS.c.client.in_(clients))
                    .group_by(JOBS.c.client)
                )
            }
        return {q.id: i for i, q in enumerate(fair_order(queued, running, served), start=1)}

    # ------------------------------------------------------------------ workers
    def claim(
        self,
        worker: str,
        lease: float,
        cap: int,
        now: float | None = None,
    ) -> Claimed | None:
        """Take the next job in fair order (see the module), leased to ``worker`` for
        ``lease`` seconds; ``None`` when there is none a worker may take now."""
        now = time.time() if now is None else now
        j = JOBS.alias("j")
        r = JOBS.alias("r")
        s = JOBS.alias("s")
        busy = (
            sa.select(sa.func.count())
            .where(r.c.client == j.c.client, r.c.state == RUNNING, r.c.leased_until >= now)
            .scalar_subquery()
        )
        served = (
            sa.select(sa.func.coalesce(sa.func.max(s.c.claimed_at), 0.0))
            .where(s.c.client == j.c.client)
            .scalar_subquery()
        )
        takeable = sa.or_(
            j.c.state == QUEUED,
            sa.and_(j.c.state == RUNNING, j.c.leased_until < now),
        )
        query = (
            sa.select(j.c.id, j.c.kind, j.c.payload, j.c.bound, j.c.attempts, j.c.state)
            .where(takeable, busy < cap)
            .order_by(busy, served, j.c.enqueued_at)
            .limit(1)
        )
        if self._pg:
            query = query.with_for_update(of=j, skip_locked=True)
        with self.engine.begin() as conn:
            self._give_up(conn, now)
            row = conn.execute(query).first()
            if row is None:
                return None
            done = conn.execute(
                JOBS.update()
                .where(JOBS.c.id == row.id, JOBS.c.state == row.state)
                .where(sa.or_(JOBS.c.state == QUEUED, JOBS.c.leased_until < now))
                .values(
                    state=RUNNING,
                    worker=worker,
                    claimed_at=now,
                    leased_until=now + lease,
                    attempts=JOBS.c.attempts + 1,
                )
            )
            if done.rowcount != 1:
                return None  # another worker took it first (SQLite): the caller asks again
            return Claimed(row.id, row.kind, dict(row.payload), row.bound, row.attempts + 1)

    @staticmethod
    def _give_up(conn: sa.Connection, now: float) -> None:
        """Jobs whose worker died holding them ``MAX_ATTEMPTS`` times fail."""
        conn.execute(
            JOBS.update()
            .where(
                JOBS.c.state == RUNNING,
                JOBS.c.leased_until < now,
                JOBS.c.attempts >= MAX_ATTEMPTS,
            )
            .values(
                state=FAILED,
                finished_at=now,
                error=f"its worker stopped answering {MAX_ATTEMPTS} times",
            )
        )

    def renew(self, worker: str, ids: Sequence[str], lease: float, now: float | None = None) -> int:
        """Extend the leases ``worker`` still holds on ``ids``; returns how many it holds."""
        if not ids:
            return 0
        now = time.time() if now is None else now
        with self.engine.begin() as conn:
            done = conn.execute(
                JOBS.update()
                .where(JOBS.c.id.in_(list(ids)), JOBS.c.worker == worker)
                .where(JOBS.c.state == RUNNING)
                .values(leased_until=now + lease)
            )
            return int(done.rowcount)

    def finish(
        self,
        job_id: str,
        worker: str,
        result: Any = None,
        error: str | None = None,
        now: float | None = None,
    ) -> bool:
        """Store a job's result (or its ``error``: it failed) if ``worker`` still holds it;
        returns whether it did (a job taken over by another worker keeps that one's)."""
        now = time.time() if now is None else now
        with self.engine.begin() as conn:
            done = conn.execute(
                JOBS.update()
                .where(JOBS.c.id == job_id, JOBS.c.worker == worker, JOBS.c.state == RUNNING)
                .values(
                    state=DONE if error is None else FAILED,
                    result=result,
                    error=error,
                    finished_at=now,
                    leased_until=None,
                )
            )
            return done.rowcount == 1

    def release(self, worker: str) -> int:
        """A worker that stops puts the jobs it holds back in line (a drained worker)."""
        with self.engine.begin() as conn:
            done = conn.execute(
                JOBS.update()
                .where(JOBS.c.worker == worker, JOBS.c.state == RUNNING)
                .values(state=QUEUED, worker=None, leased_until=None)
            )
            return int(done.rowcount)

    def forget(self, before: float) -> int:
        """Drop the jobs finished before ``before`` (epoch seconds)."""
        with self.engine.begin() as conn:
            done = conn.execute(
                JOBS.delete().where(JOBS.c.state.in_((DONE, FAILED)), JOBS.c.finished_at < before)
            )
            return int(done.rowcount)

    def counts(self) -> dict[str, int]:
        """Jobs per state (for monitoring)."""
        with self.engine.connect() as conn:
            return {
                r.state: int(r.n)
                for r in conn.execute(
                    sa.select(JOBS.c.state, sa.func.count().label("n")).group_by(JOBS.c.state)
                )
            }

"""The processes of a cluster, who owns which live table, and the leader's lease: their
schema and every statement (PostgreSQL; SQLite alike, for one machine and the tests).

A process (a web process; ``spelbord worker`` needs none of this) writes its heartbeat
every second (``beat``); it is alive while its last beat is younger than ``ttl`` seconds
and it is not draining. A live table has one owner: the process whose row in
``spelbord_owners`` names it. A process takes a table (``acquire``) when nobody owns it or
its owner is not alive (a conditional update: of two processes taking it at once, one
wins). One heartbeat renews every table a process owns (the owner's lease is its
heartbeat). The leader (clocks of the cluster's own work: the sweep of abandoned tables,
the tournament directors, the queue's clean-up) holds the ``leader`` lease, renewed like a
heartbeat and taken over when it runs out.
"""

from __future__ import annotations

import time

import sqlalchemy as sa

from spelbord.server.db import METADATA
from spelbord.server.tables.store import SEATS, TABLES

PROCESSES = sa.Table(
    "spelbord_processes",
    METADATA,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("role", sa.String(16), nullable=False),
    sa.Column("address", sa.String(200), nullable=True),
    sa.Column("started_at", sa.Float, nullable=False),
    sa.Column("beat_at", sa.Float, nullable=False),
    sa.Column("draining", sa.Boolean, nullable=False, server_default=sa.false()),
)

OWNERS = sa.Table(
    "spelbord_owners",
    METADATA,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("process", sa.String(64), nullable=False, index=True),
    sa.Column("since", sa.Float, nullable=False),
)

LEASES = sa.Table(
    "spelbord_leases",
    METADATA,
    sa.Column("name", sa.String(32), primary_key=True),
    sa.Column("holder", sa.String(64), nullable=False),
    sa.Column("until", sa.Float, nullable=False),
)


class ClusterStore:
    """The cluster's rows on one engine (blocking calls)."""

    def __init__(self, engine: sa.Engine, ttl: float = 5.0) -> None:
        self.engine = engine
        self.ttl = ttl

    def _alive(self, now: float) -> sa.ColumnElement[bool]:
        """``OWNERS.process`` names a live process."""
        return OWNERS.c.process.in_(
            sa.select(PROCESSES.c.id).where(
                PROCESSES.c.beat_at >= now - self.ttl, ~PROCESSES.c.draining
            )
        )

    def beat(self, process: str, role: str, address: str | None, draining: bool = False) -> None:
        """This process is alive (``draining``: it lets go of its tables, takes no new)."""
        now = time.time()
        with self.engine.begin() as conn:
            done = conn.execute(
                PROCESSES.update()
                .where(PROCESSES.c.id == process)
                .values(beat_at=now, draining=draining, address=address)
            )
            if done.rowcount == 0:
                conn.execute(
                    PROCESSES.insert().values(
                        id=process,
                        role=role,
                        address=address,
                        started_at=now,
                        beat_at=now,
                        draining=draining,
                    )
                )

    def alive(self) -> dict[str, str | None]:
        """The live processes and their addresses."""
        now = time.time()
        with self.engine.connect() as conn:
            return {
                r.id: r.address
                for r in conn.execute(
                    sa.select(PROCESSES.c.id, PROCESSES.c.address).where(
                        PROCESSES.c.beat_at >= now - self.ttl, ~PROCESSES.c.draining
                    )
                )
            }

    def leave(self, process: str) -> None:
        """A process stops: its tables have no owner now, its row goes."""
        with self.engine.begin() as conn:
            conn.execute(OWNERS.delete().where(OWNERS.c.process == process))
            conn.execute(PROCESSES.delete().where(PROCESSES.c.id == process))

    def acquire(self, table_id: str, process: str) -> str:
        """The table's owner after trying to take it for ``process``: ``process`` itself
        when nobody owned it or its owner was not alive, else the live owner."""
        now = time.time()
        with self.engine.begin() as conn:
            owner = conn.execute(
                sa.select(OWNERS.c.process).where(OWNERS.c.table_id == table_id)
            ).scalar_one_or_none()
            if owner == process:
                return process
            if owner is None:
                try:
                    with conn.begin_nested():
                        conn.execute(
                            OWNERS.insert().values(table_id=table_id, process=process, since=now)
                        )
                    return process
                except sa.exc.IntegrityError:
                    owner = conn.execute(
                        sa.select(OWNERS.c.process).where(OWNERS.c.table_id == table_id)
                    ).scalar_one()
                    if owner == process:
                        return process
            taken = conn.execute(
                OWNERS.update()
                .where(OWNERS.c.table_id == table_id, OWNERS.c.process == owner)
                .where(~self._alive(now))
                .values(process=process, since=now)
            )
            if taken.rowcount == 1:
                return process
            return str(
                conn.execute(
                    sa.select(OWNERS.c.process).where(OWNERS.c.table_id == table_id)
                ).scalar_one()
            )

    def release(self, table_id: str, process: str) -> None:
        """``process`` lets go of a table (it unloaded it)."""
        with self.engine.begin() as conn:
            conn.execute(
                OWNERS.delete().where(OWNERS.c.table_id == table_id, OWNERS.c.process == process)
            )

    def hand_on(self, table_id: str, process: str, to: str) -> bool:
        """``process`` gives a table it owns to ``to``; whether it did (it still owned it)."""
        with self.engine.begin() as conn:
            moved = conn.execute(
                OWNERS.update()
                .where(OWNERS.c.table_id == table_id, OWNERS.c.process == process)
                .values(process=to, since=time.time())
            )
            return moved.rowcount == 1

    def owned_by(self, process: str) -> set[str]:
        with self.engine.connect() as conn:
            return set(
                conn.execute(
                    sa.select(OWNERS.c.table_id).where(OWNERS.c.process == process)
                ).scalars()
            )

    def owners(self, table_ids: list[str]) -> dict[str, str]:
        """The owner of each of ``table_ids`` that has one."""
        if not table_ids:
            return {}
        with self.engine.connect() as conn:
            return {
                r.table_id: r.process
                for r in conn.execute(
                    sa.select(OWNERS.c.table_id, OWNERS.c.process).where(
                        OWNERS.c.table_id.in_(table_ids)
                    )
                )
            }

    def orphans(self, limit: int = 20) -> list[str]:
        """Running tables that need an owner: owned by a process that is not alive, or
        with an AI seat and no owner at all (their agents must play on)."""
        now = time.time()
        with self.engine.connect() as conn:
            dead = sa.select(OWNERS.c.table_id).where(~self._alive(now))
            ai = sa.select(SEATS.c.table_id).where(SEATS.c.kind == "ai")
            owned = sa.select(OWNERS.c.table_id)
            return list(
                conn.execute(
                    sa.select(TABLES.c.id)
                    .where(TABLES.c.status == "running")
                    .where(
                        sa.or_(
                            TABLES.c.id.in_(dead),
                            sa.and_(TABLES.c.id.in_(ai), TABLES.c.id.not_in(owned)),
                        )
                    )
                    .limit(limit)
                ).scalars()
            )

    def lease(self, name: str, holder: str, seconds: float) -> bool:
        """Take or keep the lease ``name`` for ``seconds``; whether ``holder`` has it."""
        now = time.time()
        with self.engine.begin() as conn:
            done = conn.execute(
                LEASES.update()
                .where(LEASES.c.name == name)
                .where(sa.or_(LEASES.c.holder == holder, LEASES.c.until < now))
                .values(holder=holder, until=now + seconds)
            )
            if done.rowcount == 1:
                return True
            try:
                with conn.begin_nested():
                    conn.execute(
                        LEASES.insert().values(name=name, holder=holder, until=now + seconds)
                    )
                return True
            except sa.exc.IntegrityError:
                return False

    def give_up(self, name: str, holder: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(LEASES.delete().where(LEASES.c.name == name, LEASES.c.holder == holder))

"""This process as part of a cluster: heartbeat, ownership, forwarding, remote sockets,
the leader.

A ``Node`` is the hub's ``Placement`` and its sockets' ``Relay``:

- **Heartbeat** (every ``beat`` seconds): the process's row, which is also the lease on
  every table it owns; the leader lease (the leader runs the sweep of abandoned tables
  and the tournament directors); the live processes. A process whose heartbeat could not
  be written for longer than the lease lets go of its tables (another may own them now).
- **Ownership**: ``acquire`` takes a table nobody (alive) owns. Running tables of a dead
  owner, and running AI tables nobody owns, are adopted by whichever live process gets
  to them first (``adopt``), so their clocks and agents go on. Tables whose owner row
  names another process are dropped (their sockets closed with 1012).
- **Forwarding**: an operation on a table another process owns is sent to it on its own
  channel (``proc:<id>``) and answered there; no answer within ``timeout`` seconds is a
  ``503`` (``OwnerUnavailableError``: the client looks at the table and tries again: an
  acknowledged move is always stored, an unacknowledged one may or may not be).
- **Handing on**: a table whose every socket is held by one other live process is handed
  on to that process (``hand_on``, at most ``HAND_ON_PER_BEAT`` tables a beat, once the
  sockets have stayed there for two beats): the owner row names it in one conditional
  update, made holding the table's lock; the table's sockets become that process's own
  (a full view each, the same ``seq``); a change that waited for the lock is made there.
  A proxy that routes a table's requests by its id (docs/deploy.md) sends both players
  of a table to one process: after the first beat their moves need no forwarding.
- **Remote sockets**: a socket this process holds for a table owned elsewhere is stood
  for at the owner by a ``RemoteSubscriber``, whose frames come back over the bus; when
  the holder dies its subscribers are dropped by the owner, when the owner dies the
  holder closes the socket (1012) and the client reconnects; so it does when the bus
  comes back after a lost connection (frames may have been lost meanwhile).

Without a shared bus (the embedded server) a node owns every table and leads.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from spelbord.core.errors import SpelbordError
from spelbord.server.cluster.bus import Bus
from spelbord.server.cluster.store import ClusterStore
from spelbord.server.errors import (
    BadRequestError,
    ConflictError,
    ForbiddenError,
    NotFoundError,
    NotOwnerError,
    StaleMoveError,
    TableError,
    status_of,
)
from spelbord.server.tables.hub import Hub
from spelbord.server.tables.live import LiveTable
from spelbord.server.tables.sockets import WsSubscriber

log = logging.getLogger(__name__)
T = TypeVar("T")

LEADER = "leader"

OWNER_MEMORY = 60.0
"""Seconds a process remembers another's table as that owner's (while it is alive) since
the owner last answered for it. An owner keeps a table until it dies, drains or unloads
it; each of these answers a forwarded request with ``moved`` (or is no longer alive),
which forgets the entry. At a human pace a seat moves every few seconds: a shorter memory
sent most of a remote seat's moves through a database round trip first, and a memory
that ran out a fixed time after the first look sent every table's next move there at
once (a stall of most of a second at 1000 tables, 60 s after they were opened)."""


HAND_ON_PER_BEAT = 100
"""Tables a process hands on in one heartbeat at most (each is loaded again there)."""


class OwnerUnavailableError(TableError):
    """The process that owns a table did not answer in time; try again."""

    status = 503


_BY_STATUS: dict[int, type[TableError]] = {
    400: BadRequestError,
    403: ForbiddenError,
    404: NotFoundError,
    409: ConflictError,
    503: OwnerUnavailableError,
}


def remote_error(status: int, message: str, stale: bool = False) -> TableError:
    """The error an owner answered, raised again here with its status and text."""
    if stale:
        return StaleMoveError(message)
    cls = _BY_STATUS.get(status)
    if cls is None:
        cls = type("ForwardedError", (TableError,), {"status": status})
    return cls(message)


class RemoteSubscriber:
    """At a table's owner: a socket held by another process (``process``)."""

    def __init__(self, seat: int | None, process: str, sub_id: str, bus: Bus) -> None:
        self.seat = seat
        self.process = process
        self.sub_id = sub_id
        self.bus = bus

    def push(self, text: str, kind: str | None = None) -> None:
        self.bus.publish(
            f"proc:{self.process}", {"t": "frame", "sub": self.sub_id, "text": text, "kind": kind}
        )

    def close(self, code: int) -> None:
        self.bus.publish(f"proc:{self.process}", {"t": "close", "sub": self.sub_id, "code": code})


class Node:
    """This process in a cluster (see the module)."""

    def __init__(
        self,
        hub: Hub,
        store: ClusterStore,
        bus: Bus,
        name: str | None = None,
        address: str | None = None,
        beat: float = 1.0,
        timeout: float = 8.0,
    ) -> None:
        self.hub = hub
        self.store = store
        self.bus = bus
        self.shared = bus.shared
        host = socket.gethostname()[:40]  # the name fits the database's 64 characters
        self.me = name or f"web:{host}:{os.getpid()}:{secrets.token_hex(3)}"
        self.address = address
        self.beat_every = beat
        self.timeout = timeout
        self.leader = not self.shared
        self.alive: dict[str, str | None] = {}
        self.forwarded = 0
        self.adopted = 0
        self._calls: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._remote: dict[str, tuple[str, RemoteSubscriber]] = {}
        """At the owner: sub id -> (table, the subscriber standing for a remote socket)."""
        self._attached: dict[str, tuple[str, str, WsSubscriber]] = {}
        """At the holder: sub id -> (table, its owner, the local socket's subscriber)."""
        self._local: dict[str, tuple[str, WsSubscriber]] = {}
        """At the holder, once a table was handed on to it: sub id -> (table, the socket's
        subscriber, now subscribed to the live table here)."""
        self._leaning: dict[str, str] = {}
        """At the owner: tables whose every socket was held by one other process at the
        last beat -> that process (handed on if so again at the next)."""
        self._ids = itertools.count()
        self._owners: dict[str, tuple[str, float]] = {}
        """Tables another process owns, as last seen (owner, when): for ``OWNER_MEMORY``
        seconds, while that owner is alive, a request goes to it without asking the
        database (a stale entry costs one ``moved`` answer and a fresh look)."""
        self._tasks: list[asyncio.Task[None]] = []
        self._beaten = time.monotonic()
        self._draining = False
        if self.shared:
            bus.subscribe(f"proc:{self.me}", self._on_message)
            bus.after_reconnect(self._bus_back)
            hub.placement = self
            hub.ops.update(
                subscribe=self._op_subscribe,
                unsubscribe=self._op_unsubscribe,
                resync=self._op_resync,
            )

    # ------------------------------------------------------------------ life
    async def start(self) -> None:
        if not self.shared:
            return
        await self.hub.db(self.store.beat, self.me, "web", self.address)
        self.alive = await self.hub.db(self.store.alive)
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._heartbeat()), loop.create_task(self._adopt())]

    async def close(self) -> None:
        """Drain: let go of every table (their clients reconnect to another process, which
        takes them), give up the leader lease, and leave."""
        if not self.shared:
            return
        self._draining = True
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await self.hub.db(self.store.beat, self.me, "web", self.address, True)
        for table in self.hub.owned():
            with contextlib.suppress(Exception):
                async with table.lock:  # a change under way is stored first
                    self.hub.drop(table)
        for _, _, sub in list(self._attached.values()):
            sub.close(1012)
        with contextlib.suppress(Exception):
            await self.hub.db(self.store.give_up, LEADER, self.me)
        with contextlib.suppress(Exception):
            await self.hub.db(self.store.leave, self.me)

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(self.beat_every)
            try:
                await self.hub.db(self.store.beat, self.me, "web", self.address)
                self._beaten = time.monotonic()
                self.alive = await self.hub.db(self.store.alive)
                self.leader = await self.hub.db(self.store.lease, LEADER, self.me, self.store.ttl)
                await self._check_owners()
                await self._hand_on_tables()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("cluster heartbeat failed (%s); retrying", exc)
                if time.monotonic() - self._beaten > self.store.ttl:
                    self._let_go_all("its heartbeat could not be written")
            self._drop_dead_subscribers()
            self._close_orphaned_sockets()

    def _bus_back(self) -> None:
        """The bus was lost a while: frames for the sockets held here may have been lost
        with it. They are closed (1012); their clients reconnect and get the whole view."""
        attached = list(self._attached.values())
        self._attached.clear()
        if attached:
            log.warning("the bus is back: %d relayed sockets reconnect", len(attached))
        for _, _, sub in attached:
            sub.close(1012)

    def _let_go_all(self, why: str) -> None:
        """Without a heartbeat another process may own our tables by now: drop them."""
        tables = self.hub.owned()
        if tables:
            log.error("letting go of %d tables: %s", len(tables), why)
        for table in tables:
            self.hub.drop(table)
        self.leader = False

    async def _check_owners(self) -> None:
        """Drop the tables another process has taken (we were thought dead)."""
        mine = self.hub.owned()
        if not mine:
            return
        owners = await self.hub.db(self.store.owners, [t.id for t in mine])
        for table in mine:
            if owners.get(table.id) not in (None, self.me):
                log.warning("table %s is owned by %s now: letting go", table.id, owners[table.id])
                self.hub.drop(table)

    async def _hand_on_tables(self) -> None:
        """Hand on the tables whose every socket another live process has held for two
        beats (see the module)."""
        leaning: dict[str, str] = {}
        for table in self.hub.owned():
            holder = self._sole_holder(table)
            if holder is not None:
                leaning[table.id] = holder
        ready = [
            (table_id, holder)
            for table_id, holder in leaning.items()
            if self._leaning.get(table_id) == holder
        ][:HAND_ON_PER_BEAT]
        self._leaning = leaning
        if not ready:
            return
        done = await asyncio.gather(
            *(self.hand_on(t, holder) for t, holder in ready), return_exceptions=True
        )
        failed = [r for r in done if isinstance(r, BaseException)]
        if failed:
            log.warning("%d tables not handed on (%s): tried again", len(failed), failed[0])
        log.info("handed on %d tables to the processes holding their sockets", done.count(True))

    def _sole_holder(self, table: LiveTable, locked: bool = False) -> str | None:
        """The other live process that holds every socket of ``table``, if one does and
        the table is quiet (no change under way, unless ``locked``: the caller holds the
        lock; no AI thinking; not over)."""
        if self._draining or table.status == "finished" or table.ai.thinking:
            return None
        if (table.lock.locked() and not locked) or not table.subscribers:
            return None
        holders = {
            sub.process if isinstance(sub, RemoteSubscriber) else None for sub in table.subscribers
        }
        if len(holders) != 1:
            return None
        holder = holders.pop()
        if holder is None or holder == self.me or holder not in self.alive:
            return None
        return str(holder)

    async def hand_on(self, table_id: str, to: str) -> bool:
        """Give the table to process ``to``, which holds its sockets; whether it was."""
        table = self.hub.held(table_id)
        if table is None:
            return False
        try:
            async with table.lock:
                if self._sole_holder(table, locked=True) != to:
                    return False  # a socket came or went meanwhile, or a change began
                if not await self.hub.db(self.store.hand_on, table_id, self.me, to):
                    return False
                subs = [s.sub_id for s in table.subscribers if isinstance(s, RemoteSubscriber)]
                for sub_id in subs:
                    self._remote.pop(sub_id, None)
                table.subscribers.clear()
                self.hub.hand_on(table, to)
                self._owners[table_id] = (to, time.monotonic())
                self.bus.publish(f"proc:{to}", {"t": "take", "table": table_id, "subs": subs})
        except NotOwnerError:
            return False
        return True

    async def _take(self, table_id: str, subs: list[str]) -> None:
        """A table handed on to this process: load it and subscribe the sockets held here
        to it (each gets the whole view). One that cannot be loaded closes them (1012):
        their clients reconnect."""
        self._owners.pop(table_id, None)
        attached = [(s, self._attached.pop(s, None)) for s in subs]
        try:
            table = await self.hub.get(table_id)
        except Exception as exc:
            log.warning("table %s was handed on here but could not be taken: %s", table_id, exc)
            for _, found in attached:
                if found is not None:
                    found[2].close(1012)
            return
        for sub_id, found in attached:
            if found is None:
                continue  # its socket went meanwhile
            sub = found[2]
            self._local[sub_id] = (table_id, sub)
            table.subscribe(sub)

    def _drop_dead_subscribers(self) -> None:
        """At the owner: the subscribers of sockets held by processes that died."""
        for sub_id, (table_id, rsub) in list(self._remote.items()):
            if rsub.process not in self.alive:
                self._remote.pop(sub_id, None)
                table = self.hub.held(table_id)
                if table is not None:
                    table.unsubscribe(rsub)

    def _close_orphaned_sockets(self) -> None:
        """At the holder: sockets whose table's owner died are closed (1012): the client
        reconnects and reaches the table's new owner."""
        for sub_id, (_, owner, sub) in list(self._attached.items()):
            if owner not in self.alive and owner != self.me:
                self._attached.pop(sub_id, None)
                sub.close(1012)

    async def _adopt(self) -> None:
        """Forever: take running tables whose owner died (and AI tables nobody owns), so
        their clocks and agents go on."""
        while True:
            await asyncio.sleep(self.beat_every * 2)
            if self._draining:
                return
            try:
                for table_id in await self.hub.db(self.store.orphans):
                    try:
                        await self.hub.get(table_id)
                        self.adopted += 1
                    except NotOwnerError:
                        continue
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("adopting orphaned tables failed: %s", exc)

    # ------------------------------------------------------------------ Placement
    async def acquire(self, table_id: str) -> str:
        known = self._owners.get(table_id)
        if (
            known is not None
            and known[0] in self.alive
            and time.monotonic() - known[1] < OWNER_MEMORY
        ):
            return known[0]  # a live owner seen lately: no database round trip
        if self._draining:
            owners = await self.hub.db(self.store.owners, [table_id])
            return owners.get(table_id, "") or "(draining)"
        owner: str = await self.hub.db(self.store.acquire, table_id, self.me)
        if owner != self.me:
            if len(self._owners) > 100_000:
                self._owners.clear()
            self._owners[table_id] = (owner, time.monotonic())
        return owner

    def released(self, table_id: str) -> None:
        asyncio.get_running_loop().create_task(self._release(table_id))

    async def _release(self, table_id: str) -> None:
        with contextlib.suppress(Exception):
            await self.hub.db(self.store.release, table_id, self.me)

    async def forward(self, owner: str, table_id: str, op: str, kwargs: dict[str, Any]) -> Any:
        call_id = f"c{next(self._ids)}"  # (os.urandom, under load, cost 0.5 ms a call)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._calls[call_id] = future
        self.forwarded += 1
        self.bus.publish(
            f"proc:{owner}",
            {
                "t": "call",
                "id": call_id,
                "from": self.me,
                "table": table_id,
                "op": op,
                "args": kwargs,
            },
        )
        try:
            answer = await asyncio.wait_for(future, self.timeout)
        except TimeoutError:
            self._owners.pop(table_id, None)
            raise OwnerUnavailableError(
                f"the server that holds table {table_id} did not answer in time; look at the "
                "table and try again"
            ) from None
        finally:
            self._calls.pop(call_id, None)
        if answer.get("moved"):
            self._owners.pop(table_id, None)
            raise NotOwnerError(table_id, owner)
        if table_id in self._owners:  # it answered as the owner: remembered afresh
            self._owners[table_id] = (owner, time.monotonic())
        if not answer.get("ok"):
            raise remote_error(
                int(answer.get("status", 500)), str(answer.get("error")), bool(answer.get("stale"))
            )
        return answer.get("value")

    # ------------------------------------------------------------------ Relay
    def attach(self, sub_id: str, table_id: str, owner: str, sub: WsSubscriber) -> None:
        self._attached[sub_id] = (table_id, owner, sub)

    def detach(self, sub_id: str) -> None:
        self._attached.pop(sub_id, None)
        found = self._local.pop(sub_id, None)
        if found is not None:  # a socket of a table handed on here
            table = self.hub.held(found[0])
            if table is not None:
                table.unsubscribe(found[1])

    # ------------------------------------------------------------------ the owner's ops
    async def _op_subscribe(
        self, table: LiveTable, process: str, sub: str, token: str | None
    ) -> dict[str, Any]:
        seat = table.seat_of(token)
        rsub = RemoteSubscriber(seat, process, sub, self.bus)
        self._remote[sub] = (table.id, rsub)
        table.subscribe(rsub)
        return {"seat": seat}

    async def _op_unsubscribe(self, table: LiveTable, sub: str) -> None:
        found = self._remote.pop(sub, None)
        if found is not None:
            table.unsubscribe(found[1])

    async def _op_resync(self, table: LiveTable, sub: str) -> None:
        found: tuple[str, Any] | None = self._remote.get(sub) or self._local.get(sub)
        if found is not None:
            table.resync(found[1])

    # ------------------------------------------------------------------ messages
    def _on_message(self, message: dict[str, Any]) -> None:
        kind = message.get("t")
        if kind == "frame":
            found = self._attached.get(str(message.get("sub")))
            if found is not None:
                found[2].push(str(message["text"]), message.get("kind"))
        elif kind == "close":
            found = self._attached.pop(str(message.get("sub")), None)
            if found is not None:
                found[2].close(int(message.get("code", 1012)))
        elif kind == "reply":
            future = self._calls.get(str(message.get("id")))
            if future is not None and not future.done():
                future.set_result(message)
        elif kind == "call":
            asyncio.get_running_loop().create_task(self._answer(message))
        elif kind == "take":
            subs = [str(s) for s in message.get("subs") or []]
            asyncio.get_running_loop().create_task(self._take(str(message.get("table")), subs))

    async def _answer(self, message: dict[str, Any]) -> None:
        reply: dict[str, Any] = {"t": "reply", "id": message.get("id")}
        try:
            value = await self.hub.call_here(
                str(message["table"]), str(message["op"]), dict(message.get("args") or {})
            )
            reply.update(ok=True, value=value)
        except NotOwnerError:
            reply.update(ok=False, moved=True)
        except SpelbordError as exc:
            reply.update(
                ok=False,
                status=status_of(exc),
                error=str(exc),
                stale=isinstance(exc, StaleMoveError),
            )
        except Exception:
            log.exception(
                "a forwarded %s on table %s failed", message.get("op"), message.get("table")
            )
            reply.update(ok=False, status=500, error="server error: nothing changed")
        self.bus.publish(f"proc:{message.get('from')}", reply)


def leader_of(node: Node | None) -> Callable[[], bool]:
    """Whether this process leads now (a single process always does)."""
    return (lambda: True) if node is None else (lambda: node.leader)


Db = Callable[..., Awaitable[Any]]

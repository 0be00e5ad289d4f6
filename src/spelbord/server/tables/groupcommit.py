"""Group commit: the moves of many tables stored in one transaction.

On a database server every transaction costs round trips of its own (taking a pooled
connection, which pings it, and the commit) and a hand-off to a database thread. At a
human pace hundreds of tables move every second, each with its own small transaction;
``GroupCommit`` gathers the ``Store.advance`` calls that arrive while a write is under
way and stores them together (``Store.advance_many``), one transaction for the lot. Each
caller still gets its answer only once its change is committed (nothing is acknowledged
before it is stored) and only its own error: a stale ply refuses that change alone.

SQLite commits inline in a fraction of a millisecond and does not use this.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor

from spelbord.server.tables.store import Advance, Store

MAX_GROUP = 64
"""Changes stored in one transaction at most (the rest go in the next one)."""


class GroupCommit:
    """Stores ``Store.advance`` calls in groups, one writing at a time on ``executor``."""

    def __init__(self, store: Store, executor: Executor) -> None:
        self.store = store
        self.executor = executor
        self._waiting: list[tuple[Advance, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        self.groups = 0
        """Transactions written so far (with ``changes``: the mean group size)."""
        self.changes = 0

    async def advance(self, change: Advance) -> None:
        """``Store.advance(change)``, stored with whatever else is waiting."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._waiting.append((change, done))
        if self._writer is None or self._writer.done():  # it takes what waits until none
            self._writer = loop.create_task(self._write())
        await done

    async def _write(self) -> None:
        loop = asyncio.get_running_loop()
        while self._waiting:
            group, self._waiting = self._waiting[:MAX_GROUP], self._waiting[MAX_GROUP:]
            changes = [change for change, _ in group]
            try:
                answers: list[BaseException | None] = list(
                    await loop.run_in_executor(self.executor, self.store.advance_many, changes)
                )
            except Exception as exc:  # no thread to write on: every caller hears it
                answers = [exc] * len(group)
            self.groups += 1
            self.changes += len(group)
            for (_, done), answer in zip(group, answers, strict=True):
                if done.done():
                    continue
                if answer is None:
                    done.set_result(None)
                else:
                    done.set_exception(answer)

"""Group commit (``server.tables.groupcommit``): the moves of many tables stored in one
transaction, each caller answered only for its own change, after the commit."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from concurrent.futures import ThreadPoolExecutor

import sqlalchemy as sa
from tests.loops import run

from spelbord.server.db import open_engine
from spelbord.server.errors import StaleMoveError
from spelbord.server.tables.groupcommit import GroupCommit
from spelbord.server.tables.store import (
    ACTION,
    LOG,
    TABLES,
    Advance,
    LogEntry,
    SeatRecord,
    Store,
    TableRecord,
)


def _tables(store: Store, count: int) -> list[str]:
    now = time.time()
    ids = [f"g{i}" for i in range(count)]
    for table_id in ids:
        seats = tuple(SeatRecord(s, "local", f"P{s}", token_hash=f"{s}" * 64) for s in (0, 1))
        record = TableRecord(table_id, "toy-open", {}, 7, "running", 0, None, "play", now, now)
        store.create_table(TableRecord(**{**record.__dict__, "seats": seats}))
    return ids


def _move(table_id: str, ply: int, action: int = 1) -> Advance:
    """The change of one move at ``ply``."""
    entry = LogEntry(seq=ply, ply=ply, kind=ACTION, seat=ply % 2, payload=action)
    return Advance(table_id, ply, entries=(entry,), ply=ply + 1, status="running", result=None)


def _plies(store: Store) -> dict[str, int]:
    with store.engine.connect() as conn:
        return {r.id: r.ply for r in conn.execute(sa.select(TABLES.c.id, TABLES.c.ply))}


def _logged(store: Store, table_id: str) -> list[int]:
    with store.engine.connect() as conn:
        query = sa.select(LOG.c.ply).where(LOG.c.table_id == table_id).order_by(LOG.c.seq)
        return [r.ply for r in conn.execute(query)]


def test_a_stale_change_is_refused_alone(database_url: str) -> None:
    store = Store(open_engine(database_url))
    a, b, c = _tables(store, 3)
    answers = store.advance_many([_move(a, 0), _move(b, 5), _move(c, 0)])
    assert answers[0] is None and answers[2] is None
    assert isinstance(answers[1], StaleMoveError)
    assert _plies(store) == {a: 1, b: 0, c: 1}
    assert _logged(store, a) == [0] and _logged(store, b) == [] and _logged(store, c) == [0]


def test_a_change_that_fails_otherwise_costs_the_others_nothing(database_url: str) -> None:
    store = Store(open_engine(database_url))
    a, b = _tables(store, 2)

    def broken(ply: int) -> Advance:  # two log entries with one seq
        twice = (LogEntry(9, ply, ACTION, 0, 1), LogEntry(9, ply, ACTION, 0, 2))
        return dataclasses.replace(_move(b, ply), entries=twice)

    (alone,) = store.advance_many([broken(0)])
    assert isinstance(alone, sa.exc.IntegrityError)
    assert store.advance_many([_move(a, 0), _move(b, 0)]) == [None, None]
    stored, refused = store.advance_many([_move(a, 1), broken(1)])  # the group fails ...
    assert stored is None and isinstance(refused, sa.exc.IntegrityError)
    assert _plies(store) == {a: 2, b: 1}  # ... and a's move is stored on its own
    assert _logged(store, a) == [0, 1] and _logged(store, b) == [0]


def test_changes_waiting_together_are_stored_in_one_transaction(database_url: str) -> None:
    store = Store(open_engine(database_url))
    ids = _tables(store, 20)
    executor = ThreadPoolExecutor(max_workers=2)
    group = GroupCommit(store, executor)

    async def play() -> list[BaseException | None]:
        calls = [group.advance(_move(t, 0)) for t in ids] + [group.advance(_move(ids[0], 0))]
        return await asyncio.gather(*calls, return_exceptions=True)

    try:
        answers = run(play())
    finally:
        executor.shutdown()
    assert answers[:20] == [None] * 20
    assert isinstance(answers[20], StaleMoveError)  # ids[0] is at ply 1 by then
    assert _plies(store) == dict.fromkeys(ids, 1)
    assert group.changes == 21 and group.groups < 21


def test_a_game_that_ends_in_a_group_has_its_whole_log_when_its_hooks_run(
    database_url: str,
) -> None:
    store = Store(open_engine(database_url))
    a, b = _tables(store, 2)
    seen: list[tuple[str, list[int]]] = []

    def hook(conn: sa.Connection, table_id: str, result: object) -> None:
        query = sa.select(LOG.c.ply).where(LOG.c.table_id == table_id).order_by(LOG.c.seq)
        seen.append((table_id, [r.ply for r in conn.execute(query)]))

    store.on_finish.append(hook)
    ending = dataclasses.replace(_move(b, 0), status="finished", result={"returns": [1, -1]})
    assert store.advance_many([_move(a, 0), ending]) == [None, None]
    assert seen == [(b, [0])]
    assert _logged(store, a) == [0] and _logged(store, b) == [0]

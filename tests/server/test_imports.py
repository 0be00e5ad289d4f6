"""Issue 27, item 4: import flooding. Imports are rate limited, deduplicated on a hash of
game, rules version, options, moves and result (a record already stored returns the
table it made), kept out of the lobby's played games (a list of their own), and bounded
per address in count and bytes (``ImportLimits``, ``SPELBORD_IMPORT_LIMITS``)."""

from __future__ import annotations

import json
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from conftest import Factory, create, play_out
from spelbord import games
from spelbord.server.tables.imports import IMPORTS, ImportLimits
from spelbord.server.tables.store import TABLES
from spelbord.server.tables.views import RECORD_FORMAT
from spelbord.server.web.ratelimit import RateLimits


def record(plies: int, resigned: int = 0) -> dict[str, Any]:
    """A Coerceo record: ``plies`` first legal moves, then ``resigned`` resigns."""
    game = games.load("coerceo", variant="ocius")
    state = game.new_initial_state()
    for _ in range(plies):
        state.apply_action(state.legal_actions()[0])
    return {
        "format": RECORD_FORMAT,
        "game": "coerceo",
        "options": game.options,
        "moves": state.history(),
        "resigned": resigned,
    }


def _count(url: str, table: sa.Table, *where: Any) -> int:
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        n = int(
            conn.execute(sa.select(sa.func.count()).select_from(table).where(*where)).scalar_one()
        )
    engine.dispose()
    return n


def test_the_same_record_imported_thirty_times_is_one_table(
    make_client: Factory, sqlite_url: str
) -> None:
    with make_client(sqlite_url) as c:
        ids = {c.post("/api/import", json=record(3)).json()["table"] for _ in range(30)}
        assert len(ids) == 1
        # Another spelling of the same record (options left out, keys reordered) is the
        # same record; a different result is another.
        same = {k: v for k, v in reversed(record(3).items()) if k != "options"}
        same["options"] = {"variant": "ocius"}
        assert c.post("/api/import", json=same).json()["table"] in ids
        other = c.post("/api/import", json=record(3, resigned=1)).json()["table"]
        assert other not in ids
    assert _count(sqlite_url, TABLES, TABLES.c.source == "import") == 2
    assert _count(sqlite_url, IMPORTS) == 2


def test_imports_are_rate_limited(make_client: Factory, sqlite_url: str) -> None:
    with make_client(sqlite_url, rate_limits=RateLimits(imports="3/minute")) as c:
        codes = [c.post("/api/import", json=record(i)).status_code for i in range(4)]
        assert codes == [200, 200, 200, 429]
        r = c.post("/api/import", json=record(9))
        assert r.status_code == 429 and "import" in r.json()["error"]
        assert int(r.headers["retry-after"]) >= 1
    assert _count(sqlite_url, IMPORTS) == 3


def test_imports_are_kept_out_of_the_lobbys_played_games(
    make_client: Factory, sqlite_url: str
) -> None:
    with make_client(sqlite_url) as c:
        played = create(c, "toy-open", ["local", "local"])
        play_out(c, played["table"], played["tokens"])
        imported = [c.post("/api/import", json=record(i)).json()["table"] for i in range(5)]
        lobby = c.get("/api/tables").json()
        assert [t["table"] for t in lobby["finished"]] == [played["table"]]
        assert sorted(t["table"] for t in lobby["imported"]) == sorted(imported)
        assert all(t["source"] == "import" for t in lobby["imported"])
        listed = c.get("/api/imports").json()["imported"]
        assert sorted(t["table"] for t in listed) == sorted(imported)
        assert "list-imported" in c.get("/").text


def test_each_address_has_a_declared_bound_on_count_and_bytes(
    make_client: Factory, sqlite_url: str
) -> None:
    with make_client(sqlite_url, import_limits=ImportLimits(count=3, bytes=10**6)) as c:
        assert all(c.post("/api/import", json=record(i)).status_code == 200 for i in range(3))
        r = c.post("/api/import", json=record(7))
        assert r.status_code == 429 and "3 records" in r.json()["error"], r.text
        assert c.post("/api/import", json=record(0)).status_code == 200  # stored already
        other = TestClient(c.app, client=("192.0.2.44", 1))
        other.portal = c.portal
        assert other.post("/api/import", json=record(7)).status_code == 200
    size = len(json.dumps(record(20), separators=(",", ":")).encode())  # as the client sends it
    with make_client(sqlite_url, import_limits=ImportLimits(count=100, bytes=2 * size - 1)) as c:
        c2 = TestClient(c.app, client=("192.0.2.45", 1))
        c2.portal = c.portal
        assert c2.post("/api/import", json=record(20)).status_code == 200
        r = c2.post("/api/import", json=record(20, resigned=1))
        assert r.status_code == 429 and "bytes" in r.json()["error"], r.text


def test_the_limits_are_a_setting() -> None:
    assert ImportLimits.parse("count=50,bytes=5000000") == ImportLimits(count=50, bytes=5_000_000)
    assert ImportLimits.parse("off") is None
    for bad in ("count=-1", "bytes=x", "speed=3"):
        with pytest.raises(ValueError):
            ImportLimits.parse(bad)

"""Fixtures of the server tests: databases, apps with fake agents, small helpers.

Storage tests run on SQLite and, when ``SPELBORD_TEST_POSTGRES_URL`` is set (CI sets it),
on PostgreSQL too.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import toygame  # noqa: E402,F401  (registers toy-hidden and toy-open)

from spelbord.server.app import create_app  # noqa: E402
from spelbord.server.tables.workers import WorkerConfig  # noqa: E402

POSTGRES_URL = os.environ.get("SPELBORD_TEST_POSTGRES_URL")

FAKE_WORKERS = WorkerConfig(
    agent_factory="fakeagents:make_agent",
    seat_view="fakeagents:SeatView",
    preload=("toygame",),
    sys_path=(str(HERE),),
    workers=1,
    grace=0.5,
    default_timeout=2.0,
)


def postgres_schema_url(url: str, purpose: str = "") -> str:
    """A fresh schema of its own for this test process (parallel runs share one database);
    ``purpose`` names another one beside it."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main").replace("-", "_")
    schema = f"spelbord_{worker}{'_' + purpose if purpose else ''}"
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(sa.text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
        conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    engine.dispose()
    return f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'spelbord.sqlite3'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each storage test once per database engine."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'spelbord.sqlite3'}"
    if not POSTGRES_URL:
        if os.environ.get("CI"):
            pytest.fail("CI must set SPELBORD_TEST_POSTGRES_URL (see .ci/run)")
        pytest.skip("SPELBORD_TEST_POSTGRES_URL is not set")
    return postgres_schema_url(POSTGRES_URL)


Factory = Callable[..., AbstractContextManager[TestClient]]


@pytest.fixture
def make_client() -> Factory:
    """``with make_client(url) as client:`` a running app (lifespan included)."""

    @contextmanager
    def factory(
        url: str, workers: WorkerConfig = FAKE_WORKERS, **options: Any
    ) -> Iterator[TestClient]:
        """``options`` go to ``create_app``; rate limits are off unless a test sets them."""
        options.setdefault("rate_limits", None)
        app = create_app(url, workers=workers, **options)
        with TestClient(app) as client:
            yield client

    return factory


@pytest.fixture
def client(make_client: Factory, sqlite_url: str) -> Iterator[TestClient]:
    with make_client(sqlite_url) as c:
        yield c


def create(client: TestClient, game: str, kinds: list[str], **extra: Any) -> dict[str, Any]:
    """Create a table with seats of these kinds ("ai:spec" for an AI seat)."""
    seats = [{"kind": "ai", "agent": k[3:]} if k.startswith("ai:") else {"kind": k} for k in kinds]
    r = client.post("/api/tables", json={"game": game, "options": {}, "seats": seats, **extra})
    assert r.status_code == 200, r.text
    return r.json()


def view(client: TestClient, table: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table}/view", params={"token": token} if token else {})
    assert r.status_code == 200, r.text
    return r.json()


def act(client: TestClient, table: str, token: str, action: int, ply: int) -> Any:
    return client.post(
        f"/api/tables/{table}/action", json={"token": token, "action": action, "ply": ply}
    )


def play_out(client: TestClient, table: str, tokens: dict[str, str]) -> dict[str, Any]:
    """Play a table with local seats to the end, always the first legal action."""
    for _ in range(1000):
        acted = False
        for token in tokens.values():
            v = view(client, table, token)
            if v["status"] == "finished":
                return v
            if v["your_turn"]:
                r = act(client, table, token, v["legal"][0]["action"], v["ply"])
                assert r.status_code == 200, r.text
                acted = True
        assert acted, "nobody could move"
    raise AssertionError("the game did not end")

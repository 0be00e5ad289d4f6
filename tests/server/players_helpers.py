"""Helpers of the players/ratings/tournaments tests: an app whose clients keep cookies."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from conftest import FAKE_WORKERS
from spelbord.server.app import create_app

PASSWORD = "correct horse battery"


@contextmanager
def players_app(url: str, tick: float = 0.05) -> Iterator[Callable[[], TestClient]]:
    """``with players_app(url) as new_client:``: browsers (cookie jars) on one server.

    The clients talk HTTPS to the test server so that ``Secure`` cookies are kept.
    """
    app = create_app(url, workers=FAKE_WORKERS, tournament_tick=tick)
    clients: list[TestClient] = []

    def new_client(address: str = "testclient") -> TestClient:
        """A browser at ``address`` (its requests come from there)."""
        c = TestClient(app, base_url="https://testserver", client=(address, 50000))
        if clients:
            c.portal = clients[0].portal  # one event loop for every browser
        else:
            c.__enter__()  # the first one runs the app (lifespan) for all
        clients.append(c)
        return c

    try:
        yield new_client
    finally:
        if clients:
            clients[0].__exit__(None, None, None)


def quick_hashing(client: TestClient) -> None:
    """Argon2id at its cheapest on this app, so that a test timing sign-ins measures
    waiting (a sleep, a lock) and not the slow hash on a busy machine. Call it before
    the accounts are made."""
    accounts = client.app.state.players.accounts  # type: ignore[attr-defined]
    accounts.hasher = PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
    accounts._dummy = accounts.hasher.hash("not anyone's password")


def sign_up(client: TestClient, name: str, password: str = PASSWORD) -> dict[str, Any]:
    r = client.post("/api/account/signup", json={"name": name, "password": password})
    assert r.status_code == 200, r.text
    return r.json()["account"]


def wait_for(check: Callable[[], Any], seconds: float = 20.0) -> Any:
    """Poll until ``check()`` is truthy."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        got = check()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError("timed out waiting")


def play_seat(client: TestClient, table: str, token: str, seconds: float = 30.0) -> dict[str, Any]:
    """Play one seat (first legal action) until the game ends; AI seats play themselves."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        v = client.get(f"/api/tables/{table}/view", params={"token": token}).json()
        if v["status"] == "finished":
            return v
        if v["your_turn"]:
            r = client.post(
                f"/api/tables/{table}/action",
                json={"token": token, "action": v["legal"][0]["action"], "ply": v["ply"]},
            )
            assert r.status_code in (200, 409), r.text
        else:
            time.sleep(0.02)
    raise AssertionError("the game did not end")

"""Issue 27, item 1: failed sign-in guesses never lock the owner out.

Failures back off per (name, address): after a few, that address gets 429 with
``Retry-After`` at once for that name (nobody sleeps, no lock is held), and the owner
signing in from another address is never delayed by a stranger's failures.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from players_helpers import PASSWORD, players_app, quick_hashing, sign_up

from spelbord.server.players.signin import BackoffPolicy, SignInBackoff, SignInWaitError

OWNER, STRANGER = "198.51.100.7", "203.0.113.66"


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'signin.sqlite3'}"


def _sign_in(c: TestClient, name: str, password: str) -> tuple[int, float, dict[str, str]]:
    start = time.monotonic()
    r = c.post("/api/account/signin", json={"name": name, "password": password})
    return r.status_code, time.monotonic() - start, dict(r.headers)


def test_a_strangers_guesses_never_delay_the_owner_from_another_address(url: str) -> None:
    with players_app(url) as new_client:
        owner = new_client(OWNER)
        quick_hashing(owner)
        sign_up(owner, "Ingrid")
        strangers = [new_client(STRANGER) for _ in range(6)]
        with ThreadPoolExecutor(max_workers=6) as pool:
            guesses = [
                pool.submit(_sign_in, s, "ingrid", f"guess-{i}") for i, s in enumerate(strangers)
            ]
            time.sleep(0.05)  # the guesses are under way
            status, owner_took, _ = _sign_in(owner, "Ingrid", PASSWORD)
            answers = [g.result() for g in guesses]
        assert status == 200
        assert owner_took < 1.5, f"the owner waited {owner_took:.2f} s"
        for code, took, headers in answers:
            assert code in (401, 429) and took < 1.5, (code, took)
            if code == 429:
                assert int(headers["retry-after"]) >= 1
        # The stranger goes on guessing: every answer comes at once, soon all are 429.
        answers = [_sign_in(strangers[0], "ingrid", f"more-{i}") for i in range(6)]
        assert all(took < 1.5 for _, took, _ in answers)
        code, _, headers = answers[-1]
        assert code == 429 and int(headers["retry-after"]) >= 1
        # ... even with the right password: that address must wait.
        assert _sign_in(strangers[0], "ingrid", PASSWORD)[0] == 429
        # The owner, from its own address, is never held back.
        for _ in range(3):
            code, took, _ = _sign_in(owner, "ingrid", PASSWORD)
            assert code == 200 and took < 1.5


def test_the_429_is_a_clear_error_in_the_players_language(url: str) -> None:
    with players_app(url) as new_client:
        c = new_client(STRANGER)
        sign_up(new_client(OWNER), "Jonna")
        codes = [_sign_in(c, "jonna", "wrong-guess")[0] for _ in range(5)]
        assert codes[:3] == [401, 401, 401] and codes[-1] == 429
        r = c.post(
            "/api/account/signin",
            json={"name": "jonna", "password": "wrong-guess"},
            headers={"Accept-Language": "sv"},
        )
        assert r.status_code == 429
        assert r.json()["error"].startswith("too many wrong passwords for this name")
        assert r.json()["message"] != r.json()["error"]


def test_backoff_grows_per_name_and_address_and_success_clears_it() -> None:
    now = [0.0]
    backoff = SignInBackoff(BackoffPolicy(free=2, base=1.0, cap=8.0), clock=lambda: now[0])
    key = ("ingrid", STRANGER)
    waits = []
    for _ in range(7):
        try:
            with backoff.attempt(key) as attempt:
                attempt.failed()
            waits.append(0.0)
        except SignInWaitError as exc:
            waits.append(exc.retry_after)
            now[0] += exc.retry_after  # the client waits as told
            with backoff.attempt(key) as attempt:
                attempt.failed()
    assert waits == [0.0, 0.0, 0.0, 1.0, 2.0, 4.0, 8.0]
    with backoff.attempt(("ingrid", OWNER)):
        pass  # another address: never waits
    now[0] += 8.0
    with backoff.attempt(key):
        pass  # a success clears the count
    with backoff.attempt(key) as attempt:
        attempt.failed()


def test_one_address_has_one_attempt_in_flight_per_name() -> None:
    backoff = SignInBackoff(BackoffPolicy())
    with backoff.attempt(("kaj", STRANGER)):
        with pytest.raises(SignInWaitError) as raised, backoff.attempt(("kaj", STRANGER)):
            pass
        assert raised.value.retry_after == 1
        with backoff.attempt(("kaj", OWNER)):
            pass


def test_the_policy_is_declared_and_configurable() -> None:
    assert BackoffPolicy.parse("free=5,base=0.5,cap=60,forget=600") == BackoffPolicy(
        free=5, base=0.5, cap=60.0, forget=600.0
    )
    for bad in ("free=-1", "cap=inf", "base=nan", "speed=3", "cap=0"):
        with pytest.raises(ValueError):
            BackoffPolicy.parse(bad)


def test_an_ipv6_guesser_cannot_take_a_fresh_address_of_its_64_for_every_guess(
    url: str,
) -> None:
    """Guessing from many addresses of one IPv6 /64 (a single host or household) counts as
    one address; the owner's own /64 is never held back, nor is the next network."""
    with players_app(url) as new_client:
        owner = new_client("2001:db8:aaaa:1::5")
        quick_hashing(owner)
        sign_up(owner, "Ylva")
        guessers = [new_client(f"2001:db8:bbbb:1::{i:x}") for i in range(1, 7)]
        codes = [_sign_in(g, "ylva", f"guess-{i}")[0] for i, g in enumerate(guessers)]
        assert codes[:3] == [401, 401, 401] and codes[-1] == 429, codes
        assert _sign_in(new_client("2001:db8:bbbb:1:ffff::9"), "ylva", PASSWORD)[0] == 429
        assert _sign_in(new_client("2001:db8:bbbb:2::1"), "ylva", "guess-x")[0] == 401
        assert _sign_in(new_client("2001:db8:aaaa:1::77"), "ylva", PASSWORD)[0] == 200
        assert _sign_in(owner, "ylva", PASSWORD)[0] == 200

"""The rate limiter counts on the caller's thread: no thread is started per request (the
``limits`` memory storage starts a timer thread after every quiet 10 ms, and the event
loop waited for each to start)."""

from __future__ import annotations

import threading
import time

import pytest

from spelbord.server.web.ratelimit import Limiter, RateLimitedError, RateLimits


def test_hits_start_no_threads_and_still_count(monkeypatch: pytest.MonkeyPatch) -> None:
    limiter = Limiter(RateLimits(act="5/second"))
    started: list[object] = []
    real = threading.Timer.start

    def counting(self: threading.Timer) -> None:
        started.append(self)
        real(self)

    monkeypatch.setattr(threading.Timer, "start", counting)
    for _ in range(5):
        limiter.hit("act", "t:seat")
        time.sleep(0.02)  # quiet for longer than the stock storage's 10 ms timer
    with pytest.raises(RateLimitedError):
        limiter.hit("act", "t:seat")
    limiter.hit("act", "another seat")
    assert started == []


def test_old_entries_are_swept_on_the_callers_thread() -> None:
    limiter = Limiter(RateLimits(create="100/second"))
    storage = limiter._limiter.storage
    for _ in range(10):
        limiter.hit("create", "10.0.0.1")
    assert sum(len(v) for v in storage.events.values()) == 10
    time.sleep(1.1)  # the entries of a 1-second window have expired
    storage._swept -= storage.SWEEP_EVERY  # a minute has passed since the last sweep
    limiter.hit("create", "10.0.0.2")
    assert sum(len(v) for v in storage.events.values()) == 1

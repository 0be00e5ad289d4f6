"""Shared test setup."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

settings.register_profile("ci", max_examples=60, deadline=None)
settings.register_profile("dev", max_examples=25, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(autouse=True)
def _no_event_loop_left_running(request: pytest.FixtureRequest) -> Iterator[None]:
    """Each test starts with no event loop running on its thread.

    Playwright's sync API (the browser tests share one Chromium per pytest worker) leaves its
    event loop marked as running on the main thread between its calls; a later test in the
    same worker that calls ``asyncio.run`` (the server's and the worker's ``main``, the
    cluster scenarios) would be refused. The mark is lifted for the test and put back after
    (not for a test that drives the browser: Playwright needs its loop).
    """
    left = asyncio.events._get_running_loop()
    if left is None or "browser" in request.fixturenames:
        yield
        return
    asyncio.events._set_running_loop(None)
    try:
        yield
    finally:
        asyncio.events._set_running_loop(left)

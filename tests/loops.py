"""``run(coro)``: ``asyncio.run`` on a thread of its own.

A test that drives a coroutine directly must not depend on which tests ran before it in
the same pytest worker: Playwright's sync API leaves an event loop running on the main
thread, where ``asyncio.run`` refuses to start.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T]) -> T:
    """The result of ``coro`` run to the end in a new event loop on a new thread."""
    outcome: dict[str, Any] = {}

    def target() -> None:
        try:
            outcome["value"] = asyncio.run(coro)
        except BaseException as exc:  # re-raised on the caller's thread
            outcome["error"] = exc

    thread = threading.Thread(target=target, name="test-loop")
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]  # type: ignore[no-any-return]

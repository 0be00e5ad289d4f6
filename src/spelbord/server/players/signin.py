"""Failed sign-ins back off per (name, address), and never lock the owner out.

A wrong password counts against the pair of the name tried and the address it came from.
After ``free`` failures in a row that address must wait before it tries that name again:
``base`` seconds, doubling with every further failure up to ``cap``. A try that comes too
early is answered at once with 429 and ``Retry-After`` (``SignInWaitError``); nobody
sleeps and no lock is held, so the owner signing in from another address is never slowed
by a stranger's guesses. One address has at most one try of a name in flight: parallel
guesses are answered 429 at once instead of queueing. A success clears the pair's count;
failures older than ``forget`` seconds are forgotten. The per-address rate limit
(``ratelimit``'s ``signin``) bounds guesses across names.

>>> policy = BackoffPolicy(free=3, base=1.0, cap=900.0)
>>> [policy.wait(n) for n in range(1, 9)]
[0.0, 0.0, 0.0, 1.0, 2.0, 4.0, 8.0, 16.0]
>>> policy.wait(40)
900.0
>>> BackoffPolicy.parse("free=5,cap=60")
BackoffPolicy(free=5, base=1.0, cap=60.0, forget=3600.0)
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from spelbord.server.errors import TableError

BACKOFF_ENV = "SPELBORD_SIGNIN_BACKOFF"
Key = tuple[str, str]
"""(the name's key, the client's address)."""


class SignInWaitError(TableError):
    """This address must wait before it tries this name again (429, ``Retry-After``)."""

    status: ClassVar[int] = 429

    def __init__(self, retry_after: int) -> None:
        super().__init__(
            f"too many wrong passwords for this name from your address: try again in "
            f"{retry_after} s"
        )
        self.retry_after = retry_after


@dataclass(frozen=True)
class BackoffPolicy:
    """How failed sign-ins are held back (seconds); ``SPELBORD_SIGNIN_BACKOFF`` sets it."""

    free: int = 3
    """Failures in a row answered without a wait (typos happen)."""
    base: float = 1.0
    """The wait after the first failure beyond the free ones; doubles with each further one."""
    cap: float = 900.0
    """The longest wait."""
    forget: float = 3600.0
    """Failures older than this are forgotten."""

    def __post_init__(self) -> None:
        if not (isinstance(self.free, int) and 0 <= self.free <= 100):
            raise ValueError(f"free must be 0 to 100 failures, not {self.free!r}")
        for name in ("base", "cap", "forget"):
            value = getattr(self, name)
            if not (math.isfinite(value) and 0 < value <= 86400):
                raise ValueError(f"{name} must be seconds from 0 to 86400, not {value!r}")

    def wait(self, failures: int) -> float:
        """Seconds an address waits after ``failures`` failures in a row."""
        beyond = failures - self.free
        if beyond <= 0:
            return 0.0
        return float(min(self.cap, self.base * 2.0 ** min(beyond - 1, 64)))

    @classmethod
    def parse(cls, text: str) -> BackoffPolicy:
        """``"free=3,base=1,cap=900,forget=3600"`` (any of them; the rest as declared)."""
        chosen: dict[str, Any] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, _, value = part.partition("=")
            key = key.strip()
            if key not in ("free", "base", "cap", "forget"):
                raise ValueError(
                    f"unknown sign-in backoff setting {key!r} (free, base, cap, forget)"
                )
            chosen[key] = int(value) if key == "free" else float(value)
        return dataclasses.replace(cls(), **chosen)

    @classmethod
    def from_env(cls) -> BackoffPolicy:
        text = os.environ.get(BACKOFF_ENV)
        return cls() if not text else cls.parse(text)


@dataclass
class _Record:
    failures: int = 0
    last: float = 0.0
    not_before: float = 0.0
    in_flight: bool = False


class Attempt:
    """One sign-in try under way; ``failed()`` counts it as a wrong password."""

    def __init__(self) -> None:
        self.wrong = False

    def failed(self) -> None:
        self.wrong = True


class SignInBackoff:
    """The failure counts of (name, address) pairs, in memory (at most ``capacity``)."""

    def __init__(
        self,
        policy: BackoffPolicy | None = None,
        clock: Callable[[], float] = time.monotonic,
        capacity: int = 100_000,
    ) -> None:
        self.policy = policy or BackoffPolicy()
        self.clock = clock
        self.capacity = capacity
        self._records: dict[Key, _Record] = {}

    @contextlib.contextmanager
    def attempt(self, key: Key) -> Iterator[Attempt]:
        """A try of ``key``: ``SignInWaitError`` at once if it must wait (or one is in
        flight); otherwise the body runs, and a failure it reports is counted."""
        now = self.clock()
        record = self._records.get(key)
        if record is not None and now - record.last > self.policy.forget and not record.in_flight:
            record = None
            del self._records[key]
        if record is not None:
            if record.in_flight:
                raise SignInWaitError(1)
            if now < record.not_before:
                raise SignInWaitError(max(1, math.ceil(record.not_before - now)))
        else:
            record = self._records[key] = _Record(last=now)
            self._bound(now)
        record.in_flight = True
        attempt = Attempt()
        try:
            yield attempt
        finally:
            record.in_flight = False
        if attempt.wrong:
            record.failures += 1
            record.last = self.clock()
            record.not_before = record.last + self.policy.wait(record.failures)
        else:
            self._records.pop(key, None)

    def _bound(self, now: float) -> None:
        """Keep at most ``capacity`` pairs: forgotten ones go first, then the oldest."""
        if len(self._records) <= self.capacity:
            return
        old = [k for k, r in self._records.items() if now - r.last > self.policy.forget]
        for k in old:
            del self._records[k]
        if len(self._records) > self.capacity:
            idle = sorted((r.last, k) for k, r in self._records.items() if not r.in_flight)
            for _, k in idle[: len(self._records) - self.capacity // 2]:
                del self._records[k]

"""Per-client rate limits on creating tables, claiming seats, acting, signing up and in,
creating or joining tournaments, analysing positions, playing moves on the analysis board
and using a game's tools (``limits``).

A client is its IP address (an IPv6 address: its /64 network) for everything but acting,
and its seat (the table and the token) for acting. Limits are written like ``"20/minute;200/hour"``;
``SPELBORD_RATE_LIMITS`` overrides them, e.g. ``create=60/minute,act=off``, or ``off``.
A refused request gets 429 and changes nothing.

>>> limiter = Limiter(RateLimits(create="2/minute"))
>>> limiter.hit("create", "10.0.0.1"); limiter.hit("create", "10.0.0.1")
>>> limiter.hit("create", "10.0.0.1")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
spelbord.server.web.ratelimit.RateLimitedError: too many requests to create a table: at most 2...
>>> chosen = RateLimits.parse("act=off,claim=5/second")
>>> chosen.claim, chosen.act, chosen.create, chosen.signin
('5/second', None, '20/minute;200/hour', '20/minute;200/hour')
"""

from __future__ import annotations

import dataclasses
import ipaddress
import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends
from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from starlette.requests import HTTPConnection

from spelbord.server.errors import TableError

RATE_LIMITS_ENV = "SPELBORD_RATE_LIMITS"
WHAT = {
    "create": "create a table",
    "claim": "claim a seat",
    "act": "act",
    "signup": "sign up",
    "signin": "sign in",
    "tournament": "create or join a tournament",
    "analyse": "analyse a position",
    "tool": "use a game's tool",
    "puzzle": "check a puzzle's move",
    "board": "play a move on the analysis board",
    "imports": "import a game record",
}


class RateLimitedError(TableError):
    """A client asked too often; nothing was changed (``retry_after``: seconds until it
    may ask again, sent as ``Retry-After``)."""

    status = 429

    def __init__(self, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


@dataclass(frozen=True)
class RateLimits:
    """The limit per client of each kind of request (``None``: unlimited)."""

    create: str | None = "20/minute;200/hour"
    claim: str | None = "30/minute"
    act: str | None = "20/second;600/minute"
    signup: str | None = "10/minute;50/hour"
    signin: str | None = "20/minute;200/hour"
    tournament: str | None = "20/minute;200/hour"
    analyse: str | None = "20/minute"
    tool: str | None = "30/minute;300/hour"
    puzzle: str | None = "30/minute;600/hour"
    board: str | None = "120/minute;2000/hour"
    imports: str | None = "10/minute;100/hour"

    @classmethod
    def parse(cls, text: str) -> RateLimits | None:
        """``"off"`` -> ``None``; ``"create=60/minute,act=off"`` -> those, else defaults."""
        text = text.strip()
        if text.lower() in ("off", "none", "0"):
            return None
        chosen: dict[str, str | None] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, _, value = part.partition("=")
            if key not in WHAT:
                raise ValueError(f"unknown rate limit {key!r} ({', '.join(WHAT)})")
            value = value.strip()
            if value.lower() != "off":
                parse_many(value)  # raises ValueError when malformed
            chosen[key] = None if value.lower() == "off" else value
        return dataclasses.replace(cls(), **chosen)

    @classmethod
    def from_env(cls) -> RateLimits | None:
        text = os.environ.get(RATE_LIMITS_ENV)
        return cls() if text is None else cls.parse(text)


class _QuietMemoryStorage(MemoryStorage):
    """``limits``' memory storage without its expiry thread.

    The stock storage starts a ``threading.Timer`` whenever the previous one has finished
    (after any 10 ms without a hit), and the caller waits for each new thread to start:
    on the event loop, under load, that stalled every action for milliseconds. Here the
    expired entries are dropped on the caller's thread instead, at most once a minute
    (the moving windows only ever read the newest entries, so counting is unchanged).
    """

    SWEEP_EVERY = 60.0

    def __init__(self) -> None:
        super().__init__()
        self._swept = time.monotonic()

    def _MemoryStorage__schedule_expiry(self) -> None:  # replaces the thread-starting one
        now = time.monotonic()
        if now - self._swept >= self.SWEEP_EVERY:
            self._swept = now
            self._MemoryStorage__expire_events()  # type: ignore[attr-defined]


class Limiter:
    """Counts requests per kind and client in memory (moving windows)."""

    def __init__(self, limits: RateLimits | None) -> None:
        self._items: dict[str, list[RateLimitItem]] = {}
        if limits is not None:
            for what in WHAT:
                spec = getattr(limits, what)
                if spec:
                    self._items[what] = parse_many(spec)
        self._limiter = MovingWindowRateLimiter(_QuietMemoryStorage())

    def hit(self, what: str, client: str) -> None:
        """Count one request of kind ``what`` by ``client``; raise if over a limit."""
        for item in self._items.get(what, ()):
            if not self._limiter.hit(item, what, client):
                reset = self._limiter.get_window_stats(item, what, client).reset_time
                raise RateLimitedError(
                    f"too many requests to {WHAT[what]}: at most {item.amount} per "
                    f"{item.multiples} {item.GRANULARITY.name}",
                    retry_after=max(1, math.ceil(reset - time.time())),
                )


def client_of(conn: HTTPConnection) -> str:
    """The client a request counts against: its address (``client_key``)."""
    return client_key(conn.client.host) if conn.client else "?"


def client_key(host: str) -> str:
    """The client an address belongs to: an IPv4 address itself, an IPv6 address its /64
    network (one household or host is usually given a whole /64, so counting single
    addresses would let it take a fresh one for every guess), an IPv4-mapped IPv6
    address its IPv4 address; anything else (a test client's name) as it is.

    >>> client_key("203.0.113.7"), client_key("::ffff:203.0.113.7")
    ('203.0.113.7', '203.0.113.7')
    >>> client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2::ffff")
    True
    >>> client_key("2001:db8:1:2:aaaa::1")
    '2001:db8:1:2::/64'
    >>> client_key("2001:db8:1:3::1"), client_key("testclient")
    ('2001:db8:1:3::/64', 'testclient')
    """
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def the_limiter(conn: HTTPConnection) -> Limiter:
    """The app's ``Limiter`` (a dependency)."""
    limiter: Limiter = conn.app.state.limiter
    return limiter


TheLimiter = Annotated[Limiter, Depends(the_limiter)]


def limit_client(conn: HTTPConnection, limiter: TheLimiter) -> Callable[[str], None]:
    """A dependency: ``limit(what)`` counts this request's client against the ``what``
    limit (``RateLimitedError``: 429)."""
    client = client_of(conn)
    return lambda what: limiter.hit(what, client)


Limit = Annotated[Callable[[str], None], Depends(limit_client)]

"""The message bus between the processes of a server: Redis pub/sub, or in one process.

Messages are small JSON objects on named channels. Nothing that must not be lost travels
only on the bus: the database is the truth (a job, a move, an owner), the bus only wakes
the process that should look (a worker: a job is queued; an owner: a job is done) and
carries frames and forwarded requests, whose loss a client sees and recovers from (a
frame's sequence number shows the gap; a forwarded request that gets no answer is
answered ``503``, nothing acknowledged).

``LocalBus``: one process (the embedded ``make serve``): handlers are called on the loop.
``RedisBus``: ``SPELBORD_REDIS_URL``; publishing never waits (an outbox task sends in
order, pipelined, and the messages waiting for one channel go as one Redis message: a
JSON array, ``pack``; at most ``MAX_OUTBOX`` messages wait, the oldest dropped beyond); a
lost connection is retried with backoff and logged, and the subscriptions are made
again. What was published meanwhile may be lost, so once subscribed again the bus calls
its ``after_reconnect`` callbacks (a web process then closes the sockets whose frames
come over the bus, 1012: their clients reconnect and get the whole view).

>>> import asyncio
>>> async def demo() -> list[dict]:
...     bus, got = LocalBus(), []
...     bus.subscribe("jobs", got.append)
...     bus.publish("jobs", {"queued": 1})
...     await asyncio.sleep(0)
...     return got
>>> asyncio.run(demo())
[{'queued': 1}]
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any, Protocol

import orjson

log = logging.getLogger(__name__)

REDIS_ENV = "SPELBORD_REDIS_URL"
PREFIX = "spelbord:"
MAX_OUTBOX = 100_000
"""The most messages waiting to be published while Redis cannot be reached."""

Handler = Callable[[dict[str, Any]], None]


class BusUnavailableError(RuntimeError):
    """The bus cannot be reached (at start: the server says which and exits)."""


class Bus(Protocol):
    """Publish and subscribe by channel name."""

    shared: bool
    """Whether other processes hear it (``False``: this process only)."""

    def publish(self, channel: str, message: dict[str, Any]) -> None: ...

    def subscribe(self, channel: str, handler: Handler) -> None: ...

    def after_reconnect(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` whenever the bus is back after a lost connection (messages
        published meanwhile may be lost)."""

    async def start(self) -> None: ...

    async def close(self) -> None: ...


class LocalBus:
    """The bus of one process."""

    shared = False

    def __init__(self) -> None:
        self._handlers: dict[str, list[Handler]] = {}

    def publish(self, channel: str, message: dict[str, Any]) -> None:
        for handler in self._handlers.get(channel, ()):
            asyncio.get_running_loop().call_soon(_safely, handler, message)

    def subscribe(self, channel: str, handler: Handler) -> None:
        self._handlers.setdefault(channel, []).append(handler)

    def after_reconnect(self, callback: Callable[[], None]) -> None:
        return None  # one process: nothing is ever lost

    async def start(self) -> None:
        return None

    async def close(self) -> None:
        return None


def pack(batch: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    """Messages (each a channel and its JSON object) as one JSON array per channel, in the
    order of their first message; each channel's messages keep their order. Under load a
    process sends most of its messages to a few channels (another process's own), and
    Redis and its listeners pay per message, not per byte.

    >>> pack([("a", b'{"n":1}'), ("b", b'{"n":2}'), ("a", b'{"n":3}')])
    [('a', b'[{"n":1},{"n":3}]'), ('b', b'[{"n":2}]')]
    """
    by_channel: dict[str, list[bytes]] = {}
    for channel, data in batch:
        by_channel.setdefault(channel, []).append(data)
    return [(channel, b"[" + b",".join(items) + b"]") for channel, items in by_channel.items()]


def unpack(data: bytes) -> list[dict[str, Any]]:
    """The messages of one Redis message: a JSON array of them (``pack``) or one object;
    anything else is no message.

    >>> unpack(b'[{"n":1},{"n":3}]'), unpack(b'{"n":2}'), unpack(b"[1, 2]"), unpack(b"{")
    ([{'n': 1}, {'n': 3}], [{'n': 2}], [], [])
    """
    try:
        decoded = orjson.loads(data)
    except orjson.JSONDecodeError:
        return []
    items = decoded if isinstance(decoded, list) else [decoded]
    return [item for item in items if isinstance(item, dict)]


def _safely(handler: Handler, message: dict[str, Any]) -> None:
    try:
        handler(message)
    except Exception:
        log.exception("a bus handler failed")


class RedisBus:
    """Redis pub/sub (``redis.asyncio``): one connection listens, one publishes."""

    shared = True

    def __init__(self, url: str) -> None:
        self.url = url
        self._handlers: dict[str, list[Handler]] = {}
        self._reconnected: list[Callable[[], None]] = []
        self._outbox: asyncio.Queue[tuple[str, bytes]] | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._client: Any = None
        self._subscribed = asyncio.Event()
        self.published = 0
        self.dropped = 0

    async def check(self) -> None:
        """Reach Redis once (``BusUnavailableError`` naming the URL when it cannot)."""
        import redis.asyncio as redis

        client = redis.Redis.from_url(self.url, socket_connect_timeout=3)
        try:
            await client.ping()
        except Exception as exc:
            raise BusUnavailableError(
                f"Redis at {_masked(self.url)} cannot be reached: {exc}"
            ) from None
        finally:
            await client.aclose()

    async def start(self) -> None:
        import redis.asyncio as redis

        await self.check()
        self._client = redis.Redis.from_url(self.url, socket_connect_timeout=3)
        self._outbox = asyncio.Queue(MAX_OUTBOX)
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._send()), loop.create_task(self._listen())]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._subscribed.wait(), 5)

    def publish(self, channel: str, message: dict[str, Any]) -> None:
        if self._outbox is None:
            self.dropped += 1
            return
        item = (PREFIX + channel, orjson.dumps(message))
        try:
            self._outbox.put_nowait(item)
        except asyncio.QueueFull:  # Redis has been away a long time: the oldest goes
            self._outbox.get_nowait()
            self._outbox.put_nowait(item)
            self.dropped += 1
            if self.dropped % 10_000 == 1:
                log.warning("Redis unreachable: %d messages dropped so far", self.dropped)

    def subscribe(self, channel: str, handler: Handler) -> None:
        """Handlers are registered before ``start`` (the listener subscribes to them all)."""
        self._handlers.setdefault(PREFIX + channel, []).append(handler)

    def after_reconnect(self, callback: Callable[[], None]) -> None:
        self._reconnected.append(callback)

    async def _send(self) -> None:
        assert self._outbox is not None
        delay = 0.1
        batch: list[tuple[str, bytes]] = []
        while True:
            if not batch:
                batch.append(await self._outbox.get())
                while not self._outbox.empty() and len(batch) < 256:
                    batch.append(self._outbox.get_nowait())
            try:
                pipe = self._client.pipeline(transaction=False)
                for channel, data in pack(batch):
                    pipe.publish(channel, data)
                await pipe.execute()
                self.published += len(batch)
                batch = []
                delay = 0.1
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("Redis publish failed (%s); retrying in %.1f s", exc, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)

    async def _listen(self) -> None:
        import redis.asyncio as redis

        delay = 0.1
        lost = False
        while True:
            client = redis.Redis.from_url(self.url, socket_connect_timeout=3)
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            try:
                if self._handlers:
                    await pubsub.subscribe(*self._handlers)
                self._subscribed.set()
                delay = 0.1
                if lost:
                    lost = False
                    log.warning("Redis subscription made again")
                    for callback in self._reconnected:
                        try:
                            callback()
                        except Exception:
                            log.exception("a reconnect callback failed")
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    channel = message["channel"]
                    channel = channel.decode() if isinstance(channel, bytes) else channel
                    handlers = self._handlers.get(channel, ())
                    for data in unpack(message["data"]):
                        for handler in handlers:
                            _safely(handler, data)
                    # A backlog is read without waiting: the loop's other work (sockets,
                    # moves) gets its turn between the messages.
                    await asyncio.sleep(0)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("Redis subscription lost (%s); again in %.1f s", exc, delay)
                lost = True
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                with contextlib.suppress(Exception):
                    await client.aclose()

    async def close(self) -> None:
        if self._outbox is not None:
            for _ in range(50):  # let what is queued go out (a drained process says goodbye)
                if self._outbox.empty():
                    break
                await asyncio.sleep(0.02)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._client is not None:
            with contextlib.suppress(Exception):
                await self._client.aclose()


def _masked(url: str) -> str:
    head, at, tail = url.rpartition("@")
    if not at:
        return url
    scheme, _, _ = head.partition("://")
    return f"{scheme}://***@{tail}"


def bus_from_env(url: str | None) -> Bus:
    """``RedisBus(url)`` when a URL is given, else a ``LocalBus``."""
    return RedisBus(url) if url else LocalBus()

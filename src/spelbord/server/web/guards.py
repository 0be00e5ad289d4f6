"""ASGI guards in front of the app: request body size and the Origin of requests.

``BodyLimit`` counts the bytes of a request body as they arrive (``http.request``
messages, chunked or not) and stops reading at the limit with ``413``: a large upload is
refused without being held in memory. ``OriginCheck`` refuses state-changing requests
(anything but GET, HEAD, OPTIONS) and WebSocket connections whose ``Origin`` header names
a site that is not allowed (by default only the server's own host); requests without an
``Origin`` (programs, not browsers) pass.

>>> same_origin("http://localhost:8000", "localhost:8000")
True
>>> same_origin("https://evil.example", "localhost:8000")
False
"""

from __future__ import annotations

import json
import os
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from spelbord.server.errors import TableError

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

ORIGINS_ENV = "SPELBORD_ALLOWED_ORIGINS"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class BodyTooLargeError(TableError):
    """A request body over the limit of its route."""

    status = 413


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


async def _json(send: Send, status: int, error: str) -> None:
    body = json.dumps({"error": error}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes (``limits``: larger ones per path)."""

    def __init__(self, app: ASGIApp, limit: int, limits: dict[str, int] | None = None) -> None:
        self.app = app
        self.limit = limit
        self.limits = limits or {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limits.get(scope.get("path", ""), self.limit)
        length = _header(scope, b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await _json(send, 413, f"request too large ({length} bytes; the limit is {limit})")
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise BodyTooLargeError(
                        f"request too large (over {limit} bytes; the limit is {limit})"
                    )
            return message

        await self.app(scope, counted, send)


def same_origin(origin: str, host: str | None) -> bool:
    """Whether ``origin`` (scheme://host[:port]) is the site at ``host`` (the Host header)."""
    if not host:
        return False
    return urlsplit(origin).netloc.lower() == host.lower()


def allowed_origins_from_env() -> tuple[str, ...] | None:
    """``SPELBORD_ALLOWED_ORIGINS`` (comma-separated), or ``None``: the server's own host."""
    text = os.environ.get(ORIGINS_ENV)
    if not text:
        return None
    return tuple(o.strip().rstrip("/").lower() for o in text.split(",") if o.strip())


class OriginCheck:
    """Refuse cross-site state changes and WebSockets (see the module text)."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str] | None = None) -> None:
        self.app = app
        self.allowed = None if allowed is None else frozenset(o.lower() for o in allowed)

    def allows(self, origin: str, host: str | None) -> bool:
        if self.allowed is not None and (origin.rstrip("/").lower() in self.allowed):
            return True
        return same_origin(origin, host)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        origin = _header(scope, b"origin") if kind in ("http", "websocket") else None
        if origin is None or self.allows(origin, _header(scope, b"host")):
            await self.app(scope, receive, send)
            return
        if kind == "websocket":
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": 4403, "reason": "origin not allowed"})
            return
        if scope.get("method", "GET") in SAFE_METHODS:
            await self.app(scope, receive, send)
            return
        await _json(send, 403, f"requests from {origin} are not allowed here")

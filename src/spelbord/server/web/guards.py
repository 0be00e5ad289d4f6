"""ASGI guards in front of the app: the Host of requests, request body size and the Origin
of requests.

``HostCheck`` answers 400 to a request (or closes a WebSocket) whose ``Host`` header names a
host the server does not serve: a page whose own name was made to resolve to this server
(DNS rebinding) would otherwise drive every API that needs no cookie. The hosts are
``SPELBORD_ALLOWED_HOSTS`` (comma-separated; ``*.example.org`` allows the subdomains),
else the served host and localhost (``served_hosts``).

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
>>> host_name("[::1]:8000"), host_name("Spelbord.Example:443"), host_name("localhost")
('::1', 'spelbord.example', 'localhost')
>>> host_allowed("eu.spelbord.example", ("spelbord.example", "*.spelbord.example"))
True
>>> host_allowed("spelbord.example.evil", ("spelbord.example", "*.spelbord.example"))
False
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection

from spelbord.server.errors import TableError
from spelbord.server.web.messages import connection_language, error_body

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

ORIGINS_ENV = "SPELBORD_ALLOWED_ORIGINS"
HOSTS_ENV = "SPELBORD_ALLOWED_HOSTS"
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")
ANY_ADDRESS = ("", "0.0.0.0", "::")
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class BodyTooLargeError(TableError):
    """A request body over the limit of its route."""

    status = 413


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


async def _json(send: Send, status: int, error: str, scope: Scope | None = None) -> None:
    try:
        language = connection_language(HTTPConnection(scope)) if scope is not None else "en"
    except (KeyError, ValueError):  # a scope without the parts a request has
        language = "en"
    body = json.dumps(error_body(error, language)).encode()
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
            await _json(
                send, 413, f"request too large ({length} bytes; the limit is {limit})", scope
            )
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
        await _json(send, 403, f"requests from {origin} are not allowed here", scope)


def host_name(header: str) -> str:
    """The host of a ``Host`` header, without its port, in lower case."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].partition("]")[0]
    return header.rpartition(":")[0] if header.count(":") == 1 else header


def host_allowed(host: str, allowed: Iterable[str]) -> bool:
    """Whether ``host`` (no port) is one of ``allowed`` (``*.name``: any subdomain of name)."""
    for entry in allowed:
        if entry.startswith("*.") and host.endswith(entry[1:]) and len(host) > len(entry) - 1:
            return True
        if host == entry:
            return True
    return False


def served_hosts(host: str) -> tuple[str, ...]:
    """The hosts a server listening on ``host`` answers by default: that host and
    localhost; listening on every interface, also this machine's name and addresses."""
    names = [*LOCAL_HOSTS]
    if host.strip("[]") in ANY_ADDRESS:
        machine = socket.gethostname()
        names.append(machine)
        with contextlib.suppress(OSError):
            names.extend(str(info[4][0]) for info in socket.getaddrinfo(machine, None))
    else:
        names.append(host)
    return tuple(dict.fromkeys(h.strip("[]").lower() for h in names if h))


def allowed_hosts_from_env() -> tuple[str, ...] | None:
    """``SPELBORD_ALLOWED_HOSTS`` (comma-separated), or ``None`` when it is not set."""
    text = os.environ.get(HOSTS_ENV)
    if not text or not text.strip():
        return None
    return tuple(h.strip().lower() for h in text.split(",") if h.strip())


class HostCheck:
    """Refuse requests and WebSockets for hosts the server does not serve (400)."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str]) -> None:
        self.app = app
        self.allowed = tuple(h.lower() for h in allowed)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = host_name(_header(scope, b"host") or "")
        if host and host_allowed(host, self.allowed):
            await self.app(scope, receive, send)
            return
        if kind == "websocket":
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": 4400, "reason": "host not served"})
            return
        await _json(send, 400, f"the host {host!r} is not served here", scope)

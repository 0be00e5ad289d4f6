"""The WebSocket of a live table: one subscriber per client, with a bounded outbox.

A client connects to ``/ws/tables/{id}?token=...`` (``tables.routes``), gets the table's
view at once and a fresh one after every change, and sends ``action``, ``resign``,
``offer`` (draw, takeback, rematch: ``social``), ``ping`` and ``sync`` messages
(``protocol.parse_message``). An error it causes is answered on the socket
(``{"type": "error", "message": ..., "text": ...}``) and changes nothing. A socket of a
table another process owns is served by ``serve_remote_socket``: frames over the bus,
messages forwarded to the owner.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
from collections import deque
from typing import Any, Protocol

from fastapi import WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from spelbord.core.errors import SpelbordError
from spelbord.server.errors import status_of
from spelbord.server.tables.live import LiveTable
from spelbord.server.tables.protocol import (
    ActionMessage,
    OfferMessage,
    PingMessage,
    ResignMessage,
    SyncMessage,
    parse_message,
)
from spelbord.server.web.messages import connection_language, socket_error
from spelbord.server.web.ratelimit import Limiter

log = logging.getLogger(__name__)

OUTBOX = 64
"""Replies (errors, pongs) a WebSocket client may leave unread before it is disconnected;
views and presence changes never pile up: a newer one replaces the one not yet sent."""


_SUB_IDS = itertools.count()
"""Ids of the sockets this process holds for tables owned elsewhere (unique per process:
the owner keys them by process too)."""

OBSOLETES = {
    "view": ("view", "delta", "presence"),
    "delta": ("presence",),
    "presence": ("presence",),
    "ai": ("ai",),
}
"""What a message makes obsolete in an outbox: a full view every older frame and presence
change; a frame with a partial move list (``delta``) only presence: the client needs
every partial list before it, in order (a frame it never got would leave a gap)."""


class WsSubscriber:
    """One WebSocket client of a table: its seat and an outbox drained by a sender task.

    The outbox is bounded: a frame not yet sent is replaced by a newer full view (and a
    presence change by a newer one, or by a frame, which shows presence too), so a slow
    client only ever misses views that are out of date; frames with partial move lists
    queue up in order (``OBSOLETES``). It is disconnected (1013) when it leaves more than
    ``OUTBOX`` messages unread (it reconnects and gets the whole view). Pushing never waits: a slow
    spectator costs nobody else a frame.
    """

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self._queue: deque[tuple[str | None, str | None]] = deque()
        self._wake = asyncio.Event()
        self._closing = False
        self.close_code = 1013

    def push(self, text: str, kind: str | None = None) -> None:
        if self._closing:
            return
        if kind is not None:
            obsolete = OBSOLETES.get(kind, (kind,))
            if any(k in obsolete for k, _ in self._queue):
                self._queue = deque(item for item in self._queue if item[0] not in obsolete)
        if len(self._queue) >= OUTBOX:
            log.warning("a WebSocket client left %d messages unread; closing it", OUTBOX)
            self.close(1013)
            return
        self._queue.append((kind, text))
        self._wake.set()

    def close(self, code: int) -> None:
        """Close the connection after what is queued (``1012``: the table moved to another
        process; ``1013``: the client reads too slowly); the client reconnects."""
        if self._closing:
            return
        self._closing = True
        self.close_code = code
        if code == 1013:
            self._queue.clear()
        self._queue.append((None, None))
        self._wake.set()

    @property
    def backlog(self) -> int:
        """Messages waiting to be sent."""
        return len(self._queue)

    async def run(self, websocket: WebSocket) -> None:
        """Send queued messages in order; ``None`` closes the connection."""
        while True:
            while not self._queue:
                self._wake.clear()
                await self._wake.wait()
            _, text = self._queue.popleft()
            if text is None:
                await websocket.close(code=self.close_code)
                return
            await websocket.send_text(text)


async def serve_socket(
    websocket: WebSocket, table: LiveTable, seat: int | None, token: str | None, limiter: Limiter
) -> None:
    """Serve one client of a live table until it leaves: it subscribes with ``seat`` and
    sends actions, resignations, pings and syncs; errors are answered on the socket."""
    sub = WsSubscriber(seat)
    lang = connection_language(websocket)
    sender = asyncio.get_running_loop().create_task(sub.run(websocket))
    table.subscribe(sub)
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            raw = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
            try:
                msg = parse_message(raw)
                if isinstance(msg, ActionMessage):
                    limiter.hit("act", f"{table.id}:{token}")
                    await table.act(token, msg.action, msg.ply)
                elif isinstance(msg, ResignMessage):
                    await table.resign(token)
                elif isinstance(msg, OfferMessage):
                    limiter.hit("act", f"{table.id}:{token}")
                    await table.offer(token, msg.offer)
                elif isinstance(msg, PingMessage):
                    sub.push(json.dumps({"type": "pong"}))
                elif isinstance(msg, SyncMessage):
                    table.resync(sub)
            except SpelbordError as exc:
                sub.push(socket_error(str(exc), lang))
            except Exception:
                log.exception("table %s: a message failed", table.id)
                sub.push(socket_error("server error: nothing changed", lang))
    except WebSocketDisconnect:
        pass
    finally:
        table.unsubscribe(sub)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender
        if websocket.application_state == WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await websocket.close()


class Relay(Protocol):
    """Frames for the sockets this process holds of tables another process owns
    (``cluster.node.Node``): they arrive by subscription id."""

    me: str

    def attach(self, sub_id: str, table_id: str, owner: str, sub: WsSubscriber) -> None: ...

    def detach(self, sub_id: str) -> None: ...


class Caller(Protocol):
    """Runs a table's operations wherever the table lives (``Hub.call``)."""

    async def call(self, table_id: str, op: str, **kwargs: Any) -> Any: ...


async def serve_remote_socket(
    websocket: WebSocket,
    hub: Caller,
    relay: Relay,
    table_id: str,
    owner: str,
    token: str | None,
    limiter: Limiter,
) -> None:
    """Serve a client of a table another process owns: its frames come from the owner
    over the bus (the owner holds a subscriber that stands for this socket), its messages
    go to the owner as operations (``Hub.call``). When the owner goes, the socket is
    closed with 1012 and the client reconnects (the table has a new owner by then)."""
    sub = WsSubscriber(None)
    sub_id = f"{relay.me}/s{next(_SUB_IDS)}"
    lang = connection_language(websocket)
    relay.attach(sub_id, table_id, owner, sub)
    sender = asyncio.get_running_loop().create_task(sub.run(websocket))
    subscribed = False
    try:
        try:
            answer = await hub.call(
                table_id, "subscribe", process=relay.me, sub=sub_id, token=token
            )
        except SpelbordError as exc:
            await websocket.send_text(socket_error(str(exc), lang))
            await websocket.close(code=4000 + status_of(exc))
            return
        subscribed = True
        sub.seat = answer["seat"]
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            raw = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
            try:
                msg = parse_message(raw)
                if isinstance(msg, ActionMessage):
                    limiter.hit("act", f"{table_id}:{token}")
                    await hub.call(table_id, "act", token=token, action=msg.action, ply=msg.ply)
                elif isinstance(msg, ResignMessage):
                    await hub.call(table_id, "resign", token=token)
                elif isinstance(msg, OfferMessage):
                    limiter.hit("act", f"{table_id}:{token}")
                    await hub.call(
                        table_id, "offer", token=token, what=msg.offer.what, do=msg.offer.do
                    )
                elif isinstance(msg, PingMessage):
                    sub.push(json.dumps({"type": "pong"}))
                elif isinstance(msg, SyncMessage):
                    await hub.call(table_id, "resync", sub=sub_id)
            except SpelbordError as exc:
                sub.push(socket_error(str(exc), lang))
            except Exception:
                log.exception("table %s: a forwarded message failed", table_id)
                sub.push(socket_error("server error: nothing changed", lang))
    except WebSocketDisconnect:
        pass
    finally:
        relay.detach(sub_id)
        if subscribed:
            with contextlib.suppress(Exception):
                await hub.call(table_id, "unsubscribe", sub=sub_id)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender
        if websocket.application_state == WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await websocket.close()

"""The WebSocket of a live table: one subscriber per client, with a bounded outbox.

A client connects to ``/ws/tables/{id}?token=...`` (``tables.routes``), gets the table's
view at once and a fresh one after every change, and sends ``action``, ``resign``,
``ping`` and ``sync`` messages (``protocol.parse_message``). An error it causes is
answered on the socket (``{"type": "error", "message": ..., "text": ...}``) and changes
nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import deque

from fastapi import WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from spelbord.core.errors import SpelbordError
from spelbord.server.tables.live import LiveTable
from spelbord.server.tables.protocol import (
    ActionMessage,
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


class WsSubscriber:
    """One WebSocket client of a table: its seat and an outbox drained by a sender task.

    The outbox is bounded: a view not yet sent is replaced by a newer view (and a presence
    change by a newer one, or by a view, which shows presence too), so a slow client only
    ever misses views that are out of date; it is disconnected (1013) only when it leaves
    more than ``OUTBOX`` replies to its own messages unread. Pushing never waits: a slow
    spectator costs nobody else a frame.
    """

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self._queue: deque[tuple[str | None, str | None]] = deque()
        self._wake = asyncio.Event()
        self._closing = False

    def push(self, text: str, kind: str | None = None) -> None:
        if self._closing:
            return
        if kind is not None:
            obsolete = ("view", "presence") if kind == "view" else (kind,)
            if any(k in obsolete for k, _ in self._queue):
                self._queue = deque(item for item in self._queue if item[0] not in obsolete)
        elif len(self._queue) >= OUTBOX:
            log.warning("a WebSocket client left %d replies unread; closing it", OUTBOX)
            self._closing = True
            self._queue.clear()
            self._queue.append((None, None))
            self._wake.set()
            return
        self._queue.append((kind, text))
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
                await websocket.close(code=1013)
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

"""The FastAPI application: the JSON API, the WebSocket of live tables, and the pages.

``create_app`` opens the database (running the migrations to ``head``), builds the hub of
live tables and the AI worker pool, and wires the routes of /work/server-contract.md.
Every error a client can cause is answered as ``{"error": "..."}`` with a 4xx status (on
a WebSocket: ``{"type": "error", "message": "..."}``) and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import json
import logging
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect, WebSocketState

from spelbord.core.errors import SpelbordError, UnknownGameError
from spelbord.core.registry import info, load, names
from spelbord.server import pages, study
from spelbord.server.ai import AgentPool, WorkerConfig
from spelbord.server.config import resolve_database_url
from spelbord.server.db import open_engine
from spelbord.server.errors import BadRequestError, TableError
from spelbord.server.live import Hub, LiveTable
from spelbord.server.protocol import (
    MAX_MESSAGE,
    MAX_RECORD,
    ActionMessage,
    PingMessage,
    ResignMessage,
    decode,
    parse_action,
    parse_claim,
    parse_create,
    parse_message,
    token_of,
)
from spelbord.server.store import Store

log = logging.getLogger(__name__)

OUTBOX = 64
"""Messages a slow WebSocket client may fall behind by before it is disconnected."""


def _status(exc: SpelbordError) -> int:
    if isinstance(exc, TableError):
        return exc.status
    if isinstance(exc, UnknownGameError):
        return 404
    return 400


def error_response(exc: SpelbordError) -> JSONResponse:
    return JSONResponse({"error": str(exc)}, status_code=_status(exc))


class WsSubscriber:
    """One WebSocket client of a table: its seat and an outbox drained by a sender task."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(maxsize=OUTBOX)

    def push(self, text: str) -> None:
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            log.warning("a WebSocket client fell %d messages behind; closing it", OUTBOX)
            with contextlib.suppress(asyncio.QueueEmpty):
                self.outbox.get_nowait()
            self.outbox.put_nowait(None)

    async def run(self, websocket: WebSocket) -> None:
        """Send queued messages in order; ``None`` closes the connection."""
        while True:
            text = await self.outbox.get()
            if text is None:
                await websocket.close(code=1013)
                return
            await websocket.send_text(text)


def _load_games() -> None:
    try:
        importlib.import_module("spelbord.games")
    except Exception:
        log.exception("some games could not be loaded")


def create_app(
    database_url: str | None = None,
    *,
    workers: WorkerConfig | None = None,
    pool: AgentPool | None = None,
) -> FastAPI:
    """The table server on ``database_url`` (default: the embedded SQLite file)."""
    _load_games()
    engine = open_engine(resolve_database_url(database_url))
    hub = Hub(Store(engine), pool or AgentPool(workers))

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await hub.resume_all()
        try:
            yield
        finally:
            await hub.close()
            engine.dispose()

    app = FastAPI(title="Spelbord", lifespan=lifespan)
    app.state.hub = hub

    @app.exception_handler(SpelbordError)
    async def on_error(_: Request, exc: SpelbordError) -> JSONResponse:
        return error_response(exc)

    @app.exception_handler(Exception)
    async def on_crash(_: Request, exc: Exception) -> JSONResponse:
        log.error("request failed", exc_info=exc)
        return JSONResponse({"error": "server error: nothing changed"}, status_code=500)

    @app.exception_handler(StarletteHTTPException)
    async def on_http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)

    async def body(request: Request, limit: int = MAX_MESSAGE) -> Any:
        length = request.headers.get("content-length")
        if length is not None and length.isdigit() and int(length) > limit:
            raise BadRequestError(f"request too large ({length} bytes; the limit is {limit})")
        return decode(await request.body(), limit)

    @app.get("/api/games")
    def list_games() -> list[dict[str, Any]]:
        return [{**info(n).as_dict(), "renderer": f"/games/{n}/renderer.js"} for n in names()]

    @app.get("/api/games/{name}/setup")
    def game_setup(name: str, options: str = "{}") -> dict[str, Any]:
        """The seats of a game with these options (JSON), e.g. four for Omringad players=4."""
        chosen = decode(options)
        if not isinstance(chosen, dict):
            raise BadRequestError("'options' must be a JSON object")
        game = load(name, **chosen)
        return {
            "game": game.name,
            "options": game.options,
            "seats": game.num_players(),
            "teams": [list(team) for team in game.teams()],
        }

    @app.get("/api/tables")
    async def list_tables() -> dict[str, Any]:
        return {
            "open": await hub.db(hub.store.summaries, "waiting"),
            "running": await hub.db(hub.store.summaries, "running"),
            "finished": await hub.db(hub.store.summaries, "finished"),
        }

    @app.post("/api/tables")
    async def create_table(request: Request) -> dict[str, Any]:
        req = parse_create(await body(request))
        try:
            table, tokens, invites = await hub.create(req)
        except ValueError as exc:
            if isinstance(exc, SpelbordError):
                raise
            raise BadRequestError(str(exc)) from None
        return {"table": table.id, "tokens": tokens, "invites": invites}

    @app.post("/api/tables/{table_id}/claim")
    async def claim(table_id: str, request: Request) -> dict[str, Any]:
        req = parse_claim(await body(request))
        table = await hub.get(table_id)
        seat, token = await table.claim(req.seat, req.invite, req.name)
        return {"seat": seat, "token": token}

    @app.get("/api/tables/{table_id}/view")
    async def view(table_id: str, token: str | None = None) -> dict[str, Any]:
        table = await hub.get(table_id)
        return table.view(table.seat_of(token))

    @app.post("/api/tables/{table_id}/action")
    async def action(table_id: str, request: Request) -> dict[str, Any]:
        token, msg = parse_action(await body(request))
        table = await hub.get(table_id)
        seat = await table.act(token, msg.action, msg.ply)
        return table.view(seat)

    @app.post("/api/tables/{table_id}/resign")
    async def resign(table_id: str, request: Request) -> dict[str, Any]:
        token = token_of(await body(request))
        table = await hub.get(table_id)
        seat = await table.resign(token)
        return table.view(seat)

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, token: str | None = None) -> dict[str, Any]:
        table = await hub.get(table_id)
        return table.replay(table.seat_of(token))

    @app.get("/api/tables/{table_id}/export")
    async def export(table_id: str, token: str | None = None) -> dict[str, Any]:
        table = await hub.get(table_id)
        table.seat_of(token)
        return table.export()

    @app.post("/api/import")
    async def import_record(request: Request) -> dict[str, Any]:
        table = await hub.import_record(await body(request, MAX_RECORD))
        return {"table": table.id}

    @app.websocket("/ws/tables/{table_id}")
    async def live(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        await websocket.accept()
        try:
            table = await hub.get(table_id)
            seat = table.seat_of(token)
        except SpelbordError as exc:
            await websocket.send_text(json.dumps({"type": "error", "message": str(exc)}))
            await websocket.close(code=4000 + _status(exc))
            return
        await _serve_socket(websocket, table, seat, token)

    app.include_router(pages.router)
    app.include_router(study.router)
    app.mount("/static", StaticFiles(directory=pages.STATIC, check_dir=False), name="static")
    return app


async def _serve_socket(
    websocket: WebSocket, table: LiveTable, seat: int | None, token: str | None
) -> None:
    sub = WsSubscriber(seat)
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
                    await table.act(token, msg.action, msg.ply)
                elif isinstance(msg, ResignMessage):
                    await table.resign(token)
                elif isinstance(msg, PingMessage):
                    sub.push(json.dumps({"type": "pong"}))
            except SpelbordError as exc:
                sub.push(json.dumps({"type": "error", "message": str(exc)}))
            except Exception:
                log.exception("table %s: a message failed", table.id)
                sub.push(json.dumps({"type": "error", "message": "server error: nothing changed"}))
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

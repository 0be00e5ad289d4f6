"""The FastAPI application: the JSON API, the WebSocket of live tables, and the pages.

``create_app`` opens the database (running the migrations to ``head``), builds the hub of
live tables and the AI worker pool, and wires the routes of /work/server-contract.md.
Every error a client can cause is answered as ``{"error": "...", "message": "..."}`` with a
4xx status (on a WebSocket: ``{"type": "error", "message": "...", "text": "..."}``) and
changes nothing: ``error`` (WebSocket: ``message``) is the stable English text, ``message``
(WebSocket: ``text``) the same in the player's language (``messages.connection_language``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import importlib
import json
import logging
from collections import deque
from collections.abc import AsyncIterator, Iterable
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect, WebSocketState

from spelbord.ai.ladder import describe as describe_levels
from spelbord.ai.levels import specs as level_specs
from spelbord.core.errors import SpelbordError, UnknownGameError
from spelbord.core.registry import extras, info, load, names
from spelbord.server import lab, pages, player_routes, protocol, study, tools
from spelbord.server.ai import AgentPool, WorkerConfig
from spelbord.server.config import resolve_database_url
from spelbord.server.db import open_engine
from spelbord.server.errors import BadRequestError, TableError
from spelbord.server.guards import BodyLimit, OriginCheck, allowed_origins_from_env
from spelbord.server.hub import Hub, HubConfig
from spelbord.server.live import LiveTable
from spelbord.server.messages import connection_language, error_body, translate
from spelbord.server.protocol import (
    MAX_MESSAGE,
    MAX_RECORD,
    ActionMessage,
    PingMessage,
    ResignMessage,
    SyncMessage,
    decode,
    parse_action,
    parse_claim,
    parse_create,
    parse_message,
    token_of,
)
from spelbord.server.ratelimit import Limiter, RateLimits
from spelbord.server.store import Store

log = logging.getLogger(__name__)

OUTBOX = 64
"""Replies (errors, pongs) a WebSocket client may leave unread before it is disconnected;
views and presence changes never pile up: a newer one replaces the one not yet sent."""


@functools.cache
def level_list(game: str) -> list[dict[str, Any]]:
    """``ai.ladder.describe(game)``, computed once: the ratings' bootstrap fits take tens
    of milliseconds and a game's records do not change while serving."""
    return describe_levels(game)


def _status(exc: SpelbordError) -> int:
    if isinstance(exc, TableError):
        return exc.status
    if isinstance(exc, UnknownGameError):
        return 404
    return 400


def error_response(exc: SpelbordError, lang: str = "en") -> JSONResponse:
    return JSONResponse(error_body(str(exc), lang), status_code=_status(exc))


def socket_error(message: str, lang: str) -> str:
    """A WebSocket error: ``message`` in English (stable) and ``text`` in ``lang``."""
    return json.dumps({"type": "error", "message": message, "text": translate(message, lang)})


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
    hub_config: HubConfig | None = None,
    rate_limits: RateLimits | str | None = "env",
    allowed_origins: Iterable[str] | str | None = "env",
    tournament_tick: float = 1.0,
) -> FastAPI:
    """The table server on ``database_url`` (default: the embedded SQLite file).

    ``rate_limits``: per-client limits (``None``: none; default: ``RateLimits.from_env``);
    ``allowed_origins``: sites besides the server's own that may change state and open
    sockets (default: ``$SPELBORD_ALLOWED_ORIGINS``); ``tournament_tick``: seconds between
    the tournament director's rounds of checks.
    """
    _load_games()
    engine = open_engine(resolve_database_url(database_url))
    hub = Hub(
        Store(engine),
        pool or AgentPool(workers or WorkerConfig.from_env()),
        hub_config or HubConfig.from_env(),
    )
    limits = RateLimits.from_env() if isinstance(rate_limits, str) else rate_limits
    limiter = Limiter(limits)
    origins = allowed_origins_from_env() if isinstance(allowed_origins, str) else allowed_origins

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        hub.start()
        players.director.start()  # tournaments run themselves
        try:
            yield
        finally:
            await players.director.close()
            await hub.close()
            engine.dispose()

    app = FastAPI(title="Spelbord", lifespan=lifespan)
    app.state.hub = hub
    app.state.limiter = limiter
    app.add_middleware(BodyLimit, limit=MAX_MESSAGE, limits={"/api/import": MAX_RECORD})
    app.add_middleware(OriginCheck, allowed=origins)
    # Accounts, ratings, tournaments (their routes live in player_routes).
    players = player_routes.install(app, hub, tick_seconds=tournament_tick)

    def client_of(request: Request) -> str:
        return request.client.host if request.client else "?"

    @app.exception_handler(SpelbordError)
    async def on_error(request: Request, exc: SpelbordError) -> JSONResponse:
        return error_response(exc, connection_language(request))

    @app.exception_handler(Exception)
    async def on_crash(request: Request, exc: Exception) -> JSONResponse:
        log.error("request failed", exc_info=exc)
        body = error_body("server error: nothing changed", connection_language(request))
        return JSONResponse(body, status_code=500)

    @app.exception_handler(StarletteHTTPException)
    async def on_http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        body = error_body(str(exc.detail), connection_language(request))
        return JSONResponse(body, status_code=exc.status_code)

    async def body(request: Request, limit: int = MAX_MESSAGE) -> Any:
        """The JSON body (``BodyLimit`` has stopped anything over the route's limit)."""
        return decode(await request.body(), limit)

    @app.get("/api/games")
    def list_games() -> list[dict[str, Any]]:
        """Each game's facts, its renderer, its tools, its study features and its AI levels
        (``levels``: level name to the agent spec it plays as in this game, easiest first)."""
        return [
            {
                **info(n).as_dict(),
                "renderer": f"/games/{n}/renderer.js",
                "tools": [
                    {"name": t.name, "title": t.title, "page": f"/tools/{n}/{t.name}"}
                    for t in tools.game_tools(n)
                    if t.page
                ],
                "study": extras(n).study.features(),
                "levels": level_specs(n),
            }
            for n in names()
        ]

    @app.get("/api/games/{name}/levels")
    def game_level_list(name: str) -> list[dict[str, Any]]:
        """The AI levels of a game (``ai.ladder.describe``): agent spec, what it may spend
        on a move and its Elo with its 95% interval, from the game's records (one source)."""
        return level_list(info(name).name)

    @app.get("/api/levels/{name}")
    def game_levels(name: str) -> dict[str, Any]:
        """The same levels under the older address, as ``{"game", "levels"}``."""
        return {"game": info(name).name, "levels": level_list(info(name).name)}

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

    @app.post("/api/tables", openapi_extra=protocol.body_schema(protocol.CREATE_SCHEMA))
    async def create_table(request: Request) -> dict[str, Any]:
        data = await body(request)
        req = parse_create(data)
        limiter.hit("create", client_of(request))
        try:
            rated = players.check_rated(data, req)  # issue 16: "rated": true
            table, tokens, invites = await hub.create(req)
        except ValueError as exc:
            if isinstance(exc, SpelbordError):
                raise
            raise BadRequestError(str(exc)) from None
        await players.after_create(table, rated)  # issue 16
        return {"table": table.id, "tokens": tokens, "invites": invites}

    @app.post(
        "/api/tables/{table_id}/claim", openapi_extra=protocol.body_schema(protocol.CLAIM_SCHEMA)
    )
    async def claim(table_id: str, request: Request) -> dict[str, Any]:
        req = parse_claim(await body(request))
        limiter.hit("claim", client_of(request))
        table = await hub.get(table_id)
        seat, token = await table.claim(req.seat, req.invite, req.name)
        await players.after_claim(request, table, seat)  # issue 16: who sat here
        return {"seat": seat, "token": token}

    @app.get("/api/tables/{table_id}/view")
    async def view(table_id: str, token: str | None = None) -> dict[str, Any]:
        table = await hub.get(table_id)
        return table.view(table.seat_of(token))

    @app.post(
        "/api/tables/{table_id}/action", openapi_extra=protocol.body_schema(protocol.ACTION_SCHEMA)
    )
    async def action(table_id: str, request: Request) -> dict[str, Any]:
        token, msg = parse_action(await body(request))
        limiter.hit("act", f"{table_id}:{token}")
        table = await hub.get(table_id)
        seat = await table.act(token, msg.action, msg.ply)
        return table.view(seat)

    @app.post(
        "/api/tables/{table_id}/resign", openapi_extra=protocol.body_schema(protocol.TOKEN_SCHEMA)
    )
    async def resign(table_id: str, request: Request) -> dict[str, Any]:
        token = token_of(await body(request))
        table = await hub.get(table_id)
        seat = await table.resign(token)
        return table.view(seat)

    @app.post(
        "/api/tables/{table_id}/cancel", openapi_extra=protocol.body_schema(protocol.TOKEN_SCHEMA)
    )
    async def cancel(table_id: str, request: Request) -> dict[str, Any]:
        """The creator withdraws a table still waiting for players (kept as cancelled)."""
        token = token_of(await body(request))
        table = await hub.get(table_id)
        seat = await table.cancel(token)
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

    @app.post("/api/import", openapi_extra=protocol.body_schema(protocol.RECORD_SCHEMA))
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
            await websocket.send_text(socket_error(str(exc), connection_language(websocket)))
            await websocket.close(code=4000 + _status(exc))
            return
        await _serve_socket(websocket, table, seat, token, limiter)

    app.include_router(pages.router)
    app.include_router(lab.router)
    app.include_router(study.router)
    app.include_router(tools.router)
    app.mount("/static", StaticFiles(directory=pages.STATIC, check_dir=False), name="static")
    return app


async def _serve_socket(
    websocket: WebSocket, table: LiveTable, seat: int | None, token: str | None, limiter: Limiter
) -> None:
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

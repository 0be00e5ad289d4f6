"""The routes of players, ratings and tournaments (issue 16), installed on the app.

``install(app, hub)`` adds: ``/api/account/*`` (sign up, in, out, who am I),
``/api/players/{name}`` (the player page: games with replays, results, ratings),
``/api/ratings/{game}``, ``/api/tournaments`` (list, create, one, join, leave, add an AI,
start, take your seat) and ``/ws/tournaments/{id}``, plus the pages ``/account``,
``/player/{name}``, ``/tournaments`` and ``/tournaments/{id}``. It returns the
``Players`` object the table routes call to make a table rated and to remember which
account claimed a seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from fastapi import FastAPI, Request, Response, WebSocket
from fastapi.responses import FileResponse
from starlette.websockets import WebSocketDisconnect, WebSocketState

from spelbord.server.errors import BadRequestError, NotFoundError
from spelbord.server.players.accounts import (
    COOKIE,
    SESSION_SECONDS,
    Account,
    Accounts,
    NotSignedInError,
    account_by_name,
)
from spelbord.server.players.ratings import (
    leaderboard,
    mark_rated,
    rate_table,
    rated_sides,
    ratings_of,
)
from spelbord.server.players.store import SEAT_ENTRANTS, games_of
from spelbord.server.tables.hub import Hub
from spelbord.server.tables.live import LiveTable
from spelbord.server.tables.protocol import MAX_MESSAGE, CreateRequest, decode
from spelbord.server.tournaments.director import LISTING, Director, ai_entrant
from spelbord.server.web import pages

log = logging.getLogger(__name__)


class RatedTableError(BadRequestError):
    """A table asked to be rated that cannot be (e.g. seats shared on one device)."""


class Players:
    """Accounts, ratings and tournaments of one server."""

    def __init__(self, hub: Hub, accounts: Accounts, director: Director) -> None:
        self.hub = hub
        self.accounts = accounts
        self.director = director

    async def account(self, request: Request) -> Account | None:
        return await self.hub.db(self.accounts.session_account, request.cookies.get(COOKIE))

    # ------------------------------------------------------------------ table hooks
    def check_rated(self, data: Any, req: CreateRequest) -> bool:
        """Whether a new table asks to be rated (``"rated": true``); refuses one that
        cannot be: local seats, or not exactly two sides."""
        rated = isinstance(data, dict) and data.get("rated") is True
        if not rated:
            return False
        if any(s.kind == "local" for s in req.seats):
            raise RatedTableError("a rated table has no local seats: each player signs in")
        if not rated_sides(req.game, req.options, None):
            raise RatedTableError("a rated game is played between two sides")
        return True

    async def after_create(self, table: LiveTable, rated: bool) -> None:
        """Mark a rated table and record its AI seats as entrants."""
        if not rated:
            return

        def write() -> None:
            with self.hub.store.engine.begin() as conn:
                mark_rated(conn, table.id)
                for s in table.seats:
                    if s.kind == "ai" and s.agent:
                        conn.execute(
                            SEAT_ENTRANTS.insert().values(
                                table_id=table.id, seat=s.seat, entrant=ai_entrant(s.agent)
                            )
                        )

        await self.hub.db(write)

    async def after_claim(self, request: Request, table: LiveTable, seat: int) -> None:
        """A signed-in player who claims a seat is recorded at it (player page, ratings)."""
        account = await self.account(request)
        if account is not None:
            await self.hub.db(self.accounts.bind_seat, table.id, seat, account.entrant)

    # ------------------------------------------------------------------ player page
    def player_page(self, name: str) -> dict[str, Any]:
        account = account_by_name(self.hub.store.engine, name)
        engine = self.hub.store.engine
        rows, seats = games_of(engine, account.entrant)
        games = []
        for r in rows:
            result = r["result"] or {}
            returns = result.get("returns") or []
            outcome = None
            if r["status"] == "finished" and len(returns) > r["seat"]:
                mine = returns[r["seat"]]
                best = max(returns)
                outcome = (
                    "draw"
                    if mine == best and returns.count(best) > 1
                    else ("win" if mine == best else "loss")
                )
            games.append(
                {
                    "table": r["id"],
                    "game": r["game"],
                    "status": r["status"],
                    "seat": r["seat"],
                    "outcome": outcome,
                    "text": result.get("text"),
                    "opponents": [n for s, n in seats[r["id"]] if s != r["seat"]],
                    "replay": f"/replay/{r['id']}",
                    "updated_at": r["updated_at"],
                }
            )
        return {
            "name": account.name,
            "created_at": account.created_at,
            "ratings": ratings_of(engine, account.entrant),
            "games": games,
        }

    def ratings_table(self, game: str) -> list[dict[str, Any]]:
        rows = leaderboard(self.hub.store.engine, game)
        ids = [r["entrant"].split(":", 1)[1] for r in rows if r["entrant"].startswith("account:")]
        names = self.accounts.names(ids)
        for r in rows:
            kind, _, rest = r["entrant"].partition(":")
            r["name"] = names.get(rest, rest) if kind == "account" else f"AI ({rest})"
            r["kind"] = kind
        return rows


class _Outbox:
    """A WebSocket client of a tournament page."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=32)

    def push(self, text: str) -> None:
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(text)


def install(app: FastAPI, hub: Hub, *, tick_seconds: float = 1.0) -> Players:
    """Add the routes of players, ratings and tournaments; returns the ``Players``."""
    accounts = Accounts(hub.store.engine)
    hub.store.on_finish.append(rate_table)
    director = Director(hub, tick_seconds=tick_seconds)
    players = Players(hub, accounts, director)
    app.state.players = players

    async def body(request: Request) -> Any:
        return decode(await request.body(), MAX_MESSAGE)

    def limit(what: str, request: Request) -> None:
        """Count a request against the server's rate limits (``RateLimitedError``: 429)."""
        limiter = getattr(app.state, "limiter", None)
        if limiter is not None:
            limiter.hit(what, request.client.host if request.client else "?")

    def set_session(response: Response, token: str) -> None:
        response.set_cookie(
            COOKIE,
            token,
            max_age=SESSION_SECONDS,
            path="/",
            secure=True,
            httponly=True,
            samesite="lax",
        )

    @app.post("/api/account/signup")
    async def sign_up(request: Request, response: Response) -> dict[str, Any]:
        limit("signup", request)
        data = await body(request)
        if not isinstance(data, dict):
            raise BadRequestError("send {'name': ..., 'password': ...}")
        account = await asyncio.to_thread(accounts.sign_up, data.get("name"), data.get("password"))
        token = await asyncio.to_thread(accounts.new_session, account)
        set_session(response, token)
        return {"account": account.as_dict()}

    @app.post("/api/account/signin")
    async def sign_in(request: Request, response: Response) -> dict[str, Any]:
        limit("signin", request)
        data = await body(request)
        if not isinstance(data, dict):
            raise BadRequestError("send {'name': ..., 'password': ...}")
        client = request.client.host if request.client else "?"
        account, token = await accounts.sign_in(data.get("name"), data.get("password"), client)
        set_session(response, token)
        return {"account": account.as_dict()}

    @app.post("/api/account/signout")
    async def sign_out(request: Request, response: Response) -> dict[str, Any]:
        await hub.db(accounts.end_session, request.cookies.get(COOKIE))
        response.delete_cookie(COOKIE, path="/", secure=True, httponly=True, samesite="lax")
        return {"account": None}

    @app.get("/api/account")
    async def me(request: Request) -> dict[str, Any]:
        account = await players.account(request)
        return {"account": account.as_dict() if account else None}

    @app.get("/api/players/{name}")
    async def player(name: str) -> dict[str, Any]:
        return await hub.db(players.player_page, name)

    @app.get("/api/ratings/{game}")
    async def ratings(game: str) -> list[dict[str, Any]]:
        return await hub.db(players.ratings_table, game)

    # ------------------------------------------------------------------ tournaments
    async def signed(request: Request) -> Account:
        account = await players.account(request)
        if account is None:
            raise NotSignedInError("sign in first")
        return account

    @app.get("/api/tournaments")
    async def tournaments() -> list[dict[str, Any]]:
        return await hub.db(director.listing)

    @app.post("/api/tournaments")
    async def create_tournament(request: Request) -> dict[str, Any]:
        account = await signed(request)
        limit("tournament", request)
        tid = await director.create(account, await body(request))
        return await hub.db(director.snapshot, tid)

    @app.get("/api/tournaments/{tid}")
    async def tournament(tid: str) -> dict[str, Any]:
        return await hub.db(director.snapshot, tid)

    @app.post("/api/tournaments/{tid}/join")
    async def join(tid: str, request: Request) -> dict[str, Any]:
        account = await signed(request)
        limit("tournament", request)
        await director.join(tid, account)
        return await hub.db(director.snapshot, tid)

    @app.post("/api/tournaments/{tid}/leave")
    async def leave(tid: str, request: Request) -> dict[str, Any]:
        await director.leave(tid, await signed(request))
        return await hub.db(director.snapshot, tid)

    @app.post("/api/tournaments/{tid}/ai")
    async def add_ai(tid: str, request: Request) -> dict[str, Any]:
        data = await body(request)
        spec = data.get("agent") if isinstance(data, dict) else None
        await director.add_ai(tid, await signed(request), spec)
        return await hub.db(director.snapshot, tid)

    @app.post("/api/tournaments/{tid}/start")
    async def start(tid: str, request: Request) -> dict[str, Any]:
        await director.start_now(tid, await signed(request))
        return await hub.db(director.snapshot, tid)

    @app.post("/api/tournaments/{tid}/tables/{table_id}/take")
    async def take(tid: str, table_id: str, request: Request) -> dict[str, Any]:
        return await director.take_seat(tid, table_id, await signed(request))

    @app.websocket("/ws/tournaments")
    async def tournaments_socket(websocket: WebSocket) -> None:
        """The tournament list, again whenever any tournament changed."""
        await websocket.accept()
        first = await hub.db(director.listing)
        out = _Outbox()
        out.push(json.dumps({"type": "tournaments", "tournaments": first}))
        await _serve(websocket, LISTING, out)

    @app.websocket("/ws/tournaments/{tid}")
    async def tournament_socket(websocket: WebSocket, tid: str) -> None:
        await websocket.accept()
        try:
            first = await hub.db(director.snapshot, tid)
        except NotFoundError as exc:
            await websocket.send_text(json.dumps({"type": "error", "message": str(exc)}))
            await websocket.close(code=4404)
            return
        out = _Outbox()
        out.push(json.dumps({"type": "tournament", "tournament": first}))
        await _serve(websocket, tid, out)

    async def _serve(websocket: WebSocket, tid: str, out: _Outbox) -> None:
        director.subscribe(tid, out)

        async def send() -> None:
            while (text := await out.queue.get()) is not None:
                await websocket.send_text(text)

        sender = asyncio.get_running_loop().create_task(send())
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
        except WebSocketDisconnect:
            pass
        finally:
            director.unsubscribe(tid, out)
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender
            if websocket.application_state == WebSocketState.CONNECTED:
                with contextlib.suppress(Exception):
                    await websocket.close()

    # ------------------------------------------------------------------ pages
    @app.get("/account", include_in_schema=False)
    def account_page() -> FileResponse:
        return pages.page("account.html")

    @app.get("/player/{name}", include_in_schema=False)
    def player_html(name: str) -> FileResponse:
        return pages.page("player.html")

    @app.get("/tournaments", include_in_schema=False)
    def tournaments_html() -> FileResponse:
        return pages.page("tournaments.html")

    @app.get("/tournaments/{tid}", include_in_schema=False)
    def tournament_html(tid: str) -> FileResponse:
        return pages.page("tournament.html")

    return players

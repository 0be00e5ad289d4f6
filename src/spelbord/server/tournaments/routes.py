"""The routes of tournaments: ``/api/tournaments`` (list, create, one, join, accept or
decline an invitation, leave, add an AI, start, take your seat),
``/api/account/invitations`` (a player's pending invitations),
``/api/players/{name}/tournaments`` (the tournaments a player plays in, with placings),
``/ws/tournaments`` and
``/ws/tournaments/{id}`` (the list and one tournament, again whenever they change) and
the pages ``/tournaments`` and ``/tournaments/{id}``. The director
(``app.state.director``) and the signed-in account come in as dependencies.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, WebSocket
from fastapi.responses import FileResponse
from starlette.requests import HTTPConnection
from starlette.websockets import WebSocketDisconnect, WebSocketState

from spelbord.server.errors import NotFoundError
from spelbord.server.players.accounts import Account, NotSignedInError, account_by_name
from spelbord.server.players.routes import CurrentAccount, json_body
from spelbord.server.tournaments.director import Director
from spelbord.server.tournaments.views import LISTING
from spelbord.server.web import pages
from spelbord.server.web.ratelimit import Limit

router = APIRouter()


def the_director(conn: HTTPConnection) -> Director:
    """The app's tournament director (a dependency)."""
    director: Director = conn.app.state.director
    return director


TheDirector = Annotated[Director, Depends(the_director)]


async def signed(account: CurrentAccount) -> Account:
    """The signed-in account (401 for a guest)."""
    if account is None:
        raise NotSignedInError("sign in first")
    return account


Signed = Annotated[Account, Depends(signed)]


@router.get("/api/tournaments")
async def tournaments(director: TheDirector) -> list[dict[str, Any]]:
    return await director.read_listing()


@router.post("/api/tournaments")
async def create_tournament(
    request: Request, director: TheDirector, account: Signed, limit: Limit
) -> dict[str, Any]:
    limit("tournament")
    tid = await director.create(account, await json_body(request))
    return await director.read(tid)


@router.get("/api/tournaments/{tid}")
async def tournament(tid: str, director: TheDirector) -> dict[str, Any]:
    return await director.read(tid)


@router.post("/api/tournaments/{tid}/join")
async def join(tid: str, director: TheDirector, account: Signed, limit: Limit) -> dict[str, Any]:
    limit("tournament")
    await director.join(tid, account)
    return await director.read(tid)


@router.post("/api/tournaments/{tid}/accept")
async def accept(tid: str, director: TheDirector, account: Signed) -> dict[str, Any]:
    """Accept an invitation: the account plays in the tournament."""
    await director.accept(tid, account)
    return await director.read(tid)


@router.post("/api/tournaments/{tid}/decline")
async def decline(tid: str, director: TheDirector, account: Signed) -> dict[str, Any]:
    """Decline an invitation: it is gone, and nothing of it shows anywhere."""
    await director.decline(tid, account)
    return await director.read(tid)


@router.get("/api/account/invitations")
async def invitations(director: TheDirector, account: Signed) -> dict[str, Any]:
    """The signed-in player's pending invitations to tournaments, soonest first."""
    return {"invitations": await director.read_invitations(account)}


@router.get("/api/players/{name}/tournaments")
async def player_tournaments(name: str, director: TheDirector) -> dict[str, Any]:
    """The tournaments a player plays in, newest first, with its placing in each."""
    account = await director.hub.db(account_by_name, director.store.engine, name)
    return {"tournaments": await director.hub.db(director.results_of, account.entrant)}


@router.post("/api/tournaments/{tid}/leave")
async def leave(tid: str, director: TheDirector, account: Signed) -> dict[str, Any]:
    await director.leave(tid, account)
    return await director.read(tid)


@router.post("/api/tournaments/{tid}/ai")
async def add_ai(
    tid: str, request: Request, director: TheDirector, account: CurrentAccount
) -> dict[str, Any]:
    data = await json_body(request)
    spec = data.get("agent") if isinstance(data, dict) else None
    await director.add_ai(tid, await signed(account), spec)
    return await director.read(tid)


@router.post("/api/tournaments/{tid}/start")
async def start(tid: str, director: TheDirector, account: Signed) -> dict[str, Any]:
    await director.start_now(tid, account)
    return await director.read(tid)


@router.post("/api/tournaments/{tid}/cancel")
async def cancel(tid: str, director: TheDirector, account: Signed) -> dict[str, Any]:
    """The organizer cancels the tournament before it starts."""
    await director.cancel(tid, account)
    return await director.read(tid)


@router.post("/api/tournaments/{tid}/tables/{table_id}/take")
async def take(tid: str, table_id: str, director: TheDirector, account: Signed) -> dict[str, Any]:
    return await director.take_seat(tid, table_id, account)


class _Outbox:
    """A WebSocket client of a tournament page."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=32)

    def push(self, text: str) -> None:
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(text)


@router.websocket("/ws/tournaments")
async def tournaments_socket(websocket: WebSocket, director: TheDirector) -> None:
    """The tournament list, again whenever any tournament changed."""
    await websocket.accept()
    first = await director.read_listing()
    out = _Outbox()
    out.push(json.dumps({"type": "tournaments", "tournaments": first}))
    await _serve(websocket, director, LISTING, out)


@router.websocket("/ws/tournaments/{tid}")
async def tournament_socket(websocket: WebSocket, tid: str, director: TheDirector) -> None:
    await websocket.accept()
    try:
        first = await director.read(tid)
    except NotFoundError as exc:
        await websocket.send_text(json.dumps({"type": "error", "message": str(exc)}))
        await websocket.close(code=4404)
        return
    out = _Outbox()
    out.push(json.dumps({"type": "tournament", "tournament": first}))
    await _serve(websocket, director, tid, out)


async def _serve(websocket: WebSocket, director: Director, tid: str, out: _Outbox) -> None:
    director.audience.subscribe(tid, out)

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
        director.audience.unsubscribe(tid, out)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender
        if websocket.application_state == WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await websocket.close()


@router.get("/tournaments", include_in_schema=False)
def tournaments_html() -> FileResponse:
    return pages.page("tournaments.html")


@router.get("/tournaments/{tid}", include_in_schema=False)
def tournament_html(tid: str) -> FileResponse:
    return pages.page("tournament.html")

"""The routes of live tables: the lobby's lists, create, claim, view, act, resign, cancel,
draw, takeback, rematch (``social``), replay, export and import (``/api/tables...``,
``/api/import``, ``/api/imports``) and the WebSocket ``/ws/tables/{id}`` (``sockets``).

The hub (``app.state.hub``), the rate limits and the table hooks come in as FastAPI
dependencies. The hooks (``TableHooks``, ``app.state.table_hooks``) are what the rest of
the server adds around a table without the tables knowing it: the players' part checks a
``"rated": true`` table and records who sat at a seat.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Protocol

from fastapi import APIRouter, Depends, Request, WebSocket
from starlette.requests import HTTPConnection

from spelbord.core.errors import SpelbordError
from spelbord.server.errors import BadRequestError, NotOwnerError, status_of
from spelbord.server.tables import protocol
from spelbord.server.tables.hub import Hub
from spelbord.server.tables.imports import Importer
from spelbord.server.tables.live import LiveTable
from spelbord.server.tables.protocol import (
    MAX_MESSAGE,
    MAX_RECORD,
    CreateRequest,
    decode,
    parse_action,
    parse_claim,
    parse_create,
    parse_offer,
    token_of,
)
from spelbord.server.tables.sockets import Relay, serve_remote_socket, serve_socket
from spelbord.server.tables.store import IMPORTED, PLAYED
from spelbord.server.web.messages import connection_language, socket_error
from spelbord.server.web.ratelimit import Limit, Limiter, TheLimiter, client_of

router = APIRouter()


class TableHooks(Protocol):
    """What the rest of the server does around the table routes (``players.Players``)."""

    def check_create(self, data: Any, req: CreateRequest) -> Any:
        """Check a new table's request body beyond the tables' own fields (raises to refuse
        it); returns what ``after_create`` needs."""
        ...

    async def after_create(self, table: LiveTable, checked: Any) -> None:
        """The table is made (``checked``: what ``check_create`` returned)."""
        ...

    async def after_claim(self, conn: HTTPConnection, table_id: str, seat: int) -> None:
        """The client of ``conn`` has claimed ``seat`` of the table ``table_id``."""
        ...

    async def check_seat_names(self, conn: HTTPConnection, names: list[str]) -> None:
        """Refuse names the client of ``conn`` may not give seats (raises): a registered
        player's name, or one that looks like it, unless that player is signed in."""
        ...


def the_hub(conn: HTTPConnection) -> Hub:
    """The app's hub of live tables (a dependency)."""
    hub: Hub = conn.app.state.hub
    return hub


def the_hooks(conn: HTTPConnection) -> TableHooks:
    """The app's table hooks (a dependency)."""
    hooks: TableHooks = conn.app.state.table_hooks
    return hooks


def the_importer(conn: HTTPConnection) -> Importer:
    """The app's importer of game records (a dependency)."""
    importer: Importer = conn.app.state.importer
    return importer


TheHub = Annotated[Hub, Depends(the_hub)]
TheImporter = Annotated[Importer, Depends(the_importer)]
Hooks = Annotated[TableHooks, Depends(the_hooks)]


async def read_body(request: Request, limit: int = MAX_MESSAGE) -> Any:
    """The JSON body (``BodyLimit`` has stopped anything over the route's limit)."""
    return decode(await request.body(), limit)


@router.get("/api/tables")
async def list_tables(hub: TheHub) -> dict[str, Any]:
    return {
        "open": await hub.db(hub.store.summaries, "waiting"),
        "running": await hub.db(hub.store.summaries, "running"),
        "finished": await hub.db(hub.store.summaries, "finished", 50, PLAYED),
        "imported": await hub.db(hub.store.summaries, "finished", 20, IMPORTED),
    }


@router.post("/api/tables", openapi_extra=protocol.body_schema(protocol.CREATE_SCHEMA))
async def create_table(request: Request, hub: TheHub, hooks: Hooks, limit: Limit) -> dict[str, Any]:
    data = await read_body(request)
    req = parse_create(data)
    limit("create")
    await hooks.check_seat_names(request, [s.name for s in req.seats if s.name])
    try:
        checked = hooks.check_create(data, req)  # issue 16: "rated": true
        table, tokens, invites = await hub.create(req, client=client_of(request))
    except ValueError as exc:
        if isinstance(exc, SpelbordError):
            raise
        raise BadRequestError(str(exc)) from None
    await hooks.after_create(table, checked)
    return {"table": table.id, "tokens": tokens, "invites": invites}


@router.post(
    "/api/tables/{table_id}/claim", openapi_extra=protocol.body_schema(protocol.CLAIM_SCHEMA)
)
async def claim(
    table_id: str, request: Request, hub: TheHub, hooks: Hooks, limit: Limit
) -> dict[str, Any]:
    req = parse_claim(await read_body(request))
    limit("claim")
    await hooks.check_seat_names(request, [req.name] if req.name else [])
    claimed = await hub.call(table_id, "claim", seat=req.seat, invite=req.invite, name=req.name)
    await hooks.after_claim(request, table_id, claimed["seat"])  # issue 16: who sat here
    return {"seat": claimed["seat"], "token": claimed["token"]}


@router.get("/api/tables/{table_id}/view")
async def view(table_id: str, hub: TheHub, token: str | None = None) -> dict[str, Any]:
    answer: dict[str, Any] = await hub.call(table_id, "view", token=token)
    return answer


@router.post(
    "/api/tables/{table_id}/action", openapi_extra=protocol.body_schema(protocol.ACTION_SCHEMA)
)
async def action(
    table_id: str, request: Request, hub: TheHub, limiter: TheLimiter
) -> dict[str, Any]:
    token, msg = parse_action(await read_body(request))
    limiter.hit("act", f"{table_id}:{token}")
    answer: dict[str, Any] = await hub.call(
        table_id, "act", token=token, action=msg.action, ply=msg.ply
    )
    return answer  # sent only once the move is stored


@router.post(
    "/api/tables/{table_id}/resign", openapi_extra=protocol.body_schema(protocol.TOKEN_SCHEMA)
)
async def resign(table_id: str, request: Request, hub: TheHub) -> dict[str, Any]:
    token = token_of(await read_body(request))
    answer: dict[str, Any] = await hub.call(table_id, "resign", token=token)
    return answer


async def _offer(
    table_id: str, what: str, request: Request, hub: Hub, limiter: Limiter
) -> dict[str, Any]:
    token, offer = parse_offer(await read_body(request), what)
    limiter.hit("act", f"{table_id}:{token}")
    answer: dict[str, Any] = await hub.call(
        table_id, "offer", token=token, what=offer.what, do=offer.do
    )
    return answer  # sent only once the offer or answer is stored


@router.post(
    "/api/tables/{table_id}/draw", openapi_extra=protocol.body_schema(protocol.OFFER_SCHEMA)
)
async def draw(table_id: str, request: Request, hub: TheHub, limiter: TheLimiter) -> dict[str, Any]:
    """Offer a draw (``"do": "offer"``), or accept or decline the one offered."""
    return await _offer(table_id, "draw", request, hub, limiter)


@router.post(
    "/api/tables/{table_id}/takeback", openapi_extra=protocol.body_schema(protocol.OFFER_SCHEMA)
)
async def takeback(
    table_id: str, request: Request, hub: TheHub, limiter: TheLimiter
) -> dict[str, Any]:
    """Ask to take back your last move (casual games), or accept or decline the request."""
    return await _offer(table_id, "takeback", request, hub, limiter)


@router.post(
    "/api/tables/{table_id}/rematch", openapi_extra=protocol.body_schema(protocol.OFFER_SCHEMA)
)
async def rematch(
    table_id: str, request: Request, hub: TheHub, limiter: TheLimiter
) -> dict[str, Any]:
    """Offer a rematch after the game (seats moved on), or accept or decline one; the
    view's ``offers.rematch_table`` names the new table once everyone agreed."""
    return await _offer(table_id, "rematch", request, hub, limiter)


@router.post(
    "/api/tables/{table_id}/cancel", openapi_extra=protocol.body_schema(protocol.TOKEN_SCHEMA)
)
async def cancel(table_id: str, request: Request, hub: TheHub) -> dict[str, Any]:
    """The creator withdraws a table still waiting for players (kept as cancelled)."""
    token = token_of(await read_body(request))
    answer: dict[str, Any] = await hub.call(table_id, "cancel", token=token)
    return answer


@router.get("/api/tables/{table_id}/replay")
async def replay(table_id: str, hub: TheHub, token: str | None = None) -> dict[str, Any]:
    table = await hub.read(table_id)
    # every frame of a long record: a second of work, never on the event loop
    return await asyncio.to_thread(table.replay_later(table.seat_of(token)))


@router.get("/api/tables/{table_id}/export")
async def export(table_id: str, hub: TheHub, token: str | None = None) -> dict[str, Any]:
    table = await hub.read(table_id)
    table.seat_of(token)
    return table.export()


@router.post("/api/import", openapi_extra=protocol.body_schema(protocol.RECORD_SCHEMA))
async def import_record(request: Request, importer: TheImporter, limit: Limit) -> dict[str, Any]:
    """A finished game from an exported record: a new read-only table, or the one the same
    record made before (``imports``: rate limited, bounded per address)."""
    limit("imports")
    raw = await request.body()
    data = decode(raw, MAX_RECORD)
    return {"table": await importer.import_record(data, len(raw), client_of(request))}


@router.get("/api/imports")
async def list_imports(hub: TheHub) -> dict[str, Any]:
    """The newest imported records (the lobby lists them apart from played games)."""
    return {"imported": await hub.db(hub.store.summaries, "finished", 50, IMPORTED)}


@router.websocket("/ws/tables/{table_id}")
async def live(
    websocket: WebSocket,
    table_id: str,
    hub: TheHub,
    limiter: TheLimiter,
    token: str | None = None,
) -> None:
    await websocket.accept()
    try:
        table = await hub.get(table_id)
        seat = table.seat_of(token)
    except NotOwnerError as moved:  # another process owns it: frames come over the bus
        relay: Relay = websocket.app.state.node
        await serve_remote_socket(websocket, hub, relay, table_id, moved.owner, token, limiter)
        return
    except SpelbordError as exc:
        await websocket.send_text(socket_error(str(exc), connection_language(websocket)))
        await websocket.close(code=4000 + status_of(exc))
        return
    await serve_socket(websocket, table, seat, token, limiter)

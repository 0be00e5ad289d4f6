"""The operations a request may ask of a live table, by name: each takes the table and
JSON keyword arguments and answers JSON. The hub runs them on the tables it owns and
forwards them to the owner of any other (``Hub.call``; ``cluster.node``), so that any web
process serves any table; an operation acknowledges a change only once it is stored.

Other parts of the server add their own (the tournament director's ``forfeit``, the
cluster's remote subscribers) to ``Hub.ops``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from spelbord.server.tables.live import LiveTable
from spelbord.server.tables.social import Offer

Op = Callable[..., Awaitable[Any]]


async def view(table: LiveTable, token: str | None = None) -> dict[str, Any]:
    return table.view(table.seat_of(token))


async def act(table: LiveTable, token: str | None, action: int, ply: int) -> dict[str, Any]:
    seat = await table.act(token, action, ply)
    return table.view(seat)


async def resign(table: LiveTable, token: str | None) -> dict[str, Any]:
    seat = await table.resign(token)
    return table.view(seat)


async def offer(table: LiveTable, token: str | None, what: str, do: str) -> dict[str, Any]:
    """A draw offer, takeback request or rematch offer, or an answer (``social``)."""
    seat = await table.offer(token, Offer(what, do))
    return table.view(seat)


async def cancel(table: LiveTable, token: str | None) -> dict[str, Any]:
    seat = await table.cancel(token)
    return table.view(seat)


async def claim(
    table: LiveTable, seat: int | None, invite: str | None, name: str | None
) -> dict[str, Any]:
    got, token = await table.claim(seat, invite, name)
    return {"seat": got, "token": token}


async def reissue(table: LiveTable, seat: int) -> dict[str, Any]:
    return {"seat": seat, "token": await table.reissue_token(seat)}


async def abandon(table: LiveTable, idle_since: float) -> bool:
    return await table.abandon(idle_since)


async def summary(table: LiveTable) -> dict[str, Any]:
    """What the server's own parts read of a table: status, result, seats (no tokens)."""
    return {
        "table": table.id,
        "status": table.status,
        "result": table.result,
        "ply": table.state.move_number(),
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "name": s.name,
                "claimed": s.claimed,
                "invite": s.invite_code,
            }
            for s in table.seats
        ],
    }


OPS: dict[str, Op] = {
    "view": view,
    "act": act,
    "resign": resign,
    "offer": offer,
    "cancel": cancel,
    "claim": claim,
    "reissue": reissue,
    "abandon": abandon,
    "summary": summary,
}

"""Client input, parsed and checked before it reaches a table: requests and WS messages.

Each parser takes decoded JSON and returns a small frozen value, or raises
``BadRequestError`` with a message meant for the person at the other end.

>>> parse_message('{"type": "action", "action": 3, "ply": 7}')
ActionMessage(action=3, ply=7)
>>> parse_message('{"type": "dance"}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
spelbord.server.errors.BadRequestError: unknown message type 'dance' (action, resign, offer, ...)
>>> parse_message('{"type": "offer", "offer": "draw", "do": "accept"}')
OfferMessage(offer=Offer(what='draw', do='accept', seat=None, to=None, table=None))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spelbord.server import strictjson
from spelbord.server.errors import BadRequestError
from spelbord.server.shown import SEAT_NAME, shown_text
from spelbord.server.tables.social import DOS, WHATS, Offer
from spelbord.server.tables.timecontrol import TimeControl

MAX_MESSAGE = 64 * 1024
MAX_RECORD = 1024 * 1024
MAX_AGENT_SPEC = 48
"""The longest agent spec a seat or an entrant may name (the seat's shown name "AI (spec)"
fits the database's 64 characters)."""
SEAT_KINDS = ("open", "invite", "local", "ai")
HUMAN_KINDS = ("open", "invite", "local")


@dataclass(frozen=True)
class SeatSpec:
    """How one seat of a new table is filled."""

    kind: str
    agent: str | None = None
    name: str | None = None


@dataclass(frozen=True)
class CreateRequest:
    game: str
    options: dict[str, Any]
    seats: tuple[SeatSpec, ...]
    time_control: TimeControl | None = None
    """The game clocks of the people at the table (``timecontrol``); ``None``: none."""


@dataclass(frozen=True)
class ClaimRequest:
    seat: int | None
    invite: str | None
    name: str | None


@dataclass(frozen=True)
class ActionMessage:
    action: int
    ply: int


@dataclass(frozen=True)
class ResignMessage:
    pass


@dataclass(frozen=True)
class OfferMessage:
    """A draw offer, takeback request or rematch offer, or an answer (``social``)."""

    offer: Offer


@dataclass(frozen=True)
class PingMessage:
    pass


@dataclass(frozen=True)
class SyncMessage:
    """A client that missed part of the move list asks for the whole view again."""


ClientMessage = ActionMessage | ResignMessage | OfferMessage | PingMessage | SyncMessage


_NAME = {"type": ["string", "null"], "maxLength": 40}
CREATE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["game", "seats"],
    "properties": {
        "game": {"type": "string"},
        "options": {"type": "object"},
        "time_control": {
            "description": "null, '5+3' (minutes + seconds per move) or 'd2' (days per move)",
            "type": ["string", "object", "null"],
        },
        "seats": {
            "type": "array",
            "minItems": 1,
            "maxItems": 16,
            "items": {
                "type": "object",
                "required": ["kind"],
                "properties": {
                    "kind": {"enum": list(SEAT_KINDS)},
                    "agent": {"type": "string", "maxLength": MAX_AGENT_SPEC},
                    "name": _NAME,
                },
            },
        },
    },
}
CLAIM_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"seat": {"type": "integer"}, "invite": {"type": "string"}, "name": _NAME},
}
TOKEN_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["token"],
    "properties": {"token": {"type": "string"}},
}
ACTION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["token", "action", "ply"],
    "properties": {
        "token": {"type": "string"},
        "action": {"type": "integer"},
        "ply": {"type": "integer"},
    },
}
OFFER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["token"],
    "properties": {
        "token": {"type": "string"},
        "do": {"enum": list(DOS), "description": "offer (the default), accept or decline"},
    },
}
OFFER_KINDS = WHATS
"""The offers a route or message may name: draw, takeback, rematch."""
RECORD_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["format", "game"],
    "properties": {
        "format": {"type": "string"},
        "game": {"type": "string"},
        "options": {"type": "object"},
        "seed": {"type": ["integer", "null"]},
        # action ids (a joint action: a list of them); either may be a notation text
        "moves": {"type": "array"},
        # the moves in the game's notation; read when a record has no ``moves``
        "notation": {"type": "array"},
        "resigned": {"type": ["integer", "null"]},
        "result": {"type": ["object", "null"]},
        "timeouts": {"type": "array"},
    },
}


def body_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI ``requestBody`` of a JSON body like ``schema`` (routes read the body
    themselves, so the app's schema says what they expect)."""
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}


def decode(raw: str | bytes, limit: int = MAX_MESSAGE) -> Any:
    """JSON text -> value, refusing anything over ``limit`` bytes and every non-finite
    number (``strictjson.loads``)."""
    return strictjson.loads(raw, limit)


def _object(data: Any, what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise BadRequestError(f"{what} must be a JSON object")
    return data


def _int(data: dict[str, Any], key: str, what: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise BadRequestError(f"{what} needs an integer {key!r}")
    return value


def _name(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value.strip()) > 40:
        raise BadRequestError("a name is a text of at most 40 characters")
    return shown_text(value, SEAT_NAME) if value.strip() else None


def token_of(data: Any) -> str:
    """The ``token`` field of a request body."""
    token = _object(data, "the request").get("token")
    if not isinstance(token, str) or not token:
        raise BadRequestError("this request needs your seat's 'token'")
    return token


def parse_create(data: Any) -> CreateRequest:
    """``{"game", "options", "seats": [{"kind", "agent"?, "name"?}], "time_control"?}``."""
    body = _object(data, "the request")
    game = body.get("game")
    if not isinstance(game, str) or not game:
        raise BadRequestError("name the 'game' to play")
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise BadRequestError("'options' must be an object")
    if "rules_version" in options:
        raise BadRequestError("new tables play the newest rules; 'rules_version' is no option")
    seats_raw = body.get("seats")
    if not isinstance(seats_raw, list) or not seats_raw or len(seats_raw) > 16:
        raise BadRequestError('\'seats\' must list every seat: [{"kind": "open"}, ...]')
    seats = []
    for i, raw in enumerate(seats_raw):
        seat = _object(raw, f"seat {i}")
        kind = seat.get("kind")
        if kind not in SEAT_KINDS:
            raise BadRequestError(f"seat {i}: kind must be one of {', '.join(SEAT_KINDS)}")
        agent = seat.get("agent")
        if kind == "ai" and not isinstance(agent, str):
            raise BadRequestError(f"seat {i}: an AI seat needs an 'agent' like 'mcts:1s'")
        if isinstance(agent, str) and len(agent) > MAX_AGENT_SPEC:
            raise BadRequestError(
                f"seat {i}: an agent spec has at most {MAX_AGENT_SPEC} characters"
            )
        seats.append(
            SeatSpec(kind=kind, agent=agent if kind == "ai" else None, name=_name(seat.get("name")))
        )
    control = TimeControl.from_request(body.get("time_control"))
    if control is not None and not any(s.kind in HUMAN_KINDS for s in seats):
        raise BadRequestError("a time control needs a seat for a person: AI seats have no clock")
    return CreateRequest(game=game, options=options, seats=tuple(seats), time_control=control)


def parse_claim(data: Any) -> ClaimRequest:
    """``{"seat": n}`` for an open seat or ``{"invite": code}``, with an optional name."""
    body = _object(data, "the request")
    seat = body.get("seat")
    invite = body.get("invite")
    if invite is not None:
        if not isinstance(invite, str) or not invite or len(invite) > 64:
            raise BadRequestError("'invite' must be the code from the invite link")
        return ClaimRequest(seat=None, invite=invite, name=_name(body.get("name")))
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise BadRequestError('claim a seat with {"seat": n} or {"invite": code}')
    return ClaimRequest(seat=seat, invite=None, name=_name(body.get("name")))


def parse_action(data: Any) -> tuple[str, ActionMessage]:
    """``{"token", "action", "ply"}``."""
    body = _object(data, "the request")
    return token_of(body), ActionMessage(
        _int(body, "action", "an action"), _int(body, "ply", "an action")
    )


def parse_message(raw: str | bytes) -> ClientMessage:
    """One WebSocket message from a client."""
    msg = _object(decode(raw), "a message")
    kind = msg.get("type")
    if kind == "action":
        return ActionMessage(_int(msg, "action", "an action"), _int(msg, "ply", "an action"))
    if kind == "resign":
        return ResignMessage()
    if kind == "offer":
        return OfferMessage(Offer.parse(msg))
    if kind == "ping":
        return PingMessage()
    if kind == "sync":
        return SyncMessage()
    raise BadRequestError(f"unknown message type {kind!r} (action, resign, offer, ping, sync)")


def parse_offer(data: Any, what: str) -> tuple[str, Offer]:
    """``{"token", "do"?}`` for the route of offer ``what`` (draw, takeback, rematch)."""
    return token_of(data), Offer.parse(data, what)

"""Tournament requests, parsed and checked before anything is stored: the errors a
client can get, and the values a checked request becomes.

>>> req = parse_create(
...     {"name": " Vårcupen ", "game": "coerceo", "format": "knockout", "starts_in": 60,
...      "entrants": [{"ai": "random"}, {"player": "Ada"}]}, now=1000.0)
>>> req.name, req.game, req.format, req.starts_at, req.show_up_seconds, req.least
('Vårcupen', 'coerceo', 'knockout', 1060.0, 300, 2)
>>> req.entrants
(EntrantSpec(kind='ai', value='random'), EntrantSpec(kind='player', value='Ada'))
>>> parse_create({"name": "x", "game": "coerceo", "format": "swiss"}, now=0.0)
Traceback (most recent call last):
...
spelbord.server.tournaments.protocol.TournamentError: 'format' must be one of round_robin, knockout
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from spelbord.core.registry import load
from spelbord.server.errors import BadRequestError, ConflictError, ForbiddenError, NotFoundError
from spelbord.server.shown import TOURNAMENT_NAME, shown_text
from spelbord.server.tables.protocol import MAX_AGENT_SPEC

FORMATS = ("round_robin", "knockout")
MAX_ENTRANTS = 64
MAX_INVITATIONS = 100
"""The most pending invitations a player's invitations view lists."""
MAX_START_AHEAD = 7 * 86400
"""The furthest ahead a tournament may be set to start (seconds)."""
MAX_START_BEHIND = 3600
"""How far in the past a start time may lie (a client's clock running late): it starts now."""
MAX_SHOW_UP = 3 * 3600
"""The longest a tournament waits for a player (well inside the hub's abandoned-table sweep)."""
WORDS = {2: "two", 4: "four"}
LEVEL = re.compile(r"level:(easy|medium|hard|master)")
"""An AI level as an entrant (played as the level's agent at each table)."""


class TournamentError(BadRequestError):
    """A tournament request that cannot be carried out (nothing changed)."""


class FormatError(TournamentError):
    """A format the game cannot carry (e.g. a knockout at four-player tables)."""


class TooFewEntrantsError(TournamentError):
    """Fewer than two entrants."""


class AlreadyJoinedError(ConflictError):
    """The entrant is in the tournament already."""


class AlreadyStartedError(ConflictError):
    """The tournament has started (or ended): entrants are fixed."""


class NoInvitationError(NotFoundError):
    """The account has no pending invitation to this tournament."""


class AlreadyOverError(ConflictError):
    """The tournament is finished or cancelled already."""


class NotYourTableError(ForbiddenError):
    """An account asked for a seat that is not its own."""


class NotOrganizerError(ForbiddenError):
    """Only the account that created the tournament may do this."""

    status: ClassVar[int] = 403


@dataclass(frozen=True)
class EntrantSpec:
    """An entrant as listed in a request: an AI (``kind`` "ai", ``value`` its agent spec)
    or a player (``kind`` "player", ``value`` the account's name)."""

    kind: str
    value: str


@dataclass(frozen=True)
class TournamentRequest:
    """A checked request for a new tournament (``least``: the entrants it needs to start)."""

    name: str
    game: str
    options: dict[str, Any]
    format: str
    starts_at: float
    show_up_seconds: int
    entrants: tuple[EntrantSpec, ...]
    least: int


def parse_create(body: Any, now: float) -> TournamentRequest:
    """``{"name", "game", "options", "format", "entrants", "starts_at" | "starts_in",
    "show_up_seconds"}`` at time ``now`` (epoch seconds)."""
    if not isinstance(body, dict):
        raise TournamentError("the request must be a JSON object")
    name = body.get("name")
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= 80:
        raise TournamentError("give the tournament a 'name' of 1 to 80 characters")
    name = shown_text(name, TOURNAMENT_NAME)
    fmt = body.get("format")
    if fmt not in FORMATS:
        raise TournamentError(f"'format' must be one of {', '.join(FORMATS)}")
    options = body.get("options") or {}
    if not isinstance(options, dict) or "rules_version" in options:
        raise TournamentError("'options' must be an object of game options")
    try:
        game = load(str(body.get("game")), **options)
    except ValueError as exc:
        raise TournamentError(str(exc)) from None
    seats = game.num_players()
    sides = game.teams()
    if fmt == "knockout" and (seats != 2 or len(sides) != 2):
        raise FormatError(
            f"a knockout is played at two-seat tables, but {game.name} with these options "
            f"has {seats} seats"
        )
    if fmt == "round_robin" and seats not in (2, 4):
        raise FormatError(
            f"a round robin is played at two- or four-seat tables, but {game.name} with "
            f"these options has {seats} seats"
        )
    starts_at = time_of(body, now)
    show_up = body.get("show_up_seconds", 300)
    if not isinstance(show_up, int) or isinstance(show_up, bool) or not 1 <= show_up <= MAX_SHOW_UP:
        raise TournamentError(f"'show_up_seconds' must be a whole number from 1 to {MAX_SHOW_UP}")
    return TournamentRequest(
        name=name.strip(),
        game=game.name,
        options=game.options,
        format=fmt,
        starts_at=starts_at,
        show_up_seconds=show_up,
        entrants=parse_entrants(body.get("entrants") or []),
        least=seats if seats == 4 else 2,
    )


def parse_entrants(raw: Any) -> tuple[EntrantSpec, ...]:
    """``[{"ai": "mcts:200ms"}, {"player": "Name"}, ...]``."""
    if not isinstance(raw, list) or len(raw) > MAX_ENTRANTS:
        raise TournamentError(f"'entrants' must be a list of at most {MAX_ENTRANTS}")
    out = []
    for i, item in enumerate(raw):
        if isinstance(item, dict) and isinstance(item.get("ai"), str):
            out.append(EntrantSpec("ai", agent_of(item["ai"])))
        elif isinstance(item, dict) and isinstance(item.get("player"), str):
            out.append(EntrantSpec("player", item["player"]))
        else:
            raise TournamentError(
                f'entrant {i}: give {{"ai": "<agent spec>"}} or {{"player": "<name>"}}'
            )
    return tuple(out)


def check_entrants(
    req: TournamentRequest, entrants: list[str], now: float, accepted: int | None = None
) -> None:
    """The entrants (keys) of a new tournament: none twice, and enough to start now
    (``accepted``: how many play without an invitation to accept; invited players cannot
    accept before a tournament that starts now)."""
    if len(set(entrants)) != len(entrants):
        raise AlreadyJoinedError("an entrant is listed twice")
    playing = len(entrants) if accepted is None else accepted
    if req.starts_at <= now and len(entrants) < req.least:
        raise TooFewEntrantsError(
            f"a tournament that starts now needs at least {WORDS[req.least]} entrants; "
            f"{len(entrants)} listed"
        )
    if req.starts_at <= now and playing < req.least:
        raise TooFewEntrantsError(
            f"a tournament that starts now needs at least {WORDS[req.least]} entrants who "
            f"have accepted; {playing} have (invited players accept before the start)"
        )


def agent_of(spec: Any) -> str:
    """The agent spec of an AI entrant the organizer adds."""
    if not isinstance(spec, str):
        raise TournamentError("give the AI entrant's 'agent' spec, e.g. 'mcts:200ms'")
    if len(spec) > MAX_AGENT_SPEC:
        raise TournamentError(f"an agent spec has at most {MAX_AGENT_SPEC} characters")
    return spec


def time_of(body: dict[str, Any], now: float) -> float:
    """The start time: ``starts_at`` (epoch seconds) or ``starts_in`` (seconds from now),
    at most ``MAX_START_AHEAD`` ahead; a ``starts_at`` up to ``MAX_START_BEHIND`` in the
    past means now.

    >>> time_of({"starts_in": 30}, now=100.0), time_of({}, now=100.0)
    (130.0, 700.0)
    >>> time_of({"starts_at": 50.0}, now=100.0)
    100.0
    >>> time_of({"starts_at": 1e300}, now=100.0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    spelbord.server.tournaments.protocol.TournamentError: 'starts_at' must be a time in ...
    """
    if "starts_in" in body:
        delay = body["starts_in"]
        if (
            not isinstance(delay, int | float)
            or isinstance(delay, bool)
            or not 0 <= delay <= MAX_START_AHEAD
        ):
            raise TournamentError(f"'starts_in' must be 0 to {MAX_START_AHEAD} seconds")
        return now + float(delay)
    at = body.get("starts_at")
    if at is None:
        return now + 600.0
    if (
        not isinstance(at, int | float)
        or isinstance(at, bool)
        or not now - MAX_START_BEHIND <= at <= now + MAX_START_AHEAD
    ):
        raise TournamentError(
            f"'starts_at' must be a time in epoch seconds from {MAX_START_BEHIND} seconds "
            f"ago to {MAX_START_AHEAD} seconds ahead"
        )
    return max(float(at), now)

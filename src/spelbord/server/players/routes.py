"""The routes of players and ratings (issue 16): ``/api/account/*`` (sign up, in, out,
who am I), ``/api/players/{name}`` (the player page: games with replays, results,
ratings and each game's rating history), ``/api/ratings/{game}`` and the pages
``/account`` and ``/player/{name}``.

``Players`` (``app.state.players``) is what the table routes call to make a table rated and
to remember which account claimed a seat; ``current_account`` is the signed-in account as a
dependency (the tournament routes use it too).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import FileResponse
from starlette.requests import HTTPConnection

from spelbord.server.errors import BadRequestError
from spelbord.server.players.accounts import (
    COOKIE,
    SESSION_SECONDS,
    Account,
    Accounts,
    NameTakenError,
    NotSignedInError,
    account_by_name,
    ai_entrant,
    registered_lookalike,
)
from spelbord.server.players.ratings import (
    is_rated,
    leaderboard,
    mark_rated,
    rate_table,
    rated_sides,
    ratings_of,
)
from spelbord.server.players.store import (
    add_seat_entrants,
    carry_over,
    games_of,
    rating_history,
)
from spelbord.server.tables.hub import Hub
from spelbord.server.tables.live import LiveTable
from spelbord.server.tables.protocol import MAX_MESSAGE, CreateRequest, decode
from spelbord.server.web import pages
from spelbord.server.web.ratelimit import Limit, client_of

log = logging.getLogger(__name__)

router = APIRouter()

NO_CONTEST = ("aborted", "abandoned", "cancelled")
"""Endings that are no result at all (every return 0, never rated): a player's games list
says so instead of "draw"."""


class RatedTableError(BadRequestError):
    """A table asked to be rated that cannot be (e.g. seats shared on one device)."""


class Players:
    """The accounts and ratings of one server, and what they add to its tables: rated
    tables, and who sat at which seat (``tables.routes.TableHooks``)."""

    def __init__(self, hub: Hub, accounts: Accounts) -> None:
        self.hub = hub
        self.accounts = accounts
        hub.store.on_finish.append(rate_table)  # ratings move as rated games end
        hub.rated = lambda table_id: is_rated(hub.store.engine, table_id)
        hub.rematch_hooks.append(carry_over)  # a rematch: same players, same rating mode

    async def account(self, conn: HTTPConnection) -> Account | None:
        """The account signed in on this request (its session cookie), if any."""
        return await self.hub.db(self.accounts.session_account, conn.cookies.get(COOKIE))

    # ------------------------------------------------------------------ table hooks
    def check_create(self, data: Any, req: CreateRequest) -> bool:
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
        table.casual = False  # (the hub read it before the table was marked)

        def write() -> None:
            with self.hub.store.engine.begin() as conn:
                mark_rated(conn, table.id)
                add_seat_entrants(
                    conn,
                    table.id,
                    (
                        (s.seat, ai_entrant(s.agent))
                        for s in table.seats
                        if s.kind == "ai" and s.agent
                    ),
                )

        await self.hub.db(write)

    async def check_seat_names(self, conn: HTTPConnection, names: list[str]) -> None:
        """A seat's name may not be, or look like, another registered player's name
        (``NameTakenError``): nobody sits at a table as someone else."""
        if not names:
            return
        account = await self.account(conn)
        taken = await self.hub.db(registered_lookalike, self.hub.store.engine, names, account)
        if taken is not None:
            raise NameTakenError(
                f"the name {taken!r} belongs to a registered player: choose another"
            )

    async def after_claim(self, request: HTTPConnection, table_id: str, seat: int) -> None:
        """A signed-in player who claims a seat is recorded at it (player page, ratings)."""
        account = await self.account(request)
        if account is not None:
            await self.hub.db(self.accounts.bind_seat, table_id, seat, account.entrant)

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
            ended = result.get("termination")
            if r["status"] == "finished" and ended in NO_CONTEST:
                outcome = ended  # no result: neither won, lost nor drawn
            elif r["status"] == "finished" and len(returns) > r["seat"]:
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
                    "irregular": result.get("irregular"),
                    "rated": r["rated_at"] is not None,
                    "unrated": r["unrated"],
                    "opponents": [n for s, n in seats[r["id"]] if s != r["seat"]],
                    "replay": f"/replay/{r['id']}",
                    "updated_at": r["updated_at"],
                }
            )
        return {
            "name": account.name,
            "created_at": account.created_at,
            "ratings": ratings_of(engine, account.entrant),
            "history": rating_history(engine, account.entrant),
            "games": games,
            # won, drawn and lost among the finished games listed; no result is none
            "tally": {
                k: sum(1 for g in games if g["outcome"] == k) for k in ("win", "draw", "loss")
            },
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


def the_players(conn: HTTPConnection) -> Players:
    """The app's ``Players`` (a dependency)."""
    players: Players = conn.app.state.players
    return players


ThePlayers = Annotated[Players, Depends(the_players)]


async def current_account(conn: HTTPConnection, players: ThePlayers) -> Account | None:
    """The signed-in account of a request, or ``None`` for a guest (a dependency)."""
    return await players.account(conn)


CurrentAccount = Annotated[Account | None, Depends(current_account)]


async def json_body(request: Request) -> Any:
    """The JSON body of a request (at most ``MAX_MESSAGE`` bytes)."""
    return decode(await request.body(), MAX_MESSAGE)


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


@router.post("/api/account/signup")
async def sign_up(
    request: Request, response: Response, players: ThePlayers, limit: Limit
) -> dict[str, Any]:
    limit("signup")
    data = await json_body(request)
    if not isinstance(data, dict):
        raise BadRequestError("send {'name': ..., 'password': ...}")
    accounts = players.accounts
    account = await asyncio.to_thread(accounts.sign_up, data.get("name"), data.get("password"))
    token = await asyncio.to_thread(accounts.new_session, account)
    set_session(response, token)
    return {"account": account.as_dict()}


@router.post("/api/account/signin")
async def sign_in(
    request: Request, response: Response, players: ThePlayers, limit: Limit
) -> dict[str, Any]:
    limit("signin")
    data = await json_body(request)
    if not isinstance(data, dict):
        raise BadRequestError("send {'name': ..., 'password': ...}")
    client = client_of(request)
    account, token = await players.accounts.sign_in(data.get("name"), data.get("password"), client)
    set_session(response, token)
    return {"account": account.as_dict()}


@router.post("/api/account/signout")
async def sign_out(request: Request, response: Response, players: ThePlayers) -> dict[str, Any]:
    await players.hub.db(players.accounts.end_session, request.cookies.get(COOKIE))
    response.delete_cookie(COOKIE, path="/", secure=True, httponly=True, samesite="lax")
    return {"account": None}


@router.post("/api/account/signout-everywhere")
async def sign_out_everywhere(
    request: Request, response: Response, players: ThePlayers, account: CurrentAccount
) -> dict[str, Any]:
    """End every session of the signed-in account (this one too)."""
    if account is None:
        raise NotSignedInError("sign in first")
    ended = await players.hub.db(players.accounts.end_sessions, account)
    response.delete_cookie(COOKIE, path="/", secure=True, httponly=True, samesite="lax")
    return {"account": None, "sessions_ended": ended}


@router.post("/api/account/password")
async def change_password(
    request: Request, players: ThePlayers, account: CurrentAccount, limit: Limit
) -> dict[str, Any]:
    """``{"password": current, "new_password": new}``: this session stays, the others end."""
    if account is None:
        raise NotSignedInError("sign in first")
    limit("signin")
    data = await json_body(request)
    if not isinstance(data, dict):
        raise BadRequestError("send {'password': ..., 'new_password': ...}")
    client = client_of(request)
    await players.accounts.change_password(
        account, data.get("password"), data.get("new_password"), client, request.cookies.get(COOKIE)
    )
    return {"account": account.as_dict()}


@router.get("/api/account")
async def me(account: CurrentAccount) -> dict[str, Any]:
    return {"account": account.as_dict() if account else None}


@router.get("/api/players/{name}")
async def player(name: str, players: ThePlayers) -> dict[str, Any]:
    return await players.hub.db(players.player_page, name)


@router.get("/api/ratings/{game}")
async def ratings(game: str, players: ThePlayers) -> list[dict[str, Any]]:
    return await players.hub.db(players.ratings_table, game)


@router.get("/account", include_in_schema=False)
def account_page() -> FileResponse:
    return pages.page("account.html")


@router.get("/player/{name}", include_in_schema=False)
def player_html(name: str) -> FileResponse:
    return pages.page("player.html")

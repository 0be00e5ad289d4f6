"""Tournaments: create, join and leave, rounds that start themselves, standings, brackets.

A ``Director`` runs every tournament of the server. Its loop (``tick``) starts
tournaments whose start time has come, opens the tables of the current round through the
hub (``Hub.create``: invite seats for accounts, AI seats for AI levels), forfeits a seat
whose player did not show up within the allowed time, and moves to the next round when
every game of the round is over. A game's result reaches its match through
``Store.on_finish`` (``record_match``), in the transaction that stores the result; all
state lives in the database, so a restarted server carries on mid-round (running tables
resume through the hub, waiting ones are loaded on demand).

Players reach their tables from the tournament page (``take_seat`` hands the signed-in
account its seat's token) or from the lobby (the table is an ordinary table). Subscribers
of ``/ws/tournaments/{id}`` get the whole tournament (standings, rounds, bracket) again
whenever something changed; subscribers of ``/ws/tournaments`` get the whole list again
whenever any tournament changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import re
import secrets
import time
from typing import Any, ClassVar

import sqlalchemy as sa

from spelbord.core.registry import load
from spelbord.server import tournament_plan as plan
from spelbord.server.accounts import Account, NotSignedInError, account_by_name
from spelbord.server.db import LOG, TABLES
from spelbord.server.errors import BadRequestError, ConflictError, ForbiddenError, NotFoundError
from spelbord.server.hub import Hub
from spelbord.server.live import LiveTable, hash_token
from spelbord.server.players_db import (
    MATCHES,
    SEAT_ENTRANTS,
    TOURNAMENT_ENTRANTS,
    TOURNAMENTS,
)
from spelbord.server.protocol import CreateRequest, SeatSpec
from spelbord.server.ratings import mark_rated, read_rating
from spelbord.server.store import JOINT, MOVE_KINDS, SEATS

log = logging.getLogger(__name__)

FORMATS = ("round_robin", "knockout")
MAX_ENTRANTS = 64
MAX_SHOW_UP = 3 * 3600
"""The longest a tournament waits for a player (well inside the hub's abandoned-table sweep)."""
WORDS = {2: "two", 4: "four"}
LISTING = ""
"""The subscriber key of the tournament list page (no tournament id is empty)."""
LEVEL = re.compile(r"level:(easy|medium|hard|master)")


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


class NotYourTableError(ForbiddenError):
    """An account asked for a seat that is not its own."""


class NotOrganizerError(ForbiddenError):
    """Only the account that created the tournament may do this."""

    status: ClassVar[int] = 403


def ai_entrant(spec: str) -> str:
    return f"ai:{spec}"


def _now() -> float:
    return time.time()


class Director:
    """Every tournament of one server (all state in the database)."""

    def __init__(self, hub: Hub, tick_seconds: float = 1.0) -> None:
        self.hub = hub
        self.engine = hub.store.engine
        self.tick_seconds = tick_seconds
        self.subscribers: dict[str, set[Any]] = {}
        self.lock = asyncio.Lock()
        self._dirty: set[str] = set()
        self._task: asyncio.Task[None] | None = None
        hub.store.on_finish.append(self.record_match)

    # ------------------------------------------------------------------ life cycle
    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._loop())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    async def _loop(self) -> None:
        while True:
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the tournament director failed a tick")
            await asyncio.sleep(self.tick_seconds)

    # ------------------------------------------------------------------ the store hook
    def record_match(
        self, conn: sa.Connection, table_id: str, result: dict[str, Any] | None
    ) -> None:
        """``Store.on_finish``: a tournament table's result becomes its match's result."""
        if result is None:
            return
        row = conn.execute(
            sa.select(MATCHES.c.tournament_id).where(
                MATCHES.c.table_id == table_id, MATCHES.c.status == "playing"
            )
        ).first()
        if row is None:
            return
        margins = None if result.get("termination") == "forfeit" else margins_of(conn, table_id)
        conn.execute(
            MATCHES.update()
            .where(MATCHES.c.table_id == table_id, MATCHES.c.status == "playing")
            .values(
                status="finished",
                returns=list(result.get("returns") or []),
                margins=margins,
                termination=str(result.get("termination") or "")[:32],
            )
        )
        self._dirty.add(row.tournament_id)

    # ------------------------------------------------------------------ requests
    async def create(self, account: Account | None, body: Any) -> str:
        """A new tournament from ``{"name", "game", "options", "format", "entrants",
        "starts_at" | "starts_in", "show_up_seconds"}``; returns its id."""
        if account is None:
            raise NotSignedInError("sign in to create a tournament")
        if not isinstance(body, dict):
            raise TournamentError("the request must be a JSON object")
        name = body.get("name")
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 80:
            raise TournamentError("give the tournament a 'name' of 1 to 80 characters")
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
        least = seats if seats == 4 else 2
        starts_at = _time_of(body)
        show_up = body.get("show_up_seconds", 300)
        if (
            not isinstance(show_up, int)
            or isinstance(show_up, bool)
            or not 1 <= show_up <= MAX_SHOW_UP
        ):
            raise TournamentError(
                f"'show_up_seconds' must be a whole number from 1 to {MAX_SHOW_UP}"
            )
        entrants = self._parse_entrants(body.get("entrants") or [], game.name)
        if starts_at <= _now() and len(entrants) < least:
            raise TooFewEntrantsError(
                f"a tournament that starts now needs at least {WORDS[least]} entrants; "
                f"{len(entrants)} listed"
            )
        tid = secrets.token_urlsafe(9)
        now = _now()

        def write() -> None:
            with self.engine.begin() as conn:
                conn.execute(
                    TOURNAMENTS.insert().values(
                        id=tid,
                        name=name.strip(),
                        game=game.name,
                        options=game.options,
                        format=fmt,
                        status="open",
                        starts_at=starts_at,
                        show_up_seconds=show_up,
                        created_by=account.id,
                        created_at=now,
                        round=0,
                        note=None,
                    )
                )
                for i, (entrant, shown) in enumerate(entrants):
                    conn.execute(
                        TOURNAMENT_ENTRANTS.insert().values(
                            tournament_id=tid, entrant=entrant, name=shown, joined_at=now + i * 1e-6
                        )
                    )

        await self.hub.db(write)
        self._dirty.add(tid)
        return tid

    def _parse_entrants(self, raw: Any, game: str) -> list[tuple[str, str]]:
        """``[{"ai": "mcts:200ms"}, {"player": "Name"}, ...]`` -> (entrant, shown name)."""
        if not isinstance(raw, list) or len(raw) > MAX_ENTRANTS:
            raise TournamentError(f"'entrants' must be a list of at most {MAX_ENTRANTS}")
        out: list[tuple[str, str]] = []
        for i, item in enumerate(raw):
            if isinstance(item, dict) and isinstance(item.get("ai"), str):
                spec = self.check_ai(item["ai"], game)
                out.append((ai_entrant(spec), f"AI ({spec})"))
            elif isinstance(item, dict) and isinstance(item.get("player"), str):
                account = account_by_name(self.engine, item["player"])
                out.append((account.entrant, account.name))
            else:
                raise TournamentError(
                    f'entrant {i}: give {{"ai": "<agent spec>"}} or {{"player": "<name>"}}'
                )
        keys = [e for e, _ in out]
        if len(set(keys)) != len(keys):
            raise AlreadyJoinedError("an entrant is listed twice")
        return out

    def check_ai(self, spec: str, game: str) -> str:
        if LEVEL.fullmatch(spec):
            return spec  # AI levels (another branch) are entrants by name
        try:
            return self.hub.pool.check_spec(spec, game) if self.hub.pool else spec
        except ValueError as exc:
            raise TournamentError(str(exc)) from None

    async def join(self, tid: str, account: Account | None) -> None:
        if account is None:
            raise NotSignedInError("sign in to join a tournament")
        await self._add_entrant(tid, account.entrant, account.name)

    async def add_ai(self, tid: str, account: Account | None, spec: Any) -> None:
        """The organizer adds an AI entrant before the start."""
        t = await self._organizer(tid, account)
        if not isinstance(spec, str):
            raise TournamentError("give the AI entrant's 'agent' spec, e.g. 'mcts:200ms'")
        spec = self.check_ai(spec, t["game"])
        await self._add_entrant(t["id"], ai_entrant(spec), f"AI ({spec})")

    async def _add_entrant(self, tid: str, entrant: str, shown: str) -> None:
        async with self.lock:
            t = await self._get(tid)
            if t["status"] != "open":
                raise AlreadyStartedError(f"the tournament {t['name']!r} has already started")

            def write() -> None:
                with self.engine.begin() as conn:
                    there = conn.execute(
                        sa.select(TOURNAMENT_ENTRANTS.c.entrant).where(
                            TOURNAMENT_ENTRANTS.c.tournament_id == tid,
                            TOURNAMENT_ENTRANTS.c.entrant == entrant,
                        )
                    ).first()
                    if there is not None:
                        raise AlreadyJoinedError(f"{shown} has already joined this tournament")
                    count = conn.execute(
                        sa.select(sa.func.count()).where(TOURNAMENT_ENTRANTS.c.tournament_id == tid)
                    ).scalar_one()
                    if count >= MAX_ENTRANTS:
                        raise TournamentError(f"the tournament is full ({MAX_ENTRANTS} entrants)")
                    conn.execute(
                        TOURNAMENT_ENTRANTS.insert().values(
                            tournament_id=tid, entrant=entrant, name=shown, joined_at=_now()
                        )
                    )

            await self.hub.db(write)
        self._publish(tid)

    async def leave(self, tid: str, account: Account | None) -> None:
        if account is None:
            raise NotSignedInError("sign in to leave a tournament")
        async with self.lock:
            t = await self._get(tid)
            if t["status"] != "open":
                raise AlreadyStartedError("the tournament has started: entrants are fixed")

            def write() -> None:
                with self.engine.begin() as conn:
                    gone = conn.execute(
                        TOURNAMENT_ENTRANTS.delete().where(
                            TOURNAMENT_ENTRANTS.c.tournament_id == tid,
                            TOURNAMENT_ENTRANTS.c.entrant == account.entrant,
                        )
                    )
                    if gone.rowcount == 0:
                        raise TournamentError("you are not in this tournament")

            await self.hub.db(write)
        self._publish(tid)

    async def start_now(self, tid: str, account: Account | None) -> None:
        """The organizer starts an open tournament before its start time."""
        await self._organizer(tid, account)
        async with self.lock:
            t = await self._get(tid)
            if t["status"] != "open":
                raise AlreadyStartedError("the tournament has already started")
            await self._start(t, strict=True)
        await self._advance_all()

    async def _organizer(self, tid: str, account: Account | None) -> dict[str, Any]:
        if account is None:
            raise NotSignedInError("sign in first")
        t = await self._get(tid)
        if t["created_by"] != account.id:
            raise NotOrganizerError("only the organizer of this tournament may do that")
        return t

    async def take_seat(self, tid: str, table_id: str, account: Account | None) -> dict[str, Any]:
        """The signed-in account's seat at a table of this tournament: a fresh token."""
        if account is None:
            raise NotSignedInError("sign in to take your seat")

        def find() -> Any:
            with self.engine.connect() as conn:
                return conn.execute(
                    sa.select(MATCHES.c.entrants).where(
                        MATCHES.c.tournament_id == tid, MATCHES.c.table_id == table_id
                    )
                ).first()

        row = await self.hub.db(find)
        if row is None:
            raise NotFoundError("no such table in this tournament")
        seats = [i for i, e in enumerate(row.entrants) if e == account.entrant]
        if not seats:
            raise NotYourTableError("you have no seat at this table: it is another player's")
        table = await self.hub.get(table_id)
        seat = seats[0]
        if table.status == "finished":
            raise ConflictError("that game is over")
        target = table.seats[seat]
        if not target.claimed and target.invite_code is not None:
            got, token = await table.claim(None, target.invite_code, account.name)
            return {"table": table_id, "seat": got, "token": token}
        return {"table": table_id, "seat": seat, "token": await self._reissue(table, seat)}

    async def _reissue(self, table: LiveTable, seat: int) -> str:
        """A new token for a claimed seat (the account signed in elsewhere)."""
        token = secrets.token_urlsafe(24)
        digest = hash_token(token)

        def write() -> None:
            with self.engine.begin() as conn:
                conn.execute(
                    SEATS.update()
                    .where(SEATS.c.table_id == table.id, SEATS.c.seat == seat)
                    .values(token_hash=digest)
                )

        async with table.lock:
            await self.hub.db(write)
            table.seats[seat] = dataclasses.replace(table.seats[seat], token_hash=digest)
        return token

    # ------------------------------------------------------------------ reading
    async def _get(self, tid: str) -> dict[str, Any]:
        def read() -> dict[str, Any] | None:
            if len(tid) > 32:
                return None
            with self.engine.connect() as conn:
                row = conn.execute(sa.select(TOURNAMENTS).where(TOURNAMENTS.c.id == tid))
                found = row.mappings().first()
                return dict(found) if found is not None else None

        t = await self.hub.db(read)
        if t is None:
            raise NotFoundError(f"no tournament {tid!r}")
        return t

    def listing(self) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            counts: dict[str, int] = dict(
                conn.execute(
                    sa.select(TOURNAMENT_ENTRANTS.c.tournament_id, sa.func.count()).group_by(
                        TOURNAMENT_ENTRANTS.c.tournament_id
                    )
                ).all()
            )
            rows = conn.execute(
                sa.select(TOURNAMENTS).order_by(TOURNAMENTS.c.created_at.desc()).limit(100)
            ).mappings()
            return [{**_public(dict(r)), "entrants": counts.get(r["id"], 0)} for r in rows]

    def snapshot(self, tid: str) -> dict[str, Any]:
        """Everything about one tournament: entrants, rounds, standings, bracket."""
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(TOURNAMENTS).where(TOURNAMENTS.c.id == tid)).mappings()
            t = row.first()
            if t is None:
                raise NotFoundError(f"no tournament {tid!r}")
            entrants = list(
                conn.execute(
                    sa.select(TOURNAMENT_ENTRANTS)
                    .where(TOURNAMENT_ENTRANTS.c.tournament_id == tid)
                    .order_by(TOURNAMENT_ENTRANTS.c.joined_at)
                ).mappings()
            )
            matches = list(
                conn.execute(
                    sa.select(MATCHES)
                    .where(MATCHES.c.tournament_id == tid)
                    .order_by(MATCHES.c.round, MATCHES.c.slot, MATCHES.c.game_no)
                ).mappings()
            )
            ratings = {e["entrant"]: read_rating(conn, e["entrant"], t["game"]) for e in entrants}
        names = {e["entrant"]: e["name"] for e in entrants}
        sides = _sides(dict(t))
        games = [
            plan.Game(tuple(m["entrants"]), tuple(m["returns"]), tuple(m["margins"] or ()), sides)
            for m in matches
            if m["status"] == "finished" and m["returns"]
        ]
        table = plan.standings([e["entrant"] for e in entrants], games)
        rounds: dict[int, list[dict[str, Any]]] = {}
        for m in matches:
            rounds.setdefault(m["round"], []).append(_match_dict(m, names, sides))
        four = t["format"] == "round_robin" and (len(sides) > 2 or len(sides[0]) > 1)
        return {
            **_public(dict(t)),
            "rules": plan.RULES["round_robin_4" if four else t["format"]],
            "sides": [list(side) for side in sides],
            "entrants": [
                {
                    "entrant": e["entrant"],
                    "name": e["name"],
                    "kind": e["entrant"].split(":", 1)[0],
                    "rating": ratings[e["entrant"]].as_dict(),
                }
                for e in entrants
            ],
            "standings": [{**s, "name": names.get(s["entrant"], s["entrant"])} for s in table],
            "rounds": [{"round": r, "matches": ms} for r, ms in sorted(rounds.items())],
        }

    # ------------------------------------------------------------------ subscribers
    def subscribe(self, tid: str, sub: Any) -> None:
        self.subscribers.setdefault(tid, set()).add(sub)

    def unsubscribe(self, tid: str, sub: Any) -> None:
        subs = self.subscribers.get(tid)
        if subs is not None:
            subs.discard(sub)
            if not subs:
                self.subscribers.pop(tid, None)

    def _publish(self, tid: str) -> None:
        self._publish_listing()
        subs = self.subscribers.get(tid)
        if not subs:
            return
        try:
            text = json.dumps({"type": "tournament", "tournament": self.snapshot(tid)})
        except Exception:
            log.exception("tournament %s: the snapshot failed", tid)
            return
        for sub in list(subs):
            sub.push(text)

    def _publish_listing(self) -> None:
        """Subscribers of the list (``LISTING``) get the whole list again."""
        subs = self.subscribers.get(LISTING)
        if not subs:
            return
        try:
            text = json.dumps({"type": "tournaments", "tournaments": self.listing()})
        except Exception:
            log.exception("the tournament list failed")
            return
        for sub in list(subs):
            sub.push(text)

    # ------------------------------------------------------------------ the loop
    async def tick(self) -> None:
        """One pass: start what is due, open tables, forfeit no-shows, finish rounds."""
        async with self.lock:
            for t in await self.hub.db(self._due):
                await self._start(t, strict=False)
        await self._advance_all()
        dirty, self._dirty = self._dirty, set()
        for tid in dirty:
            self._publish(tid)

    def _due(self) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(TOURNAMENTS).where(
                    TOURNAMENTS.c.status == "open", TOURNAMENTS.c.starts_at <= _now()
                )
            ).mappings()
            return [dict(r) for r in rows]

    async def _advance_all(self) -> None:
        def running() -> list[dict[str, Any]]:
            with self.engine.connect() as conn:
                rows = conn.execute(
                    sa.select(TOURNAMENTS).where(TOURNAMENTS.c.status == "running")
                ).mappings()
                return [dict(r) for r in rows]

        for t in await self.hub.db(running):
            async with self.lock:
                try:
                    await self._advance(t)
                except Exception:
                    log.exception("tournament %s: the round could not go on", t["id"])

    async def _start(self, t: dict[str, Any], strict: bool) -> None:
        """Fix the entrants and write the first round (round robin: every round)."""
        tid = t["id"]

        def entrants() -> list[str]:
            with self.engine.connect() as conn:
                rows = conn.execute(
                    sa.select(TOURNAMENT_ENTRANTS.c.entrant)
                    .where(TOURNAMENT_ENTRANTS.c.tournament_id == tid)
                    .order_by(TOURNAMENT_ENTRANTS.c.joined_at)
                )
                found = list(rows.scalars())
                ratings = {e: read_rating(conn, e, t["game"]).rating for e in found}
            # Seeds: best rating first; equal ratings in the order they joined.
            return sorted(found, key=lambda e: -ratings[e])

        seeded = await self.hub.db(entrants)
        sides = _sides(t)
        least = 4 if len(sides) == 4 or any(len(side) > 1 for side in sides) else 2
        if len(seeded) < least:
            if strict:
                raise TooFewEntrantsError(
                    f"a tournament needs at least {WORDS[least]} entrants; it has {len(seeded)}"
                )
            await self.hub.db(self._set, tid, status="cancelled", note="too few entrants")
            self._dirty.add(tid)
            return
        rows: list[dict[str, Any]] = []
        if t["format"] == "round_robin" and least == 4:
            for r, groups in enumerate(plan.group_rounds(seeded, sides), start=1):
                for slot, group in enumerate(groups):
                    rows.append(_row(tid, r, slot, 0, list(group), "waiting"))
        elif t["format"] == "round_robin":
            for r, pairs in enumerate(plan.round_robin(seeded), start=1):
                for slot, (a, b) in enumerate(pairs):
                    rows.append(_row(tid, r, slot, 0, [a, b], "waiting"))
        else:
            for slot, (top, low) in enumerate(plan.first_round(seeded)):
                if top is not None and low is not None:
                    rows.append(_row(tid, 1, slot, 0, [top, low], "waiting"))
                else:
                    rows.append(_row(tid, 1, slot, 0, [top or low, None], "bye"))

        def write() -> None:
            with self.engine.begin() as conn:
                done = conn.execute(
                    TOURNAMENTS.update()
                    .where(TOURNAMENTS.c.id == tid, TOURNAMENTS.c.status == "open")
                    .values(status="running", round=1, starts_at=min(t["starts_at"], _now()))
                )
                if done.rowcount != 1:
                    raise AlreadyStartedError("the tournament has already started")
                conn.execute(MATCHES.insert(), rows)

        await self.hub.db(write)
        self._dirty.add(tid)

    def _set(self, tid: str, **values: Any) -> None:
        with self.engine.begin() as conn:
            conn.execute(TOURNAMENTS.update().where(TOURNAMENTS.c.id == tid).values(**values))

    def _matches(self, tid: str, rnd: int) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(MATCHES)
                .where(MATCHES.c.tournament_id == tid, MATCHES.c.round == rnd)
                .order_by(MATCHES.c.slot, MATCHES.c.game_no)
            ).mappings()
            return [dict(r) for r in rows]

    async def _advance(self, t: dict[str, Any]) -> None:
        tid, rnd = t["id"], t["round"]
        matches = await self.hub.db(self._matches, tid, rnd)
        for m in matches:
            if m["status"] == "waiting":
                await self._open_table(t, m)
            elif m["status"] == "playing":
                await self._watch(t, m)
        matches = await self.hub.db(self._matches, tid, rnd)
        if any(m["status"] in ("waiting", "playing") for m in matches):
            return
        if t["format"] == "round_robin":
            last = await self.hub.db(self._last_round, tid)
            if rnd < last:
                await self.hub.db(self._set, tid, round=rnd + 1)
            else:
                await self.hub.db(self._set, tid, status="finished")
            self._dirty.add(tid)
            return
        await self._next_knockout(t, matches)

    def _last_round(self, tid: str) -> int:
        with self.engine.connect() as conn:
            return int(
                conn.execute(
                    sa.select(sa.func.max(MATCHES.c.round)).where(MATCHES.c.tournament_id == tid)
                ).scalar_one()
                or 0
            )

    async def _next_knockout(self, t: dict[str, Any], matches: list[dict[str, Any]]) -> None:
        tid, rnd = t["id"], t["round"]
        latest: dict[int, dict[str, Any]] = {}
        for m in matches:
            latest[m["slot"]] = m  # ordered by game_no: the last game of each slot
        winners: list[str] = []
        replays: list[dict[str, Any]] = []
        for slot in sorted(latest):
            m = latest[slot]
            if m["status"] == "bye":
                winners.append(m["entrants"][0])
                continue
            game = plan.Game(tuple(m["entrants"]), tuple(m["returns"] or (0.0, 0.0)))
            winner = game.winner()
            if winner is not None:
                winners.append(winner)
            elif m["game_no"] + 1 < plan.REPLAYS:
                # A draw: replayed with the seats swapped.
                swapped = [m["entrants"][1], m["entrants"][0]]
                replays.append(_row(tid, rnd, slot, m["game_no"] + 1, swapped, "waiting"))
                winners.append("")
            else:
                # The first seat of the match's first game (round 1: the higher seed).
                winners.append(matches[[x["slot"] for x in matches].index(slot)]["entrants"][0])
        if replays:

            def write_replays() -> None:
                with self.engine.begin() as conn:
                    _insert_missing(conn, replays)

            await self.hub.db(write_replays)
            self._dirty.add(tid)
            return
        if len(winners) == 1:
            await self.hub.db(self._set, tid, status="finished")
            self._dirty.add(tid)
            return
        rows = [
            _row(tid, rnd + 1, i // 2, 0, [winners[i], winners[i + 1]], "waiting")
            for i in range(0, len(winners), 2)
        ]

        def write() -> None:
            with self.engine.begin() as conn:
                _insert_missing(conn, rows)
                conn.execute(
                    TOURNAMENTS.update().where(TOURNAMENTS.c.id == tid).values(round=rnd + 1)
                )

        await self.hub.db(write)
        self._dirty.add(tid)

    async def _open_table(self, t: dict[str, Any], m: dict[str, Any]) -> None:
        """Create the table of a match: AI seats play, account seats wait for their player."""
        names = await self.hub.db(self._names, t["id"])
        seats = []
        for e in m["entrants"]:
            kind, _, rest = e.partition(":")
            if kind == "ai":
                seats.append(SeatSpec("ai", agent=rest, name=names.get(e)))
            else:
                seats.append(SeatSpec("invite", name=names.get(e)))
        req = CreateRequest(game=t["game"], options=dict(t["options"]), seats=tuple(seats))
        table, _, _ = await self.hub.create(req)

        def write() -> None:
            with self.engine.begin() as conn:
                conn.execute(
                    SEAT_ENTRANTS.insert(),
                    [
                        {"table_id": table.id, "seat": i, "entrant": e}
                        for i, e in enumerate(m["entrants"])
                    ],
                )
                mark_rated(conn, table.id)
                conn.execute(
                    MATCHES.update()
                    .where(
                        MATCHES.c.tournament_id == m["tournament_id"],
                        MATCHES.c.round == m["round"],
                        MATCHES.c.slot == m["slot"],
                        MATCHES.c.game_no == m["game_no"],
                    )
                    .values(status="playing", table_id=table.id, started_at=_now())
                )

        await self.hub.db(write)
        self._dirty.add(t["id"])
        if table.status == "finished":  # finished before the match knew its table
            await self._watch(t, {**m, "table_id": table.id, "started_at": _now()})

    def _names(self, tid: str) -> dict[str, str]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(TOURNAMENT_ENTRANTS.c.entrant, TOURNAMENT_ENTRANTS.c.name).where(
                    TOURNAMENT_ENTRANTS.c.tournament_id == tid
                )
            )
            return {r.entrant: r.name for r in rows}

    async def _watch(self, t: dict[str, Any], m: dict[str, Any]) -> None:
        """A playing match: catch a result the hook missed, forfeit no-shows."""
        try:
            table = await self.hub.get(m["table_id"])
        except NotFoundError:
            log.error("tournament %s: table %s is gone", t["id"], m["table_id"])
            return
        if table.status == "finished":

            def reconcile() -> None:
                with self.engine.begin() as conn:
                    self.record_match(conn, table.id, table.result)

            await self.hub.db(reconcile)
            return
        if table.status == "waiting" and _now() >= m["started_at"] + t["show_up_seconds"]:
            await self.forfeit(table)

    async def forfeit(self, table: LiveTable) -> None:
        """End a table whose players did not all show up: the absent lose."""
        async with table.lock:
            if table.status != "waiting":
                return
            absent = [s.seat for s in table.seats if not s.claimed]
            n = len(table.seats)
            if len(absent) == n:
                returns = [0.0] * n
                text = "nobody showed up"
            else:
                returns = [-1.0 if s in absent else 1.0 for s in range(n)]
                text = "forfeit: " + ", ".join(table.seats[s].name for s in absent) + " absent"
            result = {"returns": returns, "termination": "forfeit", "text": text, "absent": absent}
            ply = table.state.move_number()
            await self.hub.db(
                self.hub.store.advance,
                table.id,
                expected_ply=ply,
                entries=[],
                ply=ply,
                status="finished",
                result=result,
                clear_pending=True,
            )
            table.status, table.result = "finished", result
            table.broadcast()
            self.hub.release(table)


def margins_of(conn: sa.Connection, table_id: str) -> list[float] | None:
    """The game's margin per seat (``State.margin``) at the end of a table's log, read
    through ``conn`` (so it sees the moves of the transaction that finishes the game)."""
    table = conn.execute(
        sa.select(TABLES.c.game, TABLES.c.options, TABLES.c.rules_version).where(
            TABLES.c.id == table_id
        )
    ).first()
    if table is None:
        return None
    game = load(table.game, rules_version=int(table.rules_version), **dict(table.options))
    state = game.new_initial_state()
    for entry in conn.execute(
        sa.select(LOG.c.kind, LOG.c.payload).where(LOG.c.table_id == table_id).order_by(LOG.c.seq)
    ):
        if entry.kind in MOVE_KINDS:
            if entry.kind == JOINT:
                state.apply_actions(list(entry.payload))
            else:
                state.apply_action(entry.payload)
    margins = state.margin()
    return None if margins is None else [float(m) for m in margins]


def _insert_missing(conn: sa.Connection, rows: list[dict[str, Any]]) -> None:
    """Insert the match rows whose key (tournament, round, slot, game) is not there yet.

    Two passes that decided the same next game (the director's loop and a direct call)
    then write it once instead of failing on the key."""
    keys = ("tournament_id", "round", "slot", "game_no")
    fresh = [
        r
        for r in rows
        if conn.execute(
            sa.select(MATCHES.c.game_no).where(*(MATCHES.c[k] == r[k] for k in keys))
        ).first()
        is None
    ]
    if fresh:
        conn.execute(MATCHES.insert(), fresh)


def _row(
    tid: str, rnd: int, slot: int, game_no: int, entrants: list[Any], status: str
) -> dict[str, Any]:
    return {
        "tournament_id": tid,
        "round": rnd,
        "slot": slot,
        "game_no": game_no,
        "entrants": entrants,
        "status": status,
        "table_id": None,
        "started_at": None,
        "returns": None,
        "margins": None,
        "termination": None,
    }


def _public(t: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": t["id"],
        "name": t["name"],
        "game": t["game"],
        "options": t["options"],
        "format": t["format"],
        "status": t["status"],
        "starts_at": t["starts_at"],
        "show_up_seconds": t["show_up_seconds"],
        "round": t["round"],
        "note": t["note"],
        "created_by": t["created_by"],
    }


def _sides(t: dict[str, Any]) -> tuple[tuple[int, ...], ...]:
    """The seats that win and lose together at this tournament's tables."""
    return tuple(tuple(side) for side in load(t["game"], **dict(t["options"])).teams())


def _match_dict(
    m: Any, names: dict[str, str], sides: tuple[tuple[int, ...], ...] = ()
) -> dict[str, Any]:
    winner = None
    winners: list[str] = []
    if m["status"] == "bye":
        winner = m["entrants"][0]
        winners = [winner]
    elif m["status"] == "finished" and m["returns"]:
        game = plan.Game(tuple(m["entrants"]), tuple(m["returns"]), (), sides)
        winners = [e for e in m["entrants"] if e in game.winners()]
        winner = winners[0] if len(winners) == 1 else None
    return {
        "slot": m["slot"],
        "game_no": m["game_no"],
        "status": m["status"],
        "table": m["table_id"],
        "seats": [
            {"entrant": e, "name": names.get(e, "bye") if e else "bye"} for e in m["entrants"]
        ],
        "returns": m["returns"],
        "margins": m["margins"],
        "termination": m["termination"],
        "winner": winner,
        "winner_name": names.get(winner) if winner else None,
        "winners": winners,
        "winner_names": [names.get(w, w) for w in winners],
    }


def _time_of(body: dict[str, Any]) -> float:
    """The start time: ``starts_at`` (epoch seconds) or ``starts_in`` (seconds from now)."""
    if "starts_in" in body:
        delay = body["starts_in"]
        if (
            not isinstance(delay, int | float)
            or isinstance(delay, bool)
            or not 0 <= delay <= 7 * 86400
        ):
            raise TournamentError("'starts_in' must be 0 to 604800 seconds")
        return _now() + float(delay)
    at = body.get("starts_at")
    if at is None:
        return _now() + 600.0
    if not isinstance(at, int | float) or isinstance(at, bool) or at < 0:
        raise TournamentError("'starts_at' must be a time in epoch seconds")
    return float(at)

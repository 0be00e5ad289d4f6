"""The tournament director: create, join and leave, rounds that start themselves.

A ``Director`` runs every tournament of the server. Its loop (``tick``) starts
tournaments whose start time has come, opens the tables of the current round through the
hub (``Hub.create``: invite seats for accounts, AI seats for AI levels), forfeits a seat
whose player did not show up within the allowed time (``LiveTable.finish``, the tables'
one ending path), and moves to the next round when every game of the round is over. A
game's result reaches its match through ``Store.on_finish`` (``record_match``), in the
transaction that stores the result; all state lives in the database (``store``), so a
restarted server carries on mid-round (running tables resume through the hub, waiting
ones are loaded on demand). In a cluster only the leader's director runs the loop
(``leader``); its tables may live in other processes, so it reaches them by operations
(``Hub.call``: ``summary``, ``claim``, ``reissue`` and its own ``forfeit``). The seating
plans are computed on a thread, and a round's AI tables open gradually: at most
``open_per_tick`` tables a tick, and no more than the per-client cap on AI tables
(``HubConfig.ai_tables``) of one tournament at once.

Players reach their tables from the tournament page (``take_seat`` hands the signed-in
account its seat's token) or from the lobby (the table is an ordinary table). Requests are
checked by ``protocol``; the pages' snapshots are built by ``views``, and pushed to their
subscribers (``audience``) whenever a tournament changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import sqlalchemy as sa

from spelbord.server.errors import ConflictError, NotFoundError
from spelbord.server.ids import new_id
from spelbord.server.players.accounts import (
    Account,
    Accounts,
    NotSignedInError,
    account_by_name,
    ai_entrant,
)
from spelbord.server.tables.hub import Hub, TooManyAiTablesError
from spelbord.server.tables.live import LiveTable
from spelbord.server.tables.protocol import CreateRequest, SeatSpec
from spelbord.server.tables.records import margins_of
from spelbord.server.tournaments import plan, views
from spelbord.server.tournaments.protocol import (
    LEVEL,
    WORDS,
    AlreadyStartedError,
    NotOrganizerError,
    NotYourTableError,
    TooFewEntrantsError,
    TournamentError,
    agent_of,
    check_entrants,
    parse_create,
)
from spelbord.server.tournaments.store import (
    ACCEPTED,
    INVITED,
    TournamentStore,
    finish_match,
    is_match_table,
    match_row,
    playing_match,
)

log = logging.getLogger(__name__)


ORGANIZER_CANCELLED = "cancelled by the organizer"
OPERATOR_CANCELLED = "cancelled by an operator"
GAME_CANCELLED = "cancelled: the tournament was cancelled"


def _now() -> float:
    return time.time()


class Director:
    """Every tournament of one server (all state in the database)."""

    def __init__(self, hub: Hub, tick_seconds: float = 1.0, open_per_tick: int = 4) -> None:
        self.hub = hub
        self.open_per_tick = open_per_tick
        self.leader: Callable[[], bool] = lambda: True
        """Whether this process runs the tournaments now (the cluster's leader)."""
        self.store = TournamentStore(hub.store.engine)
        self.audience = views.Audience()
        self.tick_seconds = tick_seconds
        self.lock = asyncio.Lock()
        self._dirty: set[str] = set()
        self._task: asyncio.Task[None] | None = None
        hub.store.on_finish.append(self.record_match)
        hub.ops["forfeit"] = self._forfeit_op
        hub.in_tournament = partial(is_match_table, hub.store.engine)  # no rematch there

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
                if self.leader():
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
        tid = playing_match(conn, table_id)
        if tid is None:
            return
        margins = None if result.get("termination") == "forfeit" else margins_of(conn, table_id)
        finish_match(conn, table_id, result, margins)
        self._dirty.add(tid)

    # ------------------------------------------------------------------ requests
    async def create(self, account: Account | None, body: Any) -> str:
        """A new tournament from ``{"name", "game", "options", "format", "entrants",
        "starts_at" | "starts_in", "show_up_seconds"}``; returns its id."""
        if account is None:
            raise NotSignedInError("sign in to create a tournament")
        req = parse_create(body, _now())
        entrants: list[tuple[str, str, str]] = []
        for spec in req.entrants:
            if spec.kind == "ai":
                agent = self.check_ai(spec.value, req.game)
                entrants.append((ai_entrant(agent), f"AI ({agent})", ACCEPTED))
            else:
                # A listed player is invited: it plays only once it has accepted (the
                # organizer listing itself has).
                found = account_by_name(self.store.engine, spec.value)
                status = ACCEPTED if found.id == account.id else INVITED
                entrants.append((found.entrant, found.name, status))
        accepted = sum(1 for *_, status in entrants if status == ACCEPTED)
        check_entrants(req, [e for e, *_ in entrants], _now(), accepted)
        tid = new_id()
        await self.hub.db(self.store.create, tid, req, account.id, entrants, _now())
        self._dirty.add(tid)
        return tid

    def check_ai(self, spec: str, game: str) -> str:
        if LEVEL.fullmatch(spec):
            return spec  # AI levels (another branch) are entrants by name
        try:
            return self.hub.check_agent(spec, game)
        except ValueError as exc:
            raise TournamentError(str(exc)) from None

    async def join(self, tid: str, account: Account | None) -> None:
        if account is None:
            raise NotSignedInError("sign in to join a tournament")
        await self._add_entrant(tid, account.entrant, account.name)

    async def add_ai(self, tid: str, account: Account | None, spec: Any) -> None:
        """The organizer adds an AI entrant before the start."""
        t = await self._organizer(tid, account)
        agent = self.check_ai(agent_of(spec), t["game"])
        await self._add_entrant(t["id"], ai_entrant(agent), f"AI ({agent})")

    async def _add_entrant(self, tid: str, entrant: str, shown: str) -> None:
        async with self.lock:
            t = await self._get(tid)
            if t["status"] != "open":
                raise AlreadyStartedError(f"the tournament {t['name']!r} has already started")
            await self.hub.db(self.store.add_entrant, tid, entrant, shown, _now())
        self._publish(tid)

    async def accept(self, tid: str, account: Account) -> None:
        """The signed-in account accepts its invitation to an open tournament."""
        async with self.lock:
            t = await self._get(tid)
            if t["status"] != "open":
                raise AlreadyStartedError("the tournament has started: entrants are fixed")
            await self.hub.db(self.store.accept, tid, account.entrant, _now())
        self._publish(tid)

    async def decline(self, tid: str, account: Account) -> None:
        """The signed-in account declines its invitation (it is gone)."""
        async with self.lock:
            await self._get(tid)
            await self.hub.db(self.store.decline, tid, account.entrant)
        self._publish(tid)

    def invitations(self, account: Account) -> list[dict[str, Any]]:
        """The account's pending invitations (``views.invitation``; blocking)."""
        rows = self.store.invitations(account.entrant)
        names = Accounts(self.store.engine).names(
            [r["created_by"] for r in rows if r["created_by"]]
        )
        return [views.invitation(r, names.get(r["created_by"] or "")) for r in rows]

    async def read_invitations(self, account: Account) -> list[dict[str, Any]]:
        return await self.hub.db(self.invitations, account)

    async def leave(self, tid: str, account: Account | None) -> None:
        if account is None:
            raise NotSignedInError("sign in to leave a tournament")
        async with self.lock:
            t = await self._get(tid)
            if t["status"] != "open":
                raise AlreadyStartedError("the tournament has started: entrants are fixed")
            await self.hub.db(self.store.remove_entrant, tid, account.entrant)
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

    async def cancel(self, tid: str, account: Account | None) -> None:
        """The organizer cancels a tournament that has not started (an operator cancels
        any: ``spelbord tournament cancel``)."""
        await self._organizer(tid, account)
        async with self.lock:
            await self.hub.db(self.store.cancel, tid, ORGANIZER_CANCELLED, True)
        self._publish(tid)

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
        entrants = await self.hub.db(self.store.seats_at, tid, table_id)
        if entrants is None:
            raise NotFoundError("no such table in this tournament")
        seats = [i for i, e in enumerate(entrants) if e == account.entrant]
        if not seats:
            raise NotYourTableError("you have no seat at this table: it is another player's")
        table = await self.hub.call(table_id, "summary")
        seat = seats[0]
        if table["status"] == "finished":
            raise ConflictError("that game is over")
        target = table["seats"][seat]
        if not target["claimed"] and target["invite"] is not None:
            got = await self.hub.call(
                table_id, "claim", seat=None, invite=target["invite"], name=account.name
            )
            return {"table": table_id, "seat": got["seat"], "token": got["token"]}
        again = await self.hub.call(table_id, "reissue", seat=seat)
        return {"table": table_id, "seat": seat, "token": again["token"]}

    # ------------------------------------------------------------------ reading
    async def _get(self, tid: str) -> dict[str, Any]:
        t = await self.hub.db(self.store.get, tid)
        if t is None:
            raise NotFoundError(f"no tournament {tid!r}")
        return t

    def listing(self) -> list[dict[str, Any]]:
        """The tournament list page (``views.listing``; blocking: run it with ``hub.db``)."""
        return views.listing(self.store.listing())

    def snapshot(self, tid: str) -> dict[str, Any]:
        """Everything about one tournament (``views.snapshot``; blocking)."""
        stored = self.store.everything(tid)
        if stored is None:
            raise NotFoundError(f"no tournament {tid!r}")
        return views.snapshot(stored)

    def results_of(self, entrant: str) -> list[dict[str, Any]]:
        """The newest tournaments an entrant plays in, with its placing (blocking)."""
        out = []
        for tid in self.store.entered(entrant):
            stored = self.store.everything(tid)
            if stored is not None:
                out.append(views.result_of(stored, entrant))
        return out

    async def read_listing(self) -> list[dict[str, Any]]:
        return await self.hub.db(self.listing)

    async def read(self, tid: str) -> dict[str, Any]:
        return await self.hub.db(self.snapshot, tid)

    # ------------------------------------------------------------------ subscribers
    def _publish(self, tid: str) -> None:
        """The subscribers of the tournament's page and of the list get them again."""
        self._publish_listing()
        if not self.audience.watched(tid):
            return
        try:
            message = {"type": "tournament", "tournament": self.snapshot(tid)}
        except Exception:
            log.exception("tournament %s: the snapshot failed", tid)
            return
        self.audience.send(tid, message)

    def _publish_listing(self) -> None:
        if not self.audience.watched(views.LISTING):
            return
        try:
            message = {"type": "tournaments", "tournaments": self.listing()}
        except Exception:
            log.exception("the tournament list failed")
            return
        self.audience.send(views.LISTING, message)

    # ------------------------------------------------------------------ the loop
    async def tick(self) -> None:
        """One pass: start what is due, open tables, forfeit no-shows, finish rounds."""
        async with self.lock:
            for t in await self.hub.db(self.store.with_status, "open", _now()):
                await self._start(t, strict=False)
        await self._advance_all()
        await self._wind_up()
        dirty, self._dirty = self._dirty, set()
        for tid in dirty:
            self._publish(tid)

    async def _wind_up(self) -> None:
        """End the games still being played in cancelled tournaments (an operator may
        cancel one from another process): each through ``LiveTable.finish``, without a
        winner and so without a rating change; its match is cancelled with it."""
        for tid, table_id in await self.hub.db(self.store.cancelled_games):
            try:
                table = await self.hub.get(table_id)
                async with table.lock:
                    if table.status != "finished":
                        await table.finish(table.no_winner("cancelled", GAME_CANCELLED))
                if table.status == "finished":

                    def reconcile(table: LiveTable = table) -> None:
                        with self.store.engine.begin() as conn:
                            self.record_match(conn, table.id, table.result)

                    await self.hub.db(reconcile)  # a game that ended before it was stopped
            except Exception:
                # A table this server cannot load (or end) is not asked again every tick:
                # its match is cancelled as it stands.
                log.exception(
                    "tournament %s: the game at table %s could not be ended", tid, table_id
                )
                await self.hub.db(self.store.cancel_match, table_id)
            self._dirty.add(tid)

    async def _advance_all(self) -> None:
        for t in await self.hub.db(self.store.with_status, "running"):
            async with self.lock:
                try:
                    await self._advance(t)
                except Exception:
                    log.exception("tournament %s: the round could not go on", t["id"])

    async def _start(self, t: dict[str, Any], strict: bool) -> None:
        """Fix the entrants and write the first round (round robin: every round)."""
        tid = t["id"]
        seeded = await self.hub.db(self.store.seeded, tid, t["game"])
        sides = views.sides_of(t)
        least = 4 if len(sides) == 4 or any(len(side) > 1 for side in sides) else 2
        if len(seeded) < least:
            if strict:
                raise TooFewEntrantsError(
                    f"a tournament needs at least {WORDS[least]} entrants; it has {len(seeded)}"
                )
            await self.hub.db(
                self.store.set, tid, "open", status="cancelled", note="too few entrants"
            )
            self._dirty.add(tid)
            return
        rows: list[dict[str, Any]] = []
        if t["format"] == "round_robin" and least == 4:
            # The seating search of a large field takes seconds: never on the event loop.
            grouped = await asyncio.to_thread(plan.group_rounds, seeded, sides)
            for r, groups in enumerate(grouped, start=1):
                for slot, group in enumerate(groups):
                    rows.append(match_row(tid, r, slot, 0, list(group), "waiting"))
        elif t["format"] == "round_robin":
            paired = await asyncio.to_thread(plan.round_robin, seeded)
            for r, pairs in enumerate(paired, start=1):
                for slot, (a, b) in enumerate(pairs):
                    rows.append(match_row(tid, r, slot, 0, [a, b], "waiting"))
        else:
            for slot, (top, low) in enumerate(plan.first_round(seeded)):
                if top is not None and low is not None:
                    rows.append(match_row(tid, 1, slot, 0, [top, low], "waiting"))
                else:
                    rows.append(match_row(tid, 1, slot, 0, [top or low, None], "bye"))
        await self.hub.db(self.store.start, tid, rows, min(t["starts_at"], _now()))
        self._dirty.add(tid)

    async def _advance(self, t: dict[str, Any]) -> None:
        tid, rnd = t["id"], t["round"]
        matches = await self.hub.db(self.store.matches, tid, rnd)
        opened = 0
        for m in matches:
            if m["status"] == "waiting" and opened < self.open_per_tick:
                try:
                    await self._open_table(t, m)
                    opened += 1
                except TooManyAiTablesError:
                    opened = self.open_per_tick  # the rest open as these finish
            elif m["status"] == "playing":
                await self._watch(t, m)
        matches = await self.hub.db(self.store.matches, tid, rnd)
        if any(m["status"] in ("waiting", "playing") for m in matches):
            return
        if t["format"] == "round_robin":
            last = await self.hub.db(self.store.last_round, tid)
            if rnd < last:
                await self.hub.db(self.store.set, tid, "running", round=rnd + 1)
            else:
                await self.hub.db(self.store.set, tid, "running", status="finished")
            self._dirty.add(tid)
            return
        await self._next_knockout(t, matches)

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
                replays.append(match_row(tid, rnd, slot, m["game_no"] + 1, swapped, "waiting"))
                winners.append("")
            else:
                # The first seat of the match's first game (round 1: the higher seed).
                winners.append(matches[[x["slot"] for x in matches].index(slot)]["entrants"][0])
        if replays:
            await self.hub.db(self.store.add_matches, replays, None)
            self._dirty.add(tid)
            return
        if len(winners) == 1:
            await self.hub.db(self.store.set, tid, "running", status="finished")
            self._dirty.add(tid)
            return
        rows = [
            match_row(tid, rnd + 1, i // 2, 0, [winners[i], winners[i + 1]], "waiting")
            for i in range(0, len(winners), 2)
        ]
        await self.hub.db(self.store.add_matches, rows, (tid, rnd + 1))
        self._dirty.add(tid)

    async def _open_table(self, t: dict[str, Any], m: dict[str, Any]) -> None:
        """Create the table of a match: AI seats play, account seats wait for their player."""
        names = await self.hub.db(self.store.names, t["id"])
        seats = []
        for e in m["entrants"]:
            kind, _, rest = e.partition(":")
            if kind == "ai":
                seats.append(SeatSpec("ai", agent=rest, name=names.get(e)))
            else:
                seats.append(SeatSpec("invite", name=names.get(e)))
        req = CreateRequest(game=t["game"], options=dict(t["options"]), seats=tuple(seats))
        table, _, _ = await self.hub.create(
            req, within=self.store.open_match(m, _now()), client=f"tournament:{t['id']}"
        )
        self._dirty.add(t["id"])
        if table.status == "finished":  # finished before the match knew its table
            await self._watch(t, {**m, "table_id": table.id, "started_at": _now()})

    async def _watch(self, t: dict[str, Any], m: dict[str, Any]) -> None:
        """A playing match: catch a result the hook missed, forfeit no-shows."""
        try:
            table = await self.hub.call(m["table_id"], "summary")
        except NotFoundError:
            log.error("tournament %s: table %s is gone", t["id"], m["table_id"])
            return
        if table["status"] == "finished":

            def reconcile() -> None:
                with self.store.engine.begin() as conn:
                    self.record_match(conn, m["table_id"], table["result"])

            await self.hub.db(reconcile)
            return
        if table["status"] == "waiting" and _now() >= m["started_at"] + t["show_up_seconds"]:
            await self.hub.call(m["table_id"], "forfeit")

    async def _forfeit_op(self, table: LiveTable) -> None:
        """The ``forfeit`` operation, run by the table's owner (``Hub.call``)."""
        await self.forfeit(table)

    async def forfeit(self, table: LiveTable) -> None:
        """End a table whose players did not all show up: the absent lose."""
        async with table.lock:
            if table.status != "waiting":
                return
            absent = [s.seat for s in table.seats if not s.claimed]
            await table.finish(plan.forfeit_result([s.name for s in table.seats], absent))

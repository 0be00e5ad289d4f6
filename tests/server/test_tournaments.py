"""Tournaments (issue 16; Omringad seed 000 p.13): schedules, brackets, standings, the API.

The games are ``toy-open`` (a short two-seat test game, see ``toygame``); AI entrants use
the fake ``first`` agent, so a tournament runs in a few seconds.
"""

from __future__ import annotations

import itertools
import time
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from players_helpers import players_app, sign_up, wait_for

from spelbord.server.tournaments import plan
from spelbord.server.tournaments.store import MATCHES, TOURNAMENT_ENTRANTS, TOURNAMENTS


@pytest.fixture
def url(database_url: str) -> str:
    """Each tournament test on SQLite and (when configured) PostgreSQL."""
    return database_url


# ---------------------------------------------------------------- plans
@pytest.mark.parametrize("n", range(2, 12))
def test_round_robin_everyone_meets_everyone_with_seats_rotated_fairly(n: int) -> None:
    entrants = [f"e{i}" for i in range(n)]
    rounds = plan.round_robin(entrants)
    pairs = [p for r in rounds for p in r]
    assert len(pairs) == n * (n - 1) // 2
    assert {frozenset(p) for p in pairs} == {
        frozenset((a, b)) for i, a in enumerate(entrants) for b in entrants[i + 1 :]
    }
    for r in rounds:  # nobody plays twice in a round
        seen = [e for p in r for e in p]
        assert len(seen) == len(set(seen))
    for e in entrants:  # first seat in half the games (one more or less when odd)
        first = sum(p[0] == e for p in pairs)
        assert abs(2 * first - (n - 1)) <= 1


def test_knockout_byes_go_to_the_top_seeds() -> None:
    seeded = [f"s{i}" for i in range(1, 7)]  # six entrants: two byes in a bracket of eight
    first = plan.first_round(seeded)
    assert len(first) == 4
    byes = [a for a, b in first if b is None]
    assert byes == ["s1", "s2"]
    assert ("s4", "s5") in first and ("s3", "s6") in first


def test_standings_place_by_wins_then_point_difference() -> None:
    """Seed 000 p.13: first the number of wins, then the point difference (scored minus
    conceded)."""
    games = [
        plan.Game(("A", "B"), (1.0, -1.0), (50.0, 44.0)),
        plan.Game(("C", "A"), (1.0, -1.0), (52.0, 20.0)),
        plan.Game(("B", "C"), (1.0, -1.0), (51.0, 10.0)),
        plan.Game(("A", "D"), (0.0, 0.0), (30.0, 30.0)),
    ]
    table = plan.standings(["A", "B", "C", "D"], games)
    assert [(s["placing"], s["entrant"], s["wins"], s["difference"]) for s in table] == [
        (1, "B", 1, 35.0),
        (2, "C", 1, -9.0),
        (3, "A", 1, -26.0),
        (4, "D", 0, 0.0),
    ]
    assert table[3]["draws"] == 1


@pytest.mark.parametrize("n", range(4, 17))
@pytest.mark.parametrize("sides", [((0,), (1,), (2,), (3,)), ((0, 3), (1, 2))])
def test_four_seat_round_robin_meets_evenly_with_seats_rotated(
    n: int, sides: tuple[tuple[int, ...], ...]
) -> None:
    """Seed 000 p.13 at four-seat tables: nobody twice in a round, everyone plays the same
    number of games (within one), every pair meets when the rounds allow it, and each
    entrant's seats and partners are spread."""
    entrants = [f"e{i}" for i in range(n)]
    rounds = plan.group_rounds(entrants, sides)
    for r in rounds:
        seen = [e for t in r for e in t]
        assert all(len(t) == 4 for t in r) and len(seen) == len(set(seen)) == 4 * (n // 4)
    played = {e: sum(e in t for r in rounds for t in r) for e in entrants}
    assert max(played.values()) - min(played.values()) <= 1
    assert min(played.values()) >= -(-(n - 1) // 3)  # enough games to meet all others
    met = {frozenset(p) for r in rounds for t in r for p in itertools.combinations(t, 2)}
    everyone = n * (n - 1) // 2
    assert len(met) >= 0.85 * everyone
    if n in (4, 5, 6, 7, 8, 11, 15, 16):
        assert len(met) == everyone
    for e in entrants:
        seats = [t.index(e) for r in rounds for t in r if e in t]
        counts = [seats.count(s) for s in range(4)]
        assert max(counts) - min(counts) <= 2
    if len(sides) == 2:  # with teams, partners rotate: nobody partners anyone every game
        for e in entrants:
            partners = [
                t[next(s for s in side if s != t.index(e))]
                for r in rounds
                for t in r
                if e in t
                for side in sides
                if t.index(e) in side
            ]
            assert max(partners.count(p) for p in set(partners)) <= (len(partners) + 1) // 2


def test_group_rounds_need_four_entrants() -> None:
    with pytest.raises(ValueError, match="at least four entrants"):
        plan.group_rounds(["a", "b", "c"])


def test_four_seat_standings_count_team_wins_and_points_against_opponents() -> None:
    """Seed 000 p.13 with four at a table: a team's win is a win for both members; a
    shared victory of opponents is a draw; the difference is points scored minus the
    mean of the opponents' points (partners' points are not conceded)."""
    teams = ((0, 3), (1, 2))
    games = [
        plan.Game(("A", "B", "C", "D"), (1.0, -1.0, -1.0, 1.0), (50.0, 20.0, 30.0, 40.0), teams),
        plan.Game(("B", "A", "D", "C"), (1.0, 1.0, -1.0, -1.0), (50.0, 10.0, 20.0, 50.0)),
    ]
    table = {s["entrant"]: s for s in plan.standings("ABCD", games)}
    assert (table["A"]["wins"], table["A"]["draws"], table["A"]["losses"]) == (1, 1, 0)
    assert (table["C"]["wins"], table["C"]["draws"], table["C"]["losses"]) == (0, 1, 1)
    assert table["D"]["wins"] == 1 and table["D"]["draws"] == 1
    # A: 50 - (20+30)/2 = 25, then 10 - (50+20+50)/3 = -30.
    assert table["A"]["difference"] == -5.0
    assert table["C"]["difference"] == round(30 - 45 + 50 - (50 + 10 + 20) / 3, 2)
    assert [s["entrant"] for s in plan.standings("ABCD", games)][:2] == ["D", "A"]


# ---------------------------------------------------------------- the API
def _tournament(c: TestClient, **extra: Any) -> dict[str, Any]:
    body = {
        "name": "Vårturneringen",
        "game": "toy-open",
        "format": "round_robin",
        "starts_in": 3600,
        "show_up_seconds": 600,
        **extra,
    }
    r = c.post("/api/tournaments", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def _count(url: str, table: sa.Table) -> int:
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        n = int(conn.execute(sa.select(sa.func.count()).select_from(table)).scalar_one())
    engine.dispose()
    return n


def _my_tables(c: TestClient, tid: str, entrant: str) -> list[str]:
    t = c.get(f"/api/tournaments/{tid}").json()
    return [
        m["table"]
        for r in t["rounds"]
        for m in r["matches"]
        if m["status"] == "playing" and any(s["entrant"] == entrant for s in m["seats"])
    ]


def _play_tournament(clients: dict[str, tuple[TestClient, str]], tid: str) -> dict[str, Any]:
    """Every account plays its tables (first legal action) until the tournament ends."""
    end = time.monotonic() + 90
    c0 = next(iter(clients.values()))[0]
    tokens: dict[tuple[str, str], str] = {}
    while time.monotonic() < end:
        t = c0.get(f"/api/tournaments/{tid}").json()
        if t["status"] == "finished":
            return t
        for key, (c, entrant) in clients.items():
            for table in _my_tables(c, tid, entrant):
                if (key, table) not in tokens:
                    r = c.post(f"/api/tournaments/{tid}/tables/{table}/take")
                    assert r.status_code == 200, r.text
                    tokens[key, table] = r.json()["token"]
                token = tokens[key, table]
                v = c.get(f"/api/tables/{table}/view", params={"token": token}).json()
                if v["your_turn"]:
                    r = c.post(
                        f"/api/tables/{table}/action",
                        json={"token": token, "action": v["legal"][0]["action"], "ply": v["ply"]},
                    )
                    assert r.status_code in (200, 409), r.text
        time.sleep(0.02)
    raise AssertionError("the tournament did not end")


def test_a_round_robin_with_two_accounts_and_two_ai_entrants(url: str) -> None:
    with players_app(url) as new_client:
        alice, bert = new_client(), new_client()
        a = sign_up(alice, "Alice")
        b = sign_up(bert, "Bert")
        t = _tournament(alice, entrants=[{"ai": "first"}, {"ai": "random"}])
        tid = t["id"]
        assert [e["name"] for e in t["entrants"]] == ["AI (first)", "AI (random)"]
        for c in (alice, bert):
            assert c.post(f"/api/tournaments/{tid}/join").status_code == 200
        # Joining twice is refused and changes nothing.
        before = _count(url, TOURNAMENT_ENTRANTS)
        r = alice.post(f"/api/tournaments/{tid}/join")
        assert r.status_code == 409 and "already joined" in r.json()["error"]
        assert _count(url, TOURNAMENT_ENTRANTS) == before
        # Leave and come back before the start.
        assert bert.post(f"/api/tournaments/{tid}/leave").status_code == 200
        assert bert.post(f"/api/tournaments/{tid}/join").status_code == 200
        # Only the organizer starts it early.
        assert bert.post(f"/api/tournaments/{tid}/start").status_code == 403
        r = alice.post(f"/api/tournaments/{tid}/start")
        assert r.status_code == 200, r.text
        assert r.json()["status"] == "running"
        # Joining a started tournament is refused.
        carl = new_client()
        sign_up(carl, "Carl")
        r = carl.post(f"/api/tournaments/{tid}/join")
        assert r.status_code == 409 and "already started" in r.json()["error"]
        assert _count(url, TOURNAMENT_ENTRANTS) == 4
        # Acting at another player's table is refused.
        tables = wait_for(lambda: _my_tables(alice, tid, f"account:{a['id']}"))
        r = carl.post(f"/api/tournaments/{tid}/tables/{tables[0]}/take")
        assert r.status_code == 403 and "another player's" in r.json()["error"]
        done = _play_tournament(
            {"a": (alice, f"account:{a['id']}"), "b": (bert, f"account:{b['id']}")}, tid
        )
        matches = [m for r in done["rounds"] for m in r["matches"]]
        assert len(matches) == 6 and all(m["status"] == "finished" for m in matches)
        assert len(done["rounds"]) == 3
        standings = done["standings"]
        assert [s["placing"] for s in standings] == sorted(s["placing"] for s in standings)
        assert {s["name"] for s in standings} == {"Alice", "Bert", "AI (first)", "AI (random)"}
        assert all(s["played"] == 3 for s in standings)
        decisive = sum(1 for m in matches if m["winner"])
        assert sum(s["wins"] for s in standings) == decisive
        # Every game was rated: three games each.
        ratings = {r["name"]: r["games"] for r in alice.get("/api/ratings/toy-open").json()}
        assert ratings == {"Alice": 3, "Bert": 3, "AI (first)": 3, "AI (random)": 3}
        # Each player's page lists the tournament with its placing from the standings.
        [mine] = carl.get("/api/players/alice/tournaments").json()["tournaments"]
        line = next(s for s in standings if s["name"] == "Alice")
        assert (mine["id"], mine["placing"], mine["played"]) == (tid, line["placing"], 3)
        assert mine["entrants"] == 4 and mine["page"] == f"/tournaments/{tid}"
        assert carl.get("/api/players/carl/tournaments").json() == {"tournaments": []}


def test_bad_tournaments_are_refused_and_nothing_is_stored(url: str) -> None:
    with players_app(url) as new_client:
        c = new_client()
        r = c.post("/api/tournaments", json={"name": "x", "game": "toy-open", "format": "knockout"})
        assert r.status_code == 401  # not signed in
        sign_up(c, "Dora")
        cases = [
            (
                {"game": "omringad", "options": {"players": 4}, "format": "knockout"},
                "a knockout is played at two-seat tables, but omringad with these options has 4",
            ),
            (
                {
                    "game": "omringad",
                    "options": {"players": 4},
                    "format": "round_robin",
                    "entrants": [{"ai": "first"}, {"ai": "random"}, {"ai": "late:1s"}],
                    "starts_in": 0,
                },
                "needs at least four entrants; 3 listed",
            ),
            ({"format": "swiss"}, "'format' must be one of"),
            ({"entrants": [{"ai": "first"}], "starts_in": 0}, "at least two entrants"),
            ({"entrants": [{"ai": "first"}, {"ai": "first"}]}, "listed twice"),
            ({"entrants": [{"player": "nobody"}]}, "no player"),
            ({"show_up_seconds": 0}, "show_up_seconds"),
        ]
        for extra, message in cases:
            body = {"name": "Bad", "game": "toy-open", "format": "knockout", **extra}
            r = c.post("/api/tournaments", json=body)
            assert r.status_code in (400, 404, 409), r.text
            assert message in r.json()["error"], r.json()
        assert _count(url, TOURNAMENTS) == 0
        # Too few entrants to start now: refused, still open.
        t = _tournament(c, entrants=[{"ai": "first"}])
        r = c.post(f"/api/tournaments/{t['id']}/start")
        assert r.status_code == 400 and "at least two entrants" in r.json()["error"]
        assert c.get(f"/api/tournaments/{t['id']}").json()["status"] == "open"
        assert _count(url, MATCHES) == 0


def test_a_four_seat_round_robin_of_five_runs_its_five_rounds(url: str) -> None:
    """Omringad with four players: five entrants, one rests each round; a player who does
    not show up loses (here: everyone but Fia in round 1, nobody after that: draws)."""
    with players_app(url) as new_client:
        c = new_client()
        fia = sign_up(c, "Fia")
        others, invited = [], []
        for name in ("Gus", "Hed", "Ivo", "Jon"):
            invited.append(new_client())
            sign_up(invited[-1], name)
            others.append({"player": name})
        t = _tournament(
            c,
            game="omringad",
            options={"players": 4},
            entrants=[{"player": "Fia"}, *others],
            show_up_seconds=1,
        )
        for player in invited:  # each listed player accepts (issue 27: entrants consent)
            assert player.post(f"/api/tournaments/{t['id']}/accept").status_code == 200
        assert c.post(f"/api/tournaments/{t['id']}/start").status_code == 200
        first = wait_for(lambda: _my_tables(c, t["id"], f"account:{fia['id']}"), 10)[0]
        r = c.post(f"/api/tournaments/{t['id']}/tables/{first}/take")
        assert r.status_code == 200, r.text
        token = r.json()["token"]
        view = c.get(f"/api/tables/{first}/view", params={"token": token}).json()
        assert len(view["seats"]) == 4
        done = wait_for(
            lambda: (
                (x := c.get(f"/api/tournaments/{t['id']}").json())["status"] == "finished" and x
            ),
            40,
        )
    assert "Four at a table" in done["rules"]
    assert len(done["rounds"]) == 5
    for rnd in done["rounds"]:
        (match,) = rnd["matches"]
        assert len(match["seats"]) == 4 and match["termination"] == "forfeit"
    placed = {s["name"]: s for s in done["standings"]}
    assert all(s["played"] == 4 for s in placed.values())
    assert done["standings"][0]["name"] == "Fia" and placed["Fia"]["wins"] == 1
    assert placed["Fia"]["draws"] == 3 and placed["Gus"]["draws"] + placed["Gus"]["losses"] == 4


def test_a_knockout_with_a_bye_and_ai_entrants_plays_itself(url: str) -> None:
    with players_app(url) as new_client:
        c = new_client()
        sign_up(c, "Erik")
        t = _tournament(
            c,
            format="knockout",
            entrants=[{"ai": "first"}, {"ai": "random"}, {"ai": "late:0.01s"}],
            starts_in=0,
        )
        done = wait_for(
            lambda: (
                (x := c.get(f"/api/tournaments/{t['id']}").json())["status"] == "finished" and x
            ),
            seconds=60,
        )
        first = done["rounds"][0]["matches"]
        assert sum(m["status"] == "bye" for m in first) == 1
        final = done["rounds"][-1]["matches"][-1]
        assert final["winner"] is not None
        assert len(done["rounds"][-1]["matches"]) >= 1
        for r in done["rounds"]:  # drawn games were replayed with the seats swapped
            games = {}
            for m in r["matches"]:
                games.setdefault(m["slot"], []).append(m)
            for slot_games in games.values():
                for prev, nxt in itertools.pairwise(slot_games):
                    assert prev["winner"] is None
                    assert [s["entrant"] for s in nxt["seats"]] == [
                        s["entrant"] for s in reversed(prev["seats"])
                    ]


def test_a_drawn_knockout_game_is_replayed_with_the_seats_swapped(url: str) -> None:
    with players_app(url) as new_client:
        c = new_client()
        sign_up(c, "Frans")
        t = _tournament(c, format="knockout", entrants=[{"ai": "first"}, {"ai": "random"}])
        director = c.app.state.director  # type: ignore[attr-defined]
        engine = director.store.engine
        with engine.begin() as conn:
            conn.execute(
                TOURNAMENTS.update()
                .where(TOURNAMENTS.c.id == t["id"])
                .values(status="running", round=1)
            )
            conn.execute(
                MATCHES.insert().values(
                    tournament_id=t["id"],
                    round=1,
                    slot=0,
                    game_no=0,
                    entrants=["ai:first", "ai:random"],
                    status="finished",
                    returns=[0.0, 0.0],
                    margins=[3.0, 3.0],
                    termination="draw",
                )
            )
        row = director.snapshot(t["id"])
        assert row["rounds"][0]["matches"][0]["winner"] is None

        async def advance() -> None:
            async with director.lock:  # the director's own loop runs beside the test
                await director._advance({**row, "round": 1})

        c.portal.call(advance)  # type: ignore[union-attr]
        with engine.connect() as conn:
            replay = conn.execute(
                sa.select(MATCHES.c.entrants).where(MATCHES.c.game_no == 1)
            ).scalar_one()
        assert replay == ["ai:random", "ai:first"]

        # A second pass that read the round before the replay was written decides the same
        # replay again: it is written once, not refused on the key.
        drawn = [dict(m) for m in director.store.matches(t["id"], 1) if m["game_no"] == 0]

        async def decide_again() -> None:
            async with director.lock:
                await director._next_knockout({**row, "round": 1}, drawn)

        c.portal.call(decide_again)  # type: ignore[union-attr]
        with engine.connect() as conn:
            count = conn.execute(
                sa.select(sa.func.count()).where(
                    MATCHES.c.tournament_id == t["id"], MATCHES.c.game_no == 1
                )
            ).scalar_one()
        assert count == 1


def test_a_no_show_forfeits_and_the_tournament_survives_a_restart(url: str) -> None:
    with players_app(url) as new_client:
        g = new_client()
        sign_up(g, "Greta")
        h = new_client()
        hb = sign_up(h, "Hugo")
        t = _tournament(g, entrants=[{"player": "Hugo"}], show_up_seconds=8)
        tid = t["id"]
        assert h.post(f"/api/tournaments/{tid}/accept").status_code == 200
        assert g.post(f"/api/tournaments/{tid}/join").status_code == 200
        assert g.post(f"/api/tournaments/{tid}/start").status_code == 200
        wait_for(lambda: _my_tables(h, tid, f"account:{hb['id']}"))
    # The server stops mid-round and comes back: Hugo shows up, Greta does not.
    with players_app(url) as new_client:
        h = new_client()
        r = h.post(
            "/api/account/signin", json={"name": "hugo", "password": "correct horse battery"}
        )
        assert r.status_code == 200
        [table] = _my_tables(h, tid, f"account:{hb['id']}")
        r = h.post(f"/api/tournaments/{tid}/tables/{table}/take")
        assert r.status_code == 200, r.text
        done = wait_for(
            lambda: (x := h.get(f"/api/tournaments/{tid}").json())["status"] == "finished" and x,
            seconds=30,
        )
        [match] = done["rounds"][0]["matches"]
        assert match["termination"] == "forfeit" and match["winner_name"] == "Hugo"
        assert done["standings"][0]["name"] == "Hugo"
        view = h.get(f"/api/tables/{table}/view").json()
        assert view["status"] == "finished" and "absent" in view["result"]["text"]


def test_a_rounds_ai_tables_open_gradually_and_within_the_clients_cap() -> None:
    """A tournament opens at most ``open_per_tick`` of a round's tables a tick (a field of
    64 would otherwise open 32 AI tables in one request), and none beyond the per-client
    cap on AI tables: the rest open as tables finish."""
    import asyncio
    import types

    from spelbord.server.tables.hub import TooManyAiTablesError
    from spelbord.server.tournaments.director import Director

    matches = [
        {"status": "waiting", "slot": slot, "entrants": ["ai:first", "ai:random"]}
        for slot in range(10)
    ]

    class Stand:
        """A director without a database: its matches and the tables it opens."""

        def __init__(self, cap: int) -> None:
            self.opened: list[int] = []
            self.cap = cap
            self.director = Director.__new__(Director)
            self.director.open_per_tick = 4
            self.director.store = types.SimpleNamespace(matches=lambda tid, rnd: matches)
            self.director.hub = types.SimpleNamespace(db=self.db)
            self.director._open_table = self.open  # type: ignore[method-assign]
            self.director._watch = self.watch  # type: ignore[method-assign]

        async def db(self, fn: Any, *args: Any) -> Any:
            return fn(*args)

        async def open(self, t: dict[str, Any], m: dict[str, Any]) -> None:
            if len(self.opened) >= self.cap:
                raise TooManyAiTablesError("too many AI tables")
            self.opened.append(m["slot"])
            m["status"] = "playing"

        async def watch(self, t: dict[str, Any], m: dict[str, Any]) -> None:
            return None

    tick = {"id": "t1", "round": 1, "format": "round_robin"}
    stand = Stand(cap=100)
    asyncio.run(stand.director._advance(tick))
    assert stand.opened == [0, 1, 2, 3]  # one tick: four tables
    asyncio.run(stand.director._advance(tick))
    assert stand.opened == [0, 1, 2, 3, 4, 5, 6, 7]
    for m in matches:
        m["status"] = "waiting"
    capped = Stand(cap=2)
    asyncio.run(capped.director._advance(tick))
    asyncio.run(capped.director._advance(tick))
    assert capped.opened == [0, 1]  # the per-client cap holds the rest back

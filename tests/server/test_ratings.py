"""Glicko-2 ratings (issue 16): the paper's example, teams, once per game, one transaction."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from players_helpers import play_seat, players_app, sign_up

from conftest import create
from spelbord.server.db import open_engine
from spelbord.server.errors import StaleMoveError
from spelbord.server.players.ratings import Glicko2, composite, rate_table, read_rating
from spelbord.server.players.store import RATED_TABLES, RATINGS, SEAT_ENTRANTS
from spelbord.server.tables.store import TABLES, Advance, Store


def test_glickmans_worked_example() -> None:
    """Glickman, "Example of the Glicko-2 system": 1500/200/0.06 against 1400/30 (won),
    1550/100 (lost) and 1700/300 (lost) becomes 1464.06, RD 151.52, volatility 0.05999."""
    me = Glicko2(1500.0, 200.0, 0.06)
    new = me.update(
        [(Glicko2(1400, 30), 1.0), (Glicko2(1550, 100), 0.0), (Glicko2(1700, 300), 0.0)]
    )
    assert new.rating == pytest.approx(1464.06, abs=0.01)
    assert new.rd == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    new = Glicko2(1500.0, 200.0, 0.06).update([])
    assert new.rating == 1500.0 and new.rd > 200.0 and new.volatility == 0.06


@pytest.fixture
def engine(database_url: str) -> Iterator[sa.Engine]:
    engine = open_engine(database_url)
    yield engine
    engine.dispose()


def _table(
    conn: sa.Connection, table_id: str, game: str, options: dict, entrants: list[str]
) -> None:
    now = time.time()
    conn.execute(
        TABLES.insert().values(
            id=table_id,
            game=game,
            options=options,
            seed=1,
            status="running",
            ply=0,
            result=None,
            source="play",
            created_at=now,
            updated_at=now,
            rules_version=1,
        )
    )
    conn.execute(
        SEAT_ENTRANTS.insert(),
        [{"table_id": table_id, "seat": i, "entrant": e} for i, e in enumerate(entrants)],
    )
    conn.execute(RATED_TABLES.insert().values(table_id=table_id))


def test_two_versus_two_rates_each_member_against_the_other_team(engine: sa.Engine) -> None:
    """Omringad with diagonal teams (seats 0+3 against 1+2): each member of the winning
    team plays one game against the losing team's composite (mean rating, RMS RD)."""
    import spelbord.games  # noqa: F401

    members = ["account:a", "account:b", "account:c", "account:d"]
    with engine.begin() as conn:
        conn.execute(
            RATINGS.insert(),
            [
                {
                    "entrant": "account:b",
                    "game": "omringad",
                    "rating": 1700.0,
                    "rd": 80.0,
                    "volatility": 0.06,
                    "games": 9,
                    "updated_at": 0.0,
                },
            ],
        )
        _table(conn, "t4", "omringad", {"players": 4, "teams": "diagonal"}, members)
        rate_table(conn, "t4", {"returns": [1.0, -1.0, -1.0, 1.0], "termination": "target"})
        got = {e: read_rating(conn, e, "omringad") for e in members}
    losing_team = composite([Glicko2(1700.0, 80.0), Glicko2()])  # b and c
    winning_team = composite([Glicko2(), Glicko2()])  # a and d
    assert got["account:a"] == Glicko2().update([(losing_team, 1.0)])
    assert got["account:d"] == Glicko2().update([(losing_team, 1.0)])
    assert got["account:b"] == Glicko2(1700.0, 80.0).update([(winning_team, 0.0)])
    assert got["account:c"] == Glicko2().update([(winning_team, 0.0)])
    assert got["account:a"].rating > 1500 > got["account:c"].rating


def test_four_players_alone_are_rated_against_every_other_seat(engine: sa.Engine) -> None:
    """Omringad with four players and no teams: each seat plays one game against every
    other seat in one rating period, scored by whose return is higher."""
    import spelbord.games  # noqa: F401

    members = ["account:a", "account:b", "account:c", "account:d"]
    with engine.begin() as conn:
        _table(conn, "f4", "omringad", {"players": 4}, members)
        rate_table(conn, "f4", {"returns": [1.0, -1.0, -1.0, -1.0], "termination": "target"})
        got = {e: read_rating(conn, e, "omringad") for e in members}
    fresh = Glicko2()
    assert got["account:a"] == fresh.update([(fresh, 1.0)] * 3)
    assert got["account:b"] == fresh.update([(fresh, 0.0), (fresh, 0.5), (fresh, 0.5)])
    assert got["account:a"].rating > 1500 > got["account:b"].rating == got["account:c"].rating


def test_a_table_is_rated_once(engine: sa.Engine) -> None:
    import spelbord.games  # noqa: F401

    with engine.begin() as conn:
        _table(conn, "t2", "coerceo", {}, ["account:x", "ai:mcts:200ms"])
        rate_table(conn, "t2", {"returns": [1.0, -1.0], "termination": "capture"})
        first = read_rating(conn, "account:x", "coerceo")
        rate_table(conn, "t2", {"returns": [1.0, -1.0], "termination": "capture"})
        assert read_rating(conn, "account:x", "coerceo") == first
        games = conn.execute(sa.select(RATINGS.c.games).where(RATINGS.c.entrant == "account:x"))
        assert games.scalar_one() == 1


def test_forfeits_and_unrated_tables_leave_ratings_alone(engine: sa.Engine) -> None:
    import spelbord.games  # noqa: F401

    with engine.begin() as conn:
        _table(conn, "t3", "coerceo", {}, ["account:x", "account:y"])
        rate_table(conn, "t3", {"returns": [1.0, -1.0], "termination": "forfeit"})
        rate_table(conn, "t3", {"returns": [0.0, 0.0], "termination": "abandoned"})
        conn.execute(RATED_TABLES.delete())
        rate_table(conn, "t3", {"returns": [1.0, -1.0], "termination": "capture"})
        assert conn.execute(sa.select(sa.func.count()).select_from(RATINGS)).scalar() == 0


def test_the_rating_and_the_result_are_stored_in_one_transaction(engine: sa.Engine) -> None:
    """A failure later in the transaction that stores the result undoes the rating too."""
    import spelbord.games  # noqa: F401

    store = Store(engine)
    with engine.begin() as conn:
        _table(conn, "t5", "coerceo", {}, ["account:x", "account:y"])

    def broken(conn: sa.Connection, table_id: str, result: object) -> None:
        raise RuntimeError("disk full")

    ending = Advance(
        "t5",
        expected_ply=0,
        entries=[],
        ply=0,
        status="finished",
        result={"returns": [1.0, -1.0], "termination": "capture"},
    )
    store.on_finish[:] = [rate_table, broken]
    with pytest.raises(RuntimeError):
        store.advance(ending)
    with engine.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(RATINGS)).scalar() == 0
        assert conn.execute(sa.select(TABLES.c.status)).scalar() == "running"
    store.on_finish[:] = [rate_table]
    store.advance(ending)
    with engine.connect() as conn:
        assert read_rating(conn, "account:x", "coerceo").rating > 1500
    with pytest.raises(StaleMoveError):  # a finished table takes no second result
        store.advance(Advance("t5", 0, entries=[], ply=0, status="finished", result=None))


def test_ratings_survive_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'restart.sqlite3'}"
    with players_app(url) as new_client:
        c = new_client()
        sign_up(c, "Gerd")
        made = create(c, "toy-open", ["open", "ai:first"], rated=True)
        token = c.post(f"/api/tables/{made['table']}/claim", json={"seat": 0}).json()["token"]
        play_seat(c, made["table"], token)
        before = c.get("/api/ratings/toy-open").json()
    with players_app(url) as new_client:
        after = new_client().get("/api/ratings/toy-open").json()
    assert before == after and len(after) == 2

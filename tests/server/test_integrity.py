"""Issue 27, item 8: a rated game's result comes only from play. When the server moves for
a seat anyway (its AI failed, gave no answer or an illegal one, or its clock ran out), the
game is marked (``spelbord_tables.irregular``, stored with that move), its result says so,
and it is not rated (``spelbord_rated_tables.unrated``): the table view, the result and the
player's history all show it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from players_helpers import play_seat, players_app, sign_up, wait_for

from spelbord.server.players.ratings import RATED_TABLES, RATINGS
from spelbord.server.tables.store import TABLES


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'integrity.sqlite3'}"


def _rated_table(
    c: TestClient, agent: str, game: str = "toy-open", **options: Any
) -> tuple[str, str]:
    r = c.post(
        "/api/tables",
        json={
            "game": game,
            "options": options,
            "seats": [{"kind": "open"}, {"kind": "ai", "agent": agent}],
            "rated": True,
        },
    )
    assert r.status_code == 200, r.text
    table = r.json()["table"]
    token = c.post(f"/api/tables/{table}/claim", json={"seat": 0}).json()["token"]
    return table, token


def _rows(url: str, table: str) -> tuple[Any, Any, int]:
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        irregular = conn.execute(
            sa.select(TABLES.c.irregular).where(TABLES.c.id == table)
        ).scalar_one()
        unrated = conn.execute(
            sa.select(RATED_TABLES.c.unrated).where(RATED_TABLES.c.table_id == table)
        ).scalar_one()
        ratings = conn.execute(sa.select(sa.func.count()).select_from(RATINGS)).scalar_one()
    engine.dispose()
    return irregular, unrated, int(ratings)


@pytest.mark.parametrize(
    ("agent", "reason"), [("illegal", "agent_illegal"), ("fail", "agent_no_answer")]
)
def test_a_random_fallback_move_makes_a_rated_game_unrated(
    url: str, agent: str, reason: str
) -> None:
    with players_app(url) as new_client:
        c = new_client()
        sign_up(c, "Pia")
        table, token = _rated_table(c, agent)
        # The first fallback is stored with the move that played it, before the end.
        first = wait_for(lambda: _rows(url, table)[0])
        assert first["reason"] == reason and first["seat"] == 1
        end = play_seat(c, table, token)
        assert end["result"]["irregular"]["reason"] == reason
        assert end["result"]["irregular"]["ply"] == first["ply"]
        irregular, unrated, ratings = _rows(url, table)
        assert irregular == first and unrated == reason and ratings == 0
        [game] = c.get("/api/players/pia").json()["games"]
        assert game["rated"] is False and game["unrated"] == reason
        assert c.get("/api/players/pia").json()["ratings"] == []
        assert c.get("/api/ratings/toy-open").json() == []


def test_an_ai_whose_clock_ran_out_makes_a_rated_game_unrated(url: str) -> None:
    with players_app(url) as new_client:
        c = new_client()
        sign_up(c, "Rut")
        table, token = _rated_table(c, "late:0.6s", game="toy-clock", clock_ms=150)
        end = play_seat(c, table, token)
        assert end["result"]["irregular"]["reason"] == "agent_timeout"
        assert _rows(url, table)[1:] == ("agent_timeout", 0)


def test_a_failing_pool_is_a_server_fault_and_unrates_the_game(url: str) -> None:
    with players_app(url) as new_client:
        c = new_client()
        sign_up(c, "Siv")
        hub = c.app.state.hub  # type: ignore[attr-defined]

        async def broken(job: Any) -> int | None:
            raise RuntimeError("the worker pool is gone")

        hub.think = broken
        table, token = _rated_table(c, "first")
        end = play_seat(c, table, token)
        assert end["result"]["irregular"]["reason"] == "agent_failed"
        assert _rows(url, table)[1:] == ("agent_failed", 0)


def test_a_game_decided_by_play_is_rated(url: str) -> None:
    with players_app(url) as new_client:
        c = new_client()
        sign_up(c, "Tove")
        table, token = _rated_table(c, "first")
        end = play_seat(c, table, token)
        assert "irregular" not in end["result"]
        irregular, unrated, ratings = _rows(url, table)
        assert irregular is None and unrated is None and ratings == 2
        [game] = c.get("/api/players/tove").json()["games"]
        assert game["rated"] is True and game["unrated"] is None


def test_an_irregular_move_survives_a_restart(url: str) -> None:
    with players_app(url) as new_client:
        c = new_client()
        sign_up(c, "Ulla")
        table, token = _rated_table(c, "illegal")
        wait_for(lambda: _rows(url, table)[0])
    with players_app(url) as new_client:
        c = new_client()
        r = c.post(
            "/api/account/signin", json={"name": "ulla", "password": "correct horse battery"}
        )
        assert r.status_code == 200
        end = play_seat(c, table, token)
        assert end["result"]["irregular"]["reason"] == "agent_illegal"
        assert _rows(url, table)[1:] == ("agent_illegal", 0)

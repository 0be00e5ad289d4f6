"""Issue 27, item 8: a rated game's result comes only from play. When the server moves for
a seat anyway (an AI's clock ran out; in a casual game, a failed or illegal answer replaced
by a random move), the game is marked (``spelbord_tables.irregular``, stored with that
move) and its result says so; a rated game is then not rated (``spelbord_rated_tables
.unrated``). A rated game's failing AI is never replaced by a random move (issue 30): its
seat asks again, then the game is aborted, unrated, with the reason. The table view, the
result and the player's history all show it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from players_helpers import play_seat, players_app, sign_up, wait_for

from spelbord.server.players.ratings import RATED_TABLES, RATINGS
from spelbord.server.tables import aiseats
from spelbord.server.tables.store import TABLES


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'integrity.sqlite3'}"


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rated game's failing seat asks again after 0.05 s, not 1 s (then 2 s, 4 s)."""
    monkeypatch.setattr(aiseats, "RETRY_PAUSE", 0.05)


def _rated_table(
    c: TestClient, agent: str, game: str = "toy-open", *, rated: bool = True, **options: Any
) -> tuple[str, str]:
    r = c.post(
        "/api/tables",
        json={
            "game": game,
            "options": options,
            "seats": [{"kind": "open"}, {"kind": "ai", "agent": agent}],
            "rated": rated,
        },
    )
    assert r.status_code == 200, r.text
    table = r.json()["table"]
    token = c.post(f"/api/tables/{table}/claim", json={"seat": 0}).json()["token"]
    return table, token


def _finished(c: TestClient, table: str) -> dict[str, Any] | None:
    v = c.get(f"/api/tables/{table}/view").json()
    return v if v["status"] == "finished" else None


def _rows(url: str, table: str) -> tuple[Any, Any, int]:
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        irregular = conn.execute(
            sa.select(TABLES.c.irregular).where(TABLES.c.id == table)
        ).scalar_one()
        unrated = conn.execute(
            sa.select(RATED_TABLES.c.unrated).where(RATED_TABLES.c.table_id == table)
        ).scalar_one_or_none()
        ratings = conn.execute(sa.select(sa.func.count()).select_from(RATINGS)).scalar_one()
    engine.dispose()
    return irregular, unrated, int(ratings)


@pytest.mark.parametrize(
    ("agent", "reason"), [("illegal", "agent_illegal"), ("fail", "agent_no_answer")]
)
def test_a_rated_games_failing_ai_aborts_it_unrated_with_the_reason(
    url: str, agent: str, reason: str
) -> None:
    with players_app(url) as new_client:
        c = new_client()
        sign_up(c, "Pia")
        table, _ = _rated_table(c, agent)
        end = wait_for(lambda: _finished(c, table))
        assert end["result"]["termination"] == "aborted"
        assert end["result"]["irregular"]["reason"] == reason
        assert end["result"]["irregular"]["seat"] == 1
        _, unrated, ratings = _rows(url, table)
        assert unrated == reason and ratings == 0
        [game] = c.get("/api/players/pia").json()["games"]
        assert game["rated"] is False and game["unrated"] == reason
        assert c.get("/api/players/pia").json()["ratings"] == []
        assert c.get("/api/ratings/toy-open").json() == []


@pytest.mark.parametrize(
    ("agent", "reason"), [("illegal", "agent_illegal"), ("fail", "agent_no_answer")]
)
def test_a_casual_games_random_fallback_move_is_stored_with_it_and_said(
    url: str, agent: str, reason: str
) -> None:
    with players_app(url) as new_client:
        c = new_client()
        sign_up(c, "Pia")
        table, token = _rated_table(c, agent, rated=False)
        # The first fallback is stored with the move that played it, before the end.
        first = wait_for(lambda: _rows(url, table)[0])
        assert first["reason"] == reason and first["seat"] == 1
        end = play_seat(c, table, token)
        assert end["result"]["irregular"]["reason"] == reason
        assert end["result"]["irregular"]["ply"] == first["ply"]
        assert _rows(url, table)[0] == first


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

        async def broken(job: Any) -> Any:
            raise RuntimeError("the worker pool is gone")

        hub.think = broken
        table, _ = _rated_table(c, "first")
        end = wait_for(lambda: _finished(c, table))
        assert end["result"]["termination"] == "aborted"
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
        table, token = _rated_table(c, "illegal", rated=False)
        first = wait_for(lambda: _rows(url, table)[0])
    with players_app(url) as new_client:
        c = new_client()
        r = c.post(
            "/api/account/signin", json={"name": "ulla", "password": "correct horse battery"}
        )
        assert r.status_code == 200
        end = play_seat(c, table, token)
        assert end["result"]["irregular"] == first
        assert first["reason"] == "agent_illegal"

"""Issue 27, item 7: stopping a tournament. The organizer cancels one before it starts; an
operator cancels any at any time with ``spelbord tournament cancel ID`` on the database
URL: a running server then ends its games in progress through ``LiveTable.finish``
without a rating change, and entrants see "cancelled"."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from players_helpers import players_app, sign_up, wait_for

from spelbord.cli.main import main as spelbord
from spelbord.server.players.ratings import RATINGS
from spelbord.server.tournaments.store import TOURNAMENT_ENTRANTS


@pytest.fixture
def url(database_url: str) -> str:
    return database_url


BODY = {"name": "Julcupen", "game": "toy-open", "format": "knockout", "starts_in": 3600}


def test_the_organizer_cancels_before_the_start_and_nobody_else_may(url: str) -> None:
    with players_app(url) as new_client:
        a, b = new_client(), new_client()
        sign_up(a, "Klara")
        sign_up(b, "Lasse")
        tid = a.post("/api/tournaments", json={**BODY, "entrants": [{"player": "Lasse"}]}).json()[
            "id"
        ]
        assert b.post(f"/api/tournaments/{tid}/cancel").status_code == 403
        assert len(b.get("/api/account/invitations").json()["invitations"]) == 1
        r = a.post(f"/api/tournaments/{tid}/cancel")
        assert r.status_code == 200, r.text
        t = r.json()
        assert t["status"] == "cancelled" and t["note"] == "cancelled by the organizer"
        assert b.get("/api/account/invitations").json()["invitations"] == []
        assert b.post(f"/api/tournaments/{tid}/join").status_code == 409
        assert a.post(f"/api/tournaments/{tid}/cancel").status_code == 409
        # Once it has started, only an operator can stop it.
        tid = a.post(
            "/api/tournaments", json={**BODY, "entrants": [{"ai": "first"}, {"ai": "random"}]}
        ).json()["id"]
        assert a.post(f"/api/tournaments/{tid}/start").status_code == 200
        r = a.post(f"/api/tournaments/{tid}/cancel")
        assert r.status_code == 409 and "operator" in r.json()["error"]


def test_an_operator_cancels_a_running_tournament_and_its_games_end_unrated(
    url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with players_app(url) as new_client:
        a, b = new_client(), new_client()
        ka = sign_up(a, "Maria")
        sign_up(b, "Nils")
        tid = a.post("/api/tournaments", json={**BODY, "entrants": [{"player": "Nils"}]}).json()[
            "id"
        ]
        assert b.post(f"/api/tournaments/{tid}/accept").status_code == 200
        assert a.post(f"/api/tournaments/{tid}/join").status_code == 200
        assert a.post(f"/api/tournaments/{tid}/start").status_code == 200
        match = wait_for(
            lambda: [
                m for r in a.get(f"/api/tournaments/{tid}").json()["rounds"]
                for m in r["matches"] if m["table"]
            ]
        )[0]  # fmt: skip
        table = match["table"]
        tokens = {
            c: c.post(f"/api/tournaments/{tid}/tables/{table}/take").json()["token"] for c in (a, b)
        }
        view = a.get(f"/api/tables/{table}/view", params={"token": tokens[a]}).json()
        assert view["status"] == "running"
        mover = a if view["your_turn"] else b
        v = mover.get(f"/api/tables/{table}/view", params={"token": tokens[mover]}).json()
        r = mover.post(
            f"/api/tables/{table}/action",
            json={"token": tokens[mover], "action": v["legal"][0]["action"], "ply": v["ply"]},
        )
        assert r.status_code == 200, r.text
        # The operator, from the command line, on the same database:
        assert spelbord(["tournament", "cancel", tid, "--database-url", url]) == 0
        out = capsys.readouterr().out
        assert "Julcupen" in out and "cancelled" in out and "1 game" in out
        ended = wait_for(
            lambda: (x := a.get(f"/api/tables/{table}/view").json())["status"] == "finished" and x
        )
        assert ended["result"]["termination"] == "cancelled"
        assert ended["result"]["returns"] == [0.0, 0.0]
        t = b.get(f"/api/tournaments/{tid}").json()
        assert t["status"] == "cancelled" and t["note"] == "cancelled by an operator"
        [m] = [m for r in t["rounds"] for m in r["matches"]]
        assert m["status"] == "cancelled" and m["winner"] is None
        assert all(s["played"] == 0 for s in t["standings"])
        engine = sa.create_engine(url)
        with engine.connect() as conn:
            rated = conn.execute(sa.select(sa.func.count()).select_from(RATINGS)).scalar_one()
        engine.dispose()
        assert rated == 0  # no rating changed
        assert a.get("/api/players/maria").json()["ratings"] == []
        # Playing on is refused: the game is over.
        v = a.get(f"/api/tables/{table}/view", params={"token": tokens[a]}).json()
        r = a.post(
            f"/api/tables/{table}/action", json={"token": tokens[a], "action": 0, "ply": v["ply"]}
        )
        assert r.status_code == 409
        assert ka["id"]


def test_the_operator_command_explains_what_it_cannot_do(
    url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert spelbord(["tournament", "cancel", "no-such-id", "--database-url", url]) == 1
    assert "no tournament 'no-such-id'" in capsys.readouterr().err
    with players_app(url) as new_client:
        a = new_client()
        sign_up(a, "Olof")
        tid = a.post("/api/tournaments", json=BODY).json()["id"]
        assert a.post(f"/api/tournaments/{tid}/cancel").status_code == 200
    assert spelbord(["tournament", "cancel", tid, "--database-url", url]) == 1
    assert "already" in capsys.readouterr().err
    assert TOURNAMENT_ENTRANTS is not None


def test_the_operator_command_has_help_with_examples(capsys: pytest.CaptureFixture[str]) -> None:
    assert spelbord(["--help"]) == 0
    assert "tournament" in capsys.readouterr().out
    assert spelbord(["tournament", "cancel", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: spelbord tournament cancel") and "examples:" in out


def test_a_game_the_server_cannot_end_is_cancelled_as_it_stands(url: str) -> None:
    """A table that will not load is not asked again every second: its match is cancelled."""
    with players_app(url) as new_client:
        a = new_client()
        sign_up(a, "Pontus")
        body = {**BODY, "starts_in": 0, "entrants": [{"ai": "slow"}, {"ai": "slow:1s"}]}
        tid = a.post("/api/tournaments", json=body).json()["id"]
        wait_for(
            lambda: any(
                m["status"] == "playing"
                for r in a.get(f"/api/tournaments/{tid}").json()["rounds"]
                for m in r["matches"]
            )
        )
        hub = a.app.state.hub  # type: ignore[attr-defined]

        async def unloadable(table_id: str) -> None:
            raise RuntimeError("this table cannot be loaded")

        hub.get = unloadable
        assert spelbord(["tournament", "cancel", tid, "--database-url", url]) == 0
        t = wait_for(
            lambda: (
                (x := a.get(f"/api/tournaments/{tid}").json())["rounds"][0]["matches"][0]["status"]
                == "cancelled"
                and x
            )
        )
        assert t["status"] == "cancelled"


def test_a_tournament_id_never_begins_with_a_dash_and_an_old_one_goes_after_two() -> None:
    """A new id never reads as an option on a command line (``server.ids``); an id made
    before that may begin with '-', and is given after ``--``."""
    from spelbord.cli.main import build_parser
    from spelbord.server.ids import new_id

    assert not any(new_id().startswith("-") for _ in range(5000))
    args = build_parser().parse_args(["tournament", "cancel", "--", "-PzIWgXebxGr"])
    assert args.id == "-PzIWgXebxGr"

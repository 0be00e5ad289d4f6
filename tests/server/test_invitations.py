"""Issue 27, item 2: tournament entrants by consent. A player listed by the organizer is
invited and must accept before the start; an invitation nobody accepted is dropped at the
start and leaves nothing on the player's public page. ``/api/account/invitations`` lists a
player's pending invitations (the account page shows them with accept and decline)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from players_helpers import players_app, sign_up, wait_for

from spelbord.server.tournaments.store import TOURNAMENT_ENTRANTS


@pytest.fixture
def url(database_url: str) -> str:
    return database_url


def _create(c: TestClient, **extra: Any) -> dict[str, Any]:
    body = {"name": "Höstcupen", "game": "toy-open", "format": "knockout", "starts_in": 3600}
    r = c.post("/api/tournaments", json={**body, **extra})
    assert r.status_code == 200, r.text
    return r.json()


def _entrants(c: TestClient, tid: str) -> list[str]:
    return [e["name"] for e in c.get(f"/api/tournaments/{tid}").json()["entrants"]]


def test_a_listed_player_who_never_accepts_shows_nothing_on_their_page(url: str) -> None:
    """The probe of the issue: a knockout listing B that starts at once with a one-second
    show-up time used to put a forfeit loss on B's page."""
    with players_app(url) as new_client:
        a, b = new_client(), new_client()
        sign_up(a, "Ada")
        sign_up(b, "Bosse")
        t = _create(
            a,
            entrants=[{"player": "Bosse"}, {"ai": "first"}, {"ai": "random"}],
            starts_in=0,
            show_up_seconds=1,
        )
        done = wait_for(
            lambda: (x := a.get(f"/api/tournaments/{t['id']}").json())["status"] == "finished" and x
        )
        assert "Bosse" not in [e["name"] for e in done["entrants"]]
        assert all(
            s["name"] != "Bosse" for r in done["rounds"] for m in r["matches"] for s in m["seats"]
        )
        assert done["invited"] == []
        page = b.get("/api/players/bosse").json()
        assert page["games"] == [] and page["ratings"] == []
        assert b.get("/api/account/invitations").json()["invitations"] == []


def test_an_invited_player_accepts_from_the_invitations_view_and_plays(url: str) -> None:
    with players_app(url) as new_client:
        a, b = new_client(), new_client()
        sign_up(a, "Cilla")
        bo = sign_up(b, "Dagny")
        t = _create(a, entrants=[{"player": "Dagny"}, {"ai": "first"}])
        tid = t["id"]
        assert _entrants(a, tid) == ["AI (first)"]
        assert [i["name"] for i in a.get(f"/api/tournaments/{tid}").json()["invited"]] == ["Dagny"]
        [inv] = b.get("/api/account/invitations").json()["invitations"]
        assert (
            inv["tournament"] == tid and inv["name"] == "Höstcupen" and inv["organizer"] == "Cilla"
        )
        assert a.get("/api/account/invitations").json()["invitations"] == []
        # Nobody else can accept Dag's invitation, nor Dag one that does not exist.
        assert a.post(f"/api/tournaments/{tid}/accept").status_code == 404
        assert b.post("/api/tournaments/nosuch/accept").status_code == 404
        r = b.post(f"/api/tournaments/{tid}/accept")
        assert r.status_code == 200, r.text
        assert sorted(_entrants(a, tid)) == ["AI (first)", "Dagny"]
        assert b.get("/api/account/invitations").json()["invitations"] == []
        assert b.post(f"/api/tournaments/{tid}/accept").status_code == 409  # accepted already
        assert a.post(f"/api/tournaments/{tid}/start").status_code == 200
        wait_for(
            lambda: any(
                s["entrant"] == f"account:{bo['id']}"
                for r in b.get(f"/api/tournaments/{tid}").json()["rounds"]
                for m in r["matches"]
                for s in m["seats"]
            )
        )


def test_a_declined_or_unanswered_invitation_is_dropped_at_the_start(url: str) -> None:
    with players_app(url) as new_client:
        a, b, c = new_client(), new_client(), new_client()
        sign_up(a, "Edda")
        sign_up(b, "Fred")
        sign_up(c, "Gull")
        t = _create(a, entrants=[{"player": "Fred"}, {"player": "Gull"}, {"ai": "first"}])
        tid = t["id"]
        assert b.post(f"/api/tournaments/{tid}/decline").status_code == 200
        assert b.get("/api/account/invitations").json()["invitations"] == []
        assert [i["name"] for i in a.get(f"/api/tournaments/{tid}").json()["invited"]] == ["Gull"]
        assert b.post(f"/api/tournaments/{tid}/decline").status_code == 404
        assert a.post(f"/api/tournaments/{tid}/join").status_code == 200  # the organizer plays
        assert a.post(f"/api/tournaments/{tid}/start").status_code == 200
        started = a.get(f"/api/tournaments/{tid}").json()
        assert sorted(e["name"] for e in started["entrants"]) == ["AI (first)", "Edda"]
        assert started["invited"] == []
        assert c.get("/api/account/invitations").json()["invitations"] == []
        r = c.post(f"/api/tournaments/{tid}/accept")
        assert r.status_code in (404, 409)
        time.sleep(0.2)
        assert c.get("/api/players/gull").json()["games"] == []


def test_the_organizer_listing_themself_needs_no_invitation(url: str) -> None:
    with players_app(url) as new_client:
        a = new_client()
        sign_up(a, "Hanna")
        t = _create(a, entrants=[{"player": "hanna"}, {"ai": "first"}])
        assert sorted(_entrants(a, t["id"])) == ["AI (first)", "Hanna"]
        assert t["invited"] == []


def test_a_tournament_that_starts_now_counts_only_who_has_accepted(url: str) -> None:
    with players_app(url) as new_client:
        a, b = new_client(), new_client()
        sign_up(a, "Ines")
        sign_up(b, "Jan")
        body = {"name": "Nu", "game": "toy-open", "format": "knockout", "starts_in": 0,
                "entrants": [{"player": "Jan"}, {"ai": "first"}]}  # fmt: skip
        r = a.post("/api/tournaments", json=body)
        assert r.status_code == 400 and "accepted" in r.json()["error"], r.text
        assert a.get("/api/tournaments").json() == []


def test_the_pages_show_invitations(url: str) -> None:
    with players_app(url) as new_client:
        c = new_client()
        for path in ("/static/players.js", "/account"):
            assert c.get(path).status_code == 200
        assert "invitations" in c.get("/static/players.js").text
        assert TOURNAMENT_ENTRANTS.c.status is not None

"""Accounts that show a player's story (issue 28, items 6 and 9) in a real browser.

The header names the signed-in player on every page (lobby, table, replay, rules, lab,
tournaments, account, player page) with links to the account and to sign out; the rating
graph draws a point per rated game; the tournament form creates a tournament with an AI
level without typing JSON or agent specs; the lab page has the site's header and a
report links back. With ``SPELBORD_SHOTS=<folder>`` the account, player, tournament form
and lab pages are saved there at 1280x800 and 390x844.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Pages, Server, expect, sign_up, start_server, stop_server

pytestmark = pytest.mark.browser

TOYGAME = Path(__file__).resolve().parents[1] / "toygame.py"
SHOTS = os.environ.get("SPELBORD_SHOTS")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with the toy games and a lab folder holding one finished study."""
    work = tmp_path_factory.mktemp("site")
    lab = work / "lab"
    (lab / "seats").mkdir(parents=True)
    run = {"status": "finished", "games": 4, "planned": 4, "updated": "2026-11-27T10:00:00Z",
           "command": "spelbord lab run seats", "where": "1 local worker(s)"}  # fmt: skip
    (lab / "seats" / "run.json").write_text(json.dumps(run), encoding="utf-8")
    (lab / "seats" / "report.html").write_text(
        "<!doctype html><html><head><title>seats</title></head><body><h1>Study seats</h1>"
        "</body></html>",
        encoding="utf-8",
    )
    old = os.environ.get("SPELBORD_LAB_DIR")
    os.environ["SPELBORD_LAB_DIR"] = str(lab)
    try:
        server = start_server(work, preload=TOYGAME)
    finally:
        if old is None:
            os.environ.pop("SPELBORD_LAB_DIR")
        else:
            os.environ["SPELBORD_LAB_DIR"] = old
    yield server
    stop_server(server)


@pytest.fixture(scope="module")
def server(site: Server) -> Server:
    """This module's site serves the shared fixtures (``people``: one test's browser
    contexts, failing it on any JavaScript error)."""
    return site


def _rated_game(first: Any, second: Any, server: Server) -> str:
    """One rated toy game between the accounts of two pages (their cookies), each taking
    the first legal move in turn."""
    seats = [{"kind": "open"}, {"kind": "open"}]
    body = {"game": "toy-open", "options": {}, "seats": seats, "rated": True}
    table = first.context.request.post(server.url("/api/tables"), data=body).json()["table"]
    players = []
    for seat, page in enumerate((first, second)):
        req = page.context.request
        got = req.post(server.url(f"/api/tables/{table}/claim"), data={"seat": seat}).json()
        players.append((req, got["token"]))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for req, token in players:
            view = req.get(server.url(f"/api/tables/{table}/view?token={token}")).json()
            if view["status"] == "finished":
                return table
            if view["your_turn"]:
                action = {"token": token, "action": view["legal"][0]["action"], "ply": view["ply"]}
                req.post(server.url(f"/api/tables/{table}/action"), data=action)
    raise AssertionError("the rated game did not end")


def _shoot(page: Any, name: str) -> None:
    """Save the page at desktop and phone size when SPELBORD_SHOTS names a folder."""
    if not SHOTS:
        return
    folder = Path(SHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")  # the sticky top bar at the top
        page.wait_for_timeout(300)
        page.screenshot(path=str(folder / f"{name}-{width}x{height}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})


def test_the_header_names_the_signed_in_player_on_every_page(people: Pages, site: Server) -> None:
    page = people.open("/")
    expect(page.locator("#who .who-signin")).to_be_visible()  # a guest: "Sign in"
    page.goto(site.url("/account"))
    sign_up(page, "Hedda")
    table = site.call("/api/tables", {"game": "toy-open", "seats": [{"kind": "local"}] * 2})
    tid = table["table"]
    for path in (
        "/",
        f"/table/{tid}",
        f"/replay/{tid}",
        "/rules/coerceo",
        "/lab",
        "/tournaments",
        "/account",
        "/player/Hedda",
    ):
        page.goto(site.url(path))
        who = page.locator(".topbar #who")
        expect(who.locator(".who-name")).to_have_text("Hedda")
        expect(who.locator(".who-name")).to_have_attribute("href", "/player/Hedda")
        expect(who.locator("a.who-account")).to_have_attribute("href", "/account")
        expect(who.locator("button.who-signout")).to_be_visible()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site.url("/"))
    expect(page.locator("#who .who-name")).to_be_visible()  # on a phone too
    page.locator("#who button.who-signout").click()
    expect(page.locator("#who .who-signin")).to_be_visible()
    assert site.call("/api/players/Hedda")["name"] == "Hedda"


def test_the_rating_graph_draws_a_point_per_rated_game(people: Pages, site: Server) -> None:
    page = people.account("Ingrid")
    rival = people.account("Lars")
    tables = [_rated_game(page, rival, site) for _ in range(3)]
    page.goto(site.url("/player/Ingrid"))
    graph = page.locator(".rating-game[data-game='toy-open'] svg.rating-graph")
    expect(graph.locator("circle.rating-point")).to_have_count(4)  # the start + 3 games
    expect(graph.locator("polyline.rating-line")).to_have_count(1)
    links = graph.locator("a")
    assert sorted(links.nth(i).get_attribute("href") for i in range(3)) == sorted(
        f"/replay/{t}" for t in tables
    )
    expect(page.locator("#player-games tr[data-table]")).to_have_count(3)
    expect(page.locator("#player-games a").first).to_have_attribute("href", "/replay/" + tables[-1])
    rating = site.call("/api/players/Ingrid")["ratings"][0]["rating"]
    expect(page.locator(".rating-value")).to_have_text(f"{rating:.0f}")
    page.goto(site.url("/account"))  # the account shows the same, for oneself
    expect(page.locator("#player-blocks circle.rating-point")).to_have_count(4)
    _shoot(page, "account")
    other = people.open("/player/Ingrid")  # a guest sees the public page
    expect(other.locator("#player-name")).to_have_text("Ingrid")
    expect(other.locator("circle.rating-point")).to_have_count(4)
    expect(other.locator("#password-card")).to_have_count(0)
    _shoot(other, "player")


def test_the_tournament_form_makes_a_tournament_with_an_ai_level(
    people: Pages, site: Server
) -> None:
    page = people.account("Jorunn")
    people.account("Kaj")  # the friend invited below
    page.goto(site.url("/tournaments"))
    expect(page.locator("#t-form input, #t-form select").first).to_be_visible()
    assert page.locator("#t-form textarea").count() == 0
    page.fill("#t-name", "Höstcupen")
    page.select_option("#t-game", "coerceo")
    page.locator("#t-ai-list[data-game='coerceo']").wait_for()
    expect(page.locator("#t-options [data-option='variant']")).to_be_visible()
    medium = page.locator("#t-ai-list input[value='level:medium']")
    expect(medium).to_be_visible()
    expect(page.locator("#t-ai-list")).to_contain_text("about")  # the level's strength
    medium.check()
    page.locator("#t-ai-list input[value='level:easy']").check()
    page.fill("#t-invite", "nobody-called-this")
    page.click("#t-invite-add")
    expect(page.locator("#t-invited-list li")).to_have_count(0)
    page.fill("#t-invite", "kaj")
    page.click("#t-invite-add")
    expect(page.locator("#t-invited-list li")).to_have_text(["Kaj×"])
    page.select_option("#t-format", "knockout")
    page.select_option("#t-options [data-option='variant']", '"ocius"')
    _shoot(page, "tournament-form")
    page.click("#t-create")
    page.wait_for_url("**/tournaments/*")
    tid = page.url.rsplit("/", 1)[1]
    made = site.call(f"/api/tournaments/{tid}")
    assert made["name"] == "Höstcupen" and made["game"] == "coerceo"
    assert made["format"] == "knockout" and made["options"]["variant"] == "ocius"
    assert {e["name"] for e in made["entrants"]} == {"AI (level:medium)", "AI (level:easy)"}
    assert [e["name"] for e in made["invited"]] == ["Kaj"]
    assert made["starts_at"] > time.time() + 5 * 60  # in about ten minutes
    expect(page.locator("#t-title")).to_have_text("Höstcupen")
    _shoot(page, "tournament")


def test_the_lab_has_the_header_and_a_report_links_back(people: Pages, site: Server) -> None:
    page = people.open("/")
    page.locator(".topbar a[href='/lab']").click()
    page.wait_for_url("**/lab")
    expect(page.locator(".topbar .brand")).to_be_visible()
    expect(page.locator(".topbar #who .who-signin")).to_be_visible()
    expect(page.locator(".topbar nav a[href='/']")).to_be_visible()
    _shoot(page, "lab")
    page.locator("a[href='/lab/seats/report.html']").click()
    expect(page.locator("h1")).to_have_text("Study seats")
    page.locator("nav.lab-back a[href='/lab']").click()
    page.wait_for_url("**/lab")
    expect(page.locator(".lab-page h1")).to_be_visible()

"""Screenshots of every registered game's table (and the lobby and replay pages) at phone
(375x812) and desktop (1280x800) size, saved to test-artifacts/screenshots/ for review.

Each shot also checks the layout: the board is drawn, fits the screen's width, and the page
never scrolls sideways.
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import SCREENSHOTS, expect

pytestmark = pytest.mark.browser

SAVE_TOKEN = "([t, tok]) => localStorage.setItem(`spelbord.tokens.${t}`, JSON.stringify({0: tok}))"
SIZES = {"phone": (375, 812), "desktop": (1280, 800)}


def assert_fits(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page scrolls sideways ({width}px)"
    box = page.locator("#board").bounding_box()
    assert box and box["width"] > 200 and box["height"] > 200
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"] + 1


def test_screenshots_of_every_game(people: Any, play_move: Any) -> None:
    server = people.server
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    games = server.call("/api/games")
    assert games, "no game is registered"
    for game in games:
        seats = [{"kind": "local"}] + [{"kind": "ai", "agent": "random"}] * (game["seats"][0] - 1)
        created = server.call("/api/tables", {"game": game["name"], "options": {}, "seats": seats})
        table, token = created["table"], created["tokens"]["0"]
        for size, (width, height) in SIZES.items():
            page = people.open("/", phone=size == "phone")
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate(SAVE_TOKEN, [table, token])
            page.goto(server.url(f"/table/{table}"))
            page.wait_for_selector("body[data-ready='1']")
            expect(page.locator("#role")).to_contain_text("You play")
            movable = page.locator(".piece.movable")
            if movable.count():
                movable.first.click()  # show a picked piece and its targets
            page.wait_for_timeout(300)
            assert_fits(page)
            page.screenshot(path=str(SCREENSHOTS / f"{game['name']}-{size}.png"))


def test_screenshots_of_lobby_and_replay(people: Any) -> None:
    server = people.server
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    created = server.call(
        "/api/tables",
        {
            "game": "coerceo",
            "options": {"variant": "laurentius", "max_moves": 14},
            "seats": [{"kind": "ai", "agent": "random"}, {"kind": "ai", "agent": "random"}],
        },
    )
    server.wait_for(created["table"], "finished")
    for size, (width, height) in SIZES.items():
        lobby = people.open("/", phone=size == "phone")
        lobby.set_viewport_size({"width": width, "height": height})
        lobby.wait_for_selector("body[data-ready='1']")
        expect(lobby.locator("#list-finished .table-item").first).to_be_visible()
        width_now = lobby.evaluate("document.documentElement.scrollWidth")
        assert width_now <= width
        lobby.screenshot(path=str(SCREENSHOTS / f"lobby-{size}.png"), full_page=True)

        replay = people.open(f"/replay/{created['table']}", phone=size == "phone")
        replay.set_viewport_size({"width": width, "height": height})
        replay.wait_for_selector("body[data-ready='1']")
        replay.keyboard.press("End")
        assert_fits(replay)
        replay.screenshot(path=str(SCREENSHOTS / f"replay-{size}.png"))

"""Time controls on the table page (docs/time-controls.md): both sides' game clocks, the
low-time warning, and a flag that ends the game as a timeout; the lobby's field."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from .conftest import SCREENSHOTS, Pages, expect

pytestmark = pytest.mark.browser

SAVE_TOKEN = (
    "([t, s, tok]) => localStorage.setItem(`spelbord.tokens.${t}`, JSON.stringify({[s]: tok}))"
)
SHOTS = Path(os.environ.get("SPELBORD_TC_SHOTS", str(SCREENSHOTS)))


def seat_page(people: Pages, table: str, seat: int, token: str, phone: bool = False) -> Any:
    page = people.open("/", phone=phone)
    if phone:
        page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate(SAVE_TOKEN, [table, seat, token])
    page.goto(people.server.url(f"/table/{table}"))
    page.wait_for_selector("body[data-ready='1']")
    return page


def test_a_flag_falls_and_the_game_ends_as_a_timeout(people: Pages) -> None:
    server = people.server
    made = server.call(
        "/api/tables",
        {
            "game": "coerceo",
            "seats": [{"kind": "local"}, {"kind": "open"}],
            "time_control": "15s+0",
        },
    )
    table = made["table"]
    other = server.call(f"/api/tables/{table}/claim", {"seat": 1})
    white = seat_page(people, table, 0, made["tokens"]["0"])
    black = seat_page(people, table, 1, other["token"], phone=True)
    for page in (white, black):
        clocks = page.locator("#game-clocks .game-clock")
        expect(clocks).to_have_count(2)
        expect(page.locator(".game-clock[data-seat='0']")).to_have_attribute("data-running", "1")
        expect(page.locator(".game-clock[data-seat='1']")).to_have_attribute("data-running", "0")
        expect(page.locator(".game-clock[data-seat='1'] .game-clock-time")).to_have_text("0:15")
        assert page.locator("#game-clocks").is_visible()  # above the fold at both sizes
        box = page.locator("#game-clocks").bounding_box()
        assert box is not None and box["y"] + box["height"] <= page.viewport_size["height"]
    running = white.locator(".game-clock[data-seat='0']")
    expect(running).to_have_attribute("data-low", "1", timeout=15000)  # under 10 s
    expect(black.locator(".game-clock[data-seat='0']")).to_have_attribute("data-low", "1")
    SHOTS.mkdir(parents=True, exist_ok=True)
    white.screenshot(path=str(SHOTS / "timed-low-1280x800.png"))
    black.screenshot(path=str(SHOTS / "timed-low-390x844.png"))
    # The flag falls: the game ends as a timeout, on both pages, without a click.
    for page in (white, black):
        expect(page.locator("body")).to_have_attribute("data-status", "finished", timeout=20000)
        expect(page.locator("#status")).to_contain_text("ran out of time")
        expect(page.locator(".game-clock[data-seat='0'] .game-clock-time")).to_have_text("0:00.0")
    white.screenshot(path=str(SHOTS / "timed-flag-1280x800.png"))
    view = server.call(f"/api/tables/{table}/view")
    assert view["result"]["termination"] == "timeout"
    assert view["result"]["returns"] == [-1.0, 1.0]


def test_the_lobby_makes_a_table_with_a_time_control(people: Pages) -> None:
    page = people.open("/")
    page.wait_for_selector("#tc-kind")
    page.select_option("#game-select", "coerceo")
    expect(page.locator(".tc-part[data-part='minutes']")).to_be_hidden()
    page.select_option("#tc-kind", "clock")
    before = people.server.call("/api/tables")["open"]
    page.fill("#tc-minutes", "999")  # out of bounds: the form says so, nothing is made
    page.click("#create-button")
    expect(page.locator("#tc-minutes:invalid")).to_have_count(1)
    assert people.server.call("/api/tables")["open"] == before
    page.fill("#tc-minutes", "3")
    page.fill("#tc-increment", "2")
    page.locator("#seats .seat-kind").first.select_option("local")
    page.locator("#seats .seat-kind").last.select_option("invite")
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden])")
    table = page.evaluate("Object.keys(localStorage).find(k => k.startsWith('spelbord.tokens.'))")
    view = people.server.call(f"/api/tables/{table.split('.', 2)[2]}/view")
    assert view["game_clock"]["control"]["text"] == "3+2"

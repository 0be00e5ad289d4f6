"""Draw offers, takebacks and rematches between two browsers (docs/time-controls.md,
"Draws, takebacks and rematches"), at 1280x800 and at 390x844: the offer reaches the
other browser with Accept and Decline in sight, the board stays where it was."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from .conftest import SCREENSHOTS, Pages, click_move, expect

pytestmark = pytest.mark.browser

SAVE_TOKEN = (
    "([t, s, tok]) => localStorage.setItem(`spelbord.tokens.${t}`, JSON.stringify({[s]: tok}))"
)
SHOTS = Path(os.environ.get("SPELBORD_OFFER_SHOTS", str(SCREENSHOTS)))
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def two_players(people: Pages, size: str) -> tuple[str, Any, Any]:
    """A Coerceo table between two browsers of ``size``: (table, white, black)."""
    server = people.server
    made = server.call(
        "/api/tables", {"game": "coerceo", "seats": [{"kind": "local"}, {"kind": "open"}]}
    )
    table = made["table"]
    other = server.call(f"/api/tables/{table}/claim", {"seat": 1})
    pages = []
    for seat, token in ((0, made["tokens"]["0"]), (1, other["token"])):
        page = people.open("/", phone=size == "phone")
        width, height = SIZES[size]
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(SAVE_TOKEN, [table, seat, token])
        page.goto(server.url(f"/table/{table}"))
        page.wait_for_selector("body[data-ready='1']")
        pages.append(page)
    return table, pages[0], pages[1]


def board_top(page: Any) -> float:
    box = page.locator("#board").bounding_box()
    assert box is not None
    return float(box["y"])


def in_sight(page: Any, selector: str, board_was: float) -> None:
    """``selector`` is on screen without scrolling, and the board has not moved since the
    offer came (it was at ``board_was``)."""
    page.wait_for_selector(selector)
    # found and measured in one step: a view arriving between the two would re-draw it
    seen = page.evaluate(
        """(selector) => {
          const r = document.querySelector(selector).getBoundingClientRect();
          const board = document.querySelector('#board').getBoundingClientRect().top;
          return {top: r.top, bottom: r.bottom, board};
        }""",
        selector,
    )
    height = page.viewport_size["height"]
    assert seen["top"] >= 0 and seen["bottom"] <= height, seen
    assert abs(seen["board"] - board_was) < 1, (seen, board_was)


def shot(page: Any, name: str, size: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    width, height = SIZES[size]
    page.screenshot(path=str(SHOTS / f"{name}-{width}x{height}.png"))


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_draw_agreed_between_two_browsers(people: Pages, size: str) -> None:
    table, white, black = two_players(people, size)
    board_was = board_top(black)
    assert 0 <= board_was < black.viewport_size["height"] / 2
    white.click("#offer-draw")
    expect(white.locator("#offer-bar")).to_contain_text("You offered a draw")
    expect(white.locator("#offer-draw")).to_be_disabled()
    bar = black.locator("#offer-bar")
    expect(bar).to_contain_text("offers a draw")
    expect(black.locator("#offer-accept")).to_be_visible()
    in_sight(black, "#offer-accept", board_was)
    in_sight(black, "#offer-decline", board_was)
    shot(black, "draw-offered", size)
    black.click("#offer-accept")
    for page in (white, black):
        expect(page.locator("body")).to_have_attribute("data-status", "finished")
        expect(page.locator("#board-status" if size == "phone" else "#status")).to_contain_text(
            "agreed by the players"
        )
        expect(page.locator("#offer-bar")).to_be_hidden()
        expect(page.locator("#offer-rematch")).to_be_visible()
    shot(white, "draw-agreed", size)
    assert people.server.call(f"/api/tables/{table}/view")["result"]["text"] == "1/2-1/2"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_takeback_accepted(people: Pages, size: str) -> None:
    table, white, black = two_players(people, size)
    expect(white.locator("#offer-takeback")).to_be_disabled()  # no move yet
    click_move(white, tap=False)
    expect(black.locator("body")).to_have_attribute("data-your-turn", "1")
    click_move(black, tap=False)
    expect(white.locator("body")).to_have_attribute("data-ply", "2")
    board_was = board_top(black)
    white.click("#offer-takeback")
    expect(black.locator("#offer-bar")).to_contain_text("take back their last move")
    in_sight(black, "#offer-accept", board_was)
    shot(black, "takeback-asked", size)
    black.click("#offer-accept")
    for page in (white, black):
        expect(page.locator("body")).to_have_attribute("data-ply", "0")
        expect(page.locator("#moves li.move")).to_have_count(0)
    expect(white.locator("body")).to_have_attribute("data-your-turn", "1")
    shot(white, "takeback-done", size)
    click_move(white, tap=False)  # play on from the position before
    expect(black.locator("body")).to_have_attribute("data-ply", "1")
    assert people.server.call(f"/api/tables/{table}/view")["ply"] == 1


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_rematch_with_seats_swapped(people: Pages, size: str) -> None:
    table, white, black = two_players(people, size)
    white.click("#resign")
    white.click("#resign")  # "Really resign?"
    expect(black.locator("body")).to_have_attribute("data-status", "finished")
    expect(white.locator("#offer-rematch")).to_be_visible()
    board_was = board_top(white)
    black.click("#offer-rematch")
    expect(black.locator("#offer-bar")).to_contain_text("You offered a rematch")
    expect(white.locator("#offer-bar")).to_contain_text("offers a rematch")
    in_sight(white, "#offer-accept", board_was)
    shot(white, "rematch-offered", size)
    white.click("#offer-accept")
    for page in (white, black):
        page.wait_for_url(lambda url: table not in url and "/table/" in url)
        page.wait_for_selector("body[data-ready='1']")
    assert white.url == black.url
    new = white.url.rsplit("/", 1)[-1]
    view = people.server.call(f"/api/tables/{new}/view")
    assert view["status"] == "running" and view["game"] == "coerceo"
    # the seats swapped: the player who had Black moves first now
    expect(black.locator("body")).to_have_attribute("data-your-turn", "1")
    expect(white.locator("body")).to_have_attribute("data-your-turn", "0")
    expect(white.locator("#role")).not_to_have_text("")
    shot(black, "rematch-started", size)
    click_move(black, tap=False)
    expect(white.locator("body")).to_have_attribute("data-your-turn", "1")

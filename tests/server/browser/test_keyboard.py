"""Keyboard-only play: a few moves of each game with Tab, Shift+Tab and Enter alone, and
again with the arrow keys, Enter and Escape (no pointer), the focused square named for
screen readers and the last move announced."""

from __future__ import annotations

import time
from typing import Any

import pytest

from .conftest import SAVE_TOKENS, expect

pytestmark = pytest.mark.browser

FOCUSED = """() => {
  const a = document.activeElement, board = document.getElementById('board');
  if (!a || !board.contains(a)) return null;
  return a.getAttribute('aria-label') || a.textContent.trim() || a.tagName;
}"""


def table_against_ai(people: Any, game: str) -> Any:
    server = people.server
    n = next(g for g in server.call("/api/games") if g["name"] == game)["seats"][0]
    seats = [{"kind": "local"}] + [{"kind": "ai", "agent": "random"}] * (n - 1)
    created = server.call("/api/tables", {"game": game, "options": {}, "seats": seats})
    page = people.open("/")
    page.evaluate(SAVE_TOKENS, [created["table"], {"0": created["tokens"]["0"]}])
    page.goto(server.url(f"/table/{created['table']}"))
    page.wait_for_selector("body[data-ready='1']")
    return page


def my_turn(page: Any, timeout: float = 30) -> int:
    """Wait until it is this seat's turn; the ply then."""
    expect(page.locator("body")).to_have_attribute("data-your-turn", "1", timeout=timeout * 1000)
    return int(page.locator("body").get_attribute("data-ply") or 0)


def focus(page: Any, wanted: str, *, back: bool = False, tries: int = 400) -> str:
    """Press Tab (Shift+Tab when ``back``) until the focused board element's name starts
    with ``wanted``; its name."""
    for _ in range(tries):
        name = page.evaluate(FOCUSED)
        if name is not None and name.startswith(wanted):
            return str(name)
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"no board element named {wanted!r} reached by keyboard")


def moved(page: Any, ply: int, timeout: float = 10) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if int(page.locator("body").get_attribute("data-ply") or 0) > ply:
            return True
        page.wait_for_timeout(100)
    return False


def test_coerceo_by_keyboard(people: Any) -> None:
    page = table_against_ai(people, "coerceo")
    for _ in range(3):
        ply = my_turn(page)
        assert focus(page, "White piece on ").count(":") == 1  # e.g. "White piece on b3:3"
        page.keyboard.press("Enter")  # pick it; its targets become keyboard stops
        assert focus(page, "move to ", back=True)
        page.keyboard.press("Enter")
        assert moved(page, ply)
    expect(page.locator("#announce")).to_contain_text("Last move: ")


def test_islandet_by_keyboard(people: Any) -> None:
    page = table_against_ai(people, "islandet")
    for _ in range(3):  # secret blocks, then units set up: a square each
        ply = my_turn(page)
        name = focus(page, "")
        assert name[0] in "abcdefghijkl" and ":" in name  # "e5: empty"
        page.keyboard.press("Enter")
        assert moved(page, ply)
    expect(page.locator("#announce")).to_contain_text("Last move: ")


def test_gunst_by_keyboard(people: Any) -> None:
    page = table_against_ai(people, "gunst")
    ply = my_turn(page)
    focus(page, "Bring")  # the Tinge panel's send button
    page.keyboard.press("Enter")
    assert moved(page, ply)


def test_omringad_by_keyboard(people: Any) -> None:
    page = table_against_ai(people, "omringad")
    for _ in range(3):  # secret terrain: a square of your country each time
        ply = my_turn(page)
        assert focus(page, "tile ")  # e.g. "tile a1 (bare ground A a1)"
        page.keyboard.press("Enter")
        assert moved(page, ply)


def arrow_to(page: Any, wanted: str, tries: int = 300) -> str:
    """Walk the board with the arrow keys alone, row by row like a snake (right to the
    end, down one, left to the end, down one; then the same upwards), until the focused
    element's name starts with ``wanted``; its name."""
    presses = 0

    def press(key: str) -> bool:
        nonlocal presses
        before = page.evaluate(FOCUSED)
        page.keyboard.press(key)
        presses += 1
        return bool(page.evaluate(FOCUSED) != before)

    for vertical in ("ArrowDown", "ArrowUp"):
        across = "ArrowRight"
        while presses < tries:
            name = page.evaluate(FOCUSED)
            if name is not None and name.startswith(wanted):
                return str(name)
            if press(across):
                continue
            name = page.evaluate(FOCUSED)
            if name is not None and name.startswith(wanted):
                return str(name)
            if not press(vertical):
                break
            across = "ArrowLeft" if across == "ArrowRight" else "ArrowRight"
    raise AssertionError(f"no board element named {wanted!r} reached with the arrow keys")


def test_coerceo_with_arrow_keys_and_escape(people: Any) -> None:
    page = table_against_ai(people, "coerceo")
    ply = my_turn(page)
    focus(page, "White piece on ")  # Tab onto the board once
    start = page.evaluate(FOCUSED)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    assert page.evaluate(FOCUSED) != start  # the focus walks between the pieces
    piece = arrow_to(page, "White piece on ")
    page.keyboard.press("Enter")
    expect(page.locator(".cb-hit[data-target]").first).to_be_attached()
    page.keyboard.press("Escape")  # drop the pick: no targets, the focus back on the piece
    expect(page.locator(".cb-hit[data-target]")).to_have_count(0)
    assert page.evaluate(FOCUSED) == piece
    page.keyboard.press("Enter")
    expect(page.locator(".cb-hit[data-target]").first).to_be_attached()
    arrow_to(page, "move to ")
    page.keyboard.press("Enter")
    assert moved(page, ply)
    expect(page.locator("#announce")).to_contain_text("Last move: ")


def test_islandet_with_arrow_keys(people: Any) -> None:
    page = table_against_ai(people, "islandet")
    for _ in range(2):
        ply = my_turn(page)
        first = focus(page, "")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowDown")
        name = page.evaluate(FOCUSED)
        assert name != first and name[0] in "abcdefghijkl" and ":" in name
        page.keyboard.press("Enter")
        assert moved(page, ply)


def test_omringad_with_arrow_keys(people: Any) -> None:
    page = table_against_ai(people, "omringad")
    ply = my_turn(page)
    first = focus(page, "tile ")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    name = page.evaluate(FOCUSED)
    assert name != first and name.startswith("tile ")
    page.keyboard.press("Enter")
    assert moved(page, ply)


def test_gunst_with_arrow_keys(people: Any) -> None:
    page = table_against_ai(people, "gunst")
    ply = my_turn(page)
    focus(page, "")  # the first keyboard stop of the board
    arrow_to(page, "Bring")
    page.keyboard.press("Enter")
    assert moved(page, ply)

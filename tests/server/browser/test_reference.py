"""The quick-reference card beside the board (each game's web/reference.js): the unit
table of Omringad (R20), terrain (R10-R15) and the eight phases (R7); Islandet's ranges
(R14) and the three options of a 0 (R9-R12); Gunst's rows (R14-R20) and deities (R9-R12);
Coerceo's capture (R7) and exchange (R10)."""

from __future__ import annotations

from typing import Any

import pytest

from spelbord import games

from .conftest import SAVE_TOKENS, expect

pytestmark = pytest.mark.browser


def open_card(people: Any, game: str, *, phone: bool = False) -> Any:
    server = people.server
    n = next(g for g in server.call("/api/games") if g["name"] == game)["seats"][0]
    seats = [{"kind": "local"}] + [{"kind": "ai", "agent": "random"}] * (n - 1)
    created = server.call("/api/tables", {"game": game, "options": {}, "seats": seats})
    page = people.open("/", phone=phone)
    page.evaluate(SAVE_TOKENS, [created["table"], {"0": created["tokens"]["0"]}])
    page.goto(server.url(f"/table/{created['table']}"))
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#ref-box")).to_be_visible()
    page.click("#ref-box summary")
    expect(page.locator("#ref .ref")).to_be_visible()
    return page


def test_r20_r7_omringad_card_units_terrain_and_round(people: Any) -> None:
    page = open_card(people, "omringad")
    rows = page.locator("#ref tr[data-unit]")
    assert rows.count() == 6
    rider = page.locator("#ref tr[data-unit='R'] td").all_inner_texts()
    assert rider == ["R rider", "5", "F3 S4", "F3 S5"]  # R20: cost 5, damaged S5
    general = page.locator("#ref tr[data-unit='G'] td").all_inner_texts()
    assert general[1:] == ["10", "F2 S–", "eliminated"]
    text = page.locator("#ref").inner_text()
    for terrain in ("mountain", "castle", "village", "lake", "forest"):
        assert terrain in text
    assert page.locator("#ref ol li").count() == 8  # R7: eight phases


def test_r14_r9_islandet_card_ranges_and_zero(people: Any) -> None:
    page = open_card(people, "islandet", phone=True)
    ranges = page.evaluate(
        "[...document.querySelectorAll('#ref tr[data-range]')].map(r => r.dataset.range)"
    )
    assert ranges == ["2", "3", "4"]
    assert page.locator("#ref .ref-zero li").count() == 3
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"]


def test_r14_r9_gunst_card_rows_and_deities(people: Any) -> None:
    page = open_card(people, "gunst")
    rows = page.locator("#ref .ref-rows dt").all_inner_texts()
    assert rows == ["1 Knights", "2 Warriors", "3 Farmers", "4 Thieves", "5 Scholars"]
    deities = page.locator("#ref .ref-deities dt").all_inner_texts()
    assert deities == ["Extazia", "Vandringsmanden", "Eurika", "Archimedes"]


def test_r7_r10_coerceo_card_capture_and_exchange(people: Any) -> None:
    page = open_card(people, "coerceo")
    assert "captured" in page.locator("#ref .ref-capture").inner_text()
    assert "give up 2 collected tiles" in page.locator("#ref .ref-exchange").inner_text()


@pytest.mark.parametrize("game", list(games.packages()))
def test_rules_page_starts_for_players_with_a_diagram_by_the_renderer(
    people: Any, game: str
) -> None:
    """The rules page opens with what the game is, its components and a turn, with the
    start position drawn by the game's renderer; no file paths or module names in that
    part; the numbered rules follow as the reference."""
    page = people.open(f"/rules/{game}")
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator(".rules-diagram svg").first).to_be_visible()
    headings = page.locator("main > h2").all_inner_texts()
    assert headings[0] == "Components" and headings[1].startswith("A ")
    intro = page.evaluate(
        "[...document.querySelector('main').children]"
        ".filter(e => !e.matches('.rules-reference')).map(e => e.innerText).join(' ')"
    )
    for leak in ("seeds/", "RULES-NOTES", "spelbord.", ".py", "Status"):
        assert leak not in intro, leak
    assert page.locator(".rules-reference").inner_text().count("R1") >= 1

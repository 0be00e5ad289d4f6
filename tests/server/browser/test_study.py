"""Puzzles and the analysis board in a real browser: solve a puzzle by clicking its
winning move (the streak counts it), and open the analysis board from a URL."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

import pytest

from spelbord.games.coerceo import puzzles

from .conftest import expect

pytestmark = pytest.mark.browser


def coords(name: str) -> str:
    """``d2:4`` -> the renderer's ``data-field`` key ``1,-1,4``."""
    return f"{ord(name[0]) - ord('a') - 2},{int(name[1]) - 3},{name[3]}"


def test_solve_a_puzzle_by_clicking_its_move(people: Any) -> None:
    p = next(p for p in puzzles.load() if not p.solution[0].startswith("x"))
    source, target = p.solution[0].split("-")
    page = people.open(f"/puzzles?id={p.id}")
    expect(page.locator("body")).to_have_attribute("data-puzzle", p.id)
    expect(page.locator("#meta")).to_contain_text(p.difficulty)
    expect(page.locator("#streak")).to_have_text("0")
    page.locator(f'.piece[data-field="{coords(source)}"]').click()
    page.locator(f'.cb-hit[data-target][data-field="{coords(target)}"]').click()
    expect(page.locator("body")).to_have_attribute("data-result", "right")
    expect(page.locator("#streak")).to_have_text("1")
    assert page.evaluate("localStorage.getItem('spelbord.puzzles.coerceo.streak')") == "1"
    expect(page.locator("body")).to_have_attribute("data-solution-shown", "1")
    expect(page.locator("#line")).to_contain_text(p.solution[0])


def test_the_analysis_board_opens_from_a_url(people: Any) -> None:
    p = puzzles.load()[0]
    page = people.open(f"/analysis#{quote(p.position)}")
    expect(page.locator("body")).to_have_attribute("data-analysed", "1")
    expect(page.locator("#evaluation")).not_to_have_text("–")
    expect(page.locator("#bestline")).to_contain_text(p.solution[0])
    expect(page.locator(".an-line [data-move], .an-line .an-target").first).to_be_attached()
    expect(page.locator("#top li").first).to_contain_text(p.solution[0])
    width = page.locator("#evalfill").evaluate("e => e.style.width")
    assert width.endswith("%") and width != "50%"


def test_set_up_a_position_by_hand_and_share_it(people: Any) -> None:
    page = people.open("/analysis")
    expect(page.locator("#position")).to_have_value(re.compile(r"^white: a3:3 "))
    page.locator("#edit").check()
    page.locator(f'.piece[data-field="{coords("a3:3")}"]').click()
    expect(page.locator("#position")).not_to_have_value(re.compile(r"a3:3"))
    page.locator("#side").select_option("black")
    expect(page.locator("#position")).to_have_value(re.compile(r"move: black$"))
    assert "a3%3A5" in page.url and "a3%3A3" not in page.url  # the URL shares it
    page.locator("#analyse").click()
    expect(page.locator("body")).to_have_attribute("data-analysed", "1")
    expect(page.locator("#evaluation")).to_contain_text("for black")


def test_a_bad_position_shows_the_parsers_error(people: Any) -> None:
    page = people.open("/analysis")
    page.locator("#position").fill("white: c3:1; black: c3:0 c3:1; tiles: c3 c4")
    page.locator("#analyse").click()
    expect(page.locator("#error")).to_contain_text("white field")


def test_a_finished_games_replay_opens_the_analysis_board(people: Any) -> None:
    created = people.server.call(
        "/api/tables",
        {
            "game": "coerceo",
            "options": {"max_moves": 4},
            "seats": [{"kind": "ai", "agent": "random"}, {"kind": "ai", "agent": "random"}],
        },
    )
    people.server.wait_for(created["table"], "finished")
    page = people.open(f"/replay/{created['table']}")
    page.wait_for_selector("body[data-ready='1']")
    page.locator("#next").click()
    link = page.locator("#analyse-link")
    expect(link).to_be_visible()
    assert "move%3A%20black" in str(link.get_attribute("href"))
    link.click()
    expect(page.locator("body")).to_have_attribute("data-analysed", "1")
    expect(page.locator("#evaluation")).to_contain_text("for black")

"""The rules pages in a browser: the guide in the rulebook's language with its example
positions drawn by the game's own renderer, and the language links remembered."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

import spelbord.games  # noqa: F401  (registers the games: their documents are found by name)
from spelbord.rulebook import documents

from .conftest import Pages, expect, start_server, stop_server

pytestmark = pytest.mark.browser

DRAWN = """() => [...document.querySelectorAll('.rules-diagram')].map(d => ({
  example: d.dataset.example,
  drawn: d.querySelectorAll('svg').length > 0 && d.getBoundingClientRect().height > 100,
}))"""


def swedish_reader(people: Any) -> Any:
    """A page in a browser whose language is Swedish (its Accept-Language says so)."""
    context = people.browser.new_context(locale="sv-SE", viewport={"width": 1280, "height": 800})
    people.contexts.append(context)
    page = context.new_page()
    page.on("pageerror", lambda exc: people.errors.append(f"{page.url}: {exc}"))
    return page


def test_the_swedish_omringad_page_draws_its_examples_with_the_renderer(people: Any) -> None:
    page = swedish_reader(people)
    page.goto(people.server.url("/rules/omringad"))
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("document.documentElement.lang") == "sv"
    assert page.locator("main > h1").inner_text() == "Omringad"
    assert page.locator("main > h2").all_inner_texts() == ["Spelkomponenter", "En rond"]
    # the opening and the battle, both drawn by the game's renderer (its SVG board)
    assert page.evaluate(DRAWN) == [
        {"example": "opening", "drawn": True},
        {"example": "battle", "drawn": True},
    ]
    battle = page.locator(".rules-diagram[data-example='battle']")
    expect(battle).to_contain_text("A d5")  # the renderer's battle panel: where it is fought
    # the numbered reference follows, in Swedish too
    expect(page.locator(".rules-reference .rules-note")).to_contain_text("referensen")
    expect(page.locator(".rules-reference")).to_contain_text("R1. Kartor som data.")
    # the other language: English, remembered as the language switch remembers it
    page.click(".rules-languages a[hreflang='en']")
    page.wait_for_selector("body[data-ready='1'][data-lang='en']")
    assert page.locator("main > h2").all_inner_texts()[0] == "Components"
    assert page.evaluate("localStorage.getItem('spelbord.lang')") == "en"
    page.goto(people.server.url("/rules/coerceo"))  # the cookie now wins over the browser
    assert page.evaluate("document.documentElement.lang") == "en"


def test_a_game_without_a_guide_in_the_language_is_shown_in_english(
    browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every game has a guide in all four languages: a server of its own shows Gunst's
    documents without the Swedish guide (``SPELBORD_RULES_DIR``) to a Swedish reader."""
    shutil.copytree(str(documents("gunst")), tmp_path / "rules" / "gunst")
    (tmp_path / "rules" / "gunst" / "guide.sv.md").unlink()
    (tmp_path / "server").mkdir()
    monkeypatch.setenv("SPELBORD_RULES_DIR", str(tmp_path / "rules"))
    server = start_server(tmp_path / "server")
    people = Pages(browser, server)
    try:
        fallback_to_english(people)
    finally:
        people.close()
        stop_server(server)
    assert not people.errors, f"JavaScript errors: {people.errors}"


def fallback_to_english(people: Pages) -> None:
    page = swedish_reader(people)
    page.goto(people.server.url("/rules/gunst"))
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("document.documentElement.lang") == "en"
    expect(page.locator(".rules-fallback")).to_contain_text("finns inte på svenska")
    links = page.locator(".rules-languages a").all_inner_texts()
    assert links == ["Dansk", "Norsk bokmål"]
    page.click(".rules-languages a[hreflang='da']")
    page.wait_for_selector("body[data-ready='1'][data-lang='da']")
    assert page.locator("main > h2").all_inner_texts() == ["Opstilling", "Runden"]
    assert page.evaluate(DRAWN) == [
        {"example": "start", "drawn": True},
        {"example": "tinge", "drawn": True},
    ]

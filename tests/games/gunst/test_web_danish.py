"""Gunst in Danish, its rulebook's language (issue 28, item 5): the kin letters are the
rulebook's (Ridder R, Kriger K, Bonde B, Tyv T, Lærd L), the Tinge selection and the
event log are in words, and no English is left on the board, at desktop and phone sizes."""

from __future__ import annotations

import re
from typing import Any

import pytest
from tests.games.gunst.test_web_renderer import RENDERER, banish_position
from tests.webrender import show, view_of

from spelbord.games.gunst import GunstGame

pytestmark = pytest.mark.browser

ENGLISH = re.compile(
    r"\b(knights?|warriors?|farmers?|thie(f|ves)|scholars?|bring|nothing|season|player|"
    r"you|your|life|favour|first|row|hand|field)\b",
    re.IGNORECASE,
)


def page_text(page: Any) -> str:
    """What a reader of the board meets: its text, titles and labels."""
    return str(
        page.evaluate(
            "(() => { const r = document.getElementById('root'); const parts = [r.innerText];"
            " const named = r.querySelectorAll('[aria-label],[title],title,svg text');"
            " for (const e of named) parts.push("
            "e.getAttribute('aria-label') || e.getAttribute('title') || e.textContent);"
            " return parts.join('\\n'); })()"
        )
    )


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_the_danish_board_has_no_english(browser: Any, width: int, height: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": height}, locale="da-DK")
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        RENDERER.open(page)
        # the Tinge panel, a selection being made
        show(page, view_of(GunstGame().new_initial_state(), 0))
        assert page.inner_text(".gu-bring") == "Medbring intet"
        for kin in ("warrior", "warrior", "knight", "scholar"):
            page.click(f".gu-stepper[data-kin={kin}] .gu-plus")
        assert page.inner_text(".gu-sel-text") == "Medbring: 1R 2K 1L"
        chips = page.locator(".gu-chip").all_inner_texts()
        assert chips == ["R", "K", "B", "T", "L"]
        found = [m[0] for m in ENGLISH.findall(page_text(page))]
        assert not found, found
        # Dommen and the event log after the battle
        state = banish_position()
        show(page, view_of(state, 0))
        state.apply_action(state.string_to_action("banish farmers"))
        show(page, view_of(state, 0))
        letters = set(
            page.locator(".gu-kin-letter").evaluate_all("els => els.map(e => e.textContent)")
        )
        assert letters and letters <= set("RKBTL"), letters
        text = page_text(page)
        assert "Årstid 1" in text
        found = [m[0] for m in ENGLISH.findall(text)]
        assert not found, found
    finally:
        context.close()
    assert not errors, errors

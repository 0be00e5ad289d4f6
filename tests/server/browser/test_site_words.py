"""The site in the player's words (issue 28): the lobby has no English left in Swedish,
Danish or Norwegian at desktop and phone sizes (navigation, game descriptions, option
names, help and choices, seat counts and chips, AI levels as "about 1300", results), and
a four-player result reads as a sentence on the page and in the export; a seat on the
clock keeps who sits there readable."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from spelbord.ai.spec import make_agent
from spelbord.core.record import game_record
from spelbord.games import load
from spelbord.lab.match import play_game

from .conftest import SAVE_TOKENS, Pages, expect, start_server, stop_server

pytestmark = pytest.mark.browser

LOCALES = {"en": "en-GB", "sv": "sv-SE", "da": "da-DK", "nb": "nb-NO"}
TOYGAME = Path(__file__).resolve().parents[1] / "toygame.py"
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}

VISIBLE_TEXTS = """() => {
  const out = new Set();
  const shown = (el) => el && el.getClientRects().length > 0 && !el.closest('[hidden]');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    const text = walker.currentNode.textContent.trim();
    if (text && (shown(el) || el.tagName === 'OPTION')) out.add(text);
  }
  for (const el of document.querySelectorAll('[title],[aria-label],[placeholder]')) {
    for (const name of ['title', 'aria-label', 'placeholder']) {
      const value = el.getAttribute(name);
      if (value) out.add(value);
    }
  }
  return [...out];
}"""

SAME_IN_EVERY_LANGUAGE = re.compile(
    r"^(Spelbord|Coerceo|Gunst|Slag for Islandet|Omringad|English|Svenska|Dansk|Norsk bokmål"
    r"|Laurentius|Ocius|Variant|[\d\s#·.,:()+-]*|#\w+ · .*)$"
)
"""Texts that are the same in every language: names (the site, the games' titles, the
languages, Coerceo's boards), numbers, and a table's number in the lists."""


def four_player_record() -> dict[str, Any]:
    """A finished four-player Omringad game (diagonal teams) played by the medium level."""
    game = load("omringad", players=4, teams="diagonal")
    agents = [make_agent("script:conqueror", seed=i, game="omringad") for i in range(4)]
    played = play_game(game, agents, seed=5)
    state = game.replay(played.moves)
    return game_record(game, state.history(), seed=played.seed, outcome=state.outcome())


@pytest.fixture(scope="module")
def four_player_table(server: Any) -> str:
    table: str = server.call("/api/import", four_player_record())["table"]
    return table


def lobby_texts(people: Any, code: str, size: str) -> set[str]:
    """Every text the lobby shows (or offers in a list) for each game, in ``code``."""
    context = people.browser.new_context(locale=LOCALES[code], viewport=SIZES[size])
    people.contexts.append(context)
    page = context.new_page()
    page.on("pageerror", lambda exc: people.errors.append(str(exc)))
    page.goto(people.server.url("/"))
    page.wait_for_selector("body[data-ready='1']")
    texts: set[str] = set()
    for game in page.locator("#game-select option").evaluate_all("os => os.map(o => o.value)"):
        page.select_option("#game-select", game)
        expect(page.locator("#rules-link")).to_have_attribute("href", f"/rules/{game}")
        page.wait_for_function("document.querySelectorAll('.seat-row').length > 0")
        texts |= set(page.evaluate(VISIBLE_TEXTS))  # seat 1 is the computer: its level
    page.select_option("#game-select", "omringad")  # four players in teams: team labels
    page.select_option("#opt-players", "4")
    page.select_option("#opt-teams", '"diagonal"')
    page.wait_for_function("document.querySelectorAll('.seat-row').length == 4")
    texts |= set(page.evaluate(VISIBLE_TEXTS))
    return texts


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("code", ["sv", "da", "nb"])
def test_no_english_left_on_the_lobby(
    people: Any, four_player_table: str, code: str, size: str
) -> None:
    """Whatever the English lobby shows that is not a name or a number, the lobby in
    ``code`` shows in its own words; and no level is shown as a relative Elo."""
    people.server.call(
        "/api/tables",
        {"game": "coerceo", "options": {}, "seats": [{"kind": "open"}, {"kind": "open"}]},
    )
    english = lobby_texts(people, "en", size)
    own = lobby_texts(people, code, size)
    assert any("Seats (" in t for t in english) and any("about " in t for t in english)
    left = sorted(t for t in own & english if not SAME_IN_EVERY_LANGUAGE.match(t))
    assert left == [], f"English on the {code} lobby: {left}"
    assert not [t for t in own | english if "Elo" in t or "RULES-NOTES" in t]


def test_a_four_player_result_reads_in_words(people: Any, four_player_table: str) -> None:
    """ "Ivory and Azure win: Azure reached the target" in the export, on the table's page
    and in the lobby (in the page's language there), never "winners 0,3"."""
    table = four_player_table
    record = people.server.call(f"/api/tables/{table}/export")
    text = record["result"]["text"]
    who = r"(Ivory|Azure|Ivory and Azure)"
    assert re.fullmatch(rf"Ivory and Azure win: {who} reached the target", text), text
    finished = people.open(f"/table/{table}")
    finished.wait_for_selector("body[data-ready='1']")
    expect(finished.locator("#status")).to_have_text(
        re.compile(
            r"^Ivory \(A\) and Azure \(D\) win: .*Azure \(D\) reached the target$|"
            r"^Ivory \(A\) and Azure \(D\) win: Ivory \(A\) reached the target$"
        )
    )
    context = people.browser.new_context(locale="sv-SE", viewport=SIZES["phone"])
    people.contexts.append(context)
    page = context.new_page()
    page.on("pageerror", lambda exc: people.errors.append(str(exc)))
    page.goto(people.server.url("/"))
    page.wait_for_selector("body[data-ready='1']")
    item = page.locator(f"#list-imported .table-item[data-table='{table}']")
    expect(item).to_contain_text("Elfenben (A) och Azur (D) vinner:")
    expect(item).to_contain_text("nådde målet")
    assert "winners" not in (item.text_content() or "")


def test_who_sits_at_a_seat_on_the_clock_is_never_squeezed(browser: Any, tmp_path: Any) -> None:
    """A seat with a long name, "to move" and a running clock: who sits there ("you")
    moves to a line of its own with the clock instead of shrinking to "y…", at desktop
    and phone sizes."""
    server = start_server(tmp_path, preload=TOYGAME)
    people = Pages(browser, server)
    try:
        made = server.call(
            "/api/tables",
            {
                "game": "toy-clock",
                "options": {"clock_ms": 600_000},
                "seats": [{"kind": "local"}, {"kind": "local"}],
            },
        )
        for phone in (False, True):
            page = people.open("/", phone=phone)
            page.evaluate(SAVE_TOKENS, [made["table"], {"1": made["tokens"]["1"]}])
            page.goto(server.url(f"/table/{made['table']}"))
            page.wait_for_selector("body[data-ready='1']")
            expect(page.locator("#seats li[data-seat='1'] .seat-clock")).to_have_count(1)
            expect(page.locator("#seats li[data-seat='1'] .seat-who")).to_have_text("you")
            # whatever the clock shows as it runs (its text's width changes the room left)
            for shown in ("600", "599", "9.9"):
                fits = page.evaluate(FITS_WITH_CLOCK, shown)
                assert fits, f"who sits at the seat is cut off beside a clock showing {shown}"
        assert not people.errors, people.errors
    finally:
        people.close()
        stop_server(server)


FITS_WITH_CLOCK = """(shown) => {
  // One step, on the seat as the page shows it now: a view arriving re-draws the seat
  // list, and a measure taken apart from the changes could read a replaced element (0
  // wide) or the short name again.
  const seat = document.querySelector('#seats li[data-seat="1"]');
  // the longest seat name the games have (Omringad's four-player teams), to move
  seat.classList.add('seat-to-move');
  seat.querySelector('.seat-title').textContent = 'Crimson (C) · team B+C';
  seat.querySelector('.seat-clock-time').textContent = shown;
  const who = seat.querySelector('.seat-who');
  return who.textContent === 'you' && who.clientWidth > 0 && who.scrollWidth <= who.clientWidth;
}"""

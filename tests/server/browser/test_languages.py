"""The table page speaks the browser's language (Swedish, Danish, Norwegian bokmål or
English), can be switched, and remembers the choice; each game's renderer (its prompts,
panels and quick-reference card) speaks it too, from the game's own catalogues."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .conftest import SAVE_TOKENS, expect

pytestmark = pytest.mark.browser


def test_language_from_the_browser_switchable_and_remembered(people: Any) -> None:
    server = people.server
    created = server.call(
        "/api/tables",
        {
            "game": "coerceo",
            "options": {},
            "seats": [{"kind": "local"}, {"kind": "ai", "agent": "random"}],
        },
    )
    context = people.browser.new_context(locale="sv-SE", viewport={"width": 1280, "height": 800})
    people.contexts.append(context)
    page = context.new_page()
    page.on("pageerror", lambda exc: people.errors.append(str(exc)))
    page.goto(server.url("/"))
    page.evaluate(SAVE_TOKENS, [created["table"], {"0": created["tokens"]["0"]}])
    page.goto(server.url(f"/table/{created['table']}"))
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#status")).to_have_text("Ditt drag")
    expect(page.locator("#role")).to_have_text("Du spelar Vit.")
    assert page.evaluate("document.documentElement.lang") == "sv"
    page.select_option(".lang-picker", "da")
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#status")).to_have_text("Dit træk")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#status")).to_have_text("Dit træk")  # remembered
    expect(page.locator("#moves-title")).to_contain_text("Træk")
    page.select_option(".lang-picker", "nb")
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#status")).to_have_text("Ditt trekk")


GAMES = Path(__file__).resolve().parents[3] / "src" / "spelbord" / "games"


def catalogue(game: str, code: str) -> dict[str, str]:
    path = GAMES / game / "web" / "i18n" / f"{code}.json"
    return dict(json.loads(path.read_text(encoding="utf-8")))


# (game, language, selector of a text the renderer shows the seat to move at the start,
#  catalogue key that text begins with, catalogue key of the reference card's first heading)
TABLE_TEXTS = [
    ("omringad", "sv", ".om-prompt", "prompt.tile", "ref.units"),
    ("coerceo", "sv", ".cb-label", "side.white", "ref.turn"),
    ("gunst", "da", ".gu-prompt", "prompt.tinge", "ref.round"),
    ("islandet", "nb", ".isl-prompt", "prompt.block", "ref.turn"),
    ("gunst", "sv", ".gu-prompt", "prompt.tinge", "ref.round"),
    ("islandet", "da", ".isl-prompt", "prompt.block", "ref.turn"),
]


def _open_table(people: Any, page: Any, game: str) -> None:
    server = people.server
    n = next(g for g in server.call("/api/games") if g["name"] == game)["seats"][0]
    seats = [{"kind": "local"}] + [{"kind": "ai", "agent": "random"}] * (n - 1)
    created = server.call("/api/tables", {"game": game, "options": {}, "seats": seats})
    page.evaluate(SAVE_TOKENS, [created["table"], {"0": created["tokens"]["0"]}])
    page.goto(server.url(f"/table/{created['table']}"))
    page.wait_for_selector("body[data-ready='1']")


def _prefix(text: str) -> str:
    """The fixed start of a catalogue text (up to its first placeholder)."""
    return text.split("{")[0].strip()


@pytest.mark.parametrize(("game", "code", "selector", "prompt", "heading"), TABLE_TEXTS)
def test_a_games_prompt_and_reference_card_in_the_chosen_language_remembered(
    people: Any, game: str, code: str, selector: str, prompt: str, heading: str
) -> None:
    """The player picks the language in the header; after a reload the renderer's prompt
    and the quick-reference card are still in it (never the English texts)."""
    own, english = catalogue(game, code), catalogue(game, "en")
    page = people.open("/")
    _open_table(people, page, game)
    expect(page.locator(selector).first).to_contain_text(_prefix(english[prompt]))
    page.select_option(".lang-picker", code)
    page.wait_for_selector("body[data-ready='1']")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("document.documentElement.lang") == code
    expect(page.locator(selector).first).to_contain_text(_prefix(own[prompt]))
    assert _prefix(english[prompt]) not in (page.locator(selector).first.text_content() or "")
    expect(page.locator("#ref-box")).to_be_visible()
    page.click("#ref-box summary")
    expect(page.locator("#ref h3").first).to_have_text(own[heading])
    card = page.locator("#ref").text_content() or ""
    fixed = [k for k, text in own.items() if k.startswith("ref.") and "{" not in text]
    assert len(fixed) >= 5
    for key in fixed:
        assert own[key].strip(" :") in card, key


def test_the_move_lists_server_words_in_swedish(people: Any) -> None:
    """A hidden move, a hidden chance outcome and the clock's ``(time)`` (views.move_entry
    sends them in English with a ``kind``) are shown in the page's language; the game's
    own notation stays as sent."""
    context = people.browser.new_context(locale="sv-SE")
    people.contexts.append(context)
    page = context.new_page()
    page.on("pageerror", lambda exc: people.errors.append(str(exc)))
    page.goto(people.server.url("/"))
    shown = page.evaluate(
        """async () => {
          const { moveText, partText } = await import("/static/viewparts.js");
          const hidden = { seat: 1, text: "hidden move (time)", kind: "hidden", hidden: true,
                           timeout: true };
          const joint = { seat: -2, text: "bid 1; hidden move (time)", timeout: true,
                          parts: [{ seat: 0, text: "bid 1" }, hidden] };
          return [
            partText(hidden),
            partText({ seat: -1, text: "chance", kind: "chance" }),
            partText({ seat: 0, text: "bid 0 (time)", timeout: true }),
            moveText(joint, ["Anna", "Bo"]),
          ];
        }"""
    )
    assert shown == ["dolt drag (tid)", "slump", "bid 0 (tid)", "Anna: bid 1; Bo: dolt drag (tid)"]

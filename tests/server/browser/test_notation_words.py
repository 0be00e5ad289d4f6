"""The move list shows each game's notation in the page's language (issue 28: every string
a player sees, notation words included): the words a game's catalogue names
(``notation.<word>``) replace whole tokens of the text, squares, counts and symbols stay,
English shows the text as the record has it; a count keeps its count and takes the board's
letter (Gunst's ``2W`` is ``2K`` in Danish, as the board shows a warrior); Islandet's
facings are its directions' initials (``mot V``: facing west, in Norwegian).

``tests/server/test_notation_words.py`` checks that every word each game's notation uses
has its words in the four catalogues.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from tests.replaygames import SHORT
from tests.replaygames import finished_game as short_game
from tests.webrender import ROOT

from spelbord import games
from spelbord.server.tables.views import records_of, visible_moves

from .test_score_sheet import SIZES, WORDS_BROKEN

pytestmark = pytest.mark.browser

LOCALES = {"en": "en-GB", "sv": "sv-SE", "da": "da-DK", "nb": "nb-NO"}

STEPS = """() => [...document.querySelectorAll("#moves .move-step")]
  .map((s) => s.firstChild.textContent)"""


def words(game: str, code: str) -> dict[str, str]:
    """``game``'s notation words in language ``code``: word -> shown words."""
    path = ROOT / "src" / "spelbord" / "games" / game / "web" / "i18n" / f"{code}.json"
    catalogue = json.loads(path.read_text(encoding="utf-8"))
    keyed = {k: v for k, v in catalogue.items() if k.startswith("notation.")}
    return {k.removeprefix("notation."): v for k, v in keyed.items()}


def translated(text: str, said: dict[str, str]) -> str:
    """The rule the page follows, written out again: whole tokens only, a count kept."""

    def token(match: re.Match[str]) -> str:
        tok = match.group(0)
        if tok in said:
            return said[tok]
        counted = re.fullmatch(r"(\d+)([^\W\d_]+)", tok)
        if counted and counted.group(2) in said:
            return counted.group(1) + said[counted.group(2)]
        return tok

    return re.sub(r"[^\W_]+", token, text)


def sheet_texts(game: str) -> list[str]:
    """The short game's step texts as the score sheet lists them (a joint step's "wait"
    parts left out), in English, in the order of the plies."""
    state, _ = short_game(game)
    _, records = records_of(games.load(game, **SHORT[game][0]), state.history())
    out: list[str] = []
    for entry in visible_moves(records, None, reveal=True):
        parts = entry.get("parts")
        if parts is None:
            out.append(entry["text"])
            continue
        saying = [p for p in parts if p["text"] != "wait"] or parts
        out += [p["text"] for p in saying]
    return out


def _open(people: Any, path: str, code: str, size: str) -> Any:
    width, height = SIZES[size]
    context = people.browser.new_context(
        locale=LOCALES[code], viewport={"width": width, "height": height}
    )
    context.set_default_timeout(20000)
    people.contexts.append(context)
    page = context.new_page()
    page.on("pageerror", lambda exc: people.errors.append(f"{page.url}: {exc}"))
    page.goto(people.server.url(path))
    page.wait_for_selector("body[data-ready='1']")
    return page


@pytest.fixture(scope="module")
def imported(server: Any) -> dict[str, str]:
    return {name: server.call("/api/import", short_game(name)[1])["table"] for name in SHORT}


def test_the_token_replacement_keeps_squares_counts_and_symbols(people: Any) -> None:
    page = people.open("/")
    shown = page.evaluate(
        """async () => {
          const { notationWords } = await import("/static/notation.js");
          const said = { buy: "köp", done: "klar", roll: "kast", safe: "trygg", c: "X",
                         R: "H", K: "R", W: "K", e: "Y", d7R: "nope" };
          const word = (w) => said[w] ?? null;
          return [
            notationWords("buy G, done", word),
            notationWords("safe c7, roll 4 g7-d7R", word),
            notationWords("bring 1K 2W Ex", word),
            notationWords("B e2; c3:0-c4:2 xb2:1", word),
            notationWords("take R", word),
            notationWords("", word),
          ];
        }"""
    )
    assert shown == [
        "köp G, klar",
        "trygg c7, kast 4 g7-nope",  # a token the lookup names is replaced whole
        "bring 1R 2K Ex",  # each token once: K is R and W is K, never K -> R -> ...
        "B e2; c3:0-c4:2 xb2:1",  # squares and fields never split: "c", "e" untouched
        "take H",
        "",
    ]


CASES = [
    # (game, language, words the list must show, English words it must not)
    ("omringad", "sv", {"köp", "klar", "passa", "placera", "bricka"}, {"buy", "done", "pass"}),
    ("islandet", "nb", {"kast", "først", "blokk", "levende", "Nord", "V"}, {"roll", "North", "W"}),
    ("gunst", "da", {"medbring", "først", "mønt"}, {"bring", "first", "coin"}),
]


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize(("game", "code", "want", "gone"), CASES, ids=[c[0] for c in CASES])
def test_the_replays_list_speaks_the_games_words(
    people: Any,
    imported: dict[str, str],
    game: str,
    code: str,
    want: set[str],
    gone: set[str],
    size: str,
) -> None:
    page = _open(people, f"/replay/{imported[game]}", code, size)
    shown = page.evaluate(STEPS)
    said = words(game, code)
    # a simultaneous turn lists each seat's steps together: the same steps, grouped
    assert sorted(shown) == sorted(translated(text, said) for text in sheet_texts(game))
    tokens = {tok for text in shown for tok in re.findall(r"[^\W\d_]+", text)}
    assert want <= tokens, sorted(want - tokens)
    assert not gone & tokens, sorted(gone & tokens)
    if game == "gunst":  # the board's Danish letters: knight R, warrior K, farmer B
        counts = {tok for text in shown for tok in re.findall(r"\b\d+[A-Z]\b", text)}
        assert counts and {c[-1] for c in counts} <= set("RKBTL"), counts
    assert page.evaluate(WORDS_BROKEN) == []


def test_english_shows_the_record_unchanged(people: Any, imported: dict[str, str]) -> None:
    for game in ("omringad", "islandet", "gunst"):
        page = _open(people, f"/replay/{imported[game]}", "en", "desktop")
        assert sorted(page.evaluate(STEPS)) == sorted(sheet_texts(game)), game


def test_the_table_list_and_the_replays_events_speak_them_too(
    people: Any, imported: dict[str, str]
) -> None:
    said = words("omringad", "sv")
    page = _open(people, f"/table/{imported['omringad']}", "sv", "desktop")
    page.wait_for_selector("#moves .move-step")
    want = sorted(translated(t, said) for t in sheet_texts("omringad"))
    assert sorted(page.evaluate(STEPS)) == want
    page = _open(people, f"/replay/{imported['islandet']}#20", "nb", "desktop")
    events = page.locator("#turn-events .turn-what").all_text_contents()
    assert events and not {"roll", "safe", "live"} & {w for e in events for w in e.split()}

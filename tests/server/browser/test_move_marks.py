"""Captures and special events are marked in the move list (issue 28 item 2): each game's
marks (``State.move_marks``) show as the game's sign with its words, for the eye (title)
and for screen readers, in the replay and in the table's list, at 1280x800 and 390x844."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.replaygames import SHORT
from tests.replaygames import finished_game as short_game
from tests.webrender import ROOT

from spelbord import games
from spelbord.server.tables.views import records_of, visible_moves

from .conftest import expect
from .test_score_sheet import SIZES, WORDS_BROKEN, _open

pytestmark = pytest.mark.browser

MARKS = """() => [...document.querySelectorAll("#moves .move-mark")].map((m) => ({
  mark: m.dataset.mark,
  title: m.title,
  sign: m.textContent,
  role: m.getAttribute("role"),
  said: m.getAttribute("aria-label"),
  step: m.closest(".move-step").firstChild.textContent,
}))"""


def expected(name: str) -> list[tuple[str, str]]:
    """(move text, mark) of every mark in the short game's list, in order."""
    state, _ = short_game(name)
    _, records = records_of(games.load(name, **SHORT[name][0]), state.history())
    out = []
    for entry in visible_moves(records, None, reveal=True):
        for part in entry.get("parts", [entry]):
            out += [(part["text"], mark) for mark in part.get("marks", [])]
    return out


def catalogue(name: str) -> dict[str, str]:
    path = ROOT / "src" / "spelbord" / "games" / name / "web" / "i18n" / "en.json"
    return dict(json.loads(path.read_text()))


@pytest.fixture(scope="module")
def imported(server: Any) -> dict[str, str]:
    return {name: server.call("/api/import", short_game(name)[1])["table"] for name in SHORT}


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("name", sorted(SHORT))
def test_the_replay_marks_captures_and_events(
    people: Any, imported: dict[str, str], name: str, size: str
) -> None:
    want = expected(name)
    assert want, f"{name}'s short game has no marked move"
    words = catalogue(name)
    page = _open(people, f"/replay/{imported[name]}", size)
    shown = page.evaluate(MARKS)
    assert [(m["step"], m["mark"]) for m in shown] == want
    for m in shown:
        assert m["title"] == words[f"mark.{m['mark']}"]
        assert m["sign"] == words[f"mark.{m['mark']}.symbol"]
        assert m["role"] == "img" and m["said"] == m["title"]  # what a screen reader says
    assert page.evaluate(WORDS_BROKEN) == []


def test_the_table_list_marks_them_too(people: Any, imported: dict[str, str]) -> None:
    for name, size in (("coerceo", "desktop"), ("islandet", "phone")):
        page = _open(people, f"/table/{imported[name]}", size)
        expect(page.locator("#moves .move-mark").first).to_be_attached()
        if size == "phone":
            page.locator("#moves-box > summary").click()  # folded on a phone
        shown = page.evaluate(MARKS)
        assert [(m["step"], m["mark"]) for m in shown] == expected(name)
        assert page.evaluate(WORDS_BROKEN) == [], name

"""The move list reads as a score sheet and the replay is followed without scrolling
(issue 28 items 2 and 3), in every game, at 1280x800 and 390x844:

* no move-list entry wraps inside a word, and none runs off its card;
* the list's numbering is the replay counter's ("Move N of M": N the row's number);
* the replay's events (this turn's steps) are never empty, at any position;
* the replay's controls are in the window without scrolling, at the start and at the end;
* the replay opens with the board and the list at the same place (the start, the list's
  top), and an AI seat is never shown "thinking" in a replay.
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.replaygames import SHORT
from tests.replaygames import finished_game as short_game

from .conftest import expect

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}

WORDS_BROKEN = """() => {
  // each word of each entry: one box (a word split over two lines has two), inside its card
  const bad = [];
  for (const li of document.querySelectorAll("#moves li.move")) {
    const card = li.closest(".moves-card").getBoundingClientRect();
    if (li.scrollWidth > li.clientWidth + 1) bad.push(`overflows: ${li.textContent}`);
    const walker = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const boxes = [...range.getClientRects()].filter((r) => r.width > 0);
        if (boxes.length > 1) bad.push(`broken: ${m[0]} in ${li.textContent}`);
        for (const r of boxes) if (r.right > card.right + 1 || r.left < card.left - 1)
          bad.push(`off the card: ${m[0]}`);
      }
    }
  }
  return bad;
}"""

IN_SIGHT = """() => {
  const ids = ["first", "prev", "slider", "next", "last", "frame-label"];
  return ids.filter((id) => {
    const r = document.getElementById(id).getBoundingClientRect();
    return !(r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0 && r.width > 0);
  });
}"""

STATE = """() => ({
  frame: Number(document.body.dataset.frame),
  label: document.getElementById("frame-label").textContent,
  status: document.getElementById("status").textContent,
  events: [...document.querySelectorAll("#turn-events li")].map((li) => li.textContent),
  current: [...document.querySelectorAll("#moves li.move-current .move-num")]
    .map((n) => n.textContent),
  rows: document.querySelectorAll("#moves li.move").length,
  listTop: document.querySelector(".moves-card").scrollTop,
  seats: [...document.querySelectorAll("#seats .seat-who")].map((s) => s.textContent),
})"""


def _open(people: Any, path: str, size: str) -> Any:
    width, height = SIZES[size]
    context = people.browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(20000)
    people.contexts.append(context)
    page = context.new_page()
    page.on("pageerror", lambda exc: people.errors.append(f"{page.url}: {exc}"))
    page.goto(people.server.url(path))
    page.wait_for_selector("body[data-ready='1']")
    return page


@pytest.fixture(scope="module")
def imported(server: Any) -> dict[str, str]:
    """Each game's short finished game, imported once: game -> table."""
    return {name: server.call("/api/import", short_game(name)[1])["table"] for name in SHORT}


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("name", sorted(SHORT))
def test_replay_reads_like_a_score_sheet(
    people: Any, imported: dict[str, str], name: str, size: str
) -> None:
    page = _open(people, f"/replay/{imported[name]}", size)
    start = page.evaluate(STATE)
    # opens at the start: the board at frame 0, the list from its top, nothing marked
    assert start["frame"] == 0 and start["listTop"] == 0 and start["current"] == []
    assert start["label"] == f"Start position · {start['rows']} moves"
    assert page.evaluate(IN_SIGHT) == [], "controls below the fold at the start"
    assert page.evaluate(WORDS_BROKEN) == []
    frames = int(page.locator("#slider").get_attribute("max") or "0")
    assert frames >= start["rows"] > 0
    seen_rows: list[int] = []
    for index in range(frames + 1):
        if index:
            page.keyboard.press("ArrowRight")
        state = page.evaluate(STATE)
        assert state["frame"] == index
        assert state["events"] and all(e.strip() for e in state["events"]), index
        assert "thinking" not in state["status"]
        if index:
            # the counter's number is the marked row's number in the list
            [number] = state["current"]
            assert state["label"].startswith(f"Move {number[:-1]} of {state['rows']}: ")
            seen_rows.append(int(number[:-1]))
    assert sorted(set(seen_rows)) == list(range(1, start["rows"] + 1))
    assert seen_rows == sorted(seen_rows)
    assert page.evaluate(IN_SIGHT) == [], "controls below the fold at the end"


def test_an_ai_game_is_never_thinking_in_its_replay(people: Any) -> None:
    server = people.server
    created = server.call(
        "/api/tables",
        {
            "game": "coerceo",
            "options": {"variant": "ocius", "max_moves": 6},
            "seats": [{"kind": "ai", "agent": "random"}, {"kind": "ai", "agent": "random"}],
        },
    )
    table = created["table"]
    server.wait_for(table, "finished")
    page = _open(people, f"/replay/{table}", "desktop")
    for _ in range(3):
        state = page.evaluate(STATE)
        assert "thinking" not in state["status"], state["status"]
        page.keyboard.press("ArrowRight")


def test_the_live_tables_list_keeps_words_whole_on_a_phone(
    people: Any, imported: dict[str, str]
) -> None:
    for name in ("islandet", "omringad", "gunst"):
        page = _open(people, f"/table/{imported[name]}", "phone")
        expect(page.locator("#moves li.move").first).to_be_attached()
        page.locator("#moves-box > summary").click()  # folded on a phone
        assert page.evaluate(WORDS_BROKEN) == [], name

"""The interactive analysis board and puzzles with retry and hints (issue 28 item 8), at
1280x800 and 390x844: a piece moved by clicking on the board, the analysis following the
position (an answer for a position no longer shown is dropped), the best line stepped
through, the move history taken back and stepped; a wrong puzzle move tried again, two
hints, a solve, the solution shown on purpose, and the progress kept in the list."""

from __future__ import annotations

import json
from typing import Any

import pytest

from spelbord.games.coerceo.study import puzzles

from .conftest import expect

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def coords(name: str) -> str:
    """``d2:4`` -> the renderer's ``data-field`` key ``1,-1,4``."""
    return f"{ord(name[0]) - ord('a') - 2},{int(name[1]) - 3},{name[3]}"


def opened(people: Any, path: str, size: str) -> Any:
    width, height = SIZES[size]
    context = people.browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(20000)
    people.contexts.append(context)
    page = context.new_page()
    page.on("pageerror", lambda exc: people.errors.append(f"{page.url}: {exc}"))
    page.goto(people.server.url(path))
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    return page


def click_move(page: Any, move: str) -> None:
    source, target = move.split("-")
    page.locator(f'.piece[data-field="{coords(source)}"]').click()
    page.locator(f'.cb-hit[data-target][data-field="{coords(target)}"]').click()


def analysed(page: Any) -> str:
    """Wait until the position shown is the one analysed; its text."""
    expect(page.locator("body")).to_have_attribute("data-analysed", "1", timeout=45_000)
    shown = str(page.locator("body").get_attribute("data-position"))
    expect(page.locator("body")).to_have_attribute("data-analysed-position", shown, timeout=45_000)
    return shown


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_analysis_board_is_played_by_clicks(people: Any, size: str) -> None:
    page = opened(people, "/analysis/coerceo?variant=ocius", size)
    start = analysed(page)
    assert "tiles: ocius" in start
    expect(page.locator("#history button")).to_have_count(1)
    # a piece moved on the board: the history, the URL and the analysis follow
    first = page.locator("#top button").first.inner_text().split()[0]
    piece = page.locator(".piece.movable").first
    piece.click()
    page.locator(".cb-hit[data-target]").first.click()
    expect(page.locator("body")).to_have_attribute("data-at", "1")
    expect(page.locator("#history button")).to_have_count(2)
    after = analysed(page)
    assert after != start and "move: black" in after
    assert page.url.endswith(page.evaluate("encodeURIComponent(document.body.dataset.position)"))
    expect(page.locator("#evaluation")).to_contain_text("for black")
    # the best line, stepped through: its positions on the board, then back
    line = page.locator("#bestline button.line-move")
    assert line.count() >= 2
    line.nth(1).click()
    expect(page.locator("#preview")).to_be_visible()
    expect(page.locator("#preview")).to_contain_text(f"move 2 of {line.count()}")
    expect(page.locator("body")).to_have_attribute("data-preview", "1")
    expect(page.locator(".piece.movable")).to_have_count(0)  # a line's position is looked at
    page.locator("#line-fwd").click()
    expect(page.locator("body")).to_have_attribute("data-preview", "2")
    page.locator("#line-back").click()
    expect(page.locator("body")).to_have_attribute("data-preview", "1")
    page.locator("#line-back").click()
    expect(page.locator("body")).to_have_attribute("data-preview", "0")
    page.locator("#line-exit").click()
    expect(page.locator("#preview")).to_be_hidden()
    expect(page.locator(".piece.movable").first).to_be_attached()
    # history: step back and forward, take back; each position's analysis shown again
    page.locator("#hist-back").click()
    expect(page.locator("body")).to_have_attribute("data-at", "0")
    assert analysed(page) == start
    page.locator("#hist-fwd").click()
    assert analysed(page) == after
    page.locator("#takeback").click()
    expect(page.locator("#history button")).to_have_count(1)
    assert analysed(page) == start
    # a top move is played by a click on it
    page.locator("#top button").first.click()
    expect(page.locator("#history button").nth(1)).to_contain_text(first)


def test_an_answer_for_a_position_no_longer_shown_is_dropped(people: Any) -> None:
    page = opened(people, "/analysis/coerceo?variant=ocius", "desktop")
    start = analysed(page)
    page.locator(".piece.movable").first.click()
    page.locator(".cb-hit[data-target]").first.click()
    expect(page.locator("body")).to_have_attribute("data-at", "1")
    moved = str(page.locator("body").get_attribute("data-position"))
    page.locator("#takeback").click()  # before the moved position's analysis came
    assert analysed(page) == start
    page.wait_for_timeout(2500)  # the moved position's answer, if asked, has come by now
    assert page.locator("body").get_attribute("data-analysed-position") == start
    assert page.locator("body").get_attribute("data-position") == start
    assert moved != start


def test_option_labels_come_from_the_games_catalogue(people: Any) -> None:
    page = opened(people, "/analysis/coerceo", "desktop")
    options = page.locator("#board-options").inner_text()
    assert "Exchange cost" in options and "Variant" in options
    assert "exchange_cost" not in options and "repetition_draw" not in options
    expect(page.locator("#opt-variant option").first).to_have_text("Laurentius")


def wrong_move(p: Any) -> str:
    state = p.state()
    for action in state.legal_actions():
        text = state.action_to_string(action)
        if text != p.solution[0] and "-" in text:
            return text
    raise AssertionError("no wrong move")


def progress(page: Any) -> dict[str, str]:
    return dict(
        json.loads(page.evaluate("localStorage.getItem('spelbord.puzzles.coerceo.progress')"))
    )


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_puzzle_is_tried_again_hinted_and_solved(people: Any, size: str) -> None:
    p = next(p for p in puzzles.load() if not p.solution[0].startswith("x"))
    page = opened(people, f"/puzzles/coerceo?id={p.id}", size)
    # a wrong move: "not this one", the same position to try again, no solution shown
    wrong = wrong_move(p)
    click_move(page, wrong)
    expect(page.locator("#verdict")).to_have_text(f"Not this one: {wrong} does not win. Try again.")
    expect(page.locator("body")).to_have_attribute("data-tries", "1")
    expect(page.locator("#line")).to_have_text("")
    expect(page.locator(f'.piece.movable[data-field="{coords(wrong[:4])}"]')).to_be_attached()
    # the first hint: the piece to move (words and a ring on the board), then the move
    page.locator("#hint").click()
    expect(page.locator("#hint-text")).to_have_text(f"Hint: move the piece on {p.solution[0][:4]}.")
    expect(page.locator(".an-hint")).to_have_count(1)
    assert p.solution[0] not in page.locator("body").inner_text()
    page.locator("#hint").click()
    expect(page.locator("#hint-text")).to_have_text(f"The move: {p.solution[0]}.")
    expect(page.locator(f'.an-line [data-move="{p.solution[0]}"]')).to_be_attached()
    expect(page.locator("#hint")).to_be_disabled()
    click_move(page, p.solution[0])
    expect(page.locator("body")).to_have_attribute("data-result", "right")
    expect(page.locator("#verdict")).to_contain_text("Right, with a hint")
    assert progress(page) == {p.id: "hinted"}
    if size == "phone":
        page.locator("#list-box > summary").click()  # folded on a phone
    mark = page.locator(f'#puzzle-list button[data-id="{p.id}"] .puzzle-state')
    expect(mark).to_have_attribute("aria-label", "solved with hints")
    expect(page.locator("#list-count")).to_contain_text("(1 of ")


def test_solved_without_help_and_the_solution_shown_on_purpose(people: Any) -> None:
    first, second = [p for p in puzzles.load() if not p.solution[0].startswith("x")][1:3]
    page = opened(people, f"/puzzles/coerceo?id={first.id}", "desktop")
    click_move(page, first.solution[0])
    expect(page.locator("#verdict")).to_have_text(f"Right! {first.solution[0]} wins.")
    expect(page.locator("#streak")).to_have_text("1")
    page.locator(f'#puzzle-list button[data-id="{second.id}"]').click()
    expect(page.locator("body")).to_have_attribute("data-puzzle", second.id)
    page.locator("#solution").click()  # a first press only asks
    expect(page.locator("#solution")).to_have_text("Show it? (not solved)")
    expect(page.locator("body")).not_to_have_attribute("data-result", "shown")
    page.locator("#solution").click()
    expect(page.locator("body")).to_have_attribute("data-result", "shown")
    expect(page.locator("body")).to_have_attribute("data-solution-shown", "1")
    expect(page.locator("#streak")).to_have_text("0")
    assert progress(page) == {first.id: "clean", second.id: "shown"}
    states = page.locator("#puzzle-list button").evaluate_all(
        "bs => Object.fromEntries(bs.filter(b => b.dataset.state !== 'none')"
        ".map(b => [b.dataset.id, b.dataset.state]))"
    )
    assert states == {first.id: "clean", second.id: "shown"}
    # "Next puzzle": the next one not yet solved without help
    page.locator("#next").click()
    expect(page.locator("body")).not_to_have_attribute("data-puzzle", second.id)

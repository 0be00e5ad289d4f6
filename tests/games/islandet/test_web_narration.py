"""Islandet's event narration in a real browser (issue 28, item 1): an AI's turn is played
back step by step and can be skipped, every replay position tells what happened, the
Norwegian board speaks Norwegian, screen readers hear unit kinds, "shoot again" follows a
shot only, and the blocks that never went off are accounted for at the end (R23)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from tests.webrender import Renderer, played_view, show, view_of

from spelbord.core import CHANCE, sample_outcome
from spelbord.games.islandet import IslandetGame, IslandetState

RENDERER = Renderer("islandet")

pytestmark = pytest.mark.browser


def played(seed: int, plies: int = 3000) -> tuple[list[IslandetState], list[dict[str, Any]]]:
    """A game that shoots whenever it can: the state before every ply, and the move list
    as the server sends it (seat -1 for chance)."""
    state = IslandetGame().new_initial_state()
    rng = random.Random(seed)
    states, moves = [], []
    while not state.is_terminal() and len(moves) < plies:
        states.append(state.clone())
        seat = state.current_player()
        if seat == CHANCE:
            action = sample_outcome(state.chance_outcomes(), rng)
        else:
            legal = state.legal_actions(seat)
            shots = [a for a in legal if "x" in state.action_to_string(a, seat)]
            action = rng.choice(shots or legal)
        moves.append(
            {"ply": len(moves), "seat": seat, "text": state.action_to_string(action, seat)}
        )
        state.apply_action(action)
    states.append(state.clone())
    return states, moves


@pytest.fixture(scope="module")
def game() -> tuple[list[IslandetState], list[dict[str, Any]]]:
    return played(11)


def north_turn(moves: list[dict[str, Any]], least: int = 4) -> tuple[int, int]:
    """The plies [start, end) of a turn of North (seat 1) with at least ``least`` steps."""
    for start in range(60, len(moves)):
        if moves[start - 1]["seat"] != 0:
            continue
        end = start
        while end < len(moves) and moves[end]["seat"] != 0:
            end += 1
        if end - start >= least and any(m["seat"] == 1 for m in moves[start:end]):
            return start, end
    raise AssertionError("no long turn of North")


def lines(page: Any) -> list[str]:
    return list(page.locator(".narr-line").all_inner_texts())


def visible_new(page: Any) -> int:
    """How many of the played-back lines are on screen (their fade-in has started)."""
    return int(
        page.evaluate(
            "[...document.querySelectorAll('.narr-line.narr-new')]"
            ".filter(e => Number(getComputedStyle(e).opacity) > 0.05).length"
        )
    )


def test_an_ai_turn_is_played_back_step_by_step_and_a_key_skips_it(browser: Any, game: Any) -> None:
    states, moves = game
    start, end = north_turn(moves)
    with RENDERER.page(browser, 1280, 800) as page:
        show(page, played_view(states[start], 0, moves))
        before = page.evaluate("document.querySelector('.isl').outerHTML")
        # the server sends a view per ply, quickly: the board does not jump to the last one
        for ply in range(start + 1, end + 1):
            page.evaluate("v => window.show(v)", played_view(states[ply], 0, moves))
        assert page.evaluate("document.querySelector('.isl').outerHTML") != before
        first = lines(page)
        page.wait_for_timeout(250)
        assert page.locator(".isl-svg").count() == 1
        assert visible_new(page) <= 2  # the first step only (and its line fading in)
        page.wait_for_timeout(700)
        later = lines(page)
        assert later != first  # a further step is shown half a second on
        assert page.locator(".narr[data-playing] .narr-skip").count() + len(later) > len(first)
        page.keyboard.press("Escape")  # any key: everything at once
        page.wait_for_timeout(50)
        final = played_view(states[end], 0, moves)
        show(page, final)  # (the page stays at the latest view: drawing it again changes nothing)
        words = lines(page)
        texts = [m["text"] for m in moves[start:end]]
        assert any(re.search(r"rolls \d", w) for w in words), words
        assert len(words) >= len([t for t in texts if t != "done"]) - 1
        assert page.locator(".narr[data-playing]").count() == 0


def test_a_click_skips_the_playback_to_the_latest_view(browser: Any, game: Any) -> None:
    states, moves = game
    start, end = north_turn(moves)
    with RENDERER.page(browser, 1280, 800) as page:
        show(page, played_view(states[start], 0, moves))
        for ply in range(start + 1, end + 1):
            page.evaluate("v => window.show(v)", played_view(states[ply], 0, moves))
        page.mouse.click(5, 5)
        page.wait_for_timeout(50)
        # the latest view at once: its last move is narrated, nothing waits
        last = [m for m in moves[start:end] if m["text"] != "done"][-1]["text"]
        shown = " ".join(lines(page))
        square = re.findall(r"[a-l]\d{1,2}", last)
        assert not square or square[-1] in shown, (last, shown)


def test_every_replay_position_tells_what_happened(browser: Any, game: Any) -> None:
    states, moves = game
    with RENDERER.page(browser, 1100, 900) as page:
        for ply in range(0, len(states), 3):
            show(page, played_view(states[ply], None, moves), replay=True)
            words = [w for w in lines(page) if w.strip()]
            assert words, f"no events at ply {ply}"
        show(page, played_view(states[-1], None, moves), replay=True)
        assert states[-1].is_terminal()
        end = page.locator(".narr-end").inner_text()
        assert "block" in end.lower() or "went off" in end.lower()


def test_shots_say_what_they_hit(browser: Any, game: Any) -> None:
    states, moves = game
    shot = next(i for i, m in enumerate(moves) if re.fullmatch(r"[a-l]\d+x[a-l]\d+", m["text"]))
    with RENDERER.page(browser, 1100, 900) as page:
        show(page, played_view(states[shot - 1], None, moves), replay=True)
        show(page, played_view(states[shot + 2], None, moves), replay=True)
        words = " ".join(lines(page))
        target = moves[shot]["text"].split("x")[1]
        assert "fires at" in words and target in words
        assert "a hit" in words


NORWEGIAN_ONLY = re.compile(
    r"\b(South|North|soldier|rolls|fires|moves|Shoot|first|unit|Done|block|kind\.\w+|ev\.\w+)\b"
)


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_the_norwegian_board_has_no_english(
    browser: Any, game: Any, width: int, height: int
) -> None:
    states, moves = game
    _, end = north_turn(moves)
    context = browser.new_context(viewport={"width": width, "height": height}, locale="nb-NO")
    try:
        page = context.new_page()
        RENDERER.open(page)
        show(page, played_view(states[end], 0, moves))
        text = page.evaluate(
            "(() => { const r = document.getElementById('root'); const parts = [r.innerText];"
            " for (const e of r.querySelectorAll('[aria-label],title')) parts.push("
            "e.getAttribute('aria-label') || e.textContent); return parts.join('\\n'); })()"
        )
        assert "Sør" in text and "Hva som skjedde".upper() in text.upper()
        found = NORWEGIAN_ONLY.findall(text)
        assert not found, found
    finally:
        context.close()


def test_screen_readers_hear_the_unit_kind(browser: Any, build: Any) -> None:
    state = build({"c4": "S^", "e4": "J^", "g4": "T^", "c6": "s>"}, phase="shoot1", roll=2)
    with RENDERER.page(browser, 1100, 900) as page:
        show(page, view_of(state, 0))
        labels = page.locator(".isl-hit[aria-label]").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label'))"
        )
        assert labels and not any("kind." in label for label in labels), labels
        assert any("soldier" in label for label in labels), labels


def test_shoot_again_only_after_a_shot(browser: Any, build: Any) -> None:
    state = build({"c4": "S^", "c6": "s>", "a12": "s^"}, phase="shoot2", roll=2)
    base = view_of(state, 0)
    with RENDERER.page(browser, 1100, 900) as page:
        base["moves"] = [
            {"ply": 0, "seat": -1, "text": "roll 2"},
            {"ply": 1, "seat": 0, "text": "done"},
        ]
        show(page, base)
        assert "again" not in page.locator(".isl-prompt").inner_text()
        base["moves"] = [
            {"ply": 0, "seat": -1, "text": "roll 2"},
            {"ply": 1, "seat": 0, "text": "c4xc6"},
        ]
        show(page, base)
        assert "again" in page.locator(".isl-prompt").inner_text()

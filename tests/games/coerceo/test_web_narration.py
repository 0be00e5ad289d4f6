"""Coerceo's event narration and the Ocius panels in a real browser (issue 28, items 1
and 4): the opponent's turn is told in words and played back line by line (skippable),
every replay position tells what happened, and the exchange hint keeps clear of the tile
count on Ocius' narrow panels."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.webrender import Renderer, played_view, show, view_of

from spelbord.games.coerceo import CoerceoState
from spelbord.games.coerceo.game import CoerceoGame

RENDERER = Renderer("coerceo")

pytestmark = pytest.mark.browser


def played(seed: int, **options: Any) -> tuple[list[CoerceoState], list[dict[str, Any]]]:
    """A random game: the state before every ply and the move list the server sends."""
    state = CoerceoGame(**options).new_initial_state()
    rng = random.Random(seed)
    states, moves = [state.clone()], []
    while not state.is_terminal() and len(moves) < 300:
        seat = state.current_player()
        action = rng.choice(state.legal_actions(seat))
        moves.append(
            {"ply": len(moves), "seat": seat, "text": state.action_to_string(action, seat)}
        )
        state.apply_action(action)
        states.append(state.clone())
    return states, moves


def lines(page: Any) -> list[str]:
    return list(page.locator(".narr-line").all_inner_texts())


def test_every_replay_position_tells_what_happened(browser: Any) -> None:
    states, moves = played(2, variant="ocius", exchange_cost=1)
    with RENDERER.page(browser, 1100, 900) as page:
        for ply, state in enumerate(states):
            show(page, played_view(state, None, moves), replay=True)
            words = [w for w in lines(page) if w.strip()]
            assert words, f"no events at ply {ply}"
            if ply:
                assert any(moves[ply - 1]["text"].split("-")[-1].lstrip("x") in w for w in words)


def test_the_opponents_turn_is_played_back_and_a_key_skips_it(browser: Any) -> None:
    states, moves = played(0, variant="ocius", exchange_cost=1)
    # a move of Black (seat 1) that removed a tile or captured: several lines
    ply = next(
        i
        for i in range(2, len(states))
        if moves[i - 1]["seat"] == 1
        and len(
            (states[i].observation(0)["last_move"] or {}).get("removed_tiles", [])
            + (states[i].observation(0)["last_move"] or {}).get("captured", [])
        )
    )
    with RENDERER.page(browser, 1280, 800) as page:
        show(page, played_view(states[ply - 1], 0, moves))
        show(page, played_view(states[ply], 0, moves))
        page.wait_for_timeout(150)
        shown = page.evaluate(
            "[...document.querySelectorAll('.narr-line.narr-new')]"
            ".map(e => Number(getComputedStyle(e).opacity))"
        )
        assert len(shown) >= 2 and shown[-1] < 0.05, shown  # the last line waits its turn
        assert page.locator(".narr[data-playing] .narr-skip").is_visible()
        page.keyboard.press("Escape")
        page.wait_for_timeout(50)
        assert page.locator(".narr[data-playing]").count() == 0
        opacity = page.evaluate(
            "Math.min(...[...document.querySelectorAll('.narr-line')]"
            ".map(e => Number(getComputedStyle(e).opacity)))"
        )
        assert opacity > 0.95


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_the_ocius_exchange_hint_does_not_overlap_the_tile_count(
    browser: Any, width: int, height: int
) -> None:
    states, _ = played(0, variant="ocius", exchange_cost=1)
    state = next(
        s
        for s in states
        if not s.is_terminal()
        and s.current_player() == 0
        and any(d.get("kind") == "exchange" for d in s.legal_to_dicts(0))
    )
    with RENDERER.page(browser, width, height) as page:
        show(page, view_of(state, 0))
        panel = page.locator('.cb-player[data-colour="0"]')
        hint = panel.locator(".cb-hint").bounding_box()
        inside = panel.locator(".cb-panel").bounding_box()
        for text in panel.locator("text:not(.cb-hint)").all():
            box = text.bounding_box()
            apart = (
                box["x"] + box["width"] <= hint["x"]
                or hint["x"] + hint["width"] <= box["x"]
                or box["y"] + box["height"] <= hint["y"]
                or hint["y"] + hint["height"] <= box["y"]
            )
            assert apart, (text.inner_html(), box, hint)
        assert (
            inside["x"] <= hint["x"] and hint["x"] + hint["width"] <= inside["x"] + inside["width"]
        )
        assert hint["y"] + hint["height"] <= inside["y"] + inside["height"]


def test_a_resignation_is_told_with_the_names_filled_in(browser: Any) -> None:
    states, moves = played(2)
    out = played_view(states[6], None, moves)
    out["result"] = {"termination": "resign", "returns": [-1, 1], "text": "0-1"}
    with RENDERER.page(browser, 1280, 800) as page:
        show(page, out, replay=True)
        end = page.locator(".narr-end").inner_text()
        assert "White resigned" in end and "Black wins" in end and "{" not in end, end

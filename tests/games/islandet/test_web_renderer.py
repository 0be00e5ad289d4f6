"""The Islandet web renderer in a real browser: real VIEWs in, the actions it sends out.

Each test builds VIEWs from a real ``IslandetState`` (as the server does: the observation
and ``action_to_dict`` of every legal action), draws them with ``web/renderer.js`` in
Debian's Chromium (Playwright, no server: the page and the module are served by request
routing) and checks what the player sees and which action id ``ui.act`` receives. Skipped
when Chromium or Playwright is absent, except in CI.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from tests.webrender import Renderer, acted, show, view_of

from spelbord.games.islandet import IslandetState
from spelbord.games.islandet.board import parse_square

RENDERER = Renderer("islandet")

pytestmark = pytest.mark.browser

Build = Callable[..., IslandetState]
Do = Callable[..., IslandetState]


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    with RENDERER.page(browser, 1100, 900) as page:
        yield page


def hit(page: Any, name: str) -> Any:
    """The click target of an island square."""
    return page.locator(f'.isl-hit[data-sq="{parse_square(name)}"]')


def test_r14_targets_are_the_shots_and_a_tap_fires(page: Any, build: Build) -> None:
    units = {"c4": "S^", "e4": "J^", "g4": "T^", "i4": "T>", "c6": "s>", "e6": "s>"}
    units |= {"g8": "t<", "i8": "s<"}
    state = build(units, phase="shoot1", roll=2)
    show(page, view_of(state, 0))
    # two shooters (c4 at c6, g4 at g8): one ring each; the jeep's range ends on e7
    assert page.locator(".isl-target").count() == 2
    page.locator(f'.isl-target[data-sq="{parse_square("g8")}"]').click()
    assert acted(page) == [state.string_to_action("g4xg8")]
    show(page, view_of(state, 0))
    page.click('button[data-text="done"]')
    assert acted(page) == [state.string_to_action("done")]


def test_r14_hover_shows_the_exact_range_square(page: Any, build: Build) -> None:
    state = build({"e4": "J^", "a12": "s^"}, phase="roll", to_move=1)
    show(page, view_of(state, 0))
    rng = page.locator(f'.isl-range[data-for="{parse_square("e4")}"]')
    assert not rng.is_visible()
    hit(page, "e4").hover()
    assert rng.is_visible()
    # the marked square is e7, three squares ahead of the jeep
    e7 = page.locator(f'.isl-hit[data-sq="{parse_square("e7")}"]').bounding_box()
    square = rng.locator(".isl-range-sq").bounding_box()
    assert abs(square["x"] + square["width"] / 2 - (e7["x"] + e7["width"] / 2)) < 2
    assert abs(square["y"] + square["height"] / 2 - (e7["y"] + e7["height"] / 2)) < 2


def test_r6_pick_a_unit_then_a_destination(page: Any, build: Build) -> None:
    state = build({"c4": "S^", "h3": "J>", "a12": "s^"}, phase="move", roll=3)
    show(page, view_of(state, 0))
    assert page.locator(".isl-dest").count() == 0  # two units may move: none picked yet
    hit(page, "c4").click()
    texts = sorted(page.locator(".isl-dest").evaluate_all("els => els.map(e => e.dataset.text)"))
    assert texts == ["c4-c6L", "c4-c6R", "c4-c7"]
    page.click('.isl-dest[data-text="c4-c6L"]')
    assert acted(page) == [state.string_to_action("c4-c6L")]


def test_r9_a_bound_unit_is_picked_and_the_options_are_buttons(page: Any, build: Build) -> None:
    state = build({"c4": "S^", "h3": "J>", "a12": "s^"}, phase="zero", pads=("J....", "....."))
    show(page, view_of(state, 0))
    labels = page.locator(".isl-buttons button").all_inner_texts()
    assert labels == ["Bring on jeep (slot 1)", "Move the pad"]
    hit(page, "h3").click()
    page.click('button[data-text="turn h3 R"]')
    assert acted(page) == [state.string_to_action("turn h3 R")]
    state.apply_action(state.string_to_action("turn h3 R"))
    state.apply_action(state.string_to_action("roll 2"))
    show(page, view_of(state, 0))
    # rule 2A: only h3 may move, so it is picked already
    texts = page.locator(".isl-dest").evaluate_all("els => els.map(e => e.dataset.text)")
    assert sorted(texts) == ["h3-h1", "h3-h2L", "h3-h2R"]
    assert "Rule 2A" in page.evaluate("(v) => window.describe(v)", view_of(state, 0))


def test_r17_a_live_block_blasts_and_leaves_a_crater(page: Any, build: Build, do: Do) -> None:
    state = build({"c2": "T^", "a12": "s^"}, ["c6"], phase="shoot1", roll=2)
    show(page, view_of(state, 0))
    assert page.locator(".isl-crate").count() == 1
    do(state, "c2xc6", "live c6")
    show(page, view_of(state, 0, ["c2xc6", "live c6"]))
    assert page.locator(".isl-crate").count() == 0
    assert page.locator(".isl-crater").count() == 1
    assert page.locator(".isl-blast").count() == 1
    # drawn afresh (a reload): the crater stays, the blast is not replayed
    page.reload()
    page.wait_for_function("window.ready === true")
    show(page, view_of(state, 0, ["c2xc6", "live c6"]))
    assert page.locator(".isl-crater").count() == 1
    assert page.locator(".isl-blast").count() == 0


def test_r23_a_block_of_certain_nature_is_shown_without_a_chance_move(
    page: Any, build: Build, do: Do
) -> None:
    state = build({"c2": "T^", "a12": "s^"}, ["c6"], phase="shoot1", roll=2, all_live=True)
    do(state, "c2xc6")  # every block is live: no chance event
    show(page, view_of(state, 0, ["block c6", "c2xc6"]))
    assert page.locator(".isl-crater").count() == 1


def test_r8_rule_1a_removal_takes_two_taps(page: Any, build: Build, do: Do) -> None:
    state = build({"a1": "S<", "f12": "t^"})
    do(state, "roll 3")
    view = view_of(state, 1)
    assert "Rule 1A" in page.evaluate("(v) => window.describe(v)", view)
    show(page, view)
    hit(page, "a1").click()
    assert acted(page) == []
    hit(page, "a1").click()
    assert acted(page) == [state.string_to_action("remove a1")]


def test_r1_north_sees_the_island_turned_round(page: Any, build: Build) -> None:
    state = build({"a1": "S^", "l12": "sv"}, to_move=1)
    show(page, view_of(state, 1))
    a1 = hit(page, "a1").bounding_box()
    l1 = hit(page, "l1").bounding_box()
    a12 = hit(page, "a12").bounding_box()
    assert a1["x"] > l1["x"] and a1["y"] < a12["y"]


def test_replay_draws_no_choices(page: Any, build: Build) -> None:
    state = build({"c4": "S^", "c6": "s>"}, phase="shoot1", roll=2)
    show(page, view_of(state, 0), replay=True)
    assert page.locator(".isl-target").count() == 0
    assert page.locator(".isl-buttons").count() == 0


def test_phone_width_fits_without_sideways_scrolling(browser: Any, build: Build) -> None:
    with RENDERER.page(browser, 375, 812, has_touch=True) as page:
        # a pad pushed to the corner hangs two slots past the island
        state = build({"c4": "S^", "c6": "s>"}, phase="shoot1", roll=2, centres=(0, 11))
        show(page, view_of(state, 0))
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        page.locator(f'.isl-target[data-sq="{parse_square("c6")}"]').tap()
        assert acted(page) == [state.string_to_action("c4xc6")]


# ---------------------------------------------------------------- rules version 3
def prompt_text(page: Any) -> str:
    return str(page.locator(".isl-prompt").first.inner_text())


def test_r8_v3_the_free_removal_offers_units_and_a_decline_button(
    page: Any, build: Build, do: Do
) -> None:
    """R8 (version 3): the opponent sees why it decides, taps a unit twice to remove it,
    or presses Decline; the player who could not move is told what is being decided."""
    state = build({"a1": "S<", "l1": "J>", "f12": "t^"})
    do(state, "roll 2")
    show(page, view_of(state, 1))
    assert prompt_text(page).startswith("Your opponent (South) could not move")
    assert "or decline" in prompt_text(page)
    decline = page.locator("button.isl-decline")
    assert decline.inner_text() == "Decline: remove nothing"
    assert page.locator(".isl-removable").count() == 2
    decline.click()
    assert acted(page) == [state.string_to_action("decline")]
    show(page, view_of(state, 1))
    hit(page, "l1").click()
    page.click('button[data-text="remove l1"]')
    assert acted(page) == [state.string_to_action("remove l1")]
    # the mover waits and is told what its opponent decides
    show(page, view_of(state, 0))
    assert prompt_text(page).startswith("None of your units can use the roll (rule 1A)")
    assert page.locator("button.isl-decline").count() == 0
    note = page.evaluate("(v) => window.describe(v)", view_of(state, 0))
    assert "North may remove one of their units for free, or decline" in note


def test_r13_v3_the_rule_1b_removal_can_be_declined(page: Any, build: Build, do: Do) -> None:
    state = build({"f12": "tv", "a1": "s^", "c1": "s^"}, pads=("S.J..", "....."), to_move=1)
    do(state, "roll 1", "f12-f11")
    show(page, view_of(state, 1))
    assert "(rule 1B)" in prompt_text(page)
    labels = page.locator(".isl-buttons button").all_inner_texts()
    assert labels == [
        "Remove soldier (pad slot 1)",
        "Remove jeep (pad slot 3)",
        "Decline: remove nothing",
    ]
    page.click("button.isl-decline")
    assert acted(page) == [state.string_to_action("decline")]


def test_r8_version_2_tables_offer_no_decline(page: Any, build: Build, do: Do) -> None:
    state = build({"a1": "S<", "f12": "t^"}, rules_version=2)
    do(state, "roll 3")
    view = view_of(state, 1) | {"rules_version": 2}
    show(page, view)
    assert page.locator("button.isl-decline").count() == 0
    assert "tap one of their units twice" in prompt_text(page)
    assert "loses a unit" in page.evaluate("(v) => window.describe(v)", view)


def test_r10_v3_a_reinforcement_onto_a_block_is_offered(page: Any, build: Build) -> None:
    state = build({"c4": "S^", "a12": "s^"}, ["b1"], pads=("SJ...", "....."), phase="zero")
    show(page, view_of(state, 0))
    labels = page.locator(".isl-buttons button").all_inner_texts()
    assert labels[:2] == [
        "Bring on soldier (slot 1)",
        "Bring on jeep (slot 2) onto the block on b1",
    ]
    assert "sets the block off" in prompt_text(page)
    assert page.locator(".isl-can-entry").count() == 1
    page.click('button[data-text="enter 2"]')
    assert acted(page) == [state.string_to_action("enter 2")]


def test_r8_v3_a_lost_bound_move_is_explained(page: Any, build: Build, do: Do) -> None:
    state = build({"c4": "S^", "h4": "J>", "e2": "T^", "c6": "s<", "l12": "s^"})
    do(state, "roll 0", "turn h4 R", "roll 5", "done")
    view = view_of(state, 0)
    show(page, view)
    assert prompt_text(page).startswith("Only the unit on h4 could move with this roll")
    assert "its move is lost" in page.evaluate("(v) => window.describe(v)", view)

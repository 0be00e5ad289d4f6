"""The Gunst web renderer in a real browser: real VIEWs in, the actions it sends out.

Each test builds VIEWs from a real ``GunstState`` (as the server does: the observation and
``action_to_dict`` of every legal action), draws them with ``web/renderer.js`` in Debian's
Chromium (Playwright, no server: the page and the module are served by request routing)
and checks what the player sees and which action id ``ui.act`` receives. Skipped when
Chromium or Playwright is absent, except in CI.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.webrender import Renderer, acted, show, view_of

from spelbord.games.gunst import GunstGame, GunstState
from spelbord.games.gunst import actions as A
from spelbord.games.gunst.pieces import (
    ARCHIMEDES,
    EURIKA,
    EXTAZIA,
    HAND,
    VANDRINGSMANDEN,
    Selection,
)

RENDERER = Renderer("gunst")

pytestmark = pytest.mark.browser


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    with RENDERER.page(browser, 1100, 900) as page:
        yield page


def banish_position() -> GunstState:
    """Seat 0 brings a warrior and Vandringsmanden, seat 1 two farmers and a thief.

    Seat 0 has fewer pieces (2 against 3): it chooses, lets itself go first and spends its
    favour of 1 on Eurika; then Vandringsmanden is invoked by itself and waits for its
    target, one of seat 1's non-empty rows (farmers or thieves).
    """
    state = GunstGame().new_initial_state()
    state.table.deity[0][VANDRINGSMANDEN] = HAND
    state.apply_actions(
        [
            state.string_to_action("bring 1W Va", 0),
            state.string_to_action("bring 2F 1T", 1),
        ]
    )
    for text in ("first 0", "favour Eurika"):
        state.apply_action(state.string_to_action(text))
    assert state.table.phase == "target"
    return state


def test_r4_tinge_panel_sends_the_legal_selection_of_the_chosen_kin(page: Any) -> None:
    state = GunstGame().new_initial_state()
    show(page, view_of(state, 0))
    # No deity is in the hand at the start (R2): the deity toggles are disabled.
    assert page.locator(".gu-toggle[disabled]").count() == 4
    assert page.inner_text(".gu-bring") == "Bring nothing"
    for kin in ("warrior", "warrior", "knight", "scholar"):
        page.click(f".gu-stepper[data-kin={kin}] .gu-plus")
    # A knight set holds one knight: its + is now disabled.
    assert page.locator(".gu-stepper[data-kin=knight] .gu-plus").is_disabled()
    assert page.inner_text(".gu-sel-text") == "Bring: 1K 2W 1S"
    assert page.get_attribute(".gu-sel-text", "data-notation") == "bring 1K 2W 1S"
    page.click(".gu-bring")
    code = Selection((1, 2, 0, 0, 1), 0).code
    assert acted(page) == [code]
    assert code in state.legal_actions(0)
    # Until the other seat's selection is in, the panel says what was sent, and nothing else.
    waiting = view_of(state, 0) | {"legal": [], "your_turn": False}
    show(page, waiting)
    assert page.inner_text(".gu-wait") == (
        "Your selection is in (Bring: 1K 2W 1S): it stays secret until both are in."
    )


def test_r23_hot_seat_does_not_hand_a_selection_to_the_next_seat(page: Any) -> None:
    """At a shared screen seat 1 chooses after seat 0 at the same ply: a fresh panel."""
    state = GunstGame().new_initial_state()
    show(page, view_of(state, 0))
    page.click(".gu-stepper[data-kin=warrior] .gu-plus")
    page.click(".gu-bring")
    show(page, view_of(state, 1))
    assert page.locator(".gu-stepper output").all_inner_texts() == ["0"] * 5
    assert page.inner_text(".gu-sel-text") == "Bring nothing"


def test_r4_tinge_panel_brings_a_deity_in_hand(page: Any) -> None:
    state = GunstGame().new_initial_state()
    state.table.deity[0][VANDRINGSMANDEN] = HAND
    show(page, view_of(state, 0))
    assert page.locator(".gu-toggle:not([disabled])").count() == 1
    page.click(".gu-toggle[data-deity=Vandringsmanden]")
    page.click(".gu-stepper[data-kin=thief] .gu-plus")
    page.click(".gu-bring")
    assert acted(page) == [Selection((0, 0, 0, 1, 0), 1 << VANDRINGSMANDEN).code]


def test_r6_r7_order_and_favour_are_buttons_from_the_legal_actions(page: Any) -> None:
    state = GunstGame().new_initial_state()
    state.table.deity[0][VANDRINGSMANDEN] = HAND
    state.apply_actions(
        [state.string_to_action("bring 1W Va", 0), state.string_to_action("bring 2F 1T", 1)]
    )
    show(page, view_of(state, 0))
    texts = page.locator(".gu-choice b").all_inner_texts()
    assert texts == ["I go first", "Player 2 goes first"]
    # The reveal shows both selections once both are in (R4).
    reveal = page.inner_text(".gu-reveal")
    assert "1 warrior, Vandringsmanden" in reveal and "2 farmers, 1 thief" in reveal
    page.click(".gu-choice[data-text='first P2']")
    assert acted(page) == [A.FIRST + 1]

    state.apply_action(A.FIRST)
    show(page, view_of(state, 0))
    assert page.locator(".gu-choice").count() == 3  # Extazia, Eurika, Archimedes can move
    page.click(".gu-choice[data-text='favour Eurika']")
    assert acted(page) == [state.string_to_action("favour Eurika")]


def test_r10_banish_target_is_picked_on_the_board(page: Any) -> None:
    state = banish_position()
    show(page, view_of(state, 0))
    picks = page.locator(".gu-row.gu-pick")
    assert picks.count() == 2
    # Only seat 1's non-empty rows are targets: farmers (row 3) and thieves (row 4).
    assert page.locator(".gu-row.gu-pick[data-seat='1'][data-row='3']").count() == 1
    assert page.locator(".gu-row.gu-pick[data-seat='1'][data-row='4']").count() == 1
    assert page.locator(".gu-row[data-seat='1'][data-row='2'].gu-pick").count() == 0
    assert "Banish Player 2's farmers" in page.locator(".gu-choice b").all_inner_texts()
    page.click(".gu-row.gu-pick[data-seat='1'][data-row='4']")
    assert acted(page) == [A.ROW + 3]


def test_r11_eurika_takes_from_an_opposing_row_into_an_own_row(page: Any) -> None:
    state = GunstGame().new_initial_state()
    state.table.deity[0][EURIKA] = HAND
    state.apply_actions(
        [state.string_to_action("bring 1W Eu", 0), state.string_to_action("bring 2F 1T", 1)]
    )
    for text in ("first 0", "favour Extazia"):
        state.apply_action(state.string_to_action(text))
    show(page, view_of(state, 0))
    assert page.inner_text(".gu-prompt") == "Eurika: take one kin from which opposing row?"
    page.click(".gu-row.gu-pick[data-seat='1'][data-row='3']")
    assert acted(page) == [A.ROW + 2]

    state.apply_action(A.ROW + 2)
    show(page, view_of(state, 0))
    # The destination: any own row; the opposing farmer row is marked as the source.
    assert page.locator(".gu-row.gu-pick[data-seat='0']").count() == 5
    assert page.locator(".gu-row.gu-pick[data-seat='1']").count() == 0
    assert page.locator(".gu-row.gu-source").get_attribute("data-seat") == "1"
    page.click(".gu-choice[data-text='into knights']")
    assert acted(page) == [A.ROW]


def test_events_show_each_step_and_highlight_the_newest(page: Any) -> None:
    state = banish_position()
    show(page, view_of(state, 0))
    before = page.locator(".gu-event").count()
    state.apply_action(state.string_to_action("banish farmers"))
    # Slaget: seat 0's warrior strikes, seat 1's thief finds no scholar; season 2 begins.
    show(page, view_of(state, 0))
    events = page.locator(".gu-event").all_inner_texts()
    assert any("Your Vandringsmanden banishes Player 2's farmers" in t for t in events)
    assert any("Player 2 loses a life stone: 11 left." in t for t in events)
    assert "Season 1 ends" in page.inner_text(".gu-event.gu-latest")
    assert page.locator(".gu-event.gu-new").count() == len(events) - before
    # The board follows: seat 1 lost a life stone, the farmers are gone.
    assert page.locator(".gu-side[data-seat='1'] .gu-stone-lost").count() == 1
    assert page.locator(".gu-row[data-seat='1'][data-row='3']").get_attribute("data-pieces") == "0"


def test_spectators_and_replays_get_no_controls(page: Any) -> None:
    state = banish_position()
    show(page, view_of(state, None))
    assert page.locator(".gu-choice, .gu-pick, .gu-tinge").count() == 0
    assert page.inner_text(".gu-wait") == "Dommen: Player 1 picks the row for Vandringsmanden…"
    show(page, view_of(state, 0), replay=True)
    assert page.locator(".gu-choice, .gu-pick").count() == 0


def test_phone_width_fits_without_sideways_scrolling(browser: Any) -> None:
    with RENDERER.page(browser, 375, 812, has_touch=True) as page:
        show(page, view_of(banish_position(), 0))
        assert page.locator(".gu-board.gu-narrow").count() == 1
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        page.tap(".gu-row.gu-pick[data-seat='1'][data-row='3']")
        assert acted(page) == [A.ROW + 2]


def test_r7_the_favour_shown_is_the_one_that_applies(page: Any) -> None:
    """R7 ("maks ... 3"): six pieces against none give a favour of 3, in every text."""
    state = GunstGame().new_initial_state()
    state.apply_actions(
        [state.string_to_action("bring nothing", 0), state.string_to_action("bring 3W 3F", 1)]
    )
    state.apply_action(state.string_to_action("first 0"))
    assert state.table.phase == "favour"
    show(page, view_of(state, 0))
    assert (
        page.inner_text(".gu-prompt") == "Favour 3: move one deity up to 3 steps toward the hand."
    )
    assert "favour 3." in page.inner_text(".gu-log")
    # A view from a table stored before rules version 2 (which kept the difference, 6).
    old = view_of(state, 0)
    old["observation"] = old["observation"] | {"favour": 6}
    show(page, old)
    assert page.inner_text(".gu-prompt").startswith("Favour 3:")


def archimedes_position(version: int = 3) -> GunstState:
    """Seat 0 brought two farmers and Archimedes, seat 1 three warriors and two scholars:
    seat 0 chooses, goes first and spends its favour of 2 on Eurika; Archimedes acts by
    itself and asks about the farmer row, its owner's only row (R12)."""
    state = GunstGame(rules_version=version).new_initial_state()
    state.table.deity[0][ARCHIMEDES] = HAND
    state.apply_actions(
        [state.string_to_action("bring 2F Ar", 0), state.string_to_action("bring 3W 2S", 1)]
    )
    for text in ("first 0", "favour Eurika"):
        state.apply_action(state.string_to_action(text))
    return state


def test_r12_archimedes_offers_to_leave_the_rows(page: Any) -> None:
    """R12 (rules version 3): a "Leave the rows" button beside the row to move."""
    state = archimedes_position()
    show(page, view_of(state, 0))
    assert page.inner_text(".gu-prompt") == (
        "Archimedes: move one of your rows onto another, or leave the rows as they are?"
    )
    assert page.locator(".gu-choice b").all_inner_texts() == ["Move your farmers", "Leave the rows"]
    leave = page.locator(".gu-choice-leave")
    assert "Archimedes moves no row" in leave.inner_text()
    assert page.locator(".gu-row.gu-pick[data-seat='0'][data-row='3']").count() == 1
    leave.click()
    assert acted(page) == [A.LEAVE]
    # Played: the event says so, and Archimedes waits on the field, spent (R13).
    state.apply_action(A.LEAVE)
    show(page, view_of(state, 0))
    events = page.locator(".gu-event").all_inner_texts()
    assert any(
        "Your Archimedes leaves the rows as they are; it stays on the field, spent" in text
        for text in events
    )
    lane = page.locator(".gu-side[data-seat='0'] .gu-lane[data-deity=Archimedes]")
    assert lane.get_attribute("data-place") == "spent"
    assert "Spent this round" in page.inner_text(".gu-spent-note")


def test_r12_version_2_has_no_leave_button(page: Any) -> None:
    state = archimedes_position(version=2)
    show(page, view_of(state, 0))
    assert page.locator(".gu-choice-leave").count() == 0
    assert page.inner_text(".gu-prompt") == "Archimedes: onto which of your rows?"


def test_r13_a_spent_deity_stays_on_the_field_until_the_round_ends(page: Any) -> None:
    """R13 (rules version 3): Extazia has acted; while the scholars choose their mode it
    stands in the field's column, marked spent, and the panel says why; at the round's end
    it goes to Tågen."""
    state = GunstGame().new_initial_state()
    state.table.deity[0][EXTAZIA] = HAND
    state.apply_actions(
        [state.string_to_action("bring 1S Ex", 0), state.string_to_action("bring 3W", 1)]
    )
    for text in ("first 0", "favour Vandringsmanden", "double scholars"):
        state.apply_action(state.string_to_action(text))
    assert state.table.phase == "mode"
    show(page, view_of(state, 0))
    lane = page.locator(".gu-side[data-seat='0'] .gu-lane[data-deity=Extazia]")
    assert lane.get_attribute("data-place") == "spent"
    field = page.locator(".gu-side[data-seat='0'] .gu-lane[data-deity=Extazia] .gu-deity-token")
    hand = page.locator(".gu-side[data-seat='0'] .gu-lane[data-deity=Eurika] .gu-deity-token")
    assert field.bounding_box()["x"] > hand.bounding_box()["x"]  # the field's column
    assert "spent" in lane.locator("title").last.text_content()
    note = page.inner_text(".gu-spent-note")
    assert "Spent this round" in note and "your Extazia" in note
    state.apply_action(state.string_to_action("scholars strike"))
    show(page, view_of(state, 0))
    assert lane.get_attribute("data-place") == "Tågen"
    assert page.locator(".gu-spent-note").count() == 0
    assert any(
        "The spent deities go to Tågen: your Extazia" in t
        for t in (page.locator(".gu-event").all_inner_texts())
    )

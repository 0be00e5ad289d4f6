"""Coerceo's move-list marks (``State.move_marks``) from a small hand-made position: a
capture (R7) with the tile it frees (R8), an exchange (R10), an ordinary move."""

from __future__ import annotations

from spelbord.games.coerceo.position import parse_position

POSITION = "white: c2:5 d3:3; black: b4:4 c4:0 d2:0 d3:4; tiles: b4 c2 c3 c4 d2 d3"


def marks(text: str, move: str) -> tuple[str, ...]:
    state = parse_position(text)
    return state.move_marks(state.string_to_action(move), state.current_player())


def test_r7_r8_a_move_that_encloses_a_piece_and_frees_a_tile() -> None:
    assert marks(POSITION + "; move: black", "d2:0-d3:2") == ("capture", "tile")


def test_r10_an_exchange_is_marked() -> None:
    text = POSITION + "; collected: 0 2; move: black"
    assert marks(text, "xd3:3") == ("exchange",)


def test_an_ordinary_move_has_no_mark() -> None:
    assert marks(POSITION + "; move: black", "b4:4-b4:2") == ()


def test_marks_leave_the_state_alone() -> None:
    state = parse_position(POSITION + "; move: black")
    before = state.to_json()
    state.move_marks(state.string_to_action("d2:0-d3:2"), 1)
    assert state.to_json() == before

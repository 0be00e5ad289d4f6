"""The Coerceo position text: round trips, and positions the rules cannot reach (R2, R3,
R8, R10-R12) rejected with an error naming what is wrong."""

from __future__ import annotations

import random

import pytest

from spelbord.games.coerceo import CoerceoGame
from spelbord.games.coerceo.fen import PositionError, parse_position, position_text


def test_round_trip_of_played_positions() -> None:
    rng = random.Random(4)
    for variant in ("laurentius", "ocius"):
        game = CoerceoGame(variant=variant)
        state = game.new_initial_state()
        for _ in range(120):
            if state.is_terminal():
                break
            text = position_text(state)
            again = parse_position(text, game)
            assert position_text(again) == text
            assert again.legal_actions() == state.legal_actions()
            state.apply_action(rng.choice(state.legal_actions()))


def test_defaults_and_forgiving_spacing() -> None:
    state = parse_position("  BLACK: c3:0 ;white: c3:1 c4:3;tiles: c3 c4  ")
    assert state.collected() == (0, 0) and state.side_to_move() == 0
    assert state.tiles() == [(0, 0), (0, 1)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "non-empty"),
        ("white: c3:1", "no 'black' pieces"),
        ("white: c3:1; black: c3:0; colour: red", "expected one of"),
        ("white: c3:1; white: c3:3; black: c3:0", "given twice"),
        ("white: c3:9; black: c3:0", "not a field name"),
        ("white: f3:1; black: c3:0", "not a field name"),
        ("white: a1:1; black: c3:0", "no tile a1"),
        ("white: c3:0; black: c3:2", "c3:0 is a black field"),  # R2: colours of fields
        ("white: c4:1; black: c3:0; tiles: c3", "missing tile c4"),
        ("white: c3:1 c3:1; black: c3:0", "two white pieces"),
        ("white: c3:1; black:", "black has no pieces"),  # R11: the game would be over
        ("white: c3:1; black: c3:0; tiles: c3 c4; collected: 1", "two counts"),
        ("white: c3:1; black: c3:0; collected: 1 0", "exceed the 0 tiles removed"),
        ("white: c3:1; black: c3:0; tiles: c3 c4; collected: 10 9", "exceed the 17"),
        ("white: c3:1; black: c3:0; tiles: c3 c4 c5", "tile c5 is empty"),  # R8
        ("white: c3:1; black: c3:0; tiles: c3; move: red", "white or black"),
    ],
)
def test_unreachable_or_malformed_positions_are_named(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        parse_position(text)


def test_too_many_pieces_for_the_variant_r3() -> None:
    """R3: Ocius starts with 7 pieces a side; a position with 8 cannot arise."""
    game = CoerceoGame(variant="ocius")
    fields = "b3:1 b3:3 b3:5 c3:1 c3:3 c3:5 c4:1 c4:3"
    with pytest.raises(PositionError, match="8 pieces; the game starts with 7"):
        parse_position(f"white: {fields}; black: c2:0; tiles: ocius", game)
    with pytest.raises(PositionError, match="not on the ocius board"):
        parse_position("white: c3:1; black: c3:0; tiles: c3 c5", game)


def test_stalemated_side_to_move_is_rejected_r12() -> None:
    black = "c3:0 c3:2 c3:4 c4:0 c4:2 c4:4"
    with pytest.raises(PositionError, match="no legal action"):
        parse_position(f"white: c3:1; black: {black}; tiles: c3 c4; move: black")

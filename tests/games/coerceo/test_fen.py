"""The Coerceo position text: round trips, and positions the rules cannot reach (R2, R3,
R8, R10-R12) rejected with an error naming what is wrong."""

from __future__ import annotations

import random

import pytest

from spelbord.core import StateFormatError
from spelbord.games.coerceo import CoerceoGame
from spelbord.games.coerceo.errors import (
    CollectedTilesError,
    DoubledPieceError,
    FieldColourError,
    FinishedPositionError,
    MissingTileError,
    PieceCountError,
    PositionSyntaxError,
    TileRemovalError,
)
from spelbord.games.coerceo.position import PositionError, parse_position, position_text


def test_round_trip_of_played_positions() -> None:
    rng = random.Random(4)
    for variant in ("laurentius", "ocius"):
        game = CoerceoGame(variant=variant)
        state = game.new_initial_state()
        for _ in range(400):
            if state.is_terminal():
                break
            text = position_text(state)
            again = parse_position(text, game)  # played: reachable
            assert position_text(again) == text
            assert again.legal_actions() == state.legal_actions()
            state.apply_action(rng.choice(state.legal_actions()))


def test_defaults_and_forgiving_spacing() -> None:
    state = parse_position("  BLACK: c3:0 ;white: c3:1 c4:3;tiles: c3 c4  ")
    assert state.collected() == (0, 0) and state.side_to_move() == 0
    assert state.tiles() == [(0, 0), (0, 1)]


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("", PositionSyntaxError, "non-empty"),
        ("white: c3:1", PositionSyntaxError, "no 'black' pieces"),
        ("white: c3:1; black: c3:0; colour: red", PositionSyntaxError, "expected one of"),
        ("white: c3:1; white: c3:3; black: c3:0", PositionSyntaxError, "given twice"),
        ("white: c3:9; black: c3:0", PositionSyntaxError, "not a field name"),
        ("white: f3:1; black: c3:0", PositionSyntaxError, "not a field name"),
        ("white: c3:1; black: c3:0; tiles: c3 c4; collected: 1", PositionSyntaxError,
         "two counts"),
        ("white: c3:1; black: c3:0; tiles: c3; move: red", PositionSyntaxError,
         "white or black"),
        ("white: a1:1; black: c3:0", MissingTileError, "no tile a1"),
        ("white: c4:1; black: c3:0; tiles: c3", MissingTileError, "missing tile c4"),  # R2
        ("white: c3:0; black: c3:2", FieldColourError, "c3:0 is a black field"),  # R2, R5
        ("white: c3:1; black: c3:2 c3:0 c3:2", DoubledPieceError, "two black pieces"),
        ("white: c3:1; black:", FinishedPositionError, "black has no pieces"),  # R11
        ("white: c3:1; black: c3:0; collected: 1 0", CollectedTilesError,
         "exceed the 0 tiles removed"),
        ("white: c3:1; black: c3:0; tiles: c3 c4; collected: 10 9", CollectedTilesError,
         "exceed the 17"),
        ("white: c3:1; black: c3:0; tiles: c3 c4; collected: -1 2", CollectedTilesError,
         "fewer than 0"),
        ("white: c3:1; black: c3:0; tiles: c3 c4 c5", TileRemovalError,
         "tile c5 is empty"),  # R8
    ],
)  # fmt: skip
def test_unreachable_or_malformed_positions_are_named(
    text: str, error: type[PositionError], message: str
) -> None:
    with pytest.raises(error, match=message):
        parse_position(text)


def test_each_fault_has_its_own_error_class() -> None:
    """The classes are distinct, all ``PositionError`` and so ``StateFormatError``."""
    classes = [
        PositionSyntaxError, MissingTileError, FieldColourError, DoubledPieceError,
        PieceCountError, TileRemovalError, CollectedTilesError, FinishedPositionError,
    ]  # fmt: skip
    assert len(set(classes)) == 8
    for cls in classes:
        assert issubclass(cls, PositionError) and issubclass(cls, StateFormatError)
        assert not any(issubclass(cls, other) for other in classes if other is not cls)


def test_a_missing_tile_must_have_been_removable_r8() -> None:
    """R8: a tile only goes while at most three neighbours, in one run, are present, and
    tiles never come back: so a missing tile's present neighbours must fit in one run of
    three. The centre missing from its full ring, or d2 missing while c3 and e1 (two of its
    neighbours, not side by side) are present, cannot be."""
    ring = "white: b3:1 c4:1 d2:1; black: b4:0 c2:0 d3:0; tiles: b3 b4 c2 c4 d2 d3"
    with pytest.raises(TileRemovalError, match="tile c3 is missing, but its neighbours"):
        parse_position(ring)  # checked by default
    # an engine test may build such a tile set on purpose (the search takes any tiles)
    assert parse_position(ring, check_removals=False).tiles()
    with pytest.raises(TileRemovalError, match="tile d2 is missing"):
        parse_position("white: c3:1 e1:1; black: c3:0 e1:0; tiles: c3 e1")
    # Present neighbours in one run of three (or fewer) are fine: c3, d3 and e2 could have
    # been all d2 had when it went.
    text = "white: c3:1 d3:1 e2:1; black: c3:0 d3:0 e2:0; tiles: c3 d3 e2"
    state = parse_position(text)
    assert sorted(state.tiles()) == [(0, 0), (1, 0), (2, -1)]


def test_hand_made_positions_raise_the_same_classes() -> None:
    game = CoerceoGame()
    with pytest.raises(FieldColourError):
        game.from_position([(0, 0, 0)], [(0, 0, 2)])
    with pytest.raises(MissingTileError):
        game.from_position([(0, 0, 1)], [(0, 0, 0)], tiles=[(1, 1)])
    with pytest.raises(MissingTileError):
        game.from_position([(0, 0, 1)], [(0, 0, 0)], tiles=[(3, 3)])
    with pytest.raises(DoubledPieceError):
        game.from_position([(0, 0, 1), (0, 0, 1)], [(0, 0, 0)])
    with pytest.raises(FinishedPositionError):
        game.from_position([(0, 0, 1)], [])
    with pytest.raises(CollectedTilesError):
        game.from_position([(0, 0, 1)], [(0, 0, 0)], collected=(-1, 0))
    with pytest.raises(PositionSyntaxError):
        game.from_position([(0, 0, 1)], [(0, 0, 0)], to_move=2)


def test_too_many_pieces_for_the_variant_r3() -> None:
    """R3: Ocius starts with 7 pieces a side; a position with 8 cannot arise."""
    game = CoerceoGame(variant="ocius")
    fields = "b3:1 b3:3 b3:5 c3:1 c3:3 c3:5 c4:1 c4:3"
    with pytest.raises(PieceCountError, match="8 pieces; the game starts with 7"):
        parse_position(f"white: {fields}; black: c2:0; tiles: ocius", game)
    with pytest.raises(MissingTileError, match="not on the ocius board"):
        parse_position("white: c3:1; black: c3:0; tiles: c3 c5", game)


def test_stalemated_side_to_move_is_rejected_r12() -> None:
    black = "c3:0 c3:2 c3:4 c4:0 c4:2 c4:4"
    with pytest.raises(FinishedPositionError, match="no legal action"):
        parse_position(f"white: c3:1; black: {black}; tiles: c3 c4; move: black")

"""One test per rule of Coerceo (games/coerceo/rules/reference.en.md, R1-R17), each from a
hand-made position.

Pictures show the tiles involved as the renderer draws them: fields ``5 0 1`` over
``4 3 2``; ``○`` white piece, ``●`` black piece, ``·`` empty field. Tiles are named as in
R16 (``c3`` is the centre (0, 0), ``c4`` above it, ``d3`` to its upper right, ``e3`` the
right-hand corner tile (2, 0), ``d4`` = (1, 1)).
"""

from __future__ import annotations

import pytest

from spelbord.core import IllegalActionError, NotationError, StateFormatError
from spelbord.games.coerceo import CoerceoGame, CoerceoState
from spelbord.games.coerceo.board import (
    EDGE_NEIGHBOURS,
    MOVE_NEIGHBOURS,
    NUM_FIELDS,
    TILE_NEIGHBOURS,
    field_colour,
    field_coords,
    field_index,
)
from spelbord.games.coerceo.notation import Exchange, Move, parse_action
from spelbord.games.coerceo.rules import EXCHANGE_BASE, LAURENTIUS, OCIUS

Field = tuple[int, int, int]
SPARE_BLACK = (-2, 0, 0)  # spare pieces on a3, far from the action: a3:0 and a3:1
SPARE_WHITE = (-2, 0, 1)
SMALL = [(1, 1), (2, 0), (1, 0), (2, -1)]  # d4, e3, d3, e2: e3 is joined by one run of 3
SMALL_WHITE = (2, -1, 3)  # spare pieces on e2, so that e2 never empties
SMALL_BLACK = (2, -1, 0)


def position(
    white: list[Field],
    black: list[Field],
    tiles: list[tuple[int, int]] | None = None,
    to_move: int = 0,
    collected: tuple[int, int] = (0, 0),
    **options: object,
) -> CoerceoState:
    """A hand-made position on the full board (or on ``tiles``)."""
    return CoerceoGame(**options).from_position(white, black, tiles, to_move, collected)


def move(state: CoerceoState, src: Field, dst: Field) -> None:
    """Play the move ``src -> dst`` through the checked public API."""
    state.apply_action(Move(field_index(*src), field_index(*dst)).action)


def pieces(state: CoerceoState, colour: int) -> set[Field]:
    return {tuple(p[:3]) for p in state.observation(None)["pieces"] if p[3] == colour}


def test_r1_two_players_white_is_seat_0_and_moves_first() -> None:
    game = CoerceoGame()
    assert game.num_players() == 2
    state = game.new_initial_state()
    assert state.current_player() == 0
    assert all(field_colour(field_index(*a[:3])) == 0 for a in state.observation(0)["pieces"]
               if a[3] == 0)  # fmt: skip
    assert state.returns() == [0.0, 0.0]


def test_r2_fields_colours_and_neighbours() -> None:
    for i in range(NUM_FIELDS):
        f = field_coords(i)[2]
        assert field_colour(i) == (0 if f % 2 else 1)
        assert all(field_colour(j) != field_colour(i) for j in EDGE_NEIGHBOURS[i])
        assert all(field_colour(j) == field_colour(i) for j in MOVE_NEIGHBOURS[i])
        across = TILE_NEIGHBOURS[i // 6][f]
        if across >= 0:  # field f meets field f+3 of the neighbour in direction f
            assert across * 6 + (f + 3) % 6 in EDGE_NEIGHBOURS[i]
    top_of_centre = field_index(0, 0, 0)
    assert [field_coords(j) for j in MOVE_NEIGHBOURS[top_of_centre]] == [
        (-1, 1, 2), (0, 0, 2), (0, 0, 4), (0, 1, 2), (0, 1, 4), (1, 0, 4),
    ]  # fmt: skip
    assert [field_coords(j) for j in EDGE_NEIGHBOURS[top_of_centre]] == [
        (0, 0, 1), (0, 0, 5), (0, 1, 3),
    ]  # fmt: skip
    # A rim field has no neighbour across its outer edge.
    assert len(EDGE_NEIGHBOURS[field_index(2, 0, 1)]) == 2


def test_r3_laurentius_and_ocius_starts() -> None:
    state = CoerceoGame().new_initial_state()
    obs = state.observation(None)
    assert len(obs["tiles"]) == 19
    expected = {(x, y, f) for x, y, f1, f2 in LAURENTIUS for f in (f1, f2)}
    assert pieces(state, 0) | pieces(state, 1) == expected
    assert len(pieces(state, 0)) == len(pieces(state, 1)) == 18
    assert not any((x, y) == (0, 0) for x, y, _ in expected)  # the centre starts empty
    ocius = CoerceoGame(variant="ocius").new_initial_state()
    assert len(ocius.observation(None)["tiles"]) == 7
    assert len(pieces(ocius, 0)) == len(pieces(ocius, 1)) == 7
    assert pieces(ocius, 0) | pieces(ocius, 1) == {
        (x, y, f) for x, y, f1, f2 in OCIUS for f in (f1, f2)
    }


def test_r4_players_alternate_and_cannot_pass() -> None:
    state = CoerceoGame().new_initial_state()
    for expected in (0, 1, 0, 1):
        assert state.current_player() == expected
        actions = state.legal_actions()
        assert all(state.action_to_dict(a)["kind"] in ("move", "exchange") for a in actions)
        state.apply_action(actions[0])


def test_r5_moves_go_to_empty_present_move_neighbours() -> None:
    """White ○ on c3:1 may go to c3:3, c4:3, d3:3, d3:5; c3:5 is taken, d2 is gone.

    c3 ╱○ · ○╲   (c3:5 and c3:1 white)
       ╲· · ·╱
    """
    tiles = [t for t in CoerceoGame().new_initial_state().tiles() if t != (1, -1)]
    state = position([(0, 0, 1), (0, 0, 5)], [SPARE_BLACK], tiles=tiles)
    src = field_index(0, 0, 1)
    targets = {
        field_coords(Move.from_action(a).target)
        for a in state.legal_actions()
        if a < EXCHANGE_BASE and Move.from_action(a).source == src
    }
    assert targets == {(0, 0, 3), (0, 1, 3), (1, 0, 3), (1, 0, 5)}
    with pytest.raises(NotationError):  # not a move-neighbour at all
        Move(src, field_index(0, 0, 2))
    with pytest.raises(IllegalActionError):  # occupied
        move(state, (0, 0, 1), (0, 0, 5))


def test_r6_a_rim_piece_is_enclosed_by_two() -> None:
    """Black ● on the rim field e3:0 has only two edge-neighbours: e3:5 and e3:1.

    e3 ╱· ● ○╲   white ○ arrives on e3:5 from d4:1 and captures.
       ╲· · ·╱
    """
    state = position([(2, 0, 1), (1, 1, 1)], [(2, 0, 0), SPARE_BLACK])
    move(state, (1, 1, 1), (2, 0, 5))
    assert pieces(state, 1) == {SPARE_BLACK}


def test_r7_capture_when_the_moved_piece_completes_the_enclosure() -> None:
    """Black ● c3:0 is edged by c3:5, c3:1 and c4:3; white fills c4:3 from c4:1.

    c4 ╱· · ○╲        c3 ╱○ ● ○╲
       ╲· · ·╱           ╲· · ·╱
    """
    state = position([(0, 0, 1), (0, 0, 5), (0, 1, 1)], [(0, 0, 0), SPARE_BLACK])
    move(state, (0, 1, 1), (0, 1, 3))
    assert pieces(state, 1) == {SPARE_BLACK}
    assert state.last_move() is not None
    assert state.observation(None)["last_move"]["captured"] == [[0, 0, 0, 1]]


def test_r7_moving_into_an_enclosure_is_safe_and_a_standing_one_captures_nothing() -> None:
    """White ○ moves c3:3 -> c3:1, between black c3:0, c3:2 and d3:4: it survives, and
    black's unrelated next move does not capture it either."""
    state = position([(0, 0, 3), SPARE_WHITE], [(0, 0, 0), (0, 0, 2), (1, 0, 4), SPARE_BLACK])
    move(state, (0, 0, 3), (0, 0, 1))
    assert (0, 0, 1) in pieces(state, 0)
    move(state, SPARE_BLACK, (-2, 0, 2))
    assert (0, 0, 1) in pieces(state, 0)


def test_r7_own_pieces_survive_an_enclosure_made_by_their_own_tile_removal() -> None:
    """Black moves e3:4 -> d3:0; e3 empties and goes, leaving black d4:2 between white
    d4:1 and d4:3. It is black's own doing: no capture, nor on white's next quiet move.

    d4 ╱· · ○╲    e3 ╱· · ·╲
       ╲· ○ ●╱       ╲● · ·╱
    """
    state = position(
        [(1, 1, 1), (1, 1, 3), SMALL_WHITE], [(1, 1, 2), (2, 0, 4), SMALL_BLACK], SMALL, 1
    )
    move(state, (2, 0, 4), (1, 0, 0))
    assert (2, 0) not in state.tiles()
    assert state.collected() == (0, 1)
    assert (1, 1, 2) in pieces(state, 1)
    move(state, SMALL_WHITE, (2, -1, 5))
    assert (1, 1, 2) in pieces(state, 1)


def test_r8_an_emptied_tile_with_three_neighbours_in_a_run_goes_to_the_mover() -> None:
    """Corner tile e3 touches d4, d3, e2 (one run). Black leaves it: black collects it."""
    state = position([(1, 1, 1), SMALL_WHITE], [(2, 0, 4), SMALL_BLACK], SMALL, 1)
    move(state, (2, 0, 4), (1, 0, 0))
    assert (2, 0) not in state.tiles()
    assert state.collected() == (0, 1)
    assert state.observation(None)["last_move"]["removed_tiles"] == [[2, 0]]


def test_r8_tiles_joined_by_four_or_by_a_broken_run_stay() -> None:
    """Centre c3 (six neighbours) stays empty; so does c3 when it touches only c4 and c2."""
    full = position([(0, 0, 1), SPARE_WHITE], [SPARE_BLACK])
    move(full, (0, 0, 1), (0, 1, 3))
    assert (0, 0) in full.tiles() and full.collected() == (0, 0)
    column = position([(0, 0, 1)], [(0, -1, 0)], tiles=[(0, 1), (0, 0), (0, -1)])
    move(column, (0, 0, 1), (0, 1, 3))
    assert (0, 0) in column.tiles() and column.collected() == (0, 0)


def test_r8_removals_chain() -> None:
    """Tiles c4, c3, d3, d2, c2. White leaves c4 (c4:1 -> d3:5): c4 goes; then the empty
    centre c3 is joined only by d3, d2, c2 in one run, so it goes too. White gets both."""
    state = position(
        [(0, 1, 1)],
        [(0, -1, 0), (1, -1, 0)],
        tiles=[(0, 1), (0, 0), (1, 0), (1, -1), (0, -1)],
    )
    move(state, (0, 1, 1), (1, 0, 5))
    assert sorted(state.tiles()) == [(0, -1), (1, -1), (1, 0)]
    assert state.collected() == (2, 0)


def test_r8_an_empty_tile_that_does_not_qualify_stays_and_can_be_entered() -> None:
    """The empty centre c3 of the Laurentius start stays; white may move onto it."""
    state = CoerceoGame().new_initial_state()
    for text in ("c4:1-c4:3", "a5:0-a5:2", "c4:3-c3:1"):
        state.apply_action(state.string_to_action(text))
    assert (0, 0, 1) in pieces(state, 0) and (0, 0) in state.tiles()


def test_r9_removal_completes_an_enclosure() -> None:
    """White leaves e3 (e3:3 -> d3:1); e3 goes, and black d4:2, whose third edge-neighbour
    was e3:5, is now enclosed by white d4:1 and d4:3: captured, after the removal."""
    state = position([(1, 1, 1), (1, 1, 3), (2, 0, 3)], [(1, 1, 2), SMALL_BLACK], SMALL)
    move(state, (2, 0, 3), (1, 0, 1))
    assert (2, 0) not in state.tiles()
    assert state.collected() == (1, 0)
    assert pieces(state, 1) == {SMALL_BLACK}


def test_r9_one_move_captures_two() -> None:
    """White arrives on c3:1, the last edge-neighbour of both black c3:0 and c3:2."""
    white = [(0, 0, 5), (0, 1, 3), (0, 0, 3), (1, -1, 5), (1, 0, 3)]
    state = position(white, [(0, 0, 0), (0, 0, 2), (1, 0, 4), SPARE_BLACK])
    move(state, (1, 0, 3), (0, 0, 1))
    assert pieces(state, 1) == {(1, 0, 4), SPARE_BLACK}


def test_r10_exchange_two_tiles_for_any_piece_with_consequences() -> None:
    """White gives 2 tiles to remove black e3:0, alone on e3: e3 goes, to nobody, and black
    d4:2 (edged by white d4:1, d4:3 and the gone e3:5) is captured."""
    state = position(
        [(1, 1, 1), (1, 1, 3), (1, 0, 3)], [(2, 0, 0), (1, 1, 2), SMALL_BLACK], SMALL,
        collected=(2, 0),
    )  # fmt: skip
    state.apply_action(Exchange(field_index(2, 0, 0)).action)
    assert state.collected() == (0, 0)
    assert (2, 0) not in state.tiles()
    assert pieces(state, 1) == {SMALL_BLACK}


def test_r10_exchange_needs_enough_tiles_and_the_single_tile_option() -> None:
    one = position([SPARE_WHITE], [SPARE_BLACK, (0, 0, 0)], collected=(1, 0))
    assert all(a < EXCHANGE_BASE for a in one.legal_actions())
    single = position([SPARE_WHITE], [SPARE_BLACK, (0, 0, 0)], collected=(1, 0),
                      exchange_cost=1)  # fmt: skip
    exchanges = [a for a in single.legal_actions() if a >= EXCHANGE_BASE]
    assert len(exchanges) == 2
    single.apply_action(Exchange(field_index(0, 0, 0)).action)
    assert single.collected() == (0, 0) and pieces(single, 1) == {SPARE_BLACK}


def test_r11_taking_the_last_piece_wins() -> None:
    state = position([(0, 0, 1), (0, 0, 5), (0, 1, 1)], [(0, 0, 0)])
    move(state, (0, 1, 1), (0, 1, 3))
    assert state.is_terminal()
    assert state.returns() == [1.0, -1.0] and state.termination() == "capture-all"
    by_exchange = position([SPARE_WHITE], [(0, 0, 0)], to_move=0, collected=(2, 0))
    by_exchange.apply_action(Exchange(field_index(0, 0, 0)).action)
    assert by_exchange.outcome() is not None and by_exchange.outcome().winners() == (0,)


def test_r12_no_legal_action_is_a_draw() -> None:
    """A one-tile board e3: black fills its three black fields and cannot move.

    e3 ╱· ● ○╲   white moves e3:1 -> e3:3; black has no move: drawn.
       ╲● · ●╱
    """
    state = position([(2, 0, 1)], [(2, 0, 0), (2, 0, 2), (2, 0, 4)], tiles=[(2, 0)])
    move(state, (2, 0, 1), (2, 0, 3))
    assert state.is_terminal() and state.termination() == "stalemate"
    assert state.returns() == [0.0, 0.0]


def _shuffle(state: CoerceoState, plies: int) -> None:
    for _ in range(plies):
        white_turn = state.current_player() == 0
        a, b = ((-2, 0, 1), (-2, 0, 3)) if white_turn else ((2, 0, 0), (2, 0, 2))
        there = a in pieces(state, 0 if white_turn else 1)
        move(state, a, b) if there else move(state, b, a)


def test_r13_threefold_repetition_is_a_draw_and_can_be_switched_off() -> None:
    state = position([(-2, 0, 1)], [(2, 0, 0)])
    _shuffle(state, 7)
    assert not state.is_terminal()
    _shuffle(state, 1)  # the start position, white to move, for the third time
    assert state.is_terminal() and state.termination() == "repetition"
    free = position([(-2, 0, 1)], [(2, 0, 0)], repetition_draw=False)
    _shuffle(free, 12)
    assert not free.is_terminal()


def test_r14_cura_tells_both_players_about_a_threat() -> None:
    """White moves c3:3 -> c3:5: black c3:0 now has white on c3:5 and c3:1, and white c4:1
    could fill c4:3 next: Cura."""
    state = position([(0, 0, 1), (0, 0, 3), (0, 1, 1)], [(0, 0, 0), SPARE_BLACK])
    assert state.observation(0)["cura"] is False
    move(state, (0, 0, 3), (0, 0, 5))
    assert state.observation(0)["cura"] is True and state.observation(1)["cura"] is True
    assert "Cura" in str(state)
    assert CoerceoGame().new_initial_state().observation(None)["cura"] is False


def test_r15_the_move_limit_ends_in_a_draw() -> None:
    state = CoerceoGame(max_moves=2).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    assert not state.is_terminal()
    state.apply_action(state.legal_actions()[0])
    assert state.termination() == "move-limit" and state.returns() == [0.0, 0.0]


def test_r16_notation() -> None:
    assert str(Move(field_index(0, 1, 1), field_index(0, 1, 3))) == "c4:1-c4:3"
    assert parse_action(" C4:1 - c4:3") == Move(field_index(0, 1, 1), field_index(0, 1, 3))
    assert parse_action("xb2:1") == Exchange(field_index(-1, -1, 1))
    assert str(Exchange(field_index(2, -2, 1))) == "xe1:1"
    for bad in ("", "c3:0", "c3:0-c3:1", "a1:0-a1:2", "c3:6-c3:2", "xz9:1", "c3:0-c4:2-"):
        with pytest.raises(NotationError):
            parse_action(bad)
    state = CoerceoGame().new_initial_state()
    with pytest.raises(NotationError):  # well-formed, but not legal here
        state.string_to_action("c3:0-c3:2")


def test_r17_action_ids_and_their_description() -> None:
    state = position([(0, 1, 1)], [(0, 0, 0)], collected=(2, 0))
    action = Move(field_index(0, 1, 1), field_index(0, 1, 3)).action
    assert action == field_index(0, 1, 1) * 6 + MOVE_NEIGHBOURS[field_index(0, 1, 1)].index(
        field_index(0, 1, 3)
    )
    assert state.action_to_dict(action) == {
        "action": action, "text": "c4:1-c4:3", "kind": "move", "from": [0, 1, 1],
        "to": [0, 1, 3],
    }  # fmt: skip
    exchange = EXCHANGE_BASE + field_index(0, 0, 0)
    assert exchange in state.legal_actions()
    assert state.action_to_dict(exchange) == {
        "action": exchange, "text": "xc3:0", "kind": "exchange", "target": [0, 0, 0],
    }  # fmt: skip
    assert state.legal_actions() == sorted(state.legal_actions())


def test_hand_made_positions_are_checked() -> None:
    game = CoerceoGame()
    with pytest.raises(StateFormatError):
        game.from_position([(0, 0, 0)], [(0, 0, 2)])  # white piece on a black field
    with pytest.raises(StateFormatError):
        game.from_position([(0, 0, 1)], [(0, 0, 0)], tiles=[(1, 1)])  # tile missing
    with pytest.raises(StateFormatError):
        game.from_position([(0, 0, 1), (0, 0, 1)], [(0, 0, 0)])
    with pytest.raises(StateFormatError):
        game.from_position([(0, 0, 1)], [])


# ---------------------------------------------------------------------- audit against the
# seed (seeds/004, "Kedjereaktion", "Inväxling av plattor", "Genomgång av ett drag")
COLUMN = [(0, 1), (0, 0), (1, 0), (1, -1), (0, -1)]  # c4, c3, d3, d2, c2


def test_r7_r8_r9_a_capture_completed_by_the_second_tile_of_a_chain() -> None:
    """White leaves c4 (c4:1 -> d3:5): c4 goes, then the empty centre c3 (now joined by d3,
    d2, c2 in one run). Black c2:0, edged by white c2:5, c2:1 and c3:3, has lost its last
    free edge-neighbour with c3: captured, although the moved piece is nowhere near it.

    c2 ╱○ ● ○╲   white collects both tiles ("Svart får även denna platta").
       ╲· · ·╱
    """
    state = position([(0, 1, 1), (0, -1, 5), (0, -1, 1)], [(0, -1, 0), (1, -1, 2)], COLUMN)
    move(state, (0, 1, 1), (1, 0, 5))
    assert sorted(state.tiles()) == [(0, -1), (1, -1), (1, 0)]
    assert state.collected() == (2, 0)
    assert pieces(state, 1) == {(1, -1, 2)}
    last = state.last_move()
    assert last is not None
    assert last["removed_tiles"] == [[0, 0], [0, 1]] and last["captured"] == [[0, -1, 0, 1]]


def test_r7_arriving_in_an_enclosure_while_completing_another() -> None:
    """White c3:3 -> c3:1: c3:1 is edged by black c3:0, c3:2 and d3:4, so white moves into
    an enclosure (safe), and the same arrival completes the enclosure of black c3:0 (by
    c3:5, c3:1 and c4:3): captured ("Skyddat läge efter förflyttning")."""
    white = [(0, 0, 3), (0, 0, 5), (0, 1, 3), SPARE_WHITE]
    state = position(white, [(0, 0, 0), (0, 0, 2), (1, 0, 4), SPARE_BLACK])
    move(state, (0, 0, 3), (0, 0, 1))
    assert (0, 0, 1) in pieces(state, 0)
    assert pieces(state, 1) == {(0, 0, 2), (1, 0, 4), SPARE_BLACK}


def test_r9_a_capture_never_empties_a_tile() -> None:
    """R9: after every capture of a random game, the captured piece's tile still holds the
    two captor pieces beside it, so captures never start a removal."""
    import random

    from spelbord.games.coerceo.board import EDGE_NEIGHBOURS as EDGES

    rng = random.Random(7)
    state = CoerceoGame(variant="ocius").new_initial_state()
    seen = 0
    while not state.is_terminal() and seen < 20:
        state.apply_action(rng.choice(state.legal_actions()))
        last = state.last_move()
        assert last is not None
        for x, y, f, _ in last["captured"]:
            seen += 1
            mover = pieces(state, last["seat"])
            beside = [field_coords(j) for j in EDGES[field_index(x, y, f)] if j // 6 ==
                      field_index(x, y, f) // 6]  # fmt: skip
            assert len(beside) == 2 and all(b in mover for b in beside)
            assert (x, y) in state.tiles()
        if state.is_terminal():
            state = CoerceoGame(variant="ocius").new_initial_state()
    assert seen >= 5


def test_r10_exchange_removal_chains_to_nobody_and_captures_but_spares_own() -> None:
    """White gives 2 tiles for black c4:0, alone on c4. c4 goes; then c3 and d3 qualify
    together and go; nobody collects the three. Black c2:0 (edged by white c2:5, c2:1 and
    the gone c3:3) is captured; white d2:5, now edged only by black d2:4 and d2:0, is
    enclosed by the exchanger's own removal and survives ("Skyddat läge")."""
    state = position(
        [(0, -1, 5), (0, -1, 1), (1, -1, 5)],
        [(0, 1, 0), (0, -1, 0), (1, -1, 0), (1, -1, 4)],
        COLUMN,
        collected=(2, 0),
    )
    state.apply_action(Exchange(field_index(0, 1, 0)).action)
    assert sorted(state.tiles()) == [(0, -1), (1, -1)]
    assert state.collected() == (0, 0)  # given up, and nothing collected
    assert pieces(state, 1) == {(1, -1, 0), (1, -1, 4)}
    assert pieces(state, 0) == {(0, -1, 5), (0, -1, 1), (1, -1, 5)}
    last = state.last_move()
    assert last is not None and last["kind"] == "exchange"
    assert last["removed_tiles"] == [[0, 0], [0, 1], [1, 0]]
    assert last["captured"] == [[0, -1, 0, 1]]
    assert state.current_player() == 1  # one exchange, and the turn is over


def test_r10_exchange_keeps_a_tile_that_does_not_qualify_and_the_rest_of_the_hand() -> None:
    """White holds 3 tiles and removes black c3:0, alone on the centre: c3 is empty but has
    six neighbours, so it stays; 2 tiles are spent, 1 is kept; only one exchange a turn."""
    state = position([SPARE_WHITE], [(0, 0, 0), SPARE_BLACK], collected=(3, 0))
    state.apply_action(Exchange(field_index(0, 0, 0)).action)
    assert (0, 0) in state.tiles() and len(state.tiles()) == 19
    assert state.collected() == (1, 0)
    assert pieces(state, 1) == {SPARE_BLACK}
    assert state.current_player() == 1
    assert all(a < EXCHANGE_BASE for a in state.legal_actions())  # black holds no tiles


def test_r12_a_side_without_moves_but_with_an_exchange_is_not_stalemated() -> None:
    """As in R12's position, black cannot move on the single tile e3, but holds 2 tiles:
    black must exchange, and the game goes on."""
    state = position(
        [(2, 0, 1)], [(2, 0, 0), (2, 0, 2), (2, 0, 4)], tiles=[(2, 0)], collected=(0, 2)
    )
    move(state, (2, 0, 1), (2, 0, 3))
    assert not state.is_terminal()
    assert state.legal_actions() == [EXCHANGE_BASE + field_index(2, 0, 3)]


def test_r13_repetition_needs_the_same_side_to_move_and_restarts_after_a_capture() -> None:
    """The same pieces with the other side to move are another position; a turn that
    captures or removes tiles cannot be undone, so the count starts again after it."""
    state = position([(-2, 0, 1), (0, 0, 5), (0, 1, 1)], [(2, 0, 0), (0, 0, 0), (0, 0, 2)])
    assert state.repetition_keys() == [state.repetition_keys()[0]]
    move(state, (0, 1, 1), (0, 1, 3))  # no capture yet: c3:1 is still free
    keys = state.repetition_keys()
    assert len(keys) == 2 and keys[0] != keys[1]
    white_turn = position([(-2, 0, 1)], [(2, 0, 0)])
    black_turn = position([(-2, 0, 1)], [(2, 0, 0)], to_move=1)
    assert white_turn.repetition_keys() != black_turn.repetition_keys()
    capture = position([(0, 0, 1), (0, 0, 5), (0, 1, 1), SPARE_WHITE], [(0, 0, 0), (2, 0, 0)])
    _shuffle(capture, 4)
    assert len(capture.repetition_keys()) == 5
    move(capture, (0, 1, 1), (0, 1, 3))
    assert len(capture.repetition_keys()) == 1  # the capture cleared the record


def test_r15_the_move_limit_option_is_bounded() -> None:
    from spelbord.core import GameOptionError

    for bad in (0, 5001):
        with pytest.raises(GameOptionError):
            CoerceoGame(max_moves=bad)
    state = CoerceoGame(max_moves=5000).new_initial_state()
    assert state.moves_left() == 5000


def test_r3_r8_ocius_ring_tiles_go_when_emptied() -> None:
    """R3 Ocius: each ring tile touches the centre and its two ring neighbours, one run of
    three, so a ring tile that empties is removed and collected (R8): black moves its
    last piece off b3 (b3:0 -> c3:4)."""
    game = CoerceoGame(variant="ocius")
    white = [(-1, 1, 1), (0, -1, 1), (0, 1, 1), (0, 0, 3), (1, 0, 3)]
    state = game.from_position(white, [(-1, 0, 0), (1, -1, 0)], to_move=1)
    move(state, (-1, 0, 0), (0, 0, 4))
    assert (-1, 0) not in state.tiles() and len(state.tiles()) == 6
    assert state.collected() == (0, 1)


def test_r14_cura_counts_a_threat_that_only_a_tile_removal_carries_out() -> None:
    """The R7/R8/R9 chain position with a white spare on d2: white plays the quiet d2:5 ->
    d2:3. White's only capturing move is now c4:1 -> d3:5, whose removal chain (c4, then
    c3) encloses black c2:0; no arrival threatens anything. Cura is still announced."""
    white = [(0, 1, 1), (0, -1, 5), (0, -1, 1), (1, -1, 5)]
    black = [(0, -1, 0), (1, -1, 2)]
    state = position(white, black, COLUMN)
    move(state, (1, -1, 5), (1, -1, 3))
    assert pieces(state, 1) == set(black)  # the quiet move took nothing
    assert state.observation(1)["cura"] is True
    white_again = position([(0, 1, 1), (0, -1, 5), (0, -1, 1), (1, -1, 3)], black, COLUMN)
    capturing = []
    for action in white_again.legal_actions():
        after = white_again.clone()
        after.apply_action(action)
        last = after.last_move()
        assert last is not None
        if last["captured"]:
            capturing.append((last["text"], last["removed_tiles"]))
    assert capturing == [("c4:1-d3:5", [[0, 0], [0, 1]])]
    quiet = position([(0, 1, 1), (0, -1, 5), (1, -1, 5)], black, COLUMN)  # c2:1 missing
    move(quiet, (1, -1, 5), (1, -1, 3))
    assert quiet.observation(1)["cura"] is False

"""The engine converts won endings on both boards: the side ahead in material never takes a
repetition draw (R13) it can avoid, and plays a won ending out to the capture of the last
piece (R11) instead of letting the defender repeat."""

from __future__ import annotations

import random

import pytest

from spelbord.ai import SeatView, make_agent
from spelbord.ai.coerceo.ab import CONTEMPT
from spelbord.games.coerceo import CoerceoGame, CoerceoState
from spelbord.games.coerceo.board import (
    BLACK,
    EDGE_NEIGHBOURS,
    MOVE_NEIGHBOURS,
    TILES,
    WHITE,
    bits,
)
from spelbord.games.coerceo.engine import cores
from spelbord.games.coerceo.engine.pysearch import ENDGAME_DEFENDERS, ENDGAME_TILES
from spelbord.games.coerceo.engine.search import search
from spelbord.games.coerceo.engine.tablebase import table_value
from spelbord.games.coerceo.engine.weights import WEIGHTS
from spelbord.games.coerceo.position import parse_position

BOARDS = {
    # variant: (tiles, black's piece, black's shuffle, white's shuffle)
    "laurentius": (
        [(0, 0), (1, 0), (-1, 0), (0, 2)],
        (0, 2, 0),
        ("c5:0-c5:2", "c5:2-c5:0"),
        ("d3:1-d3:3", "d3:3-d3:1"),
    ),
    "ocius": (
        [(0, 0), (1, 0), (-1, 0), (0, 1)],
        (0, 1, 0),
        ("c4:0-c4:2", "c4:2-c4:0"),
        ("d3:1-d3:3", "d3:3-d3:1"),
    ),
}


def _white_may_repeat(variant: str) -> tuple[CoerceoState, int]:
    """White, three pieces against one, to move in a position where its shuffle back
    would make the start position occur for the third time (R13): the state and that
    drawing action."""
    tiles, black, black_moves, white_moves = BOARDS[variant]
    game = CoerceoGame(variant=variant)
    white = [(0, 0, 1), (1, 0, 1), (-1, 0, 1)]
    state = game.from_position(white, [black], tiles=tiles, to_move=BLACK)
    cycle = (black_moves[0], white_moves[0], black_moves[1], white_moves[1])
    for text in (cycle + cycle)[:7]:
        state.apply_action(state.string_to_action(text))
    assert state.current_player() == WHITE
    drawing = state.string_to_action(white_moves[1])
    child = state.clone()
    child.apply_action(drawing)
    assert child.termination() == "repetition"
    return state, drawing


@pytest.mark.parametrize("variant", sorted(BOARDS))
def test_side_ahead_avoids_the_repetition_draw_r13(variant: str) -> None:
    """R13: white, two pieces up, could draw by a third repetition; it plays on, with and
    without contempt, in both cores."""
    state, drawing = _white_may_repeat(variant)
    for contempt in (0, CONTEMPT):
        for compiled in (True, False):
            result = search(state, depth=3, contempt=contempt, compiled=compiled)
            assert result.action != drawing
            assert result.score > 100


WON_ENDINGS = {
    # Endings of engine games, the side ahead to convert against the same engine.
    "laurentius": "white: c4:1 d2:3 d2:5 d3:5; black: d3:0 d3:4; tiles: c4 d2 d3; "
    "collected: 0 1; move: black",
    "ocius": "white: b3:3 c3:3 c3:5 d2:3 d2:5; black: b3:2 c4:0 c4:2; tiles: b3 c3 c4 d2; "
    "collected: 0 1; move: white",
}


@pytest.mark.parametrize("variant", sorted(WON_ENDINGS))
def test_ab_converts_a_won_ending_on_both_boards(variant: str) -> None:
    """R11: white, two pieces up, wins by taking black's last piece against an equal
    defender that would gladly repeat; no repetition or move-limit draw."""
    state = parse_position(WON_ENDINGS[variant], CoerceoGame(variant=variant))
    agents = [make_agent("ab:depth=4"), make_agent("ab:depth=4")]
    start = state.plies()
    while not state.is_terminal() and state.plies() - start < 300:
        seat = state.current_player()
        state.apply_action(agents[seat].step(SeatView(state, seat)))
    assert state.termination() == "capture-all"
    assert state.returns() == [1.0, -1.0]


def _hex_distance(a: int, b: int) -> int:
    (ax, ay), (bx, by) = TILES[a], TILES[b]
    return (abs(ax - bx) + abs(ay - by) + abs(ax + ay - bx - by)) // 2


def _endgame_by_hand(state: CoerceoState, attacker: int) -> int:
    """The endgame term of ``attacker`` (weights 10-13, see ``weights.py``), counted over
    fields and tiles with the board's own tables rather than the cores' bit masks."""
    defender = 1 - attacker
    present = state.present_fields()
    own, opp = list(bits(state.pieces(attacker))), list(bits(state.pieces(defender)))
    if len(own) <= len(opp) or not 0 < len(opp) <= ENDGAME_DEFENDERS:
        return 0
    taken = state.pieces(attacker)
    holes = sum(
        1 for q in opp for e in EDGE_NEIGHBOURS[q] if present >> e & 1 and not taken >> e & 1
    )
    dist = sum(min(_hex_distance(b // 6, q // 6) for q in opp) for b in own)
    mob = sum(
        1
        for q in opp
        for to in MOVE_NEIGHBOURS[q]
        if present >> to & 1 and not state.pieces(defender) >> to & 1
    )
    tiles = min(len(state.tiles()), ENDGAME_TILES)
    w = WEIGHTS
    return w[13] * tiles - (w[10] * holes + w[11] * dist + w[12] * mob)


ENDGAME_POSITIONS = [
    # (variant, position): the side ahead is white in the first two, black in the third
    ("ocius", "white: c2:5 c4:1 d2:1; black: b3:0; tiles: b3 c2 c3 c4 d2; move: black"),
    ("laurentius", "white: b2:5 b5:1 c5:3 d4:3; black: b2:0 c5:0; tiles: b2 b5 c2 c3 c5 d3 d4"),
    ("ocius", "white: b3:1; black: c3:0 c3:2 c4:2 d2:4; tiles: b3 c3 c4 d2; move: black"),
]


@pytest.mark.parametrize(("variant", "text"), ENDGAME_POSITIONS)
def test_endgame_term_counts_for_the_side_ahead_only(variant: str, text: str) -> None:
    """The endgame term (weights 10-13) adds, for the side to move, the attacker's value
    counted by hand (holes around the defender's pieces, distance, the defender's moves,
    tiles on the board) with the attacker's sign; both cores agree."""
    # (some of these hand-built tile sets R8 cannot reach: the engine takes any tile set)
    state = parse_position(text, CoerceoGame(variant=variant), check_removals=False)
    side = state.side_to_move()
    expected = _endgame_by_hand(state, side) - _endgame_by_hand(state, 1 - side)
    assert expected != 0
    args = cores.core_args(state)
    for core in [cores.PY_CORE] + ([cores.C_CORE] if cores.C_CORE is not None else []):
        core.set_weights(list(WEIGHTS))
        with_term = core.evaluate(*args, 0)
        core.set_weights(list(WEIGHTS[:10]))
        without = core.evaluate(*args, 0)
        core.set_weights(list(WEIGHTS))
        assert with_term - without == expected


def test_endgame_term_leaves_the_middle_game_alone() -> None:
    """With four pieces or more on each side, or equal material, the term adds nothing."""
    rng = random.Random(4)
    checked = 0
    for variant in ("laurentius", "ocius"):
        state = CoerceoGame(variant=variant).new_initial_state()
        while not state.is_terminal() and checked < 200:
            counts = sorted(state.pieces(c).bit_count() for c in (WHITE, BLACK))
            if counts[0] > ENDGAME_DEFENDERS or counts[0] == counts[1]:
                args = cores.core_args(state)
                cores.CORE.set_weights(list(WEIGHTS))
                with_term = cores.CORE.evaluate(*args, 0)
                cores.CORE.set_weights(list(WEIGHTS[:10]))
                assert cores.CORE.evaluate(*args, 0) == with_term
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    cores.CORE.set_weights(list(WEIGHTS))
    assert checked >= 100


@pytest.mark.skipif(cores.C_CORE is None, reason="the C core was not built")
def test_c_and_python_cores_agree_in_endgames() -> None:
    """Where the endgame term counts, both cores (and the BMI and plain builds of the C
    core) still search node for node alike."""
    core = cores.C_CORE
    assert core is not None
    before = core.fast_core()
    rng = random.Random(9)
    found = 0
    for variant in ("ocius", "laurentius") * 6:
        state = CoerceoGame(variant=variant).new_initial_state()
        while not state.is_terminal():
            counts = sorted(state.pieces(c).bit_count() for c in (WHITE, BLACK))
            if counts[0] <= ENDGAME_DEFENDERS and counts[0] < counts[1]:
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        found += 1
        fast = search(state, depth=3)
        slow = search(state, depth=3, compiled=False)
        assert (fast.score, fast.line, fast.nodes) == (slow.score, slow.line, slow.nodes)
        try:
            core.fast_core(0)
            plain = search(state, depth=5)
            if core.fast_core(1):
                bmi = search(state, depth=5)
                assert (bmi.score, bmi.line, bmi.nodes) == (plain.score, plain.line, plain.nodes)
        finally:
            core.fast_core(int(before))
    assert found >= 6


CONVERSIONS = {
    # Hand-built won endings (the endgame tables prove each won for white: the value for
    # the side to move is given); the first two are sparse 3 against 1, the third ended in
    # repetition or move-limit draws (300 plies) before the endgame term.
    "ocius 3v1": (
        "ocius",
        "white: c2:5 c4:1 d2:1; black: b3:0; tiles: b3 c2 c3 c4 d2; move: white",
        40,
        7,
    ),
    "laurentius 3v1": (
        "laurentius",
        "white: a3:1 a4:3 c1:3; black: c5:4; tiles: a3 a4 b2 b3 c1 c3 c5 d3 d4; move: black",
        40,
        -6,
    ),
    "ocius 5v2": (
        "ocius",
        "white: b4:5 c2:1 c2:3 c4:1 c4:5; black: b4:0 c4:4; tiles: b4 c2 c4 d2 d3; move: black",
        150,
        -46,
    ),
}


@pytest.mark.parametrize("name", sorted(CONVERSIONS))
def test_ab_converts_hand_built_won_endings_r11(name: str) -> None:
    """R11: white, ahead, takes black's last piece within the ply limit, both sides
    played by ``ab:depth=4``; no repetition (R13) or move-limit draw."""
    variant, text, limit, value = CONVERSIONS[name]
    # (some of these hand-built tile sets R8 cannot reach: the engine takes any tile set)
    state = parse_position(text, CoerceoGame(variant=variant), check_removals=False)
    assert table_value(state) == value
    agents = [make_agent("ab:depth=4", seed=1), make_agent("ab:depth=4", seed=2)]
    start = state.plies()
    while not state.is_terminal() and state.plies() - start < limit:
        seat = state.current_player()
        state.apply_action(agents[seat].step(SeatView(state, seat)))
    assert state.termination() == "capture-all"
    assert state.returns() == [1.0, -1.0]


# Five against three from self-play, which the engine without endgame tables won against
# itself: the tables prove it drawn (value 0), so against the full engine, which defends
# with the tables, it is a draw; the material engine of the public class goes wrong.
PROVEN_DRAW = (
    "white: c2:1 c3:1 c3:3 c3:5 d3:5; black: b3:0 c2:0 c2:4; tiles: b3 c2 c3 d3; "
    "collected: 0 1; move: black"
)


def test_ab_presses_a_proven_draw_against_the_material_engine_r11() -> None:
    """R11/R13: in a drawn ending (by the tables) the side ahead does not settle for the
    repetition draw but goes on pressing, and the plain material engine (black) loses."""
    state = parse_position(PROVEN_DRAW, CoerceoGame(variant="ocius"))
    assert table_value(state) == 0
    agents = [
        make_agent("ab:depth=4:tables=on", seed=1),
        make_agent("ab:depth=4:eval=material", seed=2),
    ]
    start = state.plies()
    while not state.is_terminal() and state.plies() - start < 150:
        seat = state.current_player()
        state.apply_action(agents[seat].step(SeatView(state, seat)))
    assert state.termination() == "capture-all"
    assert state.returns() == [1.0, -1.0]

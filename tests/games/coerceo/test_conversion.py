"""The engine converts won endings on both boards: the side ahead in material never takes a
repetition draw (R13) it can avoid, and plays a won ending out to the capture of the last
piece (R11) instead of letting the defender repeat."""

from __future__ import annotations

import pytest

from spelbord.ai import SeatView, make_agent
from spelbord.ai.alphabeta import CONTEMPT
from spelbord.games.coerceo import CoerceoGame, CoerceoState
from spelbord.games.coerceo.board import BLACK, WHITE
from spelbord.games.coerceo.fen import parse_position
from spelbord.games.coerceo.search import search

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

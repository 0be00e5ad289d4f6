"""A fast static evaluation of a Coerceo position (for search cut-offs).

Material dominates: every piece counts, collected tiles count as the share of a piece
they can buy through an exchange, and mobility breaks ties. The score is white's, in
(-1, 1); black's is its negation.

>>> from spelbord.games.coerceo import CoerceoGame
>>> start = CoerceoGame().new_initial_state()
>>> start.heuristic_value()
[0.0, 0.0]
>>> evaluate(start.pieces(0), 0, start.present_fields(), [0, 0], 2) > 0.9
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from spelbord.games.coerceo.rules import mobility

PIECE = 1.0
MOBILITY = 0.02
SCALE = 3.0


def evaluate(white: int, black: int, fields: int, collected: Sequence[int], cost: int) -> float:
    """White's estimated return in (-1, 1): material, tiles in hand, mobility."""
    free = fields & ~(white | black)
    w_pieces, b_pieces = white.bit_count(), black.bit_count()
    # Fewer pieces left on a side makes each capture weigh more (the game ends at zero).
    material = PIECE * (w_pieces - b_pieces) / math.sqrt(max(1, min(w_pieces, b_pieces)))
    tiles = (collected[0] - collected[1]) / (cost * 2.0)
    moves = MOBILITY * (mobility(white, free) - mobility(black, free))
    return math.tanh((material + tiles + moves) / SCALE)

"""The setup phase (R5), played on an ``OmringadData``: every player places its nine
terrain tiles in secret, all at once (one simultaneous decision per tile, in
``TILE_ORDER``); when all are placed they are revealed together and the opening purchase
follows (R70, ``purchase``).

>>> from spelbord.games.omringad.game import OmringadGame
>>> st = OmringadGame().new_initial_state()
>>> len(actions(st, 0))
25
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from spelbord.games.omringad import notation as N
from spelbord.games.omringad.position import OPENING_GOLD, TILE_ORDER

if TYPE_CHECKING:
    from spelbord.games.omringad.position import OmringadData


def actions(state: OmringadData, seat: int) -> list[int]:
    """A cell of the seat's country not yet tiled, for its next tile (R5)."""
    used = set(state.tiles[seat])
    return [N.TILE + c for c in range(25) if c not in used]


def apply(state: OmringadData, moves: Sequence[int]) -> None:
    """Every seat's next tile at once; the terrain is revealed after the last one."""
    for seat, a in enumerate(moves):
        state.tiles[seat].append(a - N.TILE)
    if all(len(t) == len(TILE_ORDER) for t in state.tiles):
        reveal_terrain(state)


def reveal_terrain(state: OmringadData) -> None:
    """All tiles are revealed together (R5); the opening purchase follows (R70)."""
    for seat, cells in enumerate(state.tiles):
        base = state.map.country_squares(seat).start
        for cell, t in zip(cells, TILE_ORDER, strict=True):
            state.terrain[base + cell] = t
    state.phase = "pregame"
    state.gold = [OPENING_GOLD] * state.num_players()
    state.budget = state.gold[:]
    state.stage = ["buy"] * state.num_players()

"""A Unicode picture of a Coerceo position for the terminal.

Each tile is drawn as a small hexagon of two rows, its fields in clockwise order from
the top (``5 0 1`` above, ``4 3 2`` below); ``○`` is a white piece, ``●`` a black one,
``·`` an empty field. Each tile carries its name (``c3`` is the centre). Removed tiles
are left blank.
"""

from __future__ import annotations

from typing import Protocol

from spelbord.games.coerceo.board import BLACK, RADIUS, TILE_INDEX, TILES, WHITE
from spelbord.games.coerceo.notation import tile_name

GLYPHS = {WHITE: "○", BLACK: "●", None: "·"}
COLUMN_WIDTH = 11


class Drawable(Protocol):
    """What the renderer reads from a state."""

    def tiles(self) -> list[tuple[int, int]]: ...
    def pieces(self, colour: int) -> int: ...
    def collected(self) -> tuple[int, int]: ...
    def current_player(self) -> int: ...
    def cura(self) -> bool: ...


def render(state: Drawable) -> str:
    """The board, collected tiles, side to move and the Cura warning, as text."""
    present = set(state.tiles())
    white, black = state.pieces(WHITE), state.pieces(BLACK)

    def glyph(x: int, y: int, f: int) -> str:
        bit = 1 << (TILE_INDEX[(x, y)] * 6 + f)
        return GLYPHS[WHITE if white & bit else BLACK if black & bit else None]

    rows = 4 * RADIUS + 2
    grid = [[" "] * (COLUMN_WIDTH * (2 * RADIUS + 1)) for _ in range(rows)]
    for x, y in TILES:
        if (x, y) not in present:
            continue
        top = 2 * RADIUS - (2 * y + x)
        col = COLUMN_WIDTH * (x + RADIUS)
        upper = f"{tile_name(x, y)}╱{glyph(x, y, 5)} {glyph(x, y, 0)} {glyph(x, y, 1)}╲"
        lower = f"  ╲{glyph(x, y, 4)} {glyph(x, y, 3)} {glyph(x, y, 2)}╱"
        for r, text in ((top, upper), (top + 1, lower)):
            grid[r][col : col + len(text)] = list(text)
    lines = ["".join(row).rstrip() for row in grid]
    lines = [line for line in lines if line]
    collected = state.collected()
    player = state.current_player()
    turn = {WHITE: "white (○) to move", BLACK: "black (●) to move"}.get(player, "game over")
    lines.append(f"collected tiles: white {collected[0]}, black {collected[1]}; {turn}")
    if state.cura():
        lines.append("Cura! the side that just moved threatens a capture")
    return "\n".join(lines)

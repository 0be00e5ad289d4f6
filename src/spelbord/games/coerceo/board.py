"""Coerceo board geometry: 19 hexagonal tiles of 6 triangular fields each.

Tiles use axial coordinates ``(x, y)``: x towards the upper right, y up, with
``|x|, |y|, |x + y| <= 2``. Hexes are flat-topped, so a tile's six neighbours lie in the
directions ``DIRECTIONS`` (0 up, 1 upper-right, 2 lower-right, 3 down, 4 lower-left,
5 upper-left). A tile's fields are numbered clockwise from the top: 0 top, 1 upper-right,
2 lower-right, 3 bottom, 4 lower-left, 5 upper-left. Even fields are black, odd white.
Field ``f`` shares its outer edge with field ``f + 3`` of the neighbour in direction ``f``.

Tiles are indexed 0..18 in ``TILES`` order (sorted by x, then y); field index
``tile * 6 + f`` runs 0..113. Every table below is computed once, from coordinates,
when the module is imported; sets of fields or tiles are Python ``int`` bitmasks.

>>> TILES[TILE_INDEX[(0, 0)]]
(0, 0)
>>> field_index(0, 0, 0) // 6 == TILE_INDEX[(0, 0)]
True
>>> len(MOVE_NEIGHBOURS[field_index(0, 0, 0)])
6
"""

from __future__ import annotations

import math

Tile = tuple[int, int]

RADIUS = 2
"""Tiles of the full (Laurentius) board lie within this distance of the centre."""

DIRECTIONS: tuple[Tile, ...] = ((0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1))
"""Axial offsets of the neighbouring tile in directions 0..5 (clockwise from up)."""

FIELDS_PER_TILE = 6
WHITE = 0
BLACK = 1
COLOUR_NAMES = ("white", "black")


def on_board(x: int, y: int, radius: int = RADIUS) -> bool:
    """Whether tile ``(x, y)`` lies within ``radius`` of the centre."""
    return abs(x) <= radius and abs(y) <= radius and abs(x + y) <= radius


TILES: tuple[Tile, ...] = tuple(
    sorted(
        (x, y)
        for x in range(-RADIUS, RADIUS + 1)
        for y in range(-RADIUS, RADIUS + 1)
        if on_board(x, y)
    )
)
TILE_INDEX: dict[Tile, int] = {t: i for i, t in enumerate(TILES)}
NUM_TILES = len(TILES)
NUM_FIELDS = NUM_TILES * FIELDS_PER_TILE

ALL_TILES = (1 << NUM_TILES) - 1
OCIUS_TILES = sum(1 << i for i, t in enumerate(TILES) if on_board(*t, radius=1))
"""The 7 tiles of the short variant Ocius: the centre and its ring."""


def field_index(x: int, y: int, f: int) -> int:
    """The index 0..113 of field ``f`` of tile ``(x, y)``."""
    return TILE_INDEX[(x, y)] * FIELDS_PER_TILE + f


def field_coords(field: int) -> tuple[int, int, int]:
    """``(x, y, f)`` of a field index."""
    x, y = TILES[field // FIELDS_PER_TILE]
    return x, y, field % FIELDS_PER_TILE


def field_colour(field: int) -> int:
    """``WHITE`` (0) for odd fields, ``BLACK`` (1) for even ones."""
    return BLACK if field % 2 == 0 else WHITE


def tile_neighbour(tile: int, direction: int) -> int:
    """The index of the tile beside ``tile`` in ``direction``, or -1 off the board."""
    x, y = TILES[tile]
    dx, dy = DIRECTIONS[direction]
    return TILE_INDEX.get((x + dx, y + dy), -1)


# ---------------------------------------------------------------------- geometry
_SQRT3 = math.sqrt(3.0)


def _corners(field: int) -> frozenset[tuple[int, int]]:
    """The three corners of a field's triangle, as rounded plane coordinates."""
    x, y, f = field_coords(field)
    cx, cy = 1.5 * x, _SQRT3 * (y + x / 2)
    points = [(cx, cy)]
    for angle in (120 - 60 * f, 60 - 60 * f):
        rad = math.radians(angle)
        points.append((cx + math.cos(rad), cy + math.sin(rad)))
    return frozenset((round(px * 1000), round(py * 1000)) for px, py in points)


def _tables() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    corners = [_corners(i) for i in range(NUM_FIELDS)]
    at_corner: dict[tuple[int, int], list[int]] = {}
    for i, points in enumerate(corners):
        for point in points:
            at_corner.setdefault(point, []).append(i)
    edge: list[tuple[int, ...]] = []
    move: list[tuple[int, ...]] = []
    for i in range(NUM_FIELDS):
        shared: dict[int, int] = {}  # field -> corners it shares with field i
        for point in corners[i]:
            for j in at_corner[point]:
                if j != i:
                    shared[j] = shared.get(j, 0) + 1
        edge.append(tuple(sorted(j for j, n in shared.items() if n == 2)))
        move.append(tuple(sorted(j for j, n in shared.items() if n == 1 and (i - j) % 2 == 0)))
    return tuple(edge), tuple(move)


EDGE_NEIGHBOURS, MOVE_NEIGHBOURS = _tables()
"""Per field: the edge-neighbour fields (opposite colour, at most 3) and the
move-neighbour fields (same colour, sharing only a corner, at most 6), ascending."""

EDGE_MASK: tuple[int, ...] = tuple(sum(1 << j for j in n) for n in EDGE_NEIGHBOURS)
MOVE_MASK: tuple[int, ...] = tuple(sum(1 << j for j in n) for n in MOVE_NEIGHBOURS)

MOVE_SLOTS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((slot, to, 1 << to) for slot, to in enumerate(n)) for n in MOVE_NEIGHBOURS
)
"""Per field: ``(slot, destination, destination bit)`` for each move-neighbour.

A move's action id is ``from_field * 6 + slot``."""

SLOT_OF: dict[tuple[int, int], int] = {
    (i, to): slot for i, n in enumerate(MOVE_NEIGHBOURS) for slot, to in enumerate(n)
}

TILE_FIELDS: tuple[int, ...] = tuple(0b111111 << (6 * t) for t in range(NUM_TILES))
"""Per tile: the bitmask of its six fields."""

TILE_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(tile_neighbour(t, d) for d in range(6)) for t in range(NUM_TILES)
)
"""Per tile: the neighbouring tile index in each direction 0..5 (-1 off the board)."""

TILE_NEIGHBOUR_MASK: tuple[int, ...] = tuple(
    sum(1 << n for n in nbrs if n >= 0) for nbrs in TILE_NEIGHBOURS
)

BORDER_FIELDS: tuple[int, ...] = tuple(
    sum(1 << (n * 6 + (d + 3) % 6) for d, n in enumerate(TILE_NEIGHBOURS[t]) if n >= 0)
    for t in range(NUM_TILES)
)
"""Per tile: the fields of other tiles that share an edge with one of its fields."""

WHITE_FIELDS = sum(1 << i for i in range(NUM_FIELDS) if i % 2 == 1)
BLACK_FIELDS = sum(1 << i for i in range(NUM_FIELDS) if i % 2 == 0)


def _removable_pattern(pattern: int) -> bool:
    """Whether present neighbours ``pattern`` (6 direction bits) allow removing a tile.

    At most 3 neighbours, forming one unbroken run around the tile (no neighbours: yes).
    """
    count = pattern.bit_count()
    if count == 0:
        return True
    if count > 3 or count == 6:
        return False
    # One run: exactly one place, cyclically, where a present direction follows an absent one.
    starts = sum(1 for d in range(6) if pattern >> d & 1 and not pattern >> ((d - 1) % 6) & 1)
    return starts == 1


REMOVABLE_PATTERN: tuple[bool, ...] = tuple(_removable_pattern(p) for p in range(64))
"""Indexed by the 6-bit pattern of present neighbour directions."""


def fields_of_tiles(tiles: int) -> int:
    """The field bitmask of a tile bitmask."""
    out = 0
    t = 0
    while tiles:
        if tiles & 1:
            out |= TILE_FIELDS[t]
        tiles >>= 1
        t += 1
    return out


def neighbour_pattern(tile: int, tiles: int) -> int:
    """The 6-bit pattern of directions in which ``tile`` has a present neighbour."""
    pattern = 0
    for d, n in enumerate(TILE_NEIGHBOURS[tile]):
        if n >= 0 and tiles >> n & 1:
            pattern |= 1 << d
    return pattern


def bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out

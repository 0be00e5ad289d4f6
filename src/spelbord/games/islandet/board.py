"""Geometry of the island: squares, facings, the two back edges and the carrier pads.

The island is 12x12. Square ``x + 12*y``: column ``x`` (``a``..``l``, west to east),
row ``y`` (``1``..``12``, south to north). Seat 0 (South) sits behind row 1, seat 1
(North) behind row 12. Facings are N, E, S, W (0..3); turning right adds one.

>>> square_name(square(2, 3))
'c4'
>>> parse_square("l12") == SIZE * SIZE - 1
True
>>> step(square(0, 0), N, 3) == square(0, 3)
True
>>> step(square(0, 0), W, 1) is None
True
>>> [square_name(s) for s in RAYS[square(9, 0)][E]]
['k1', 'l1']
"""

from __future__ import annotations

SIZE = 12
SQUARES = SIZE * SIZE
COLUMNS = "abcdefghijkl"

N, E, S, W = 0, 1, 2, 3
FACINGS = "NESW"
DELTAS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))

PAD_SLOTS = 5
"""A carrier pad holds five units, one per column; its centre slot is the missile square."""

SEAT_NAMES = ("South", "North")


def square(x: int, y: int) -> int:
    """The square at column ``x``, row ``y`` (both 0-based)."""
    return x + SIZE * y


def coords(sq: int) -> tuple[int, int]:
    """``(x, y)`` of a square."""
    return sq % SIZE, sq // SIZE


def on_island(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


def square_name(sq: int) -> str:
    x, y = coords(sq)
    return f"{COLUMNS[x]}{y + 1}"


def parse_square(text: str) -> int:
    """``"c4"`` -> square; raises ``ValueError`` for anything that is not an island square."""
    text = text.strip().lower()
    if len(text) < 2 or text[0] not in COLUMNS or not text[1:].isdigit():
        raise ValueError(f"not a square: {text!r}")
    y = int(text[1:]) - 1
    if not 0 <= y < SIZE:
        raise ValueError(f"not a square: {text!r}")
    return square(COLUMNS.index(text[0]), y)


def step(sq: int, facing: int, distance: int) -> int | None:
    """The square ``distance`` steps from ``sq`` in ``facing``, or ``None`` off the island."""
    x, y = coords(sq)
    dx, dy = DELTAS[facing]
    nx, ny = x + dx * distance, y + dy * distance
    return square(nx, ny) if on_island(nx, ny) else None


def _ray(sq: int, facing: int) -> tuple[int, ...]:
    out = []
    distance = 1
    while (s := step(sq, facing, distance)) is not None:
        out.append(s)
        distance += 1
    return tuple(out)


RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_ray(sq, f) for f in range(4)) for sq in range(SQUARES)
)
"""``RAYS[sq][facing]``: the squares ahead of ``sq`` up to the island's edge, nearest first."""


def left(facing: int) -> int:
    return (facing + 3) % 4


def right(facing: int) -> int:
    return (facing + 1) % 4


def neighbours(sq: int) -> tuple[int, ...]:
    """The up to 8 squares around ``sq`` (orthogonal and diagonal)."""
    x, y = coords(sq)
    return tuple(
        square(x + dx, y + dy)
        for dy in (-1, 0, 1)
        for dx in (-1, 0, 1)
        if (dx or dy) and on_island(x + dx, y + dy)
    )


def forward(seat: int) -> int:
    """The facing that points from ``seat``'s back edge towards the opponent."""
    return N if seat == 0 else S


def home_rows(seat: int) -> tuple[int, int]:
    """The two rows nearest ``seat`` (its setup rows), back row first."""
    return (0, 1) if seat == 0 else (SIZE - 1, SIZE - 2)


def back_row(seat: int) -> int:
    return home_rows(seat)[0]


def initial_pad_centre(seat: int) -> int:
    """The column of the pad's centre (missile) slot at the start.

    The pad lies along the player's leftmost five columns: a-e for South, l-h for North
    (North faces south, so its left is the east).
    """
    return 2 if seat == 0 else SIZE - 3


def slot_column(centre: int, slot: int) -> int:
    """Column of pad ``slot`` (0..4, west to east) when the centre is at ``centre``.

    It may lie off the island (a pad hanging past a corner); such a slot cannot unload.
    """
    return centre - PAD_SLOTS // 2 + slot


def entry_square(seat: int, centre: int, slot: int) -> int | None:
    """The island square in front of pad ``slot`` (on ``seat``'s back row), if any."""
    x = slot_column(centre, slot)
    y = back_row(seat)
    return square(x, y) if on_island(x, y) else None

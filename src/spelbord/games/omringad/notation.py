"""Action ids and their text (R90): every decision is one small integer.

Ranges (``S`` = number of squares, at most 100):

=====================  ==========  =========================================
id                     text        meaning
=====================  ==========  =========================================
0                      ``pass``    end your movement for this round
1                      ``done``    end a purchase / a group / a placement turn
2                      ``wait``    the no-op of a seat that has finished at a
                                   simultaneous node
3                      ``stop``    end the move of the walking group here
10 + cell (25)         ``tile c3`` place the next terrain tile on your square
40 + kind (6)          ``buy E``   buy one unit of a base kind
50 + class (12)        ``take e``  add one unmoved unit of a class to the group
70 + class (12)        ``hit e``   allocate one hit to one of your units
90 + kind (6)          ``place E`` choose which bought unit to place next
100 + square           ``A c3``    a square: a move's origin, a step, a settlement
200 + square*6 + kind  ``merge``   merge two damaged units of a kind in a settlement
=====================  ==========  =========================================

A *class* is a base kind and a damage state: ``kind * 2 + damaged``; its text is the
unit's letter, lower case when damaged.

>>> from spelbord.games.omringad.map import PILLOW
>>> text(SQUARE + 13, PILLOW.label), text(BUY + 1, PILLOW.label), text(HIT + 3, PILLOW.label)
('A d3', 'buy E', 'hit e')
"""

from __future__ import annotations

from collections.abc import Callable

from spelbord.core.errors import NotationError
from spelbord.games.omringad.units import BASE_KINDS, KIND_CODES, Kind, Unit

PASS = 0
DONE = 1
WAIT = 2
STOP = 3
TILE = 10
BUY = 40
TAKE = 50
HIT = 70
PLACE = 90
SQUARE = 100
MERGE = 200
NUM_ACTIONS = MERGE + 100 * 6

_WORDS = {PASS: "pass", DONE: "done", WAIT: "wait", STOP: "stop"}


def unit_class(unit: Unit) -> int:
    """The class id of a base unit: ``kind * 2 + damaged``."""
    return BASE_KINDS.index(unit.kind) * 2 + int(unit.damaged)


def class_unit(cls: int) -> Unit:
    """The unit of a class id."""
    return Unit(BASE_KINDS[cls // 2], damaged=bool(cls % 2))


def kind_code(kind: Kind) -> str:
    return KIND_CODES[kind]


def cell_name(cell: int) -> str:
    """A square of one's own country by coordinates only, e.g. ``c3``."""
    row, col = divmod(cell, 5)
    return f"{chr(ord('a') + col)}{row + 1}"


def text(action: int, label: Callable[[int], str]) -> str:
    """The notation of ``action``; ``label`` names squares."""
    if action in _WORDS:
        return _WORDS[action]
    if TILE <= action < TILE + 25:
        return f"tile {cell_name(action - TILE)}"
    if BUY <= action < BUY + len(BASE_KINDS):
        return f"buy {kind_code(BASE_KINDS[action - BUY])}"
    if TAKE <= action < TAKE + 2 * len(BASE_KINDS):
        return f"take {class_unit(action - TAKE).code}"
    if HIT <= action < HIT + 2 * len(BASE_KINDS):
        return f"hit {class_unit(action - HIT).code}"
    if PLACE <= action < PLACE + len(BASE_KINDS):
        return f"place {kind_code(BASE_KINDS[action - PLACE])}"
    if SQUARE <= action < MERGE:
        return label(action - SQUARE)
    if MERGE <= action < NUM_ACTIONS:
        square, kind = divmod(action - MERGE, 6)
        return f"merge {kind_code(BASE_KINDS[kind])} {label(square)}"
    raise NotationError(f"no Omringad action {action}")


def describe(action: int) -> dict[str, object]:
    """A structured description: ``kind`` and, where named, ``square``, ``unit`` or ``cell``.

    >>> describe(SQUARE + 7), describe(TAKE + 3)
    ({'kind': 'square', 'square': 7}, {'kind': 'take', 'unit': 'e'})
    """
    if action in _WORDS:
        return {"kind": _WORDS[action]}
    if TILE <= action < TILE + 25:
        return {"kind": "tile", "cell": action - TILE}
    if BUY <= action < BUY + len(BASE_KINDS):
        return {"kind": "buy", "unit": kind_code(BASE_KINDS[action - BUY])}
    if TAKE <= action < TAKE + 2 * len(BASE_KINDS):
        return {"kind": "take", "unit": class_unit(action - TAKE).code}
    if HIT <= action < HIT + 2 * len(BASE_KINDS):
        return {"kind": "hit", "unit": class_unit(action - HIT).code}
    if PLACE <= action < PLACE + len(BASE_KINDS):
        return {"kind": "place", "unit": kind_code(BASE_KINDS[action - PLACE])}
    if SQUARE <= action < MERGE:
        return {"kind": "square", "square": action - SQUARE}
    if MERGE <= action < NUM_ACTIONS:
        square, kind = divmod(action - MERGE, 6)
        return {"kind": "merge", "square": square, "unit": kind_code(BASE_KINDS[kind])}
    raise NotationError(f"no Omringad action {action}")

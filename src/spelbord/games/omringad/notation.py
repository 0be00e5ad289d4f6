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
4 + seat (4)           ``target B`` send one hit to that seat's party (R123)
8                      ``target Z`` send one hit to the dragon (R111)
10 + cell (25)         ``tile c3`` place the next terrain tile on your square
40 + kind (6)          ``buy E``   buy one unit of a base kind
50 + class (12)        ``take e``  add one unmoved unit of a class to the group
70 + class (12)        ``hit e``   allocate one hit to one of your units
90 + kind (6)          ``place E`` choose which bought unit to place next
100 + square           ``A c3``    a square: a move's origin, a step, a settlement
200 + square*6 + kind  ``merge``   merge two damaged units of a kind in a settlement
800 + class - 12 (16)  ``take d``  take a special unit into the group
816 + class - 12 (16)  ``hit d``   allocate one hit to a special unit
840 + N (N = 1..100)   ``bid 7``   raise the standing bid to N gold (R102)
950                    ``envoy``   spend the diplomat: the attack is cancelled (R110)
951                    ``fight``   keep the diplomat; the battle goes on
=====================  ==========  =========================================

A *class* is a kind (in ``Kind`` order: the six base kinds, then the eight special units)
and a damage state: ``kind * 2 + damaged``; its text is the unit's letter, lower case when
damaged. Classes 0-11 are base units, 12-27 special units. The draw from the cup is a chance
action: an index into ``SPECIAL_KINDS`` (``draw dragon``). Passing in the auction is
``pass``; placing the won unit is a square.

>>> from spelbord.games.omringad.map import PILLOW
>>> text(SQUARE + 13, PILLOW.label), text(BUY + 1, PILLOW.label), text(HIT + 3, PILLOW.label)
('A d3', 'buy E', 'hit e')
>>> text(take_action(unit_class(Unit(Kind.DRAGON))), PILLOW.label), text(BID + 7, PILLOW.label)
('take Z', 'bid 7')
"""

from __future__ import annotations

from collections.abc import Callable

from spelbord.core.errors import NotationError
from spelbord.games.omringad.units import BASE_KINDS, KIND_CODES, SPECIAL_KINDS, Kind, Unit

PASS = 0
DONE = 1
WAIT = 2
STOP = 3
TARGET = 4
TARGET_DRAGON = 8
TILE = 10
BUY = 40
TAKE = 50
HIT = 70
PLACE = 90
SQUARE = 100
MERGE = 200
TAKE_SPECIAL = 800
HIT_SPECIAL = 816
BID = 840
MAX_BID = 100
ENVOY = 950
FIGHT = 951
NUM_ACTIONS = 960

ALL_KINDS: tuple[Kind, ...] = tuple(Kind)
"""Every kind in class order: the six base kinds, then the special units."""
NUM_CLASSES = 2 * len(ALL_KINDS)
BASE_CLASSES = 2 * len(BASE_KINDS)

_WORDS = {
    PASS: "pass",
    DONE: "done",
    WAIT: "wait",
    STOP: "stop",
    ENVOY: "envoy",
    FIGHT: "fight",
}
_SEATS = "ABCD"


def unit_class(unit: Unit) -> int:
    """The class id of a unit: ``kind * 2 + damaged``, kinds in ``Kind`` order."""
    return _KIND_INDEX[unit.kind] * 2 + int(unit.damaged)


def class_unit(cls: int) -> Unit:
    """The unit of a class id."""
    return _CLASS_UNITS[cls]


def take_action(cls: int) -> int:
    """The ``take`` action of a unit class (base or special)."""
    return TAKE + cls if cls < BASE_CLASSES else TAKE_SPECIAL + cls - BASE_CLASSES


def hit_action(cls: int) -> int:
    """The ``hit`` action of a unit class (base or special)."""
    return HIT + cls if cls < BASE_CLASSES else HIT_SPECIAL + cls - BASE_CLASSES


def is_take(action: int) -> bool:
    return TAKE <= action < TAKE + BASE_CLASSES or TAKE_SPECIAL <= action < HIT_SPECIAL


def is_hit(action: int) -> bool:
    return HIT <= action < HIT + BASE_CLASSES or HIT_SPECIAL <= action < HIT_SPECIAL + 16


def action_class(action: int) -> int:
    """The unit class a ``take`` or ``hit`` action names.

    >>> action_class(take_action(25)), action_class(hit_action(3))
    (25, 3)
    """
    if TAKE <= action < TAKE + BASE_CLASSES:
        return action - TAKE
    if HIT <= action < HIT + BASE_CLASSES:
        return action - HIT
    if TAKE_SPECIAL <= action < HIT_SPECIAL:
        return action - TAKE_SPECIAL + BASE_CLASSES
    if HIT_SPECIAL <= action < HIT_SPECIAL + 16:
        return action - HIT_SPECIAL + BASE_CLASSES
    raise NotationError(f"action {action} names no unit")


def draw_text(index: int) -> str:
    """The text of the draw from the cup (a chance action): ``draw dragon``."""
    return f"draw {SPECIAL_KINDS[index].value}"


_KIND_INDEX = {k: i for i, k in enumerate(ALL_KINDS)}
_CLASS_UNITS = tuple(Unit(k, damaged=d) for k in ALL_KINDS for d in (False, True))


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
    if TARGET <= action < TARGET + 4:
        return f"target {_SEATS[action - TARGET]}"
    if action == TARGET_DRAGON:
        return "target Z"
    if TILE <= action < TILE + 25:
        return f"tile {cell_name(action - TILE)}"
    if BUY <= action < BUY + len(BASE_KINDS):
        return f"buy {kind_code(BASE_KINDS[action - BUY])}"
    if is_take(action):
        return f"take {class_unit(action_class(action)).code}"
    if is_hit(action):
        return f"hit {class_unit(action_class(action)).code}"
    if PLACE <= action < PLACE + len(BASE_KINDS):
        return f"place {kind_code(BASE_KINDS[action - PLACE])}"
    if SQUARE <= action < MERGE:
        return label(action - SQUARE)
    if MERGE <= action < TAKE_SPECIAL:
        square, kind = divmod(action - MERGE, 6)
        return f"merge {kind_code(BASE_KINDS[kind])} {label(square)}"
    if BID < action <= BID + MAX_BID:
        return f"bid {action - BID}"
    raise NotationError(f"no Omringad action {action}")


def describe(action: int) -> dict[str, object]:
    """A structured description: ``kind`` and, where named, ``square``, ``unit`` or ``cell``.

    >>> describe(SQUARE + 7), describe(TAKE + 3)
    ({'kind': 'square', 'square': 7}, {'kind': 'take', 'unit': 'e'})
    """
    if action in _WORDS:
        return {"kind": _WORDS[action]}
    if TARGET <= action < TARGET + 4:
        return {"kind": "target", "seat": action - TARGET}
    if action == TARGET_DRAGON:
        return {"kind": "target", "seat": -1}
    if TILE <= action < TILE + 25:
        return {"kind": "tile", "cell": action - TILE}
    if BUY <= action < BUY + len(BASE_KINDS):
        return {"kind": "buy", "unit": kind_code(BASE_KINDS[action - BUY])}
    if is_take(action):
        return {"kind": "take", "unit": class_unit(action_class(action)).code}
    if is_hit(action):
        return {"kind": "hit", "unit": class_unit(action_class(action)).code}
    if PLACE <= action < PLACE + len(BASE_KINDS):
        return {"kind": "place", "unit": kind_code(BASE_KINDS[action - PLACE])}
    if SQUARE <= action < MERGE:
        return {"kind": "square", "square": action - SQUARE}
    if MERGE <= action < TAKE_SPECIAL:
        square, kind = divmod(action - MERGE, 6)
        return {"kind": "merge", "square": square, "unit": kind_code(BASE_KINDS[kind])}
    if BID < action <= BID + MAX_BID:
        return {"kind": "bid", "amount": action - BID}
    raise NotationError(f"no Omringad action {action}")

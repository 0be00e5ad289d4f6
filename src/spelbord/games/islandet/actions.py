"""Action ids: each decision of a seat is one small integer from a fixed range.

=========  =======================  ===============================================
kind       argument                 meaning
=========  =======================  ===============================================
block      square                   setup: place an obstacle block
place      kind, square             setup: put a unit of this kind on a home square
face       facing                   setup: the facing of the unit just placed
padkind    kind                     setup: the kind for the next carrier-pad slot
enter      slot                     bring the unit of this pad slot onto the island
padmove    -                        on a 0: choose to move the carrier pad
turn       square, side (0 L, 1 R)  on a 0: turn this unit where it stands
shoot      square                   this unit shoots (its target follows from it)
done       -                        stop shooting
move       square, how (0 F, 1 L,   move this unit by the roll: straight, or straight
           2 R)                     then turn left/right with the last pip
padshift   side (0 W, 1 E)          move the carrier pad by the roll
remove     square                   rule 1A: remove this opposing unit for free
removepad  slot                     rule 1B: remove the opposing unit in this pad slot
decline    -                        rules 1A/1B: take no free removal (version 3 on)
=========  =======================  ===============================================

New kinds go at the end, so the ids of older versions' records keep their meaning.

>>> decode(encode("move", 14, 2))
Action(kind='move', square=14, arg=2)
>>> NUM_ACTIONS
1606
"""

from __future__ import annotations

from dataclasses import dataclass

from spelbord.games.islandet.board import PAD_SLOTS, SQUARES
from spelbord.games.islandet.units import KINDS


@dataclass(frozen=True)
class Action:
    """A decoded action: its kind, the square it concerns (or -1) and a small argument."""

    kind: str
    square: int = -1
    arg: int = 0


# (kind, uses a square, number of argument values)
_LAYOUT: tuple[tuple[str, bool, int], ...] = (
    ("block", True, 1),
    ("place", True, len(KINDS)),
    ("face", False, 4),
    ("padkind", False, len(KINDS)),
    ("enter", False, PAD_SLOTS),
    ("padmove", False, 1),
    ("turn", True, 2),
    ("shoot", True, 1),
    ("done", False, 1),
    ("move", True, 3),
    ("padshift", False, 2),
    ("remove", True, 1),
    ("removepad", False, PAD_SLOTS),
    ("decline", False, 1),
)

_BASE: dict[str, int] = {}
_SPAN: dict[str, tuple[bool, int]] = {}
_offset = 0
for _kind, _has_square, _args in _LAYOUT:
    _BASE[_kind] = _offset
    _SPAN[_kind] = (_has_square, _args)
    _offset += (SQUARES if _has_square else 1) * _args
NUM_ACTIONS = _offset
_STARTS = sorted((base, kind) for kind, base in _BASE.items())


def encode(kind: str, square: int = -1, arg: int = 0) -> int:
    """The action id of ``kind`` with its square (or -1) and argument."""
    has_square, args = _SPAN[kind]
    if not 0 <= arg < args or has_square != (square >= 0):
        raise ValueError(f"bad {kind} action: square {square}, argument {arg}")
    return _BASE[kind] + ((square * args if has_square else 0) + arg)


def decode(action: int) -> Action:
    """The inverse of ``encode``; ``ValueError`` outside ``0..NUM_ACTIONS-1``."""
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"no action {action}")
    kind = ""
    base = 0
    for start, name in _STARTS:
        if start > action:
            break
        base, kind = start, name
    has_square, args = _SPAN[kind]
    rel = action - base
    if has_square:
        return Action(kind, rel // args, rel % args)
    return Action(kind, -1, rel)

"""The units on the board as plain lists (cheap to copy, JSON-ready) and their helpers.

A square holds a list of stacks; a stack is ``[owner, code, code, ...]``, top unit first. A
unit *code* packs a unit and whether it moved this round:
``code = (kind * 2 + damaged) * 2 + moved`` (so ``code // 2`` is the unit's class), kinds in
``Kind`` order (the six base kinds, then the special units). The dragon's stack has owner
``NEUTRAL`` (-1).

>>> c = code(Unit(Kind.ARCHER, damaged=True), moved=True)
>>> unit_of(c), moved(c), code_class(c)
(Unit(kind=<Kind.ARCHER: 'archer'>, damaged=True), True, 5)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from spelbord.games.omringad.units import UNITS, Kind, Stack, Unit

RawStack = list[int]
"""``[owner, code, ...]``, top first."""

RawBoard = list[list[RawStack]]
"""Per square, its stacks."""

ALL_KINDS: tuple[Kind, ...] = tuple(Kind)
_KIND_INDEX = {k: i for i, k in enumerate(ALL_KINDS)}
_CLASS_UNITS = tuple(Unit(k, damaged=d) for k in ALL_KINDS for d in (False, True))
_GENERAL_KIND = _KIND_INDEX[Kind.GENERAL]
_HORSES_KIND = _KIND_INDEX[Kind.HORSES]
GENERAL_CLASS = _GENERAL_KIND * 2
NEUTRAL = -1
"""The owner of the dragon's stack: nobody."""


def code(unit: Unit, moved: bool = False) -> int:
    """The code of ``unit`` with its moved flag."""
    return (_KIND_INDEX[unit.kind] * 2 + int(unit.damaged)) * 2 + int(moved)


def unit_of(c: int) -> Unit:
    return _CLASS_UNITS[c // 2]


def moved(c: int) -> bool:
    return bool(c % 2)


def code_class(c: int) -> int:
    """The class (``kind * 2 + damaged``) of a code."""
    return c // 2


def kind_index(c: int) -> int:
    return c // 4


def is_general(c: int) -> bool:
    return c // 4 == _GENERAL_KIND


def is_horses(c: int) -> bool:
    return c // 4 == _HORSES_KIND


def order_top(codes: Iterable[int]) -> list[int]:
    """Codes with the horses on top, then any general, the rest in their order (R80, R112).

    >>> h, g, m = (code(Unit(k)) for k in (Kind.HORSES, Kind.GENERAL, Kind.MERCENARY))
    >>> order_top([m, g, h]) == [h, g, m]
    True
    """
    codes = list(codes)
    first = [c for c in codes if is_horses(c)] + [c for c in codes if is_general(c)]
    return first + [c for c in codes if not (is_horses(c) or is_general(c))]


def copy_board(board: RawBoard) -> RawBoard:
    """A deep copy (search copies a board at every step: most squares are empty)."""
    return [[s[:] for s in square] if square else [] for square in board]


def find_stack(board: RawBoard, square: int, owner: int) -> RawStack | None:
    for s in board[square]:
        if s[0] == owner:
            return s
    return None


def add_units(board: RawBoard, square: int, owner: int, codes: Sequence[int]) -> None:
    """Put ``codes`` on top of ``owner``'s stack on ``square`` (a general stays on top)."""
    if not codes:
        return
    s = find_stack(board, square, owner)
    if s is None:
        board[square].append([owner, *order_top(codes)])
    else:
        s[1:] = order_top([*codes, *s[1:]])


def remove_empty(board: RawBoard, square: int) -> None:
    board[square] = [s for s in board[square] if len(s) > 1]


def as_stack(raw: RawStack) -> Stack:
    """The ``Stack`` of a raw stack (memoized: a ``Stack`` is frozen, and search reads the
    same stacks over and over)."""
    key = tuple(raw)
    found = _AS_STACK.get(key)
    if found is None:
        if len(_AS_STACK) >= _AS_STACK_SIZE:
            _AS_STACK.clear()
        found = _AS_STACK[key] = Stack(raw[0], tuple(_CLASS_UNITS[c // 2] for c in raw[1:]))
    return found


_AS_STACK: dict[tuple[int, ...], Stack] = {}
_AS_STACK_SIZE = 50000


def stacks_view(board: RawBoard) -> dict[int, list[Stack]]:
    """The board as ``{square: [Stack, ...]}`` for the pure rule functions."""
    return {sq: [as_stack(s) for s in stacks] for sq, stacks in enumerate(board) if stacks}


def occupants(board: RawBoard, square: int) -> list[int]:
    return [s[0] for s in board[square]]


def units_of(raw: RawStack) -> tuple[Unit, ...]:
    return tuple(unit_of(c) for c in raw[1:])


def health_left(c: int) -> int:
    """Hits it takes to eliminate the unit of code ``c``."""
    u = unit_of(c)
    return 1 if u.damaged or UNITS[u.kind].health < 2 else 2

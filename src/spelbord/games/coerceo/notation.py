"""Coerceo notation (R16): fields, moves and exchanges as short text.

A tile is named by a letter for x (``a``..``e`` = -2..2) and a digit for y (``1``..``5`` =
-2..2): the centre is ``c3``. A field adds a colon and its number 0..5 (clockwise from the
top): ``c3:0``. A move is ``from-to``; an exchange is ``x`` and the piece removed.

>>> Move.parse("c3:0-c4:2")
Move(source=54, target=62)
>>> str(Move.parse(" C3:0 - c4:2 "))
'c3:0-c4:2'
>>> str(Exchange.parse("xb2:1"))
'xb2:1'
>>> action_text(Move.parse("c3:0-c4:2").action)
'c3:0-c4:2'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from spelbord.core import NotationError
from spelbord.games.coerceo.board import (
    MOVE_NEIGHBOURS,
    NUM_FIELDS,
    RADIUS,
    SLOT_OF,
    TILE_INDEX,
    field_coords,
)
from spelbord.games.coerceo.rules import EXCHANGE_BASE, MOVE_ACTIONS, NUM_ACTIONS

_FIELD = r"([a-e])\s*([1-5])\s*:\s*([0-5])"
_MOVE_RE = re.compile(rf"^\s*{_FIELD}\s*-\s*{_FIELD}\s*$", re.IGNORECASE)
_EXCHANGE_RE = re.compile(rf"^\s*x\s*{_FIELD}\s*$", re.IGNORECASE)


def tile_name(x: int, y: int) -> str:
    """``c3`` for the centre tile (0, 0)."""
    return f"{chr(ord('a') + x + RADIUS)}{y + RADIUS + 1}"


def field_name(field: int) -> str:
    """``c3:0`` for the top field of the centre tile."""
    x, y, f = field_coords(field)
    return f"{tile_name(x, y)}:{f}"


def _field(letter: str, digit: str, number: str, text: str) -> int:
    x = ord(letter.lower()) - ord("a") - RADIUS
    y = int(digit) - RADIUS - 1
    tile = TILE_INDEX.get((x, y))
    if tile is None:
        raise NotationError(f"{text!r}: there is no tile {letter.lower()}{digit}")
    return tile * 6 + int(number)


@dataclass(frozen=True)
class Move:
    """A piece moving from field ``source`` to a move-neighbour field ``target``."""

    source: int
    target: int

    def __post_init__(self) -> None:
        if (self.source, self.target) not in SLOT_OF:
            raise NotationError(
                f"{field_name(self.source)} and {field_name(self.target)} are not move-neighbours"
            )

    @property
    def action(self) -> int:
        """The action id ``source * 6 + slot``."""
        return self.source * 6 + SLOT_OF[(self.source, self.target)]

    @classmethod
    def from_action(cls, action: int) -> Move:
        if not 0 <= action < MOVE_ACTIONS:
            raise NotationError(f"{action} is not a move id")
        source, slot = divmod(action, 6)
        targets = MOVE_NEIGHBOURS[source]
        if slot >= len(targets):
            raise NotationError(f"{action} is not a move id")
        return cls(source, targets[slot])

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``c3:0-c4:2`` (case and spaces are forgiven)."""
        m = _MOVE_RE.match(text)
        if m is None:
            raise NotationError(f"{text!r} is not a move (like c3:0-c4:2)")
        a, b, c, d, e, f = m.groups()
        return cls(_field(a, b, c, text), _field(d, e, f, text))

    def __str__(self) -> str:
        return f"{field_name(self.source)}-{field_name(self.target)}"


@dataclass(frozen=True)
class Exchange:
    """Giving up collected tiles to remove the opponent piece on field ``target``."""

    target: int

    def __post_init__(self) -> None:
        if not 0 <= self.target < NUM_FIELDS:
            raise NotationError(f"no field {self.target}")

    @property
    def action(self) -> int:
        return EXCHANGE_BASE + self.target

    @classmethod
    def from_action(cls, action: int) -> Exchange:
        if not EXCHANGE_BASE <= action < NUM_ACTIONS:
            raise NotationError(f"{action} is not an exchange id")
        return cls(action - EXCHANGE_BASE)

    @classmethod
    def parse(cls, text: str) -> Exchange:
        """Read ``xc3:1`` (case and spaces are forgiven)."""
        m = _EXCHANGE_RE.match(text)
        if m is None:
            raise NotationError(f"{text!r} is not an exchange (like xc3:1)")
        a, b, c = m.groups()
        return cls(_field(a, b, c, text))

    def __str__(self) -> str:
        return f"x{field_name(self.target)}"


Action = Move | Exchange


def parse_action(text: str) -> Action:
    """A ``Move`` or an ``Exchange`` from its text; ``NotationError`` otherwise."""
    if _EXCHANGE_RE.match(text):
        return Exchange.parse(text)
    return Move.parse(text)


def from_action(action: int) -> Action:
    """The ``Move`` or ``Exchange`` of an action id."""
    if 0 <= action < MOVE_ACTIONS:
        return Move.from_action(action)
    return Exchange.from_action(action)


def action_text(action: int) -> str:
    """The notation of an action id."""
    return str(from_action(action))

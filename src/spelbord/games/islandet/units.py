"""The units of a battle unit: kinds with their firing range, and a unit on the island.

>>> KINDS[TANK].range, KINDS[TANK].letter
(4, 'T')
>>> Unit(seat=1, kind=SOLDIER, facing=2).glyph()
's'
>>> ARMY
(0, 0, 0, 0, 0, 1, 1, 1, 2, 2)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Kind:
    """A kind of unit: its name, one-letter symbol, firing range and number per player."""

    name: str
    letter: str
    range: int
    count: int


SOLDIER, JEEP, TANK = 0, 1, 2
KINDS: tuple[Kind, ...] = (
    Kind("soldier", "S", 2, 5),
    Kind("jeep", "J", 3, 3),
    Kind("tank", "T", 4, 2),
)
ARMY: tuple[int, ...] = tuple(k for k, kind in enumerate(KINDS) for _ in range(kind.count))
"""The ten units each player starts with, as kind indices."""

MAX_POINTS = sum(KINDS[k].range for k in ARMY) + sum(
    sorted((KINDS[k].range for k in ARMY), reverse=True)[:5]
)
"""The highest possible score: every unit alive, the five longest-ranged on the pad."""


def kind_by_name(text: str) -> int:
    """Kind index from a name or letter (``"tank"``, ``"T"``); ``ValueError`` otherwise."""
    t = text.strip().lower()
    for k, kind in enumerate(KINDS):
        if t in (kind.name, kind.letter.lower()):
            return k
    raise ValueError(f"not a unit kind: {text!r}")


@dataclass(frozen=True)
class Unit:
    """A unit standing on the island: owner seat, kind index and facing (0..3, N E S W)."""

    seat: int
    kind: int
    facing: int

    @property
    def range(self) -> int:
        return KINDS[self.kind].range

    def glyph(self) -> str:
        """Its letter: upper case for South (seat 0), lower case for North (seat 1)."""
        letter = KINDS[self.kind].letter
        return letter if self.seat == 0 else letter.lower()

    def turned(self, facing: int) -> Unit:
        return Unit(self.seat, self.kind, facing)

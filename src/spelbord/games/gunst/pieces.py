"""The pieces of Gunst: kin, deities, rows, the deity track and a secret selection.

>>> KINS[1].name, KINS[1].letter, KINS[1].count
('warrior', 'W', 3)
>>> Selection.decode(Selection((1, 2, 0, 0, 1), 0b0101).code)
Selection(kin=(1, 2, 0, 0, 1), deities=5)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Kin:
    """A kind of kin piece; its index is also the number of the row it starts in, minus one."""

    index: int
    name: str
    plural: str
    letter: str
    count: int


@dataclass(frozen=True)
class Deity:
    """One of the four EVEA deities (index in track order, left to right)."""

    index: int
    name: str
    short: str


@dataclass(frozen=True)
class Row:
    """A row of the battlefield; its effect, not the piece in it, decides what a piece does."""

    index: int
    name: str
    plural: str


KNIGHT, WARRIOR, FARMER, THIEF, SCHOLAR = range(5)
KINS: tuple[Kin, ...] = (
    Kin(KNIGHT, "knight", "knights", "K", 1),
    Kin(WARRIOR, "warrior", "warriors", "W", 3),
    Kin(FARMER, "farmer", "farmers", "F", 3),
    Kin(THIEF, "thief", "thieves", "T", 2),
    Kin(SCHOLAR, "scholar", "scholars", "S", 2),
)
ROWS: tuple[Row, ...] = tuple(Row(k.index, k.name, k.plural) for k in KINS)
FULL_HAND: tuple[int, ...] = tuple(k.count for k in KINS)

EXTAZIA, VANDRINGSMANDEN, EURIKA, ARCHIMEDES = range(4)
DEITIES: tuple[Deity, ...] = (
    Deity(EXTAZIA, "Extazia", "Ex"),
    Deity(VANDRINGSMANDEN, "Vandringsmanden", "Va"),
    Deity(EURIKA, "Eurika", "Eu"),
    Deity(ARCHIMEDES, "Archimedes", "Ar"),
)

# The deity track (R2): far end of the plane staff, the first and second plane, the hand.
START, TUSMORKET, TAGEN, HAND = 0, 1, 2, 3
FIELD = 4
"""Track value of a deity brought onto the field this round (it has not acted yet)."""
SPENT = 5
"""Track value of a deity that has acted this round and stays on the field, spent, until
the last row has acted (R13, rules version 3); then it goes to Tågen."""
PLACES: tuple[str, ...] = ("start", "Tusmørket", "Tågen", "hand", "field", "spent")

MAX_FAVOUR = HAND - START
"""R7: the favour moves one deity at most from the start to the hand ("maks ... 3")."""

LIFE = 12
SEASONS = 4

_RADIX: tuple[int, ...] = tuple(k.count + 1 for k in KINS)
KIN_RADIX = _RADIX
"""Per kin kind: the counts a selection may hold (0 .. the set size), the digits of a code."""
NUM_SELECTIONS = 16
for _r in _RADIX:
    NUM_SELECTIONS *= _r


@dataclass(frozen=True)
class Selection:
    """What one seat brings in Tinge: a count per kin kind and a bitmask of deities.

    ``code`` packs it into one integer below ``NUM_SELECTIONS`` (kin counts in mixed radix,
    then the four deity bits), so a selection is a single action.
    """

    kin: tuple[int, ...]
    deities: int

    @property
    def code(self) -> int:
        value = 0
        for count, radix in zip(self.kin, _RADIX, strict=True):
            value = value * radix + count
        return value * 16 + self.deities

    @classmethod
    def decode(cls, code: int) -> Selection:
        value, mask = divmod(code, 16)
        counts = []
        for radix in reversed(_RADIX):
            value, count = divmod(value, radix)
            counts.append(count)
        return cls(tuple(reversed(counts)), mask)

    def size(self) -> int:
        """Pieces on the field: kin plus deities (the count that decides who chooses)."""
        return sum(self.kin) + bin(self.deities).count("1")

    def deity_list(self) -> list[int]:
        return [d for d in range(4) if self.deities >> d & 1]

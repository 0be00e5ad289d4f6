"""The unit table (R20-R25): costs, movement (F) and strength (S), undamaged and damaged.

S is the number a die must reach to hit: a unit hits when ``die + modifiers >= S`` (R41).
A unit with ``health`` 2 takes a damage marker at its first hit and is eliminated at its
second; with ``health`` 1 the first hit eliminates it (the table's "Eliminerad").

>>> UNITS[Kind.RIDER].strength, UNITS[Kind.RIDER].strength_damaged
(4, 5)
>>> Unit(Kind.ARCHER).move, Unit(Kind.ARCHER, damaged=True).move
(2, 1)
>>> order = {Kind.MERCENARY: 5, Kind.ELITE: 3, Kind.CATAPULT: 1}
>>> STARTING_POOL.total(), Pool.cost_of(order)
(35, 25)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from spelbord.core.errors import SpelbordError


class Kind(StrEnum):
    """Every kind of unit: the six base kinds a player buys, then the eight special units."""

    MERCENARY = "mercenary"
    ELITE = "elite"
    ARCHER = "archer"
    RIDER = "rider"
    CATAPULT = "catapult"
    GENERAL = "general"
    DIPLOMAT = "diplomat"
    DRAGON = "dragon"
    HORSES = "horses"
    INFILTRATOR = "infiltrator"
    ELEPHANTS = "elephants"
    MAGICIAN = "magician"
    PIRATES = "pirates"
    SNIPERS = "snipers"


@dataclass(frozen=True)
class UnitType:
    """One row of the unit table.

    ``cost`` is ``None`` for special units (bought at auction). ``move``/``strength`` are
    ``None`` where the table has no value (the general has no S; the dragon never moves).
    ``health`` is the number of hits that eliminate it; ``hittable`` is false only for
    horses. ``ranged`` units fire in the ranged step, the others with an S in the melee step.
    ``leader_bonus`` is added to the dice of the other units on its side (the general).
    ``move_bonus`` is added to the F of units moving with it (horses, max F 3).
    ``conquers_alone``: false for units that cannot take a square or besiege on their own.
    ``forest_penalised``: takes the forest's die penalty (archers, catapults; R15).
    ``mountain_defender``: takes the mountain's die bonus when defending (elite; R11).
    """

    kind: Kind
    name_sv: str
    cost: int | None
    move: int | None
    strength: int | None
    move_damaged: int | None
    strength_damaged: int | None
    health: int
    pool: int
    ranged: bool = False
    special: bool = False
    leader_bonus: int = 0
    move_bonus: int = 0
    hittable: bool = True
    conquers_alone: bool = True
    forest_penalised: bool = False
    mountain_defender: bool = False
    note: str = ""

    @property
    def fights(self) -> bool:
        """Whether it rolls dice in battle (it has an S)."""
        return self.strength is not None


# fmt: off
_ROWS = (
    # kind             name_sv           cost  F     S     F dmg S dmg health pool
    (Kind.MERCENARY,   "legoknektar",    2,    1,    6,    1,    6,    2,     16),
    (Kind.ELITE,       "elitsoldater",   3,    2,    5,    2,    5,    2,     6),
    (Kind.ARCHER,      "bågskyttar",     4,    2,    5,    1,    5,    2,     4),
    (Kind.RIDER,       "ryttare",        5,    3,    4,    3,    5,    2,     4),
    (Kind.CATAPULT,    "katapult",       6,    1,    4,    1,    4,    2,     2),
    (Kind.GENERAL,     "general",        10,   2,    None, None, None, 1,     3),
    (Kind.DIPLOMAT,    "diplomat",       None, 1,    None, None, None, 1,     1),
    (Kind.DRAGON,      "draken",         None, None, 2,    None, 3,    2,     1),
    (Kind.HORSES,      "hästar",         None, None, None, None, None, 1,     1),
    (Kind.INFILTRATOR, "infiltratör",    None, 2,    None, None, None, 1,     1),
    (Kind.ELEPHANTS,   "krigselefanter", None, 3,    4,    2,    4,    2,     1),
    (Kind.MAGICIAN,    "magiker",        None, 2,    3,    None, None, 1,     1),
    (Kind.PIRATES,     "pirater",        None, 2,    5,    1,    5,    2,     1),
    (Kind.SNIPERS,     "prickskyttar",   None, 2,    6,    2,    6,    2,     1),
)
# fmt: on

_EXTRAS: dict[Kind, dict[str, Any]] = {
    Kind.ELITE: {"mountain_defender": True, "note": "+1 on the die defending a mountain"},
    Kind.ARCHER: {"ranged": True, "forest_penalised": True,
                  "note": "-1 on the die fighting in a forest"},
    Kind.CATAPULT: {"ranged": True, "forest_penalised": True,
                    "note": "-1 on the die fighting in a forest"},
    Kind.GENERAL: {"leader_bonus": 1,
                   "note": "+1 on the dice of the other units on its side; not cumulative"},
    Kind.DIPLOMAT: {"conquers_alone": False,
                    "note": "spent to end an attack on its square; the attackers go back"},
    Kind.DRAGON: {"conquers_alone": False,
                  "note": "owned by nobody; attacks every unit that enters its square"},
    Kind.HORSES: {"move_bonus": 1, "hittable": False, "conquers_alone": False,
                  "note": "+1 F (max 3) for the units moving with them; never hit"},
    Kind.INFILTRATOR: {"conquers_alone": False,
                       "note": "cancels the enemy general's bonus while it lives"},
    Kind.ELEPHANTS: {"note": "cannot use the horses' bonus"},
    Kind.MAGICIAN: {"ranged": True, "conquers_alone": False},
    Kind.PIRATES: {"note": "may stand on and cross lakes as if mountains; "
                           "cannot besiege from a lake"},
    Kind.SNIPERS: {"ranged": True,
                   "note": "their owner chooses which enemy unit each hit strikes"},
}  # fmt: skip


def _unit_type(row: tuple[Any, ...]) -> UnitType:
    kind, name, cost, move, strength, move_dmg, strength_dmg, health, pool = row
    return UnitType(
        kind, name, cost, move, strength, move_dmg, strength_dmg,
        health=health, pool=pool, special=cost is None, **_EXTRAS.get(kind, {}),
    )  # fmt: skip


UNITS: dict[Kind, UnitType] = {row[0]: _unit_type(row) for row in _ROWS}
"""The unit table, keyed by kind (seed pages 4-5); special units cost ``None`` (auction)."""

BASE_KINDS: tuple[Kind, ...] = tuple(k for k, u in UNITS.items() if not u.special)
"""The six kinds a player buys, cheapest first."""

SPECIAL_KINDS: tuple[Kind, ...] = tuple(k for k, u in UNITS.items() if u.special)
"""The eight special units of the auction cup."""


@dataclass(frozen=True, order=True)
class Unit:
    """One unit on the board or in a battle: its kind and whether it carries a damage marker."""

    kind: Kind
    damaged: bool = False

    @property
    def type(self) -> UnitType:
        return UNITS[self.kind]

    @property
    def move(self) -> int | None:
        """Its F now (damaged archers, riders' S and so on follow the table)."""
        t = UNITS[self.kind]
        return t.move_damaged if self.damaged else t.move

    @property
    def strength(self) -> int | None:
        """Its S now, before modifiers."""
        t = UNITS[self.kind]
        return t.strength_damaged if self.damaged else t.strength

    def hit(self) -> Unit | None:
        """The unit after one more hit: damaged, or ``None`` when eliminated (R21)."""
        if not UNITS[self.kind].hittable:
            raise UnitError(f"{self.kind.value} cannot be hit")
        if self.damaged or UNITS[self.kind].health < 2:
            return None
        return Unit(self.kind, damaged=True)

    @property
    def code(self) -> str:
        """Short text: the kind's letter code, lower case when damaged (``E``, ``e``)."""
        c = KIND_CODES[self.kind]
        return c.lower() if self.damaged else c


KIND_CODES: dict[Kind, str] = {
    Kind.MERCENARY: "M",
    Kind.ELITE: "E",
    Kind.ARCHER: "A",
    Kind.RIDER: "R",
    Kind.CATAPULT: "K",
    Kind.GENERAL: "G",
    Kind.DIPLOMAT: "D",
    Kind.DRAGON: "Z",
    Kind.HORSES: "H",
    Kind.INFILTRATOR: "I",
    Kind.ELEPHANTS: "X",
    Kind.MAGICIAN: "W",
    Kind.PIRATES: "P",
    Kind.SNIPERS: "S",
}
"""One-letter codes used in notation and text boards."""


class UnitError(SpelbordError):
    """An impossible operation on units or pools (hitting horses, buying what is not there)."""


@dataclass(frozen=True)
class Pool:
    """How many units of each base kind a player still has off the board (R6).

    ``counts`` follows ``BASE_KINDS``. Eliminated units return here (R46); a purchase takes
    from here, so the pool caps how many of a kind can be on the board at once.
    """

    counts: tuple[int, ...]

    @classmethod
    def full(cls) -> Pool:
        return cls(tuple(UNITS[k].pool for k in BASE_KINDS))

    def count(self, kind: Kind) -> int:
        return self.counts[BASE_KINDS.index(kind)]

    def total(self) -> int:
        return sum(self.counts)

    def take(self, kind: Kind, n: int = 1) -> Pool:
        """The pool after ``n`` units of ``kind`` leave it."""
        i = BASE_KINDS.index(kind)
        if n < 0 or self.counts[i] < n:
            raise UnitError(f"the pool has {self.counts[i]} {kind.value}, cannot take {n}")
        return Pool((*self.counts[:i], self.counts[i] - n, *self.counts[i + 1 :]))

    def give_back(self, kind: Kind, n: int = 1) -> Pool:
        """The pool after ``n`` eliminated units of ``kind`` return to it."""
        i = BASE_KINDS.index(kind)
        if n < 0 or self.counts[i] + n > UNITS[kind].pool:
            raise UnitError(f"a pool holds at most {UNITS[kind].pool} {kind.value}")
        return Pool((*self.counts[:i], self.counts[i] + n, *self.counts[i + 1 :]))

    @staticmethod
    def cost_of(order: Mapping[Kind, int]) -> int:
        """The gold an order of base units costs."""
        total = 0
        for kind, n in order.items():
            cost = UNITS[kind].cost
            if cost is None:
                raise UnitError(f"{kind.value} is bought at auction, not from the pool")
            total += cost * n
        return total

    def affordable(self, gold: int) -> tuple[Kind, ...]:
        """The base kinds still in the pool that ``gold`` can pay for."""
        out = []
        for k in BASE_KINDS:
            cost = UNITS[k].cost
            if cost is not None and self.count(k) > 0 and cost <= gold:
                out.append(k)
        return tuple(out)


STARTING_POOL = Pool.full()
"""35 units: 16 mercenaries, 6 elite, 4 archers, 4 riders, 2 catapults, 3 generals."""


_TOP_ORDER = {Kind.HORSES: 0, Kind.GENERAL: 1}


@dataclass(frozen=True)
class Stack:
    """One player's units on one square, top first (R80).

    Horses always lie on top, then any general (R80); the other units keep the order their
    owner stacked them in. Opponents see the owner, the count and the top unit only.
    """

    owner: int
    units: tuple[Unit, ...]

    @classmethod
    def of(cls, owner: int, units: tuple[Unit, ...] | list[Unit]) -> Stack:
        """A stack with horses and generals moved to the top, the rest in the given order."""
        ordered = sorted(units, key=lambda u: _TOP_ORDER.get(u.kind, 2))
        return cls(owner, tuple(ordered))

    @property
    def top(self) -> Unit:
        if not self.units:
            raise UnitError("an empty stack has no top unit")
        return self.units[0]

    def __len__(self) -> int:
        return len(self.units)

    def can_conquer(self) -> bool:
        """Whether these units may take a square or besiege (R25): one that can on its own."""
        return any(UNITS[u.kind].conquers_alone for u in self.units)

    def public(self) -> dict[str, object]:
        """What every seat may see of it: owner, count and top unit (R80)."""
        return {"owner": self.owner, "count": len(self.units), "top": self.top.code}

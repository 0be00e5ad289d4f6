"""The battle's pure rules (R40-R46): who fires in which step, the modifiers, to hit.

A battle is fought in rounds of two steps: the ranged step (units with ranged weapons fire),
then the melee step (every other unit with an S fires). In each step both sides roll at
once, one die per firing unit; then each side allocates the hits it took, one at a time,
to its own units (R45). The rounds repeat until one side is gone (R47). The battle itself
is played by ``phases.battle``, on the game's state; this module holds the
rules it asks.

A die hits when ``die + modifier >= S``; a 6 always hits and a 1 always misses (R41).

The seed's example: red mercenaries (S 6) led by a general hit on a 5 or a 6.

>>> red = Side(0, (Unit(Kind.MERCENARY), Unit(Kind.GENERAL)), attacking=False)
>>> yellow = Side(1, (Unit(Kind.RIDER),), attacking=True)
>>> die_modifier(Unit(Kind.MERCENARY), red, yellow, Terrain.BARE)
1
>>> [d for d in range(1, 7) if hits(d, 6, 1)]
[5, 6]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from spelbord.core.errors import SpelbordError
from spelbord.games.omringad.terrain import TERRAIN, Terrain
from spelbord.games.omringad.units import UNITS, Kind, Unit


class BattleError(SpelbordError):
    """An impossible battle operation (allocating a hit to a unit that is not there)."""


class Step(StrEnum):
    """The two steps of a battle round (R40)."""

    RANGED = "ranged"
    MELEE = "melee"


@dataclass(frozen=True)
class Side:
    """One side of a battle: its owner, its units (in any order) and whether it attacks."""

    owner: int
    units: tuple[Unit, ...]
    attacking: bool

    def alive(self) -> bool:
        """Whether any unit that can be hit remains (horses alone do not count, R46)."""
        return any(UNITS[u.kind].hittable for u in self.units)

    def has(self, kind: Kind) -> bool:
        return any(u.kind == kind for u in self.units)

    def with_units(self, units: tuple[Unit, ...]) -> Side:
        return replace(self, units=units)


def firing_units(side: Side, step: Step) -> tuple[Unit, ...]:
    """The units of ``side`` that roll a die in ``step`` (R40): ranged ones, then melee ones."""
    out = []
    for u in side.units:
        t = UNITS[u.kind]
        if t.fights and t.ranged == (step == Step.RANGED):
            out.append(u)
    return tuple(out)


def leader_bonus(side: Side, enemy: Side) -> int:
    """The general's bonus for ``side``'s units: +1 with any general, never more (R42).

    An enemy infiltrator cancels it while the infiltrator lives.
    """
    if enemy.has(Kind.INFILTRATOR):
        return 0
    return max((UNITS[u.kind].leader_bonus for u in side.units), default=0)


def die_modifier(unit: Unit, side: Side, enemy: Side, terrain: Terrain) -> int:
    """Everything added to ``unit``'s die when it fires in a battle on ``terrain`` (R42-R44).

    - the general's bonus (R42);
    - castle walls: +1 for every defender (R43);
    - elite soldiers defending a mountain: +1 (R43);
    - archers and catapults fighting in a forest: -1 (R44).
    """
    t = TERRAIN[terrain]
    kind = UNITS[unit.kind]
    m = leader_bonus(side, enemy)
    if not side.attacking:
        m += t.defence_bonus
        if kind.mountain_defender:
            m += t.elite_defence_bonus
    if kind.forest_penalised:
        m += t.ranged_penalty
    return m


def party_modifier(unit: Unit, side: Side, foes: Sequence[Side], terrain: Terrain) -> int:
    """``die_modifier`` in a battle with several enemy parties (R42-R44, R113, R123).

    A live infiltrator in any enemy party cancels the general's bonus; the forest's -1 is
    for archers and catapults only (not the magician or the snipers, R115).

    >>> red = Side(0, (Unit(Kind.ARCHER), Unit(Kind.GENERAL)), attacking=False)
    >>> blue = Side(1, (Unit(Kind.MERCENARY),), attacking=True)
    >>> yellow = Side(2, (Unit(Kind.INFILTRATOR),), attacking=True)
    >>> party_modifier(Unit(Kind.ARCHER), red, [blue], Terrain.FOREST)
    0
    >>> party_modifier(Unit(Kind.ARCHER), red, [blue, yellow], Terrain.FOREST)
    -1
    """
    enemy = Side(-2, tuple(u for f in foes for u in f.units), attacking=not side.attacking)
    return die_modifier(unit, side, enemy, terrain)


def hits(die: int, strength: int, modifier: int) -> bool:
    """Whether ``die`` hits for a unit of S ``strength`` with ``modifier`` (R41).

    >>> hits(6, 6, -1), hits(1, 2, 5), hits(4, 5, 1), hits(4, 5, 0)
    (True, False, True, False)
    """
    if not 1 <= die <= 6:
        raise BattleError(f"a die shows 1 to 6, not {die}")
    if die == 6:
        return True
    if die == 1:
        return False
    return die + modifier >= strength


def needed_die(strength: int, modifier: int) -> int:
    """The lowest die that hits for S ``strength`` with ``modifier``: 2 to 6 (R41).

    ``hits(d, strength, modifier)`` is exactly ``d >= needed_die(strength, modifier)``.

    >>> needed_die(6, 0), needed_die(5, 1), needed_die(4, 3), needed_die(6, -2)
    (6, 4, 2, 6)
    """
    return min(6, max(2, strength - modifier))


def absorbable_hits(side: Side) -> int:
    """How many hits it takes to eliminate every unit of ``side``."""
    total = 0
    for u in side.units:
        t = UNITS[u.kind]
        if t.hittable:
            total += 1 if (u.damaged or t.health < 2) else 2
    return total


def can_score(side: Side) -> bool:
    """Whether ``side`` still has a unit that rolls dice in some step."""
    return any(UNITS[u.kind].fights for u in side.units)

"""The battle procedure as pure functions (R40-R48).

A battle is fought in rounds of two steps: the ranged step (units with ranged weapons fire),
then the melee step (every other unit with an S fires). In each step both sides roll at
once, one die per firing unit; then each side allocates the hits it took, one at a time,
to its own units (R45). The rounds repeat until one side is gone (R47).

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
from fractions import Fraction

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


@dataclass(frozen=True)
class Die:
    """One die to roll in a battle step: whose it is, the unit, its modifier (R40-R44)."""

    side: int
    """0 for the attacker, 1 for the defender."""
    unit: Unit
    modifier: int

    @property
    def needed(self) -> int:
        """The lowest face that hits."""
        strength = self.unit.strength
        assert strength is not None  # only units with an S roll
        return needed_die(strength, self.modifier)


def step_dice(attacker: Side, defender: Side, terrain: Terrain, step: Step) -> tuple[Die, ...]:
    """The dice of one step: the attacker's firing units, then the defender's (R40).

    >>> a = Side(0, (Unit(Kind.ARCHER), Unit(Kind.MERCENARY)), attacking=True)
    >>> d = Side(1, (Unit(Kind.MERCENARY), Unit(Kind.GENERAL)), attacking=False)
    >>> [(x.side, x.unit.code, x.needed) for x in step_dice(a, d, Terrain.CASTLE, Step.MELEE)]
    [(0, 'M', 6), (1, 'M', 4)]
    """
    out = []
    for i, (own, enemy) in enumerate(((attacker, defender), (defender, attacker))):
        for u in firing_units(own, step):
            out.append(Die(i, u, die_modifier(u, own, enemy, terrain)))
    return tuple(out)


def hit_probability(strength: int, modifier: int) -> Fraction:
    """The chance one die hits: between 1/6 and 5/6 (R41).

    >>> hit_probability(6, 0), hit_probability(4, 1), hit_probability(2, 3)
    (Fraction(1, 6), Fraction(2, 3), Fraction(5, 6))
    """
    return Fraction(sum(hits(d, strength, modifier) for d in range(1, 7)), 6)


def firing_chances(side: Side, enemy: Side, terrain: Terrain, step: Step) -> tuple[Fraction, ...]:
    """The hit chance of each die ``side`` rolls in ``step``."""
    out = []
    for u in firing_units(side, step):
        strength = u.strength
        assert strength is not None  # firing units have an S
        out.append(hit_probability(strength, die_modifier(u, side, enemy, terrain)))
    return tuple(out)


def count_hits(side: Side, enemy: Side, terrain: Terrain, step: Step, dice: Sequence[int]) -> int:
    """How many hits ``side`` scores in ``step`` with ``dice`` (one per firing unit, in order)."""
    shooters = firing_units(side, step)
    if len(dice) != len(shooters):
        raise BattleError(f"{len(shooters)} units fire, got {len(dice)} dice")
    total = 0
    for u, die in zip(shooters, dice, strict=True):
        strength = u.strength
        assert strength is not None
        total += hits(die, strength, die_modifier(u, side, enemy, terrain))
    return total


def hit_distribution(chances: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """``P(k hits)`` for k = 0..len(chances) when each die hits independently.

    >>> [str(p) for p in hit_distribution([Fraction(1, 2), Fraction(1, 3)])]
    ['1/3', '1/2', '1/6']
    """
    dist = [Fraction(1)]
    for p in chances:
        nxt = [Fraction(0)] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return tuple(dist)


def hit_targets(side: Side) -> tuple[Unit, ...]:
    """The distinct units of ``side`` a hit may be allocated to, sorted (R45).

    Any unit may take a hit, with or without an S, except horses. Identical units (same kind,
    same damage) are one choice.
    """
    return tuple(sorted({u for u in side.units if UNITS[u.kind].hittable}))


def take_hit(side: Side, target: Unit) -> Side:
    """``side`` after one hit allocated to one of its ``target`` units (R45, R46).

    An undamaged two-hit unit becomes damaged; any other unit is eliminated. When the last
    unit that can be hit is eliminated, the horses with it are eliminated too.
    """
    if target not in side.units or not UNITS[target.kind].hittable:
        raise BattleError(f"side {side.owner} has no {target.code} to take a hit")
    units = list(side.units)
    i = units.index(target)
    after = target.hit()
    if after is None:
        del units[i]
    else:
        units[i] = after
    if not any(UNITS[u.kind].hittable for u in units):
        units = []
    return side.with_units(tuple(units))


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


@dataclass(frozen=True)
class Battle:
    """A battle in progress on one square (two sides).

    ``step`` is the step about to be rolled; ``pending`` the hits each side (attacker,
    defender) still has to allocate to its own units from the last roll.
    """

    square: int
    terrain: Terrain
    attacker: Side
    defender: Side
    step: Step = Step.RANGED
    rounds: int = 0
    pending: tuple[int, int] = (0, 0)

    def sides(self) -> tuple[Side, Side]:
        return self.attacker, self.defender

    def is_over(self) -> bool:
        """A side is gone, or neither can score any more hits (R47, R48)."""
        if self.pending != (0, 0):
            return False
        if not self.attacker.alive() or not self.defender.alive():
            return True
        return not can_score(self.attacker) and not can_score(self.defender)

    def winner(self) -> int | None:
        """The owner whose units survive, or ``None`` when both are gone or in a stand-off."""
        if not self.is_over():
            raise BattleError("the battle is not over")
        a, d = self.attacker.alive(), self.defender.alive()
        if a and not d:
            return self.attacker.owner
        if d and not a:
            return self.defender.owner
        return None

    def stand_off(self) -> bool:
        """Both sides remain but neither can hit: the attackers go back (R48)."""
        return self.is_over() and self.attacker.alive() and self.defender.alive()

    def chances(self) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
        """Each side's per-die hit chances in the step about to be rolled."""
        a, d = self.attacker, self.defender
        return (
            firing_chances(a, d, self.terrain, self.step),
            firing_chances(d, a, self.terrain, self.step),
        )

    def roll(self, attacker_hits: int, defender_hits: int) -> Battle:
        """The battle after this step's roll: attacker scored ``attacker_hits`` and so on.

        Hits beyond what a side can absorb are dropped (the side is simply gone). The next
        step becomes current; allocation follows before it is rolled.
        """
        if self.pending != (0, 0) or self.is_over():
            raise BattleError("cannot roll now")
        n_att, n_def = (len(firing_units(s, self.step)) for s in self.sides())
        if not (0 <= attacker_hits <= n_att and 0 <= defender_hits <= n_def):
            raise BattleError("more hits than dice")
        pending = (
            min(defender_hits, absorbable_hits(self.attacker)),
            min(attacker_hits, absorbable_hits(self.defender)),
        )
        nxt = Step.MELEE if self.step == Step.RANGED else Step.RANGED
        rounds = self.rounds + (1 if self.step == Step.MELEE else 0)
        return replace(self, step=nxt, rounds=rounds, pending=pending)

    def allocating(self) -> int | None:
        """The side index (0 attacker, 1 defender) that allocates a hit now, or ``None``."""
        for i in (0, 1):
            if self.pending[i] > 0:
                return i
        return None

    def allocate(self, target: Unit) -> Battle:
        """One pending hit allocated by its taker to its own ``target`` unit (R45)."""
        i = self.allocating()
        if i is None:
            raise BattleError("no hit to allocate")
        side = take_hit(self.sides()[i], target)
        pending = (
            (self.pending[0] - 1, self.pending[1])
            if i == 0
            else (
                self.pending[0],
                self.pending[1] - 1,
            )
        )
        if i == 0:
            return replace(self, attacker=side, pending=pending)
        return replace(self, defender=side, pending=pending)

    def skip_empty_steps(self) -> Battle:
        """Advance past a step in which no unit of either side fires (nothing to roll)."""
        b = self
        for _ in range(2):
            if b.is_over() or b.pending != (0, 0):
                return b
            if firing_units(b.attacker, b.step) or firing_units(b.defender, b.step):
                return b
            b = b.roll(0, 0)
        return b

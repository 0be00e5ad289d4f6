"""The eight special units' effects as pure functions (R110-R118).

The movement, siege and battle code ask these questions; each answer is one sentence of
the seed's rules (pages 5-7) or one ruling of RULES-NOTES.

>>> horses_bonus(Unit(Kind.MERCENARY)), horses_bonus(Unit(Kind.ELEPHANTS))
(1, 0)
>>> hit_allocator(Kind.SNIPERS, shooter=0, target=1), hit_allocator(Kind.ARCHER, 0, 1)
(0, 1)
>>> lake_entry([Unit(Kind.PIRATES)]), lake_entry([Unit(Kind.PIRATES), Unit(Kind.ELITE)])
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from spelbord.core.errors import SpelbordError
from spelbord.games.omringad.movement import MAX_MOVE, group_allowance
from spelbord.games.omringad.terrain import TERRAIN, Terrain
from spelbord.games.omringad.units import UNITS, Kind, Unit

NEUTRAL = -1
"""The owner of the dragon: nobody (R111)."""


class SpecialUnitError(SpelbordError):
    """A special unit asked to do what it cannot (spending an absent diplomat ...)."""


def hostile(a: int, b: int, teams: Sequence[int] | None = None) -> bool:
    """Whether two owners fight: different camps, the dragon (``NEUTRAL``) against all.

    ``siege.enemies`` does not know the dragon (``teams[-1]`` would name a seat): the rules
    must ask this function wherever the dragon's stack may be involved.

    >>> hostile(NEUTRAL, 0, (0, 1, 1, 0)), hostile(0, 3, (0, 1, 1, 0)), hostile(0, 1)
    (True, False, True)
    """
    if a == b:
        return False
    if a == NEUTRAL or b == NEUTRAL or teams is None:
        return True
    return teams[a] != teams[b]


# ---------------------------------------------------------------------- R110 diplomat
def diplomat_can_cancel(defenders: Iterable[Unit], defending: bool) -> bool:
    """Whether the diplomat's owner may end the attack on its square now (R110).

    The owner's units on the attacked square must hold a diplomat, and the owner must be
    the one attacked: a diplomat taking part in an attack cannot be used. It may be played
    before the battle or at any point during it (between two steps).
    """
    return defending and any(u.kind == Kind.DIPLOMAT for u in defenders)


def spend_diplomat(units: Sequence[Unit]) -> tuple[Unit, ...]:
    """The units after their diplomat is spent: it leaves the board for the cup (R110)."""
    for i, u in enumerate(units):
        if u.kind == Kind.DIPLOMAT:
            return (*units[:i], *units[i + 1 :])
    raise SpecialUnitError("no diplomat to spend")


# ---------------------------------------------------------------------- R111 dragon
def dragon_may_land(terrain: Terrain, occupied: bool) -> bool:
    """Whether the dragon may be placed on a square: forest, mountain or bare, empty."""
    return terrain in (Terrain.FOREST, Terrain.MOUNTAIN, Terrain.BARE) and not occupied


def dragon_strength(damaged: bool) -> int:
    """The dragon's S: 2 undamaged, 3 damaged; it fights in the melee step (R111)."""
    s = Unit(Kind.DRAGON, damaged).strength
    assert s is not None
    return s


def controller_after_dragon_battle(controller: int, survivors_owner: int | None) -> int:
    """Who controls the dragon's square after a battle there (R111, R49).

    The dragon never takes a square: if it survives, or nobody does, the square keeps its
    controller (who still draws income from it); a player whose units survive takes it.
    """
    if survivors_owner is None or survivors_owner == NEUTRAL:
        return controller
    return survivors_owner


# ---------------------------------------------------------------------- R112 horses
def horses_bonus(unit: Unit) -> int:
    """What the horses add to ``unit``'s F when it moves with them: +1 up to F 3 (R112).

    Nothing for war elephants, for units already at F 3, for units without an F (the
    horses themselves, the dragon).
    """
    f = unit.move
    if f is None or unit.kind == Kind.ELEPHANTS or f >= MAX_MOVE:
        return 0
    return min(MAX_MOVE, f + UNITS[Kind.HORSES].move_bonus) - f


def horses_survive(units_with_them: Iterable[Unit]) -> bool:
    """Whether horses stay on the board with these units of their owner (R112).

    Horses are never left alone: when no other unit of their owner stays on their square
    (it moved off without them, or their stack was wiped out in battle) they are lost.
    """
    return any(u.kind != Kind.HORSES for u in units_with_them)


def horses_may_move(group: Iterable[Unit]) -> bool:
    """Whether a moving group may take the horses: only with at least one other unit."""
    return horses_survive(group)


def horses_keep_company(group: Sequence[Unit], staying: Sequence[Unit]) -> bool:
    """Whether splitting a stack into a moving ``group`` and the units ``staying`` leaves
    the horses in company on both sides (R112, ruling: such a move is refused).

    >>> horses_keep_company([Unit(Kind.HORSES), Unit(Kind.ELITE)], [Unit(Kind.MERCENARY)])
    True
    >>> horses_keep_company([Unit(Kind.ELITE)], [Unit(Kind.HORSES)])
    False
    """
    for units in (group, staying):
        if any(u.kind == Kind.HORSES for u in units) and not horses_survive(units):
            return False
    return True


# ---------------------------------------------------------------------- R113 infiltrator
def general_bonus(own: Iterable[Unit], enemies: Iterable[Iterable[Unit]]) -> int:
    """The general's +1 for a party's units, cancelled by a live enemy infiltrator (R113).

    ``enemies`` are the units of every enemy party in the same battle now; the bonus comes
    back the moment the last enemy infiltrator is eliminated. Generals never add up (R42).
    """
    if any(u.kind == Kind.INFILTRATOR for party in enemies for u in party):
        return 0
    return max((UNITS[u.kind].leader_bonus for u in own), default=0)


# ---------------------------------------------------------------------- R114 elephants
def elephants_values(damaged: bool) -> tuple[int, int]:
    """War elephants' (F, S): F3 S4 undamaged, F2 S4 damaged; no horse bonus (R114)."""
    u = Unit(Kind.ELEPHANTS, damaged)
    assert u.move is not None and u.strength is not None
    return u.move, u.strength


# ---------------------------------------------------------------------- R116 pirates
def lake_entry(group: Iterable[Unit]) -> bool:
    """Whether a group may enter or cross a lake: only pirates, alone (R116, R14)."""
    units = list(group)
    return bool(units) and all(u.kind == Kind.PIRATES for u in units)


def pirate_terrain(terrain: Terrain) -> Terrain:
    """The terrain a lake counts as for pirates' movement: a mountain (R116).

    Entering a lake ends the move, and a move starting on a lake takes one step only.
    """
    return Terrain.MOUNTAIN if terrain == Terrain.LAKE else terrain


def pirates_allowance(group: Sequence[Unit], start: Terrain) -> int:
    """How far a group of pirates may walk this move (R116, R31): a start on a lake
    counts as a start on a mountain (one step)."""
    return group_allowance(group, pirate_terrain(start))


def attackable(terrain: Terrain, units: Iterable[Unit]) -> bool:
    """Whether units standing on ``terrain`` can be attacked: not pirates on a lake (R116)."""
    return not (terrain == Terrain.LAKE and lake_entry(units))


def besieges_from(terrain: Terrain, units: Iterable[Unit]) -> bool:
    """Whether a stack besieges the settlements next to it (R116, R118, R53).

    Never from a lake; and only with a unit that can conquer on its own.
    """
    return terrain != Terrain.LAKE and can_conquer_alone(units)


# ---------------------------------------------------------------------- R117 snipers
def hit_allocator(shooter_kind: Kind, shooter: int, target: int) -> int:
    """Who allocates a hit: the sniper's owner for the snipers' hits, else the one hit."""
    return shooter if shooter_kind == Kind.SNIPERS else target


# ---------------------------------------------------------------------- R118 conquering
def can_conquer_alone(units: Iterable[Unit]) -> bool:
    """Whether these units may take a square or besiege: one of them can on its own (R118).

    The diplomat, the infiltrator and the magician cannot, nor horses (never alone) nor the
    dragon (owned by nobody).
    """
    return any(UNITS[u.kind].conquers_alone for u in units)


def takes_control(survivors: Iterable[Unit]) -> bool:
    """Whether a battle's surviving party takes the square (R118, R49).

    **Ruling:** survivors that cannot conquer on their own (a lone magician) win the battle
    but leave the square to its controller.
    """
    return can_conquer_alone(survivors)


def fires_in_ranged_step(kind: Kind) -> bool:
    """Whether a unit fires in the ranged step: archers, catapults, the magician, snipers."""
    return UNITS[kind].fights and UNITS[kind].ranged


def terrain_allows(terrain: Terrain, group: Iterable[Unit]) -> bool:
    """Whether a group may stand on ``terrain``: lakes only for pirates alone (R14, R116)."""
    return TERRAIN[terrain].passable or (terrain == Terrain.LAKE and lake_entry(group))

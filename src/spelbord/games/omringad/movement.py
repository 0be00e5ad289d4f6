"""Movement (R30-R38) as pure functions: how far a group goes and where each step may lead.

A move takes a group of unmoved units from one square and walks it one orthogonal step at
a time (across seams too). The rules decide, step by step, where the group may go next.

>>> from spelbord.games.omringad.units import Kind, Unit
>>> group_allowance([Unit(Kind.RIDER), Unit(Kind.ELITE)], Terrain.BARE)
2
>>> group_allowance([Unit(Kind.RIDER), Unit(Kind.ELITE)], Terrain.MOUNTAIN)
1
>>> group_allowance([Unit(Kind.MERCENARY), Unit(Kind.HORSES)], Terrain.BARE)
2
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from spelbord.core.errors import SpelbordError
from spelbord.games.omringad.map import GameMap
from spelbord.games.omringad.siege import enemies
from spelbord.games.omringad.terrain import TERRAIN, Terrain
from spelbord.games.omringad.units import UNITS, Kind, Stack, Unit

MAX_MOVE = 3
"""No unit's F ever exceeds 3 (R31)."""


class MovementError(SpelbordError):
    """A group that cannot move at all (no unit with an F)."""


def unit_allowance(unit: Unit, with_horses: bool) -> int | None:
    """A unit's F in this move: its table value, +1 with horses (max 3, not elephants) (R31).

    ``None`` for units without an F of their own (horses, the dragon).
    """
    f = unit.move
    if f is None:
        return None
    if with_horses and unit.kind != Kind.ELEPHANTS:
        f = min(MAX_MOVE, f + UNITS[Kind.HORSES].move_bonus)
    return f


def group_allowance(units: Sequence[Unit], start: Terrain) -> int:
    """How many steps a group may take together: its slowest unit decides (R31).

    A group that starts on a mountain may take one step only (R33); so may a group of
    pirates that starts on a lake, which counts as a mountain for them (R116).
    """
    with_horses = any(u.kind == Kind.HORSES for u in units)
    values = [f for u in units if (f := unit_allowance(u, with_horses)) is not None]
    if not values:
        raise MovementError("no unit in the group can move on its own")
    f = min(values)
    if TERRAIN[start].stops_movement or stops_here(start, units):
        f = min(f, 1)
    return f


def can_stand_on(units: Sequence[Unit], terrain: Terrain) -> bool:
    """Whether the group may enter ``terrain``: lakes only for a group of pirates (R32)."""
    if TERRAIN[terrain].passable:
        return True
    return terrain == Terrain.LAKE and all(u.kind == Kind.PIRATES for u in units)


def stops_here(terrain: Terrain, units: Sequence[Unit]) -> bool:
    """Whether entering ``terrain`` ends the move by itself (mountains; lakes for pirates)."""
    if TERRAIN[terrain].stops_movement:
        return True
    return terrain == Terrain.LAKE and all(u.kind == Kind.PIRATES for u in units)


def hostile_here(
    stacks: Mapping[int, Sequence[Stack]], square: int, mover: int, teams: Sequence[int] | None
) -> bool:
    """Whether ``square`` holds units of an enemy of ``mover`` (R34)."""
    return any(enemies(s.owner, mover, teams) for s in stacks.get(square, ()))


def allied_here(
    stacks: Mapping[int, Sequence[Stack]], square: int, mover: int, teams: Sequence[int] | None
) -> bool:
    """Whether ``square`` holds units of an ally of ``mover`` (never entered, R54)."""
    return any(
        s.owner != mover and not enemies(s.owner, mover, teams) for s in stacks.get(square, ())
    )


@dataclass(frozen=True)
class Entry:
    """A group that moved into a square this round: its owner, where it stepped in from, size."""

    owner: int
    came_from: int
    count: int


def exit_restriction(
    entries: Sequence[Entry], owner: int, teams: Sequence[int] | None = None
) -> tuple[int, frozenset[int]]:
    """What enemy attackers in a square impose on ``owner``'s units there (R35).

    Returns ``(stay, barred)``: at least ``stay`` of the owner's units must remain (as many
    as the attacking units), and no unit may leave to a square in ``barred`` (where the
    attackers stepped in from).
    """
    hostile = [e for e in entries if enemies(e.owner, owner, teams)]
    return sum(e.count for e in hostile), frozenset(e.came_from for e in hostile)


def next_steps(
    game_map: GameMap,
    terrain: Sequence[Terrain],
    stacks: Mapping[int, Sequence[Stack]],
    mover: int,
    units: Sequence[Unit],
    path: Sequence[int],
    *,
    peace: bool = False,
    barred: frozenset[int] = frozenset(),
    teams: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """The squares the group may step to next, sorted (R30-R38).

    ``path`` is the walk so far, starting at the group's square; ``stacks`` the units on the
    board without the moving group. A step is allowed when the group has F left, has not
    stopped (mountain or enemy units entered, R33-R34), the target is not a lake (R32), not
    on the path already, holds no allied units (R54), does not cross a border in the peace
    round (R38), and, for the first step, is not barred by the exit restriction (R35).
    """
    here = path[-1]
    if len(path) - 1 >= group_allowance(units, terrain[path[0]]):
        return ()
    if len(path) > 1 and (
        stops_here(terrain[here], units) or hostile_here(stacks, here, mover, teams)
    ):
        return ()
    out = []
    for n in game_map.neighbours[here]:
        if n in path or not can_stand_on(units, terrain[n]):
            continue
        if peace and game_map.country_of(n) != game_map.country_of(here):
            continue
        if len(path) == 1 and n in barred:
            continue
        if allied_here(stacks, n, mover, teams):
            continue
        out.append(n)
    return tuple(out)


def conquers(
    units: Sequence[Unit],
    stacks: Mapping[int, Sequence[Stack]],
    control: Sequence[int],
    square: int,
    mover: int,
    teams: Sequence[int] | None = None,
    *,
    own_units_defend: bool = False,
) -> bool:
    """Whether the group takes control of ``square`` on entering it (R36).

    It does when an enemy controls the square, no other player's units stand there, and
    the group holds a unit that can conquer on its own; passing through counts as much as
    stopping. The mover's own units there (a magician that could not take the square
    alone, R118) do not stop it. ``own_units_defend``: rules versions 1 and 2, where any
    units on the square, the mover's own too, kept the square from being taken.

    >>> control = [0] * 25 + [1] * 25
    >>> magician = {12: [Stack.of(1, [Unit(Kind.MAGICIAN)])]}
    >>> conquers([Unit(Kind.ELITE)], magician, control, 12, mover=1)
    True
    >>> conquers([Unit(Kind.ELITE)], magician, control, 12, mover=1, own_units_defend=True)
    False
    """
    if not enemies(control[square], mover, teams):
        return False
    here = stacks.get(square, ())
    if any(own_units_defend or s.owner != mover for s in here):
        return False
    return any(UNITS[u.kind].conquers_alone for u in units)

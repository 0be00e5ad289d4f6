"""Sieges (R50-R54): enemy units next to a castle or village limit its reinforcements.

A settlement is besieged from every orthogonally adjacent square (across seams too) that
holds enemy units able to besiege. One such square: a partial siege, at most 2 units may
be placed there per reinforcement phase. Two or more: a full siege, none. Special units
ignore sieges when they are placed. From rules version 4 the dragon besieges every
settlement next to it, whoever controls it (``dragon_besieges``, R111).

>>> from spelbord.games.omringad.map import PILLOW
>>> from spelbord.games.omringad.units import Kind, Stack, Unit
>>> terrain = [Terrain.BARE] * 50
>>> village = PILLOW.square_id(0, 2, 4)
>>> terrain[village] = Terrain.VILLAGE
>>> stacks = {PILLOW.square_id(1, 2, 4): [Stack.of(1, [Unit(Kind.MERCENARY)])]}
>>> siege_level(PILLOW, terrain, stacks, village, controller=0)
<SiegeLevel.PARTIAL: 1>
>>> reinforcement_cap(SiegeLevel.PARTIAL)
2
>>> dragon = {PILLOW.square_id(0, 2, 3): [Stack.of(-1, [Unit(Kind.DRAGON)])]}
>>> siege_level(PILLOW, terrain, dragon, village, controller=0)
<SiegeLevel.NONE: 0>
>>> siege_level(PILLOW, terrain, dragon, village, controller=0, dragon_besieges=True)
<SiegeLevel.PARTIAL: 1>
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import IntEnum

from spelbord.core.errors import SpelbordError
from spelbord.games.omringad.board import NEUTRAL
from spelbord.games.omringad.map import GameMap
from spelbord.games.omringad.terrain import TERRAIN, Terrain
from spelbord.games.omringad.units import Stack


class SiegeError(SpelbordError):
    """A siege question about a square that is not a settlement."""


class SiegeLevel(IntEnum):
    """How besieged a settlement is (R51-R52)."""

    NONE = 0
    PARTIAL = 1
    FULL = 2


def enemies(a: int, b: int, teams: Sequence[int] | None = None) -> bool:
    """Whether players ``a`` and ``b`` are enemies (different teams; alone by default).

    A negative owner (the neutral dragon) is everybody's enemy; it has no team.
    """
    if teams is None or a < 0 or b < 0:
        return a != b
    return teams[a] != teams[b]


def can_besiege(stack: Stack, terrain: Terrain, *, dragon_besieges: bool = False) -> bool:
    """Whether ``stack`` standing on ``terrain`` besieges the settlements next to it (R53).

    Units that cannot conquer on their own (diplomat, infiltrator, magician) need another
    unit with them; nobody besieges from a lake (pirates, the only lake units, cannot).
    The dragon (owned by nobody, so everybody's enemy) besieges when ``dragon_besieges``
    (rules version 4, R111; it never stands on a lake); before, it never did.
    """
    if terrain == Terrain.LAKE:
        return False
    if stack.owner == NEUTRAL:
        return dragon_besieges
    return stack.can_conquer()


def besieging_squares(
    game_map: GameMap,
    terrain: Sequence[Terrain],
    stacks: Mapping[int, Sequence[Stack]],
    settlement: int,
    controller: int,
    teams: Sequence[int] | None = None,
    *,
    dragon_besieges: bool = False,
) -> tuple[int, ...]:
    """The distinct adjacent squares from which enemies of ``controller`` besiege (R50);
    with ``dragon_besieges`` the dragon's square is one of them (R111, rules version 4)."""
    out = []
    for n in game_map.neighbours[settlement]:
        for stack in stacks.get(n, ()):
            if enemies(stack.owner, controller, teams) and can_besiege(
                stack, terrain[n], dragon_besieges=dragon_besieges
            ):
                out.append(n)
                break
    return tuple(out)


def siege_level(
    game_map: GameMap,
    terrain: Sequence[Terrain],
    stacks: Mapping[int, Sequence[Stack]],
    settlement: int,
    controller: int,
    teams: Sequence[int] | None = None,
    *,
    dragon_besieges: bool = False,
) -> SiegeLevel:
    """NONE, PARTIAL (one besieging square) or FULL (two or more) (R51-R52)."""
    if not TERRAIN[terrain[settlement]].settlement:
        raise SiegeError(f"square {settlement} is not a castle or village")
    found = besieging_squares(
        game_map, terrain, stacks, settlement, controller, teams, dragon_besieges=dragon_besieges
    )
    n = len(found)
    return SiegeLevel(min(n, 2))


def reinforcement_cap(level: SiegeLevel) -> int | None:
    """How many units may be placed in a settlement this phase; ``None``: no limit (R51)."""
    return {SiegeLevel.NONE: None, SiegeLevel.PARTIAL: 2, SiegeLevel.FULL: 0}[level]

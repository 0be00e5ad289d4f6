"""The terrain table (R10-R15): what each kind of square does and is worth.

>>> TERRAIN[Terrain.CASTLE].points, TERRAIN[Terrain.LAKE].passable
(5, False)
>>> sum(TILES_PER_COUNTRY.values())
9
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from spelbord.core.errors import SpelbordError


class Terrain(StrEnum):
    """The kinds of square. Every square is bare until a terrain tile is placed on it."""

    BARE = "bare"
    MOUNTAIN = "mountain"
    CASTLE = "castle"
    VILLAGE = "village"
    LAKE = "lake"
    FOREST = "forest"

    @property
    def letter(self) -> str:
        """One-letter code for text boards: . M C V L F."""
        return _LETTERS[self]


_LETTERS = {
    Terrain.BARE: ".",
    Terrain.MOUNTAIN: "M",
    Terrain.CASTLE: "C",
    Terrain.VILLAGE: "V",
    Terrain.LAKE: "L",
    Terrain.FOREST: "F",
}


@dataclass(frozen=True)
class TerrainType:
    """The effects of one kind of terrain.

    - ``points``: score for controlling it at the end of a round (R62).
    - ``passable``: whether ordinary units may enter it (lakes: no, R14).
    - ``stops_movement``: entering ends the move; leaving later allows one step only (R11).
    - ``settlement``: reinforcements and special units are placed here; can be besieged (R12, R13).
    - ``defence_bonus``: added to every defending unit's die (castle walls, R12).
    - ``elite_defence_bonus``: added to defending elite soldiers' dice (mountain, R11).
    - ``ranged_penalty``: added to archers' and catapults' dice fighting here (forest, R15).
    """

    terrain: Terrain
    name_sv: str
    points: int
    passable: bool = True
    stops_movement: bool = False
    settlement: bool = False
    defence_bonus: int = 0
    elite_defence_bonus: int = 0
    ranged_penalty: int = 0


TERRAIN: dict[Terrain, TerrainType] = {
    t.terrain: t
    for t in (
        TerrainType(Terrain.BARE, "barmark", points=0),
        TerrainType(Terrain.MOUNTAIN, "berg", points=1, stops_movement=True, elite_defence_bonus=1),
        TerrainType(Terrain.CASTLE, "borg", points=5, settlement=True, defence_bonus=1),
        TerrainType(Terrain.VILLAGE, "by", points=2, settlement=True),
        TerrainType(Terrain.LAKE, "sjö", points=0, passable=False),
        TerrainType(Terrain.FOREST, "skog", points=1, ranged_penalty=-1),
    )
}
"""The terrain table, keyed by kind."""

TILES_PER_COUNTRY: dict[Terrain, int] = {
    Terrain.CASTLE: 1,
    Terrain.VILLAGE: 2,
    Terrain.LAKE: 2,
    Terrain.FOREST: 2,
    Terrain.MOUNTAIN: 2,
}
"""The nine loose terrain tiles each player places in their own country (R5)."""


def check_layout(layout: dict[int, Terrain], country_squares: range) -> None:
    """Raise ``TerrainLayoutError`` unless ``layout`` places exactly one country's tiles (R5).

    ``layout`` maps square ids to the terrain tile placed there; every square must lie in
    ``country_squares`` and the tile counts must match ``TILES_PER_COUNTRY``.
    """
    for square in layout:
        if square not in country_squares:
            raise TerrainLayoutError(f"square {square} is outside the country")
    counts: dict[Terrain, int] = {}
    for t in layout.values():
        counts[t] = counts.get(t, 0) + 1
    if counts != TILES_PER_COUNTRY:
        raise TerrainLayoutError(f"a country takes exactly {TILES_PER_COUNTRY}; got {counts}")


class TerrainLayoutError(SpelbordError):
    """A terrain layout that does not place exactly one country's nine tiles."""

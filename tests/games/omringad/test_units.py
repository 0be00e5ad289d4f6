"""Omringad's unit and terrain tables (R6, R10-R15, R20-R24)."""

from __future__ import annotations

import pytest

from spelbord.games.omringad.map import PILLOW
from spelbord.games.omringad.terrain import (
    TERRAIN,
    TILES_PER_COUNTRY,
    Terrain,
    TerrainLayoutError,
    check_layout,
)
from spelbord.games.omringad.units import (
    BASE_KINDS,
    SPECIAL_KINDS,
    STARTING_POOL,
    UNITS,
    Kind,
    Pool,
    Unit,
    UnitError,
)


@pytest.mark.parametrize(
    ("kind", "cost", "f", "s", "f_dmg", "s_dmg"),
    [
        (Kind.MERCENARY, 2, 1, 6, 1, 6),
        (Kind.ELITE, 3, 2, 5, 2, 5),
        (Kind.ARCHER, 4, 2, 5, 1, 5),
        (Kind.RIDER, 5, 3, 4, 3, 5),
        (Kind.CATAPULT, 6, 1, 4, 1, 4),
    ],
)
def test_r20_base_unit_table(kind: Kind, cost: int, f: int, s: int, f_dmg: int, s_dmg: int) -> None:
    u = UNITS[kind]
    assert (u.cost, u.move, u.strength, u.move_damaged, u.strength_damaged) == (
        cost,
        f,
        s,
        f_dmg,
        s_dmg,
    )
    assert u.health == 2 and not u.special and u.hittable
    assert (Unit(kind).move, Unit(kind).strength) == (f, s)
    assert (Unit(kind, True).move, Unit(kind, True).strength) == (f_dmg, s_dmg)


def test_r20_ranged_units_are_archers_and_catapults_among_the_base_kinds() -> None:
    assert [k for k in BASE_KINDS if UNITS[k].ranged] == [Kind.ARCHER, Kind.CATAPULT]
    assert [k for k in BASE_KINDS if UNITS[k].forest_penalised] == [Kind.ARCHER, Kind.CATAPULT]
    assert [k for k in BASE_KINDS if UNITS[k].mountain_defender] == [Kind.ELITE]


def test_r22_general_costs_10_moves_2_has_no_strength_and_dies_at_one_hit() -> None:
    g = UNITS[Kind.GENERAL]
    assert (g.cost, g.move, g.strength, g.leader_bonus, g.health) == (10, 2, None, 1, 1)
    assert not g.fights
    assert Unit(Kind.GENERAL).hit() is None


def test_r21_two_hits_eliminate_every_base_unit_but_the_general() -> None:
    for kind in BASE_KINDS:
        once = Unit(kind).hit()
        if kind == Kind.GENERAL:
            assert once is None
        else:
            assert once == Unit(kind, damaged=True)
            assert once.hit() is None


def test_r24_special_units_table() -> None:
    assert len(SPECIAL_KINDS) == 8
    assert all(UNITS[k].cost is None and UNITS[k].special for k in SPECIAL_KINDS)
    assert (UNITS[Kind.DRAGON].strength, UNITS[Kind.DRAGON].strength_damaged) == (2, 3)
    assert (UNITS[Kind.ELEPHANTS].move, UNITS[Kind.ELEPHANTS].move_damaged) == (3, 2)
    assert (UNITS[Kind.PIRATES].move, UNITS[Kind.PIRATES].move_damaged) == (2, 1)
    assert UNITS[Kind.MAGICIAN].ranged and UNITS[Kind.SNIPERS].ranged
    assert UNITS[Kind.HORSES].move_bonus == 1 and not UNITS[Kind.HORSES].hittable
    with pytest.raises(UnitError):
        Unit(Kind.HORSES).hit()
    alone = {k for k in SPECIAL_KINDS if not UNITS[k].conquers_alone}
    assert alone == {Kind.DIPLOMAT, Kind.INFILTRATOR, Kind.MAGICIAN, Kind.HORSES, Kind.DRAGON}


def test_r6_pool_of_35_with_the_seed_counts() -> None:
    assert STARTING_POOL.total() == 35
    counts = {k: STARTING_POOL.count(k) for k in BASE_KINDS}
    assert counts == {
        Kind.GENERAL: 3,
        Kind.CATAPULT: 2,
        Kind.RIDER: 4,
        Kind.ARCHER: 4,
        Kind.ELITE: 6,
        Kind.MERCENARY: 16,
    }


def test_r6_pool_take_and_give_back_respect_the_limits() -> None:
    p = STARTING_POOL.take(Kind.CATAPULT, 2)
    assert p.count(Kind.CATAPULT) == 0
    assert Kind.CATAPULT not in p.affordable(100)
    with pytest.raises(UnitError):
        p.take(Kind.CATAPULT)
    assert p.give_back(Kind.CATAPULT).count(Kind.CATAPULT) == 1
    with pytest.raises(UnitError):
        STARTING_POOL.give_back(Kind.GENERAL)
    assert STARTING_POOL.affordable(3) == (Kind.MERCENARY, Kind.ELITE)
    assert Pool.full() == STARTING_POOL


def test_r70_the_seed_opening_purchase_costs_25() -> None:
    """5 mercenaries, 3 elite and 1 catapult: 10 + 9 + 6 gold."""
    assert Pool.cost_of({Kind.MERCENARY: 5, Kind.ELITE: 3, Kind.CATAPULT: 1}) == 25
    with pytest.raises(UnitError):
        Pool.cost_of({Kind.DRAGON: 1})


def test_r10_to_r15_terrain_table() -> None:
    assert {t: TERRAIN[t].points for t in Terrain} == {
        Terrain.BARE: 0,
        Terrain.MOUNTAIN: 1,
        Terrain.CASTLE: 5,
        Terrain.VILLAGE: 2,
        Terrain.LAKE: 0,
        Terrain.FOREST: 1,
    }
    assert [t for t in Terrain if not TERRAIN[t].passable] == [Terrain.LAKE]
    assert [t for t in Terrain if TERRAIN[t].stops_movement] == [Terrain.MOUNTAIN]
    assert [t for t in Terrain if TERRAIN[t].settlement] == [Terrain.CASTLE, Terrain.VILLAGE]
    assert TERRAIN[Terrain.CASTLE].defence_bonus == 1
    assert TERRAIN[Terrain.MOUNTAIN].elite_defence_bonus == 1
    assert TERRAIN[Terrain.FOREST].ranged_penalty == -1


def test_r5_each_country_places_nine_tiles() -> None:
    assert TILES_PER_COUNTRY == {
        Terrain.CASTLE: 1,
        Terrain.VILLAGE: 2,
        Terrain.LAKE: 2,
        Terrain.FOREST: 2,
        Terrain.MOUNTAIN: 2,
    }
    kinds = [
        Terrain.CASTLE,
        Terrain.VILLAGE,
        Terrain.VILLAGE,
        Terrain.LAKE,
        Terrain.LAKE,
        Terrain.FOREST,
        Terrain.FOREST,
        Terrain.MOUNTAIN,
        Terrain.MOUNTAIN,
    ]
    layout = dict(zip(range(9), kinds, strict=True))
    check_layout(layout, PILLOW.country_squares(0))
    with pytest.raises(TerrainLayoutError):
        check_layout(layout, PILLOW.country_squares(1))
    with pytest.raises(TerrainLayoutError):
        check_layout(dict(zip(range(8), kinds, strict=False)), PILLOW.country_squares(0))

"""The special units' effects as pure functions (R110-R118)."""

from __future__ import annotations

import pytest

from spelbord.games.omringad.movement import group_allowance
from spelbord.games.omringad.specials import (
    NEUTRAL,
    SpecialUnitError,
    attackable,
    besieges_from,
    can_conquer_alone,
    controller_after_dragon_battle,
    diplomat_can_cancel,
    dragon_may_land,
    dragon_strength,
    elephants_values,
    fires_in_ranged_step,
    general_bonus,
    hit_allocator,
    horses_bonus,
    horses_keep_company,
    horses_may_move,
    horses_survive,
    hostile,
    lake_entry,
    pirate_terrain,
    pirates_allowance,
    spend_diplomat,
    takes_control,
    terrain_allows,
)
from spelbord.games.omringad.terrain import Terrain
from spelbord.games.omringad.units import UNITS, Kind, Stack, Unit

M, E, A, R, G = (
    Unit(k) for k in (Kind.MERCENARY, Kind.ELITE, Kind.ARCHER, Kind.RIDER, Kind.GENERAL)
)
D, Z, H, X, W, P, S = (
    Unit(k)
    for k in (
        Kind.DIPLOMAT,
        Kind.DRAGON,
        Kind.HORSES,
        Kind.ELEPHANTS,
        Kind.MAGICIAN,
        Kind.PIRATES,
        Kind.SNIPERS,
    )
)
INF = Unit(Kind.INFILTRATOR)


# ---------------------------------------------------------------------- R110 diplomat
def test_r110_the_defenders_diplomat_may_cancel_the_attack() -> None:
    assert diplomat_can_cancel([M, D], defending=True)
    assert not diplomat_can_cancel([M, E], defending=True)


def test_r110_a_diplomat_taking_part_in_an_attack_cannot_be_used() -> None:
    assert not diplomat_can_cancel([M, D], defending=False)


def test_r110_the_diplomat_is_spent() -> None:
    assert spend_diplomat((M, D, E)) == (M, E)
    with pytest.raises(SpecialUnitError):
        spend_diplomat((M, E))


def test_r110_r118_the_diplomat_cannot_conquer_alone_and_has_no_s() -> None:
    assert not can_conquer_alone([D]) and UNITS[Kind.DIPLOMAT].strength is None
    assert UNITS[Kind.DIPLOMAT].move == 1 and UNITS[Kind.DIPLOMAT].health == 1


# ---------------------------------------------------------------------- R111 dragon
@pytest.mark.parametrize(
    ("terrain", "ok"),
    [
        (Terrain.FOREST, True),
        (Terrain.MOUNTAIN, True),
        (Terrain.BARE, True),
        (Terrain.CASTLE, False),
        (Terrain.VILLAGE, False),
        (Terrain.LAKE, False),
    ],
)
def test_r111_the_dragon_lands_on_forest_mountain_or_bare_ground(
    terrain: Terrain, ok: bool
) -> None:
    assert dragon_may_land(terrain, occupied=False) is ok
    assert not dragon_may_land(terrain, occupied=True)


def test_r111_the_dragon_is_s2_and_s3_damaged_and_never_moves() -> None:
    assert (dragon_strength(False), dragon_strength(True)) == (2, 3)
    assert Unit(Kind.DRAGON).move is None and not fires_in_ranged_step(Kind.DRAGON)
    assert Unit(Kind.DRAGON).hit() == Unit(Kind.DRAGON, damaged=True)


def test_r111_the_dragon_is_everyones_enemy() -> None:
    teams = (0, 1, 1, 0)
    assert all(hostile(NEUTRAL, s, teams) and hostile(s, NEUTRAL) for s in range(4))
    assert not hostile(NEUTRAL, NEUTRAL)
    assert not hostile(0, 3, teams) and hostile(0, 3) and hostile(0, 1, teams)


def test_r111_the_square_keeps_its_controller_unless_a_player_wins_there() -> None:
    assert controller_after_dragon_battle(1, NEUTRAL) == 1  # the dragon survives
    assert controller_after_dragon_battle(1, None) == 1  # nobody survives
    assert controller_after_dragon_battle(1, 0) == 0  # the attacker killed the dragon
    assert not can_conquer_alone([Z])


# ---------------------------------------------------------------------- R112 horses
def test_r112_horses_add_one_f_up_to_three() -> None:
    assert [horses_bonus(u) for u in (M, E, A, Unit(Kind.ARCHER, damaged=True))] == [1, 1, 1, 1]
    assert horses_bonus(R) == 0  # already F3
    assert horses_bonus(X) == 0 and horses_bonus(Unit(Kind.ELEPHANTS, damaged=True)) == 0
    assert horses_bonus(H) == 0 and horses_bonus(Z) == 0


def test_r112_horses_in_the_group_allowance() -> None:
    """Mercenaries with horses walk 2; elite and riders 3; elephants stay at their own F."""
    assert group_allowance([H, M], Terrain.BARE) == 2
    assert group_allowance([H, E, R], Terrain.BARE) == 3
    assert group_allowance([H, Unit(Kind.ELEPHANTS, damaged=True), E], Terrain.BARE) == 2
    assert group_allowance([H, M], Terrain.MOUNTAIN) == 1  # a mountain still allows one step


def test_r112_horses_cannot_be_hit_and_are_lost_when_left_alone() -> None:
    assert not UNITS[Kind.HORSES].hittable
    assert horses_survive([H, M]) and not horses_survive([H])
    assert horses_may_move([H, E]) and not horses_may_move([H])


def test_r112_a_move_never_leaves_the_horses_alone() -> None:
    assert horses_keep_company([H, M], [E])
    assert horses_keep_company([M], [H, E])
    assert not horses_keep_company([M, E], [H])  # the horses would stay behind alone
    assert not horses_keep_company([H], [M])  # the horses cannot walk alone
    assert horses_keep_company([M], [])


def test_r112_horses_are_always_on_top_even_above_a_general() -> None:
    assert Stack.of(0, [M, G, H]).top == H


# ---------------------------------------------------------------------- R113 infiltrator
def test_r113_an_enemy_infiltrator_cancels_the_generals_bonus_while_it_lives() -> None:
    assert general_bonus([G, M], [[R, E]]) == 1
    assert general_bonus([G, M], [[INF, R]]) == 0
    assert general_bonus([G, M], [[R], [INF]]) == 0  # any enemy party's infiltrator
    assert general_bonus([G, INF, M], [[R]]) == 1  # one's own infiltrator changes nothing
    assert general_bonus([G, G, M], []) == 1  # generals never add up (R42)


def test_r113_the_infiltrator_has_no_s_and_cannot_conquer_alone() -> None:
    assert UNITS[Kind.INFILTRATOR].strength is None and not can_conquer_alone([INF])
    assert Unit(Kind.INFILTRATOR).hit() is None  # one hit eliminates it


# ---------------------------------------------------------------------- R114 elephants
def test_r114_war_elephants_f3_s4_damaged_f2_s4() -> None:
    assert elephants_values(False) == (3, 4) and elephants_values(True) == (2, 4)
    assert not fires_in_ranged_step(Kind.ELEPHANTS) and can_conquer_alone([X])


# ---------------------------------------------------------------------- R115 magician
def test_r115_the_magician_is_ranged_s3_one_hit_and_cannot_conquer_alone() -> None:
    assert fires_in_ranged_step(Kind.MAGICIAN) and W.strength == 3 and W.move == 2
    assert W.hit() is None
    assert not can_conquer_alone([W]) and can_conquer_alone([W, M])


# ---------------------------------------------------------------------- R116 pirates
def test_r116_pirates_enter_lakes_as_if_mountains() -> None:
    assert lake_entry([P]) and not lake_entry([P, M]) and not lake_entry([])
    assert terrain_allows(Terrain.LAKE, [P]) and not terrain_allows(Terrain.LAKE, [P, E])
    assert pirate_terrain(Terrain.LAKE) == Terrain.MOUNTAIN
    assert pirate_terrain(Terrain.FOREST) == Terrain.FOREST
    assert group_allowance([P], pirate_terrain(Terrain.LAKE)) == 1  # one step off a lake


def test_r116_pirates_starting_on_a_lake_take_one_step() -> None:
    assert pirates_allowance([P], Terrain.LAKE) == 1
    assert pirates_allowance([P], Terrain.BARE) == 2
    assert pirates_allowance([Unit(Kind.PIRATES, damaged=True)], Terrain.BARE) == 1


def test_r116_pirates_on_a_lake_cannot_be_attacked() -> None:
    assert not attackable(Terrain.LAKE, [P])
    assert attackable(Terrain.BARE, [P]) and attackable(Terrain.MOUNTAIN, [P, M])


def test_r116_r53_nobody_besieges_from_a_lake() -> None:
    assert not besieges_from(Terrain.LAKE, [P])
    assert besieges_from(Terrain.BARE, [P])
    assert P.strength == 5 and Unit(Kind.PIRATES, damaged=True).move == 1


# ---------------------------------------------------------------------- R117 snipers
def test_r117_the_snipers_owner_allocates_their_hits() -> None:
    assert hit_allocator(Kind.SNIPERS, shooter=2, target=3) == 2
    for kind in (Kind.ARCHER, Kind.MAGICIAN, Kind.MERCENARY):
        assert hit_allocator(kind, shooter=2, target=3) == 3
    assert fires_in_ranged_step(Kind.SNIPERS) and S.strength == 6


# ---------------------------------------------------------------------- R118 conquering alone
@pytest.mark.parametrize(
    ("units", "alone"),
    [
        ([D], False),
        ([INF], False),
        ([W], False),
        ([H, D], False),
        ([Z], False),
        ([D, INF, W], False),
        ([W, M], True),
        ([P], True),
        ([S], True),
        ([X], True),
        ([G], True),
    ],
)
def test_r118_who_conquers_and_besieges_alone(units: list[Unit], alone: bool) -> None:
    assert can_conquer_alone(units) is alone
    assert Stack.of(0, units).can_conquer() is alone
    assert besieges_from(Terrain.BARE, units) is alone
    assert takes_control(units) is alone

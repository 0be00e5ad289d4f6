"""Omringad sieges (R50-R54) and income, scoring and the win (R60-R64)."""

from __future__ import annotations

import pytest

from spelbord.games.omringad.map import FOUR_COUNTRIES, PILLOW
from spelbord.games.omringad.scoring import (
    income,
    initial_control,
    round_points,
    squares_controlled,
    winners,
)
from spelbord.games.omringad.siege import (
    SiegeError,
    SiegeLevel,
    besieging_squares,
    reinforcement_cap,
    siege_level,
)
from spelbord.games.omringad.terrain import TILES_PER_COUNTRY, Terrain
from spelbord.games.omringad.units import Kind, Stack, Unit

sq = PILLOW.square_id
M = Unit(Kind.MERCENARY)


def board(**tiles: Terrain) -> list[Terrain]:
    """A pillow board of bare squares with tiles at labels like ``A_c3``."""
    terrain = [Terrain.BARE] * PILLOW.num_squares
    for label, t in tiles.items():
        terrain[PILLOW.parse_label(label.replace("_", ""))] = t
    return terrain


def test_r50_a_diagonal_enemy_does_not_besiege_an_adjacent_one_does() -> None:
    """
    A:  . . . . .
        . V . . .     V = red village at A b2
        . . y . .     y = yellow unit at A c3 (diagonal): no siege
    """
    terrain = board(A_b2=Terrain.VILLAGE)
    village = sq(0, 1, 1)
    diagonal = {sq(0, 2, 2): [Stack.of(1, [M])]}
    assert siege_level(PILLOW, terrain, diagonal, village, 0) == SiegeLevel.NONE
    beside = {sq(0, 2, 1): [Stack.of(1, [M])]}
    assert siege_level(PILLOW, terrain, beside, village, 0) == SiegeLevel.PARTIAL


def test_r51_r52_one_square_partial_two_squares_full() -> None:
    terrain = board(A_c3=Terrain.CASTLE)
    castle = sq(0, 2, 2)
    stacks = {sq(0, 1, 2): [Stack.of(1, [M, M, M])]}
    assert siege_level(PILLOW, terrain, stacks, castle, 0) == SiegeLevel.PARTIAL
    stacks[sq(0, 2, 3)] = [Stack.of(1, [M])]
    assert siege_level(PILLOW, terrain, stacks, castle, 0) == SiegeLevel.FULL
    stacks[sq(0, 3, 2)] = [Stack.of(1, [M])]
    assert siege_level(PILLOW, terrain, stacks, castle, 0) == SiegeLevel.FULL
    assert reinforcement_cap(SiegeLevel.NONE) is None
    assert reinforcement_cap(SiegeLevel.PARTIAL) == 2
    assert reinforcement_cap(SiegeLevel.FULL) == 0


def test_r50_own_units_never_besiege() -> None:
    terrain = board(A_c3=Terrain.CASTLE)
    stacks = {sq(0, 1, 2): [Stack.of(0, [M])], sq(0, 2, 3): [Stack.of(0, [M])]}
    assert siege_level(PILLOW, terrain, stacks, sq(0, 2, 2), 0) == SiegeLevel.NONE
    # A conquered castle is besieged by its former owner's units.
    assert siege_level(PILLOW, terrain, stacks, sq(0, 2, 2), 1) == SiegeLevel.FULL


def test_r50_the_seed_example_edge_villages_besiege_each_other_across_the_seam() -> None:
    """The two rightmost villages (A e3, B e3) both hold units: each besieges the other."""
    terrain = board(A_e3=Terrain.VILLAGE, B_e3=Terrain.VILLAGE)
    a, b = sq(0, 2, 4), sq(1, 2, 4)
    stacks = {a: [Stack.of(0, [M, M])], b: [Stack.of(1, [M])]}
    assert besieging_squares(PILLOW, terrain, stacks, a, 0) == (b,)
    assert besieging_squares(PILLOW, terrain, stacks, b, 1) == (a,)
    assert siege_level(PILLOW, terrain, stacks, a, 0) == SiegeLevel.PARTIAL


def test_r50_a_corner_square_counts_once_though_it_touches_two_edges() -> None:
    """Corner A a1 touches B a1 across two seams: one besieging square, not two."""
    terrain = board(A_a1=Terrain.VILLAGE)
    stacks = {sq(1, 0, 0): [Stack.of(1, [M])]}
    assert siege_level(PILLOW, terrain, stacks, sq(0, 0, 0), 0) == SiegeLevel.PARTIAL


def test_r53_units_that_cannot_conquer_alone_do_not_besiege() -> None:
    terrain = board(A_c3=Terrain.VILLAGE, A_c2=Terrain.LAKE)
    village = sq(0, 2, 2)
    lone = {sq(0, 2, 1): [Stack.of(1, [Unit(Kind.DIPLOMAT)])]}
    assert siege_level(PILLOW, terrain, lone, village, 0) == SiegeLevel.NONE
    escorted = {sq(0, 2, 1): [Stack.of(1, [Unit(Kind.MAGICIAN), M])]}
    assert siege_level(PILLOW, terrain, escorted, village, 0) == SiegeLevel.PARTIAL
    pirates = {sq(0, 1, 2): [Stack.of(1, [Unit(Kind.PIRATES)])]}
    assert siege_level(PILLOW, terrain, pirates, village, 0) == SiegeLevel.NONE


def test_r50_only_settlements_are_besieged() -> None:
    with pytest.raises(SiegeError):
        siege_level(PILLOW, board(), {}, 0, 0)


def test_r54_allies_do_not_besiege_each_other() -> None:
    m = FOUR_COUNTRIES
    terrain = [Terrain.BARE] * m.num_squares
    village = m.square_id(0, 2, 4)
    terrain[village] = Terrain.VILLAGE
    stacks = {m.square_id(1, 2, 0): [Stack.of(3, [M])]}  # player D's unit in B, next door
    teams = [0, 1, 1, 0]  # A and D (diagonal) together
    assert siege_level(m, terrain, stacks, village, 0, teams) == SiegeLevel.NONE
    assert siege_level(m, terrain, stacks, village, 0) == SiegeLevel.PARTIAL


def full_country_terrain() -> list[Terrain]:
    """Both countries with their nine tiles, the same layout mirrored."""
    layout = [
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
    assert sorted(layout) == sorted(t for t, n in TILES_PER_COUNTRY.items() for _ in range(n))
    terrain = [Terrain.BARE] * 50
    for i, t in enumerate(layout):
        terrain[i] = t
        terrain[25 + i * 2] = t
    return terrain


def test_r61_r62_peace_round_gives_25_gold_and_13_points() -> None:
    terrain = full_country_terrain()
    control = initial_control(PILLOW)
    assert income(control, 2) == (25, 25)
    assert round_points(terrain, control, 2) == (13, 13)


def test_r62_conquests_move_points_and_the_majority_bonus() -> None:
    terrain = full_country_terrain()
    control = initial_control(PILLOW)
    control[25] = 0  # player 0 takes B's castle
    assert squares_controlled(control, 2) == (26, 24)
    assert income(control, 2) == (26, 24)
    assert round_points(terrain, control, 2) == (13 + 5 + 1, 13 - 5)


def test_r63_target_reached_highest_score_wins() -> None:
    control = initial_control(PILLOW)
    assert winners([49, 30], control, 50) == ()
    assert winners([50, 30], control, 50) == (0,)
    assert winners([55, 61], control, 50) == (1,)


def test_r63_tie_goes_to_more_squares_then_a_draw() -> None:
    control = initial_control(PILLOW)
    assert winners([60, 60], control, 50) == (0, 1)
    control[30] = 0
    assert winners([60, 60], control, 50) == (0,)


def test_r64_a_team_wins_when_one_member_wins() -> None:
    control = initial_control(FOUR_COUNTRIES)
    assert winners([52, 10, 20, 30], control, 50, teams=[0, 1, 1, 0]) == (0, 3)

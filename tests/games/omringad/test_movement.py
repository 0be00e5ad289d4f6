"""Omringad movement (R30-R38): allowance, mountains, lakes, enemies, exit rule, conquest."""

from __future__ import annotations

import pytest

from spelbord.games.omringad.map import PILLOW
from spelbord.games.omringad.movement import (
    Entry,
    MovementError,
    conquers,
    exit_restriction,
    group_allowance,
    next_steps,
)
from spelbord.games.omringad.scoring import initial_control
from spelbord.games.omringad.terrain import Terrain
from spelbord.games.omringad.units import Kind, Stack, Unit

sq = PILLOW.square_id
L = PILLOW.parse_label
M, E, A, R, K, G = (
    Unit(Kind.MERCENARY),
    Unit(Kind.ELITE),
    Unit(Kind.ARCHER),
    Unit(Kind.RIDER),
    Unit(Kind.CATAPULT),
    Unit(Kind.GENERAL),
)


def board(**tiles: Terrain) -> list[Terrain]:
    terrain = [Terrain.BARE] * PILLOW.num_squares
    for label, t in tiles.items():
        terrain[L(label.replace("_", ""))] = t
    return terrain


def reach(terrain: list[Terrain], units: list[Unit], start: int, **kw: object) -> set[int]:
    """Every square some legal walk of the group can end on."""
    stacks = kw.pop("stacks", {})
    out: set[int] = set()

    def walk(path: list[int]) -> None:
        for n in next_steps(PILLOW, terrain, stacks, 0, units, path, **kw):  # type: ignore[arg-type]
            out.add(n)
            walk([*path, n])

    walk([start])
    return out


def test_r31_slowest_unit_decides_damage_counts() -> None:
    assert group_allowance([R], Terrain.BARE) == 3
    assert group_allowance([R, A], Terrain.BARE) == 2
    assert group_allowance([R, Unit(Kind.ARCHER, True)], Terrain.BARE) == 1
    assert group_allowance([R, K], Terrain.BARE) == 1
    assert group_allowance([G, E], Terrain.BARE) == 2


def test_r31_horses_add_one_up_to_three_but_not_for_elephants() -> None:
    h = Unit(Kind.HORSES)
    assert group_allowance([M, h], Terrain.BARE) == 2
    assert group_allowance([R, E, h], Terrain.BARE) == 3
    assert group_allowance([Unit(Kind.ELEPHANTS, True), h], Terrain.BARE) == 2
    with pytest.raises(MovementError):
        group_allowance([h], Terrain.BARE)


def test_r31_a_rider_reaches_every_square_within_three_steps() -> None:
    """From A c3 on an empty board a rider reaches every other square of A within 3 steps
    except the four corners (distance 4), and the four middle edge squares of B."""
    got = reach(board(), [R], L("Ac3"))
    corners = {L("Aa1"), L("Ae1"), L("Aa5"), L("Ae5")}
    home = set(PILLOW.country_squares(0)) - corners - {L("Ac3")}
    assert got == home | {L("Bc1"), L("Bc5"), L("Ba3"), L("Be3")}


def test_r3_r31_steps_cross_the_seams() -> None:
    """From A e3 one step east is B e3; a rider goes on to B d3 and B c3."""
    got = reach(board(), [R], L("Ae3"))
    assert {L("Be3"), L("Bd3"), L("Bc3"), L("Be2"), L("Be1"), L("Ae1")} <= got


def test_r38_peace_round_keeps_units_at_home() -> None:
    got = reach(board(), [R], L("Ae3"), peace=True)
    assert got and all(PILLOW.country_of(s) == 0 for s in got)


def test_r33_entering_a_mountain_ends_the_move_leaving_it_is_one_step() -> None:
    """
    A row 3:  . M . . .   a rider from A a3 stops on the mountain at A b3.
    """
    terrain = board(A_b3=Terrain.MOUNTAIN)
    got = reach(terrain, [R], L("Aa3"))
    assert L("Ab3") in got and L("Ac3") not in got
    assert next_steps(PILLOW, terrain, {}, 0, [R], [L("Aa3"), L("Ab3")]) == ()
    assert reach(terrain, [R], L("Ab3")) == set(PILLOW.neighbours[L("Ab3")])


def test_r32_lakes_are_never_entered_except_by_pirates() -> None:
    terrain = board(A_b3=Terrain.LAKE)
    assert L("Ab3") not in reach(terrain, [R], L("Aa3"))
    assert L("Ab3") in reach(terrain, [Unit(Kind.PIRATES)], L("Aa3"))
    # Pirates stop on the lake, as on a mountain.
    assert next_steps(PILLOW, terrain, {}, 0, [Unit(Kind.PIRATES)], [L("Aa3"), L("Ab3")]) == ()


def test_r34_entering_enemy_units_ends_the_move() -> None:
    stacks = {L("Ab3"): [Stack.of(1, [M])]}
    terrain = board()
    assert L("Ab3") in reach(terrain, [R], L("Aa3"), stacks=stacks)
    assert next_steps(PILLOW, terrain, stacks, 0, [R], [L("Aa3"), L("Ab3")]) == ()
    # Own units are walked through.
    own = {L("Ab3"): [Stack.of(0, [M])]}
    assert next_steps(PILLOW, terrain, own, 0, [R], [L("Aa3"), L("Ab3")])


def test_r35_the_seed_example_exit_rule() -> None:
    """Two enemy mercenaries entered from A c2 into your stack of eight at A c3: two must
    stay, and nobody may leave towards A c2."""
    stay, barred = exit_restriction([Entry(1, L("Ac2"), 2)], owner=0)
    assert stay == 2 and barred == frozenset({L("Ac2")})
    stacks = {L("Ac3"): [Stack.of(1, [M, M])]}
    steps = next_steps(PILLOW, board(), stacks, 0, [M], [L("Ac3")], barred=barred)
    assert set(steps) == {L("Ab3"), L("Ad3"), L("Ac4")}
    assert exit_restriction([Entry(0, L("Ac2"), 2)], owner=0) == (0, frozenset())


def test_r36_empty_enemy_squares_are_conquered_even_in_passing() -> None:
    control = initial_control(PILLOW)
    assert conquers([R], {}, control, L("Be3"), 0)
    assert not conquers([R], {}, control, L("Ae3"), 0)
    assert not conquers([R], {L("Be3"): [Stack.of(1, [M])]}, control, L("Be3"), 0)
    assert not conquers([Unit(Kind.DIPLOMAT)], {}, control, L("Be3"), 0)


def test_r36_r118_v3_own_units_there_do_not_keep_an_enemy_square() -> None:
    """R36 (rules version 3): only another player's units keep a square from the group that
    enters it; the mover's own lone magician (R118) does not. Versions 1-2 (own units
    defend): any units there kept it."""
    control = initial_control(PILLOW)
    own = {L("Be3"): [Stack.of(0, [Unit(Kind.MAGICIAN)])]}
    dragon = {L("Be3"): [Stack.of(-1, [Unit(Kind.DRAGON)])]}
    assert conquers([R], own, control, L("Be3"), 0)
    assert not conquers([Unit(Kind.INFILTRATOR)], own, control, L("Be3"), 0)
    assert not conquers([R], dragon, control, L("Be3"), 0)
    assert not conquers([R], own, control, L("Be3"), 0, own_units_defend=True)


def test_r54_allied_squares_are_not_entered() -> None:
    stacks = {L("Ab3"): [Stack.of(2, [M])]}
    teams = [0, 1, 0]
    steps = next_steps(PILLOW, board(), stacks, 0, [M], [L("Aa3")], teams=teams)
    assert L("Ab3") not in steps

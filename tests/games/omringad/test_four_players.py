"""Four players (R120-R125): clockwise order, teams, the team win, sieges and scoring."""

from __future__ import annotations

import pytest

from spelbord.games.omringad.map import FOUR_COUNTRIES
from spelbord.games.omringad.movement import allied_here, hostile_here
from spelbord.games.omringad.players import (
    SeatError,
    TeamMode,
    allies,
    next_clockwise,
    returns_for,
    team_mates,
    team_table,
    turn_order,
    winners_of,
)
from spelbord.games.omringad.scoring import income, initial_control, round_points
from spelbord.games.omringad.siege import SiegeLevel, siege_level
from spelbord.games.omringad.terrain import Terrain
from spelbord.games.omringad.units import Kind, Stack, Unit

FM = FOUR_COUNTRIES
L = FM.parse_label
M = Unit(Kind.MERCENARY)
DIAG = team_table(TeamMode.DIAGONAL, 4)


def test_r120_clockwise_round_the_two_by_two_block_is_a_b_d_c() -> None:
    """A B / C D: clockwise from the top left is A, B, D, C."""
    assert turn_order(4, 0) == (0, 1, 3, 2)
    assert turn_order(4, 3) == (3, 2, 0, 1)
    assert turn_order(2, 1) == (1, 0)


def test_r120_the_initiative_passes_to_the_left() -> None:
    seats = [0]
    for _ in range(4):
        seats.append(next_clockwise(seats[-1], 4))
    assert seats == [0, 1, 3, 2, 0]
    assert next_clockwise(1, 2) == 0


def test_r120_only_two_or_four_players() -> None:
    with pytest.raises(SeatError):
        turn_order(3, 0)
    with pytest.raises(SeatError):
        turn_order(4, 4)


def test_r121_team_modes() -> None:
    assert team_table(TeamMode.NONE, 4) is None
    assert DIAG == (0, 1, 1, 0)  # A+D against B+C: the natural teams
    assert team_table(TeamMode.ADJACENT, 4) == (0, 0, 1, 1)  # A+B against C+D
    with pytest.raises(SeatError):
        team_table(TeamMode.DIAGONAL, 2)
    assert allies(0, 3, DIAG) and not allies(0, 1, DIAG) and not allies(0, 0, DIAG)
    assert not allies(0, 3, None)
    assert team_mates(1, DIAG) == (1, 2) and team_mates(1, None) == (1,)


def test_r121_r4_diagonal_team_mates_share_two_long_borders() -> None:
    assert FM.countries_bordering(0) == {1, 2, 3}
    shared = [s for s in FM.seams if {s.country_a, s.country_b} == {0, 3}]
    assert len(shared) == 2


def test_r54_allies_never_enter_each_others_squares_and_are_no_enemy() -> None:
    stacks = {L("B c3"): [Stack.of(1, [M])]}
    assert allied_here(stacks, L("B c3"), 2, DIAG)  # C is B's ally
    assert not hostile_here(stacks, L("B c3"), 2, DIAG)
    assert hostile_here(stacks, L("B c3"), 0, DIAG)
    assert hostile_here(stacks, L("B c3"), 2, None)  # all against all


def test_r124_sieges_with_four_players_and_teams() -> None:
    """D's village D a3 lies on the seam to C: its neighbours are D a2, D a4, D b3, C e3.

    With diagonal teams (A+D against B+C), A at D b3 is D's ally and besieges nothing; C
    across the seam makes the siege partial, B at D a2 full. All against all, A counts too.
    """
    terrain = [Terrain.BARE] * FM.num_squares
    village = L("D a3")
    terrain[village] = Terrain.VILLAGE
    assert set(FM.neighbours[village]) == {L("D a2"), L("D a4"), L("D b3"), L("C e3")}
    stacks = {L("D b3"): [Stack.of(0, [M])]}
    assert siege_level(FM, terrain, stacks, village, 3, DIAG) == SiegeLevel.NONE
    assert siege_level(FM, terrain, stacks, village, 3) == SiegeLevel.PARTIAL
    stacks[L("C e3")] = [Stack.of(2, [M])]
    assert siege_level(FM, terrain, stacks, village, 3, DIAG) == SiegeLevel.PARTIAL
    stacks[L("D a2")] = [Stack.of(1, [M])]
    assert siege_level(FM, terrain, stacks, village, 3, DIAG) == SiegeLevel.FULL
    assert siege_level(FM, terrain, stacks, village, 3) == SiegeLevel.FULL


def test_r124_sieges_with_diagonal_teams_count_the_enemy_team() -> None:
    terrain = [Terrain.BARE] * FM.num_squares
    village = L("D a3")
    terrain[village] = Terrain.VILLAGE
    stacks = {L("D a2"): [Stack.of(1, [M])], L("C e3"): [Stack.of(2, [M])]}
    # Controlled by A (D's ally): B and C are both A's enemies.
    assert siege_level(FM, terrain, stacks, village, 0, DIAG) == SiegeLevel.FULL


def test_r124_income_and_the_square_bonus_with_four_players() -> None:
    terrain = [Terrain.BARE] * FM.num_squares
    terrain[L("A c3")] = Terrain.CASTLE
    control = initial_control(FM)
    assert income(control, 4) == (25, 25, 25, 25)
    assert round_points(terrain, control, 4) == (5, 0, 0, 0)  # nobody has the most squares
    control[L("B a1")] = 2
    assert income(control, 4) == (25, 24, 26, 25)
    assert round_points(terrain, control, 4) == (5, 0, 1, 0)  # C alone has the most


def test_r122_the_team_wins_when_one_member_wins() -> None:
    control = initial_control(FM)
    assert winners_of((52, 30, 40, 10), control, 50, DIAG) == (0, 3)
    assert winners_of((52, 30, 40, 10), control, 50, None) == (0,)
    assert winners_of((49, 30, 40, 10), control, 50, DIAG) == ()


def test_r122_option_both_members_must_reach_the_target() -> None:
    control = initial_control(FM)
    scores = (60, 51, 50, 10)
    assert winners_of(scores, control, 50, DIAG, both_must_reach=True) == (1, 2)
    assert winners_of(scores, control, 50, DIAG) == (0, 3)
    assert winners_of((60, 51, 40, 10), control, 50, DIAG, both_must_reach=True) == ()


def test_r63_ties_go_to_more_squares_then_draw_with_four() -> None:
    control = initial_control(FM)
    control[L("A a1")] = 1
    assert winners_of((55, 55, 55, 0), control, 50) == (1,)
    assert winners_of((55, 0, 55, 0), control, 50) == (2,)  # C 25 squares, A 24
    even = initial_control(FM)
    assert winners_of((55, 0, 55, 0), even, 50) == (0, 2)


def test_r125_returns() -> None:
    assert returns_for((2,), 4, None) == [-1.0, -1.0, 1.0, -1.0]
    assert returns_for((0, 3), 4, DIAG) == [1.0, -1.0, -1.0, 1.0]
    assert returns_for((0, 2), 4, None) == [0.0, -1.0, 0.0, -1.0]  # a draw between two
    assert returns_for((), 4, None) == [0.0] * 4
    assert returns_for((1,), 2, None) == [-1.0, 1.0]

"""Battles of more than two parties (R123): the roller picks which opponent each hit goes to.

Parties are listed in arrival order, the defender first; each party rolls in that order.
"""

from __future__ import annotations

import pytest

from spelbord.games.omringad.battle import Step
from spelbord.games.omringad.battle_phase import STALL_LIMIT_V1 as RULES_STALL_LIMIT
from spelbord.games.omringad.multibattle import (
    STALL_LIMIT,
    MultiBattle,
    MultiBattleError,
    Party,
    camp,
)
from spelbord.games.omringad.players import TeamMode, team_table
from spelbord.games.omringad.terrain import Terrain
from spelbord.games.omringad.units import Kind, Unit

M, R, G, INF = (Unit(k) for k in (Kind.MERCENARY, Kind.RIDER, Kind.GENERAL, Kind.INFILTRATOR))
m, r = Unit(Kind.MERCENARY, damaged=True), Unit(Kind.RIDER, damaged=True)


def three(
    defender: list[Unit],
    first: list[Unit],
    second: list[Unit],
    terrain: Terrain = Terrain.BARE,
) -> MultiBattle:
    """Seat 0 defends; seat 1 attacked first, seat 2 second (all against all)."""
    return MultiBattle.start(
        7,
        terrain,
        [
            Party(0, tuple(defender), attacking=False),
            Party(1, tuple(first), attacking=True),
            Party(2, tuple(second), attacking=True),
        ],
    )


def test_r123_the_roller_chooses_which_opponent_takes_each_hit() -> None:
    b = three([M], [R], [R])
    b = b.roll([1, 6, 1])  # seat 1's rider hits
    d = b.decision()
    assert d is not None and (d.what, d.seat, d.options) == ("target", 1, (0, 2))
    with pytest.raises(MultiBattleError):
        b.choose_target(1)  # not its own party
    b = b.choose_target(2)
    assert b.decision() is None  # seat 2 has one kind of unit: allocation is forced
    assert b.parties[2].units == (r,) and b.parties[0].units == (M,)


def test_r123_the_party_hit_allocates_unless_snipers_fired() -> None:
    b = three([M, Unit(Kind.ELITE)], [R], [R])
    b = b.roll([1, 1, 1, 6])  # seat 2's rider hits
    b = b.choose_target(0)
    d = b.decision()
    assert d is not None and (d.what, d.seat) == ("allocate", 0)
    snipers = three([M, Unit(Kind.ELITE)], [Unit(Kind.SNIPERS)], [R])
    snipers = snipers.roll([6])  # the ranged step: only the snipers fire
    snipers = snipers.choose_target(0)
    d = snipers.decision()
    assert d is not None and (d.what, d.seat) == ("allocate", 1)


def test_r123_each_party_fights_all_others_and_the_battle_goes_on_between_survivors() -> None:
    b = three([m], [R], [R])
    b = b.roll([1, 6, 1]).choose_target(0)  # seat 1 finishes the defender
    assert b.parties[0].units == () and not b.is_over()
    assert b.step == Step.MELEE  # nobody has a ranged unit: that step is skipped
    assert [(d.party, d.unit.code) for d in b.dice()] == [(1, "R"), (2, "R")]


def test_r123_hits_nobody_can_take_are_lost() -> None:
    b = MultiBattle.start(
        0,
        Terrain.BARE,
        [Party(0, (m,), attacking=False), Party(1, (R, R), attacking=True)],
    )
    b = b.roll([1, 6, 6])
    assert b.is_over() and b.winner() == 1 and b.parties[1].units == (R, R)


def test_r123_r48_a_stand_off_of_three_sends_the_attackers_back() -> None:
    b = three([G], [G], [G])
    assert b.is_over() and b.attackers_return() and b.winner() is None


def test_r123_r113_an_infiltrator_cancels_the_general_for_everyone_it_fights() -> None:
    b = three([G, M], [G, M], [INF, M])
    assert [(d.party, d.needed) for d in b.dice()] == [(0, 6), (1, 6), (2, 6)]
    b2 = three([G, M], [G, M], [M])
    assert [(d.party, d.needed) for d in b2.dice()] == [(0, 5), (1, 5), (2, 6)]


def test_r123_the_defender_alone_has_the_castle() -> None:
    b = three([M], [M], [M], terrain=Terrain.CASTLE)
    assert [(d.party, d.needed) for d in b.dice()] == [(0, 5), (1, 6), (2, 6)]


def test_r121_r123_allies_are_one_camp() -> None:
    teams = team_table(TeamMode.DIAGONAL, 4)
    assert teams is not None
    assert camp(0, teams) == camp(3, teams) != camp(1, teams) == camp(2, teams)
    assert camp(0, None) != camp(3, None)
    b = MultiBattle.start(
        0,
        Terrain.BARE,
        [Party(1, (M,), attacking=False), Party(0, (R,), attacking=True)],
        teams,
    )
    b = b.roll([1, 6])
    b = b.roll([1, 6])
    assert b.is_over() and b.winner() == 0


def test_r45_enough_hits_to_eliminate_a_party_are_allocated_automatically() -> None:
    b = MultiBattle.start(
        0,
        Terrain.BARE,
        [Party(0, (m, G), attacking=False), Party(1, (R, R, R), attacking=True)],
    )
    b = b.roll([1, 6, 6, 1])  # two hits, two units of one hit each: no choice to make
    assert b.is_over() and b.winner() == 1 and b.parties[0].units == ()
    b = MultiBattle.start(
        0,
        Terrain.BARE,
        [Party(0, (M, G), attacking=False), Party(1, (R, R, R), attacking=True)],
    )
    b = b.roll([1, 6, 6, 1])  # two hits, three to take: the defender chooses
    d = b.decision()
    assert d is not None and (d.what, d.seat, d.options) == ("allocate", 0, (G, M))


def test_r92_a_stalled_battle_is_a_stand_off() -> None:
    assert STALL_LIMIT == RULES_STALL_LIMIT
    b = three([M], [M], [M])
    for _ in range(STALL_LIMIT - 1):
        b = b.roll([2, 3, 4])
    assert not b.is_over() and b.stall == STALL_LIMIT - 1
    b = b.roll([5, 5, 5])
    assert b.is_over() and b.attackers_return() and b.winner() is None
    b2 = three([M], [M], [M]).roll([2, 3, 4]).roll([6, 1, 1])
    assert b2.stall == 0  # a hit resets the count

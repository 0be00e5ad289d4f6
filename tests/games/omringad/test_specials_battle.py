"""Special units in battle (R110-R117, R126), on the pure battle of ``multibattle.py``.

Parties are listed in arrival order, the defender first; dice are rolled party by party in
that order, each party's firing units in the order given.
"""

from __future__ import annotations

import pytest

from spelbord.games.omringad.battle import Step
from spelbord.games.omringad.multibattle import MultiBattle, MultiBattleError, Party
from spelbord.games.omringad.specials import NEUTRAL, controller_after_dragon_battle
from spelbord.games.omringad.terrain import Terrain
from spelbord.games.omringad.units import Kind, Unit

M, E, A, R, G = (
    Unit(k) for k in (Kind.MERCENARY, Kind.ELITE, Kind.ARCHER, Kind.RIDER, Kind.GENERAL)
)
D, Z, H, INF, X, W, P, S = (
    Unit(k)
    for k in (
        Kind.DIPLOMAT,
        Kind.DRAGON,
        Kind.HORSES,
        Kind.INFILTRATOR,
        Kind.ELEPHANTS,
        Kind.MAGICIAN,
        Kind.PIRATES,
        Kind.SNIPERS,
    )
)


def dice(b: MultiBattle) -> list[tuple[int, str, int]]:
    """The dice about to be rolled: (party, unit code, lowest face that hits)."""
    return [(d.party, d.unit.code, d.needed) for d in b.dice()]


def battle(*parties: tuple[int, list[Unit]], terrain: Terrain = Terrain.BARE) -> MultiBattle:
    """Party 0 defends, the rest attack in the order given."""
    return MultiBattle.start(
        0, terrain, [Party(o, tuple(us), attacking=i > 0) for i, (o, us) in enumerate(parties)]
    )


def test_r126_the_seed_battle_example_of_page_9() -> None:
    """Red (seat 1) defends with a general, archers, snipers and mercenaries; yellow (seat 0)
    attacks with the infiltrator, mercenaries, elite soldiers and riders.

    The infiltrator cancels red's general. Only red has ranged units: archers and snipers
    roll two sixes. Yellow puts the archers' hit on its cheapest unit, the mercenaries; red
    chooses where the snipers' hit goes: the infiltrator, eliminated, so red's general gives
    +1 again. In the melee red's mercenaries hit on 5 and 6 but miss; yellow scores two hits
    and red spreads them over its mercenaries and archers. Then the ranged step again.
    """
    b = battle((1, [G, A, S, M]), (0, [INF, M, E, R]))
    assert b.step == Step.RANGED
    assert dice(b) == [(0, "A", 5), (0, "S", 6)]  # no general bonus: the infiltrator lives
    b = b.roll([6, 6])
    d = b.decision()
    assert d is not None and (d.what, d.seat) == ("allocate", 0)  # yellow takes the archers' hit
    assert set(d.options) == {INF, M, E, R}
    b = b.allocate(M)
    d = b.decision()
    assert d is not None and (d.what, d.seat) == ("allocate", 1)  # red aims the snipers' hit
    b = b.allocate(INF)
    assert b.parties[1].units == (Unit(Kind.MERCENARY, damaged=True), E, R)
    assert b.step == Step.MELEE and b.decision() is None
    assert dice(b) == [(0, "M", 5), (1, "m", 6), (1, "E", 5), (1, "R", 4)]  # +1 is back
    b = b.roll([4, 2, 5, 4])
    d = b.decision()
    assert d is not None and (d.what, d.seat) == ("allocate", 1)
    b = b.allocate(M).allocate(A)
    assert b.parties[0].units == (
        G,
        Unit(Kind.ARCHER, damaged=True),
        S,
        Unit(Kind.MERCENARY, damaged=True),
    )
    assert not b.is_over() and b.step == Step.RANGED
    assert dice(b) == [(0, "a", 4), (0, "S", 5)]  # the process repeats


def test_r110_the_defender_spends_its_diplomat_before_the_battle() -> None:
    b = battle((1, [D, M]), (0, [R, R]))
    assert b.can_cancel(1) and not b.can_cancel(0)
    b = b.cancel(1)
    assert b.is_over() and b.attackers_return() and b.winner() is None
    assert b.parties[0].units == (M,) and b.parties[1].units == (R, R)


def test_r110_or_during_the_battle_but_not_with_hits_to_allocate() -> None:
    b = battle((1, [D, M, E]), (0, [R, R]))
    b = b.roll([6, 2, 6, 6])  # defender M hits, E misses; both attacking riders hit
    assert b.parties[1].units == (Unit(Kind.RIDER, damaged=True), R)  # forced allocation
    assert b.pending and not b.can_cancel(1)
    with pytest.raises(MultiBattleError):
        b.cancel(1)
    b = b.allocate(M).allocate(E)
    assert not b.pending and b.can_cancel(1)
    b = b.cancel(1)
    assert b.attackers_return() and b.parties[0].units == (
        Unit(Kind.MERCENARY, damaged=True),
        Unit(Kind.ELITE, damaged=True),
    )


def test_r110_r112_horses_left_alone_by_the_spent_diplomat_are_lost() -> None:
    b = battle((1, [H, D]), (0, [R])).cancel(1)
    assert b.parties[0].units == () and b.attackers_return()


def test_r110_an_attacking_diplomat_cannot_be_used() -> None:
    b = battle((1, [M]), (0, [D, R]))
    assert not b.can_cancel(0)
    with pytest.raises(MultiBattleError):
        b.cancel(0)


def test_r111_the_dragon_fights_in_the_melee_step_and_keeps_the_square() -> None:
    b = battle((NEUTRAL, [Z]), (0, [M]))
    assert b.step == Step.MELEE and dice(b) == [(0, "Z", 2), (1, "M", 6)]
    b = b.roll([2, 5])  # the dragon hits, the mercenary misses
    b = b.roll([3, 1])  # again: the mercenary is eliminated
    assert b.is_over() and b.winner() == NEUTRAL
    assert controller_after_dragon_battle(1, b.winner()) == 1


def test_r111_a_damaged_dragon_needs_three_and_can_be_slain() -> None:
    b = battle((NEUTRAL, [Z]), (0, [R, R]))
    b = b.roll([1, 4, 4])  # two hits on the dragon: damaged, then eliminated
    assert b.is_over() and b.winner() == 0
    assert controller_after_dragon_battle(1, b.winner()) == 0
    b = battle((NEUTRAL, [Unit(Kind.DRAGON, damaged=True)]), (0, [M]))
    assert dice(b) == [(0, "z", 3), (1, "M", 6)]


def test_r111_the_dragon_strikes_the_earliest_arrival_and_everyone_fights_it() -> None:
    b = battle((NEUTRAL, [Z]), (0, [M]), (1, [M]))
    assert dice(b) == [(0, "Z", 2), (1, "M", 6), (2, "M", 6)]
    b = b.roll([6, 1, 1])
    assert b.decision() is None  # forced: seat 0 arrived first
    assert b.parties[1].units == (Unit(Kind.MERCENARY, damaged=True),)
    b = b.roll([6, 1, 6])  # the dragon finishes seat 0; seat 1's hit can only go to it
    assert b.decision() is None and b.parties[1].units == ()
    assert b.parties[0].units == (Unit(Kind.DRAGON, damaged=True),)
    assert dice(b) == [(0, "z", 3), (2, "M", 6)]


def test_r112_horses_are_never_hit_and_go_with_their_stack() -> None:
    b = battle((1, [M]), (0, [H, Unit(Kind.ELITE, damaged=True)]))
    b = b.roll([6, 1])
    assert b.is_over() and b.parties[1].units == () and b.winner() == 1


def test_r112_horses_are_never_an_allocation_choice() -> None:
    b = battle((1, [M]), (0, [H, E, M]))
    b = b.roll([6, 1, 1])
    d = b.decision()
    assert d is not None and set(d.options) == {E, M}


def test_r113_an_infiltrator_of_any_enemy_party_cancels_the_bonus() -> None:
    b = battle((0, [G, M]), (1, [R]), (2, [INF, M]))
    assert dice(b)[0] == (0, "M", 6)  # party 2's infiltrator cancels seat 0's general
    b2 = battle((0, [G, M]), (1, [R]), (2, [E, M]))
    assert dice(b2)[0] == (0, "M", 5)


def test_r114_war_elephants_fight_in_melee_s4() -> None:
    b = battle((1, [M]), (0, [X]))
    assert dice(b) == [(0, "M", 6), (1, "X", 4)]


def test_r115_the_magician_fires_in_the_ranged_step_and_falls_to_one_hit() -> None:
    b = battle((1, [W, M]), (0, [A]))
    assert b.step == Step.RANGED and dice(b) == [(0, "W", 3), (1, "A", 5)]
    b = b.roll([3, 6])
    assert b.parties[1].units == (Unit(Kind.ARCHER, damaged=True),)  # forced
    d = b.decision()
    assert d is not None and (d.seat, d.options) == (1, (W, M))
    b = b.allocate(W)
    assert b.parties[0].units == (M,)


def test_r115_r118_a_magician_alone_still_fights() -> None:
    b = battle((1, [M]), (0, [W]))
    assert dice(b) == [(1, "W", 3)]


def test_r116_pirates_fight_as_melee_s5() -> None:
    b = battle((1, [M]), (0, [P]))
    assert dice(b) == [(0, "M", 6), (1, "P", 5)]


def test_r117_snipers_hits_are_placed_by_their_owner_on_any_unit() -> None:
    b = battle((1, [M, M, M, G]), (0, [S]))
    b = b.roll([6])
    d = b.decision()
    assert d is not None and (d.what, d.seat) == ("allocate", 0)
    b = b.allocate(G)
    assert b.parties[0].units == (M, M, M)


def test_r41_r126_generals_alone_end_in_a_stand_off() -> None:
    b = battle((1, [G]), (0, [G]))
    assert b.is_over() and b.attackers_return() and b.winner() is None


def test_roll_checks_the_number_of_faces() -> None:
    b = battle((1, [M]), (0, [M]))
    with pytest.raises(MultiBattleError):
        b.roll([6])
    with pytest.raises(MultiBattleError):
        b.allocate(M)
    with pytest.raises(MultiBattleError):
        MultiBattle.start(0, Terrain.BARE, [Party(0, (M,), attacking=False)])


def test_r115_r117_the_forest_penalises_archers_only_not_magician_or_snipers() -> None:
    b = battle((1, [M]), (0, [A, W, S]), terrain=Terrain.FOREST)
    assert dice(b) == [(1, "A", 6), (1, "W", 3), (1, "S", 6)]
    assert battle((1, [M]), (0, [A]), terrain=Terrain.BARE).dice()[0].needed == 5

"""Omringad battles (R40-R48): steps, to-hit rule, modifiers, allocation, the end."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from spelbord.games.omringad.battle import (
    Battle,
    BattleError,
    Side,
    Step,
    absorbable_hits,
    count_hits,
    die_modifier,
    firing_chances,
    firing_units,
    hit_distribution,
    hit_probability,
    hit_targets,
    hits,
    leader_bonus,
    take_hit,
)
from spelbord.games.omringad.terrain import Terrain
from spelbord.games.omringad.units import Kind, Unit

M, E, A, R, K, G = (
    Unit(Kind.MERCENARY),
    Unit(Kind.ELITE),
    Unit(Kind.ARCHER),
    Unit(Kind.RIDER),
    Unit(Kind.CATAPULT),
    Unit(Kind.GENERAL),
)


def side(owner: int, *units: Unit, attacking: bool) -> Side:
    return Side(owner, tuple(units), attacking)


def winning_dice(unit: Unit, own: Side, enemy: Side, terrain: Terrain) -> list[int]:
    s = unit.strength
    assert s is not None
    return [d for d in range(1, 7) if hits(d, s, die_modifier(unit, own, enemy, terrain))]


def test_r41_hit_when_die_plus_modifiers_reaches_s() -> None:
    """The seed: S:6 hits on a 6 only; S:5 hits on 5 and 6; S:4 on 4, 5, 6."""
    a = side(0, M, A, R, attacking=True)
    d = side(1, M, attacking=False)
    assert winning_dice(M, a, d, Terrain.BARE) == [6]
    assert winning_dice(A, a, d, Terrain.BARE) == [5, 6]
    assert winning_dice(R, a, d, Terrain.BARE) == [4, 5, 6]
    assert winning_dice(Unit(Kind.RIDER, damaged=True), a, d, Terrain.BARE) == [5, 6]


def test_r41_six_always_hits_one_always_misses() -> None:
    assert hits(6, 6, -3)
    assert not hits(1, 2, 5)
    assert hit_probability(2, 5) == Fraction(5, 6)
    assert hit_probability(6, -3) == Fraction(1, 6)
    with pytest.raises(BattleError):
        hits(0, 4, 0)


def test_r42_general_gives_plus_one_not_cumulative() -> None:
    """The seed's example: red mercenaries led by a general hit on a 5 or a 6."""
    one = side(0, M, G, attacking=True)
    two = side(0, M, G, G, attacking=True)
    enemy = side(1, E, attacking=False)
    assert leader_bonus(one, enemy) == leader_bonus(two, enemy) == 1
    assert winning_dice(M, one, enemy, Terrain.BARE) == [5, 6]
    assert winning_dice(M, two, enemy, Terrain.BARE) == [5, 6]
    assert leader_bonus(side(0, M, attacking=True), enemy) == 0


def test_r42_an_enemy_infiltrator_cancels_the_general_while_it_lives() -> None:
    """The seed's example: the infiltrator dies to the snipers; the bonus returns."""
    red = side(0, G, M, A, Unit(Kind.SNIPERS), attacking=False)
    yellow = side(1, Unit(Kind.INFILTRATOR), M, E, R, attacking=True)
    assert winning_dice(M, red, yellow, Terrain.BARE) == [6]
    yellow = take_hit(yellow, Unit(Kind.INFILTRATOR))
    assert not yellow.has(Kind.INFILTRATOR)
    assert winning_dice(M, red, yellow, Terrain.BARE) == [5, 6]


def test_r43_castle_walls_help_defenders_only() -> None:
    """
    Defenders in the castle: mercenary S6 +1 walls +1 general hits on 4-6.
    The same stack attacking out of its castle gets only the general.
    """
    defenders = side(0, M, G, attacking=False)
    attackers = side(1, M, attacking=True)
    assert winning_dice(M, defenders, attackers, Terrain.CASTLE) == [4, 5, 6]
    assert winning_dice(M, attackers, defenders, Terrain.CASTLE) == [6]
    sortie = side(0, M, G, attacking=True)
    assert winning_dice(M, sortie, side(1, M, attacking=False), Terrain.BARE) == [5, 6]


def test_r43_elite_defending_a_mountain_get_plus_one() -> None:
    defending = side(0, E, M, attacking=False)
    attacking = side(1, E, attacking=True)
    assert winning_dice(E, defending, attacking, Terrain.MOUNTAIN) == [4, 5, 6]
    assert winning_dice(M, defending, attacking, Terrain.MOUNTAIN) == [6]
    assert winning_dice(E, attacking, defending, Terrain.MOUNTAIN) == [5, 6]
    assert winning_dice(E, defending, attacking, Terrain.BARE) == [5, 6]


def test_r44_archers_and_catapults_minus_one_in_forest() -> None:
    own = side(0, A, K, R, attacking=False)
    enemy = side(1, M, attacking=True)
    assert winning_dice(A, own, enemy, Terrain.FOREST) == [6]
    assert winning_dice(K, own, enemy, Terrain.FOREST) == [5, 6]
    assert winning_dice(R, own, enemy, Terrain.FOREST) == [4, 5, 6]
    led = side(0, A, K, G, attacking=True)
    assert winning_dice(A, led, enemy, Terrain.FOREST) == [5, 6]
    assert winning_dice(K, led, enemy, Terrain.FOREST) == [4, 5, 6]


def test_r40_ranged_units_fire_in_the_ranged_step_the_rest_in_melee() -> None:
    s = side(0, M, A, G, K, R, attacking=True)
    assert firing_units(s, Step.RANGED) == (A, K)
    assert firing_units(s, Step.MELEE) == (M, R)


def test_r40_count_hits_takes_one_die_per_firing_unit() -> None:
    own = side(0, A, K, M, attacking=False)
    enemy = side(1, M, attacking=True)
    assert count_hits(own, enemy, Terrain.CASTLE, Step.RANGED, [4, 3]) == 2
    assert count_hits(own, enemy, Terrain.CASTLE, Step.MELEE, [5]) == 1
    with pytest.raises(BattleError):
        count_hits(own, enemy, Terrain.CASTLE, Step.RANGED, [6])


def test_r41_hit_distribution_matches_every_roll_of_the_dice() -> None:
    """Exact P(k hits) equals brute force over all dice, modifiers included."""
    own = side(0, A, K, M, R, G, attacking=False)
    enemy = side(1, M, attacking=True)
    for terrain in (Terrain.FOREST, Terrain.CASTLE):
        for step in Step:
            n = len(firing_units(own, step))
            tally: Counter[int] = Counter()
            for dice in itertools.product(range(1, 7), repeat=n):
                tally[count_hits(own, enemy, terrain, step, dice)] += 1
            dist = hit_distribution(firing_chances(own, enemy, terrain, step))
            assert sum(dist) == 1
            assert list(dist) == [Fraction(tally[k], 6**n) for k in range(n + 1)]


def test_r45_any_unit_may_take_a_hit_except_horses() -> None:
    s = side(0, M, M, G, Unit(Kind.MERCENARY, True), Unit(Kind.HORSES), attacking=True)
    assert hit_targets(s) == tuple(sorted({M, G, Unit(Kind.MERCENARY, True)}))
    with pytest.raises(BattleError):
        take_hit(s, Unit(Kind.HORSES))
    with pytest.raises(BattleError):
        take_hit(s, A)


def test_r21_first_hit_damages_second_eliminates_general_dies_at_once() -> None:
    s = side(0, M, G, attacking=True)
    s = take_hit(s, M)
    assert sorted(s.units) == sorted([Unit(Kind.MERCENARY, True), G])
    s = take_hit(s, Unit(Kind.MERCENARY, True))
    assert s.units == (G,)
    s = take_hit(s, G)
    assert s.units == () and not s.alive()


def test_r46_horses_go_when_the_last_unit_goes() -> None:
    s = side(0, Unit(Kind.MERCENARY, True), Unit(Kind.HORSES), attacking=True)
    assert s.alive()
    s = take_hit(s, Unit(Kind.MERCENARY, True))
    assert s.units == () and not s.alive()


def test_r45_absorbable_hits() -> None:
    assert absorbable_hits(side(0, M, Unit(Kind.ARCHER, True), G, attacking=True)) == 4


def test_r40_r47_a_whole_battle_in_a_forest() -> None:
    """
    Yellow attacks a red forest square.
      red (defends):    archer, mercenary, general
      yellow (attacks): rider, mercenary
    Ranged step: red's archer (S5 -1 forest +1 general) hits; yellow allocates it.
    Melee step: red's mercenary misses, yellow's rider and mercenary both hit;
    red puts both on the archer (eliminated). Then the rounds go on until a side is gone.
    """
    red = side(0, A, M, G, attacking=False)
    yellow = side(1, R, M, attacking=True)
    b = Battle(7, Terrain.FOREST, attacker=yellow, defender=red)
    att_chances, def_chances = b.chances()
    assert att_chances == () and def_chances == (Fraction(2, 6),)
    b = b.roll(0, 1)
    assert b.step == Step.MELEE and b.pending == (1, 0) and b.allocating() == 0
    b = b.allocate(M)
    assert Unit(Kind.MERCENARY, True) in b.attacker.units and b.allocating() is None
    assert b.chances() == ((Fraction(3, 6), Fraction(1, 6)), (Fraction(2, 6),))
    b = b.roll(2, 0)
    assert b.pending == (0, 2) and b.allocating() == 1
    b = b.allocate(A)
    b = b.allocate(Unit(Kind.ARCHER, True))
    assert sorted(b.defender.units) == sorted([M, G])
    assert b.step == Step.RANGED and b.rounds == 1 and not b.is_over()
    # Nobody has a ranged unit left: the ranged step is skipped.
    b = b.skip_empty_steps()
    assert b.step == Step.MELEE
    b = b.roll(2, 1)  # attacker scores 2, defender 1
    b = b.allocate(Unit(Kind.MERCENARY, True))  # the attacker's damaged mercenary dies
    b = b.allocate(G)
    b = b.allocate(M)
    assert b.attacker.units == (R,)
    assert b.defender.units == (Unit(Kind.MERCENARY, True),)
    b = b.skip_empty_steps().roll(1, 0).allocate(Unit(Kind.MERCENARY, True))
    assert b.is_over() and b.winner() == 1 and not b.stand_off()


def test_r45_hits_beyond_what_a_side_can_take_are_dropped() -> None:
    b = Battle(0, Terrain.BARE, side(0, R, R, attacking=True), side(1, G, attacking=False))
    b = b.skip_empty_steps().roll(2, 0)
    assert b.pending == (0, 1)
    b = b.allocate(G)
    assert b.is_over() and b.winner() == 0


def test_r48_neither_side_can_hit_is_a_stand_off() -> None:
    b = Battle(0, Terrain.BARE, side(0, G, attacking=True), side(1, G, attacking=False))
    assert b.is_over() and b.stand_off() and b.winner() is None
    with pytest.raises(BattleError):
        b.roll(0, 0)


def test_r47_battle_not_over_while_hits_are_pending() -> None:
    b = Battle(0, Terrain.BARE, side(0, M, attacking=True), side(1, M, attacking=False))
    b = b.skip_empty_steps().roll(1, 1)
    assert not b.is_over()
    with pytest.raises(BattleError):
        b.winner()
    b = b.allocate(M).allocate(M)
    assert not b.is_over()
    with pytest.raises(BattleError):
        b.roll(2, 0)

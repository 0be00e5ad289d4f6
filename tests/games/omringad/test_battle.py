"""Omringad battles (R40-R48): the to-hit rule and modifiers as pure functions, and whole
battles through the engine (``battle_phase``, the one battle model the game plays), with
fixed dice on hand-made positions (``positions.battle_at``)."""

from __future__ import annotations

import pytest
from tests.games.omringad.positions import battle_at, play, roll, texts, top_down

from spelbord.core import CHANCE
from spelbord.games.omringad.battle import (
    BattleError,
    Side,
    Step,
    absorbable_hits,
    die_modifier,
    firing_units,
    hits,
    leader_bonus,
)
from spelbord.games.omringad.map import PILLOW
from spelbord.games.omringad.state import OmringadState
from spelbord.games.omringad.terrain import Terrain
from spelbord.games.omringad.units import Kind, Unit

L = PILLOW.parse_label
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
    yellow = yellow.with_units((M, E, R))  # the infiltrator is eliminated
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


def test_r45_absorbable_hits() -> None:
    assert absorbable_hits(side(0, M, Unit(Kind.ARCHER, True), G, attacking=True)) == 4


# ---------------------------------------------------------------------- through the engine
def dice(st: OmringadState) -> list[tuple[int, str, int]]:
    """The dice laid out: (party, unit, lowest face that hits); party 0 the attacker."""
    return [(d["side"], d["unit"], d["needed"]) for d in st.observation(None)["dice"]]


def test_r40_one_die_per_firing_unit_ranged_step_first() -> None:
    """A (defender, castle) has an archer, a catapult and a mercenary against B's mercenary:
    the ranged step rolls the archer and the catapult (+1 walls), then the melee step."""
    st = battle_at("A c3", [(0, "AKM"), (1, "M")], {"A c3": Terrain.CASTLE})
    assert dice(st) == [(1, "A", 4), (1, "K", 3)]
    roll(st, 4, 3)  # two hits: B's mercenary is damaged, then eliminated
    assert st.phase != "battle" and top_down(st, "A c3", 1) == ""


def test_r40_r47_a_whole_battle_in_a_forest() -> None:
    """B attacks A's forest square.
      A (defends): general, archer, mercenary
      B (attacks): rider, mercenary
    Ranged step: A's archer (S5 -1 forest +1 general) hits; B allocates it. Melee step: B's
    rider and mercenary both hit, A's mercenary misses; A puts both on the archer. The rounds
    go on, the empty ranged step skipped, until A is gone; B takes the square (R49)."""
    st = battle_at("A c3", [(0, "AMG"), (1, "RM")], {"A c3": Terrain.FOREST})
    assert dice(st) == [(1, "A", 5)]
    roll(st, 5)
    assert st.current_player() == 1 and texts(st) == ["hit M", "hit R"]
    play(st, "hit M")
    assert dice(st) == [(0, "R", 4), (0, "m", 6), (1, "M", 5)]
    roll(st, 4, 6, 2)
    assert st.current_player() == 0 and texts(st) == ["hit M", "hit A", "hit G"]
    play(st, "hit A", "hit a")
    assert top_down(st, "A c3", 0) == "GM"
    assert dice(st) == [(0, "R", 4), (0, "m", 6), (1, "M", 5)]  # no ranged step left
    roll(st, 4, 1, 5)  # one hit each
    play(st, "hit m", "hit G")
    assert dice(st) == [(0, "R", 4), (1, "M", 6)]  # the general's +1 is gone with it
    roll(st, 4, 1)
    assert top_down(st, "A c3", 0) == "m"  # one kind left: allocated automatically
    roll(st, 5, 1)
    assert st.phase != "battle"
    assert top_down(st, "A c3", 0) == "" and top_down(st, "A c3", 1) == "R"
    assert st.control[L("A c3")] == 1


def test_r45_hits_beyond_what_a_side_can_take_are_lost() -> None:
    st = battle_at("A c3", [(0, "G"), (1, "RR")])
    roll(st, 4, 4)  # two hits, the lone general takes one
    assert st.phase != "battle" and top_down(st, "A c3", 1) == "RR"
    assert st.control[L("A c3")] == 1


def test_r45_any_unit_may_take_a_hit_except_horses() -> None:
    st = battle_at("A c3", [(0, "HMG"), (1, "R")])
    roll(st, 4, 1)
    assert st.current_player() == 0 and texts(st) == ["hit M", "hit G"]


def test_r47_no_die_is_rolled_while_hits_are_to_be_allocated() -> None:
    st = battle_at("A c3", [(0, "ME"), (1, "R")])
    assert dice(st) == [(0, "R", 4), (1, "M", 6), (1, "E", 5)]
    roll(st, 4, 6, 1)  # both sides hit
    assert top_down(st, "A c3", 1) == "r"  # one kind: allocated automatically
    assert st.current_player() == 0 and st.observation(None)["dice"] == []
    play(st, "hit E")
    assert st.current_player() == CHANCE and len(dice(st)) == 3


def test_r48_neither_side_can_hit_is_a_stand_off() -> None:
    """Two generals: no die is ever rolled; the attacker goes back where it came from."""
    st = battle_at("A c3", [(0, "G"), (1, "G")])
    came = PILLOW.label(PILLOW.neighbours[L("A c3")][0])
    assert st.phase != "battle" and st.last_dice == []
    assert top_down(st, "A c3", 0) == "G" and top_down(st, came, 1) == "G"

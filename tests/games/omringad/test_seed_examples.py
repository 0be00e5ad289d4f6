"""The seed's own examples played through the engine, with fixed dice (R40-R52, R92).

Positions are built by hand with the ``kit`` fixture (conftest.py); stacks are written top
first (M mercenary, E elite, A archer, R rider, K catapult, G general; lower case damaged).
Dice are listed in the order the engine rolls them: the attacker's firing units in stack
order, then the defender's.
"""

from __future__ import annotations

from types import SimpleNamespace

from spelbord.core import CHANCE
from spelbord.games.omringad.phases.battle import STALL_LIMIT
from spelbord.games.omringad.state import OmringadState
from spelbord.games.omringad.terrain import Terrain


def to_battle(st: OmringadState, kit: SimpleNamespace) -> None:
    while st.phase == "move":
        kit.play(st, "pass")


def needed(st: OmringadState) -> list[tuple[str, str, int]]:
    """The dice about to be rolled: (owner, unit, lowest face that hits)."""
    return [("AB"[d["owner"]], d["unit"], d["needed"]) for d in st.observation(None)["dice"]]


def test_r40_r42_r45_the_seed_battle_example_with_base_units(kit: SimpleNamespace) -> None:
    """The battle picture of the seed (page 9) without its special units.

    Red (B) defends B e3 with a general, archers and mercenaries; yellow (A) attacks with
    mercenaries, elite soldiers and riders. Only red has a ranged unit and rolls first: a
    six, a hit, and yellow puts it on its cheapest unit, the mercenaries. In the melee red's
    mercenaries hit on 5 and 6 thanks to the general, but miss; yellow scores two hits and
    red spreads them over its mercenaries and archers.
    """
    st = kit.position({"A e3": (0, "MER"), "B e3": (1, "GAM"), "B a1": (1, "M")})
    kit.play(st, "A e3", "take M", "take E", "take R", "done", "B e3")
    to_battle(st, kit)
    assert needed(st) == [("B", "A", 4)]  # archer S5, general +1
    assert st.action_to_string(5) == "ranged B A 6 hit"
    kit.roll(st, 6)
    assert st.current_player() == 0  # yellow allocates red's hit
    kit.play(st, "hit M")
    assert kit.top_down(st, "B e3", 0) == "mER"
    assert needed(st) == [("A", "m", 6), ("A", "E", 5), ("A", "R", 4), ("B", "M", 5)]
    kit.roll(st, 2, 5, 4, 4)
    last = st.observation(0)["last_dice"]
    assert [d["hit"] for d in last] == [False, True, True, False]
    assert st.current_player() == 1 and st.battle[5] == 2
    kit.play(st, "hit M", "hit A")
    assert kit.top_down(st, "B e3", 1) == "Gam"
    assert st.phase == "battle" and needed(st) == [("B", "a", 4)]  # the rounds repeat (R47)


def test_r43_r42_castle_walls_and_the_general_add_up(kit: SimpleNamespace) -> None:
    """Mercenaries with a general defending a castle hit on 4 (S6, +1 walls, +1 general);
    the attacking elite with its general needs 4 too, and 5 once its general is hit."""
    st = kit.position(
        {"A e3": (0, "GE"), "B e3": (1, "GM"), "B a1": (1, "M")}, {"B e3": Terrain.CASTLE}
    )
    kit.play(st, "A e3", "take G", "take E", "done", "B e3")
    to_battle(st, kit)
    assert needed(st) == [("A", "E", 4), ("B", "M", 4)]
    kit.roll(st, 3, 4)
    assert [st.action_to_string(a) for a in st.legal_actions()] == ["hit E", "hit G"]
    kit.play(st, "hit G")
    assert needed(st) == [("A", "E", 5), ("B", "M", 4)]


def test_r43_elite_defending_a_mountain_gets_plus_one_attacking_elite_does_not(
    kit: SimpleNamespace,
) -> None:
    st = kit.position(
        {"A e3": (0, "E"), "B e3": (1, "E"), "B a1": (1, "M")}, {"B e3": Terrain.MOUNTAIN}
    )
    kit.play(st, "A e3", "take E", "done", "B e3")
    to_battle(st, kit)
    assert needed(st) == [("A", "E", 5), ("B", "E", 4)]


def test_r44_r42_archers_and_catapults_in_a_forest_with_a_general(kit: SimpleNamespace) -> None:
    """In a forest the archer needs 5 (S5, -1, +1) and the catapult 4 (S4, -1, +1)."""
    st = kit.position(
        {"A e3": (0, "GAK"), "B e3": (1, "M"), "B a1": (1, "M")}, {"B e3": Terrain.FOREST}
    )
    kit.play(st, "A e3", "take G", "take A", "take K", "done", "B e3")
    to_battle(st, kit)
    assert needed(st) == [("A", "A", 5), ("A", "K", 4)]
    kit.roll(st, 4, 4)  # the archer misses, the catapult hits
    assert kit.top_down(st, "B e3", 1) == "m"
    assert needed(st) == [("B", "m", 6)]  # A has no melee unit: only B rolls


def test_r92_a_battle_without_hits_ends_in_a_stand_off(kit: SimpleNamespace) -> None:
    """After STALL_LIMIT rolled steps in a row without a hit the attackers go back (R48)."""
    st = kit.position({"A e3": (0, "M"), "B e3": (1, "M"), "B a1": (1, "M")})
    kit.play(st, "A e3", "take M", "done", "B e3")
    to_battle(st, kit)
    kit.roll(st, 1, 6)  # B's hit damages A's mercenary and resets the count
    assert st.stall == 0
    for step in range(STALL_LIMIT - 1):
        kit.roll(st, 1, 5)
        assert st.stall == step + 1 and st.current_player() == CHANCE
    kit.roll(st, 2, 3)
    assert st.phase != "battle"
    assert kit.top_down(st, "A e3", 0) == "m" and kit.top_down(st, "B e3", 1) == "M"
    assert st.control[kit.L("B e3")] == 1


def test_r50_r51_r52_the_seed_siege_picture_full_on_a_village_partial_on_the_castle(
    kit: SimpleNamespace,
) -> None:
    """Yellow stands beside red's village on two sides and beside its castle on one.

      a b c d e
    1 . . . . .
    2 y V y . .     V red village A b2, y yellow units at A a2 and A c2
    3 . . C . .     C red castle A c3 (A c2 touches it; A a2 does not)
    """
    st = kit.position(
        {"A a2": (1, "M"), "A c2": (1, "MM"), "A e5": (0, "M")},
        {"A b2": Terrain.VILLAGE, "A c3": Terrain.CASTLE},
        control={"A a2": 1, "A c2": 1},
    )
    st.bought[0] = [0, 0, 0]
    st.pool[0][0] -= 3
    to_battle(st, kit)
    assert st.phase == "reinforce" and st.current_player() == 0
    kit.play(st, "place M")
    assert st.legal_actions() == [kit.sq("A c3")]  # the village takes none, the castle two
    kit.play(st, "A c3", "place M", "A c3")
    assert st.bought[0] == [] and kit.top_down(st, "A c3", 0) == "MM"
    assert st.pool[0][0] == 16 - 1 - 2  # the third unit went back to the pool (R55)

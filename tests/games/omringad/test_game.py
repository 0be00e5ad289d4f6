"""The Omringad game engine: setup, purchases, moves, battles, reinforcements, rounds.

Positions are built by hand with the ``kit`` fixture (conftest.py); stacks are written top
first with unit letters (M mercenary, E elite, A archer, R rider, K catapult, G general;
lower case = damaged).
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from spelbord.core import CHANCE, SIMULTANEOUS, TERMINAL
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.game import OmringadGame
from spelbord.games.omringad.state import OmringadState
from spelbord.games.omringad.terrain import Terrain

LAYOUT = [12, 0, 4, 6, 8, 16, 18, 20, 24]
"""Cells for castle, village, village, lake, lake, forest, forest, mountain, mountain:
   a b c d e
 1 V . . . V
 2 . L . L .
 3 . . C . .
 4 . F . F .
 5 M . . . M
"""


def after_setup() -> OmringadState:
    st = OmringadGame().new_initial_state()
    for cell in LAYOUT:
        st.apply_actions([N.TILE + cell, N.TILE + cell])
    return st


def test_r5_tiles_are_placed_secretly_and_revealed_together() -> None:
    st = OmringadGame().new_initial_state()
    assert st.current_player() == SIMULTANEOUS
    st.apply_actions([N.TILE + 12, N.TILE + 0])
    mine, theirs = st.observation(0), st.observation(1)
    assert mine["terrain"][12] == "C" and mine["terrain"][25] == "?"
    assert theirs["terrain"][25] == "C" and theirs["terrain"][12] == "?"
    assert st.observation(None)["terrain"][12] == "?"
    assert N.TILE + 12 not in st.legal_actions(0) and N.TILE + 12 in st.legal_actions(1)
    st = after_setup()
    assert st.phase == "pregame"
    assert st.observation(1)["terrain"][:5] == ["V", ".", ".", ".", "V"]
    assert st.terrain[25 + 12] == Terrain.CASTLE and st.terrain[24] == Terrain.MOUNTAIN


def test_r70_opening_purchase_split_evenly(kit: SimpleNamespace) -> None:
    """The seed example: 5 mercenaries, 3 elite, 1 catapult make three stacks of three."""
    st = after_setup()
    st.apply_actions([st.string_to_action("buy M", 0), N.DONE])
    for text in ["buy M"] * 4 + ["buy E"] * 3:
        st.apply_actions([st.string_to_action(text, 0), N.WAIT])
    assert st.gold == [6, 0] and st.stage == ["buy", "done"]
    assert st.legal_actions(1) == [N.WAIT]
    st.apply_actions([st.string_to_action("buy K", 0), N.WAIT])
    assert st.gold[0] == 0 and st.legal_actions(0) == [N.DONE]
    st.apply_actions([N.DONE, N.WAIT])
    castle, v1, v2 = kit.L("A c3"), kit.L("A a1"), kit.L("A e1")
    plan = [("M", castle)] * 3 + [("M", v1), ("M", v1), ("E", v1), ("E", v2), ("E", v2)]
    for i, (kind, where) in enumerate([*plan, ("K", v2)]):
        st.apply_actions([st.string_to_action(f"place {kind}", 0), N.WAIT])
        if i < 3:
            assert st.legal_actions(0) == [N.SQUARE + v1, N.SQUARE + v2, N.SQUARE + castle]
        if i == 3:
            assert st.legal_actions(0) == [N.SQUARE + v1, N.SQUARE + v2]  # castle full: 3 of 9
        st.apply_actions([N.SQUARE + where, N.WAIT])
    assert kit.top_down(st, "A c3", 0) == "MMM"
    assert kit.top_down(st, "A a1", 0) == "EMM"
    assert kit.top_down(st, "A e1", 0) == "KEE"
    assert st.phase == "initiative" and st.round == 1 and st.gold == [25, 25]


def test_r72_initiative_roll_off_is_fair_and_passes_clockwise(kit: SimpleNamespace) -> None:
    st = after_setup()
    st.apply_actions([N.DONE, N.DONE])
    assert st.current_player() == CHANCE
    assert st.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    kit.play(st, "initiative B")
    assert st.initiative == 1 and st.phase == "purchase"
    st.apply_actions([N.DONE, N.DONE])
    assert st.phase == "move" and st.current_player() == 1
    kit.play(st, "pass", "pass")
    assert st.round == 2 and st.initiative == 0


def test_r73_purchases_are_secret_and_unspent_gold_is_lost(kit: SimpleNamespace) -> None:
    st = after_setup()
    st.apply_actions([N.DONE, N.DONE])
    kit.play(st, "initiative A")
    st.apply_actions([st.string_to_action("buy G", 0), st.string_to_action("buy M", 1)])
    assert st.gold == [15, 23]
    assert st.observation(1)["gold"] == [25, 23]  # only the budget of the other is seen
    assert st.observation(0)["gold"] == [15, 25]
    assert st.observation(0)["bought"] == ["general"]
    assert st.observation(1)["bought"] == ["mercenary"]
    assert st.observation(1)["bought_count"] == [1, 1]
    assert "general" not in str(st.observation(1))
    st.apply_actions([N.DONE, N.DONE])
    assert st.gold == [0, 0] and st.phase == "move"


def test_r30_r38_a_move_in_the_peace_round(kit: SimpleNamespace) -> None:
    st = kit.position({"A e3": (0, "RM"), "B c3": (1, "M")}, round_=1)
    assert st.current_player() == 0
    assert st.legal_actions() == [N.PASS, kit.sq("A e3")]
    kit.play(st, "A e3", "take R")
    assert st.legal_actions() == [N.DONE, N.TAKE + N.unit_class(kit.units("M")[0])]
    kit.play(st, "done")
    assert kit.sq("B e3") not in st.legal_actions()  # no crossing in the peace round
    assert st.legal_actions() == sorted(kit.sq(x) for x in ("A e2", "A d3", "A e4"))
    kit.play(st, "A e2", "stop")
    assert kit.top_down(st, "A e2", 0) == "R" and kit.top_down(st, "A e3", 0) == "M"
    assert st.current_player() == 1
    kit.play(st, "pass")
    assert st.current_player() == 0
    assert kit.sq("A e2") not in st.legal_actions()  # R37: the rider has moved
    kit.play(st, "A e3", "take M", "done", "A d3")  # F1: the move ends by itself
    assert st.current_player() == 0 and st.legal_actions() == [N.PASS]  # B passed already
    kit.play(st, "pass")
    assert st.round == 2 and st.phase == "auction"  # R100: round 2 opens with the auction


def test_r36_conquest_in_passing(kit: SimpleNamespace) -> None:
    st = kit.position({"A e3": (0, "R"), "B a1": (1, "M")})
    kit.play(st, "A e3", "take R", "done", "B e3", "B d3", "B c3")
    assert [st.control[kit.L(x)] for x in ("B e3", "B d3", "B c3")] == [0, 0, 0]
    assert st.current_player() == 1  # F3 used up: the move ended


@pytest.mark.parametrize(("version", "taken"), [(3, True), (2, False), (1, False)])
def test_r36_r118_a_unit_joining_its_own_lone_magician_takes_the_square(
    kit: SimpleNamespace, version: int, taken: bool
) -> None:
    """R36, R118: B's magician stands alone on A's square A c3, which it could not take.
    B's elite walks from A c5 (B's) through A c4 (A's, empty: taken) and stops on A c3 with
    the magician. Rules version 3: the magician is no longer alone, nobody else's units
    stand there, so B takes A c3 and draws its gold; versions 1-2 left it to A."""
    st = kit.position(
        {"A c3": (1, "W"), "A c5": (1, "E"), "A a1": (0, "M")},
        control={"A c5": 1},
        initiative=1,
        rules_version=version,
    )
    assert st.game.rules_version == version
    kit.play(st, "A c5", "take E", "done", "A c4", "A c3")
    assert kit.top_down(st, "A c3", 1) == "EW" and st.control[kit.L("A c4")] == 1
    assert st.control[kit.L("A c3")] == (1 if taken else 0)
    run_to_battle(st, kit)
    assert st.phase == "auction"  # no battle, nobody reinforces: the round is over
    assert st.gold == ([22, 28] if taken else [23, 27])


@pytest.mark.parametrize("version", [3, 2])
def test_r36_v3_passing_its_own_magician_takes_the_square_in_passing(
    kit: SimpleNamespace, version: int
) -> None:
    """R36 (version 3): "även om spelaren väljer att inte själv stanna kvar" holds where the
    mover's own lone magician stands too; version 2 took only the empty squares."""
    st = kit.position(
        {"A c4": (1, "W"), "A c5": (1, "R"), "A a1": (0, "M")},
        control={"A c5": 1},
        initiative=1,
        rules_version=version,
    )
    kit.play(st, "A c5", "take R", "done", "A c4", "A c3", "A c2")
    assert kit.top_down(st, "A c2", 1) == "R" and kit.top_down(st, "A c4", 1) == "W"
    assert [st.control[kit.L(x)] for x in ("A c4", "A c3", "A c2")] == [
        1 if version >= 3 else 0,
        1,
        1,
    ]


def test_r34_r35_attack_stops_and_restricts_the_defender(kit: SimpleNamespace) -> None:
    """Two mercenaries attack a stack of eight across the east seam (the seed example)."""
    st = kit.position({"A e3": (0, "MM"), "B e3": (1, "MMMMMMMM")})
    kit.play(st, "A e3", "take M", "take M", "done", "B e3")
    # who entered, from where, how many, and (version 2) the group's classes: two M (R35, R48)
    assert st.entries[kit.L("B e3")] == [[0, kit.L("A e3"), 2, 0, 0]]
    assert st.current_player() == 1
    kit.play(st, "B e3")
    for _ in range(6):
        kit.play(st, "take M")
    assert st.legal_actions() == [N.DONE]  # two must stay
    kit.play(st, "done")
    assert st.legal_actions() == sorted(kit.sq(x) for x in ("B e2", "B d3", "B e4"))


def run_to_battle(st: OmringadState, kit: SimpleNamespace) -> None:
    while st.phase == "move":
        kit.play(st, "pass")


def test_r40_r49_a_battle_in_the_engine(kit: SimpleNamespace) -> None:
    """Two riders attack two mercenaries; every die is a chance event (fixed here)."""
    st = kit.position({"A e3": (0, "RR"), "B e3": (1, "MM"), "B a1": (1, "M")})
    kit.play(st, "A e3", "take R", "take R", "done", "B e3")
    run_to_battle(st, kit)
    assert st.phase == "battle" and st.current_player() == CHANCE
    assert st.battle[:3] == [kit.L("B e3"), 0, 1]  # attacker A, defender B
    assert st.chance_outcomes() == [(f, 1 / 6) for f in range(6)]
    # Nobody has a ranged unit: the melee step is rolled, the attacker's dice first.
    assert [st.action_to_string(a) for a in (3, 2)] == ["melee A R 4 hit", "melee A R 3 miss"]
    kit.roll(st, 5, 4)
    assert st.action_to_string(5) == "melee B M 6 hit"
    kit.roll(st, 2, 3)  # two hits for A, none for B
    # The first hit lands on a mercenary by force; the second is B's choice.
    assert st.current_player() == 1
    assert [st.action_to_string(a) for a in st.legal_actions()] == ["hit M", "hit m"]
    kit.play(st, "hit m")
    assert kit.top_down(st, "B e3", 1) == "M" and st.pool[1][0] == 16 - 3 + 1
    kit.roll(st, 6, 1, 2)  # one hit, forced onto the last mercenary
    kit.roll(st, 1, 4, 6)  # one hit each: B hits back as it dies; A's choice is forced
    assert kit.top_down(st, "B e3", 1) == ""
    assert sorted(kit.top_down(st, "B e3", 0)) == ["R", "r"]
    assert st.control[kit.L("B e3")] == 0


def test_r41_r43_r44_dice_of_a_step_need_their_modified_faces(kit: SimpleNamespace) -> None:
    """An archer and a mercenary attack a mercenary in a forest: one chance event per die,
    and the observation shows each die's unit, the face it needs and whether it hit."""
    st = kit.position(
        {"A c1": (0, "AM"), "A c2": (1, "M")}, {"A c2": Terrain.FOREST}, control={"A c2": 1}
    )
    kit.play(st, "A c1", "take A", "take M", "done", "A c2")
    run_to_battle(st, kit)
    dice = st.observation(1)["dice"]
    assert [(d["step"], d["unit"], d["modifier"], d["needed"], d["die"]) for d in dice] == [
        ("ranged", "A", -1, 6, None)  # archer S5, -1 in a forest: only a 6
    ]
    kit.roll(st, 5)
    last = st.observation(None)["last_dice"]
    assert [(d["die"], d["hit"]) for d in last] == [(5, False)]
    assert [(d["side"], d["unit"], d["needed"]) for d in st.observation(0)["dice"]] == [
        (0, "M", 6),
        (1, "M", 6),
    ]
    kit.roll(st, 6)
    assert st.observation(0)["dice"][0]["die"] == 6 and st.observation(0)["dice"][1]["die"] is None


def test_r48_stand_off_sends_the_attackers_back(kit: SimpleNamespace) -> None:
    st = kit.position({"A e3": (0, "G"), "B e3": (1, "G"), "B a1": (1, "M")})
    kit.play(st, "A e3", "take G", "done", "B e3")
    run_to_battle(st, kit)
    assert kit.top_down(st, "A e3", 0) == "G" and kit.top_down(st, "B e3", 1) == "G"
    assert st.control[kit.L("B e3")] == 1


def test_r48_v1_attackers_cut_off_by_enemies_are_lost(kit: SimpleNamespace) -> None:
    """Rules version 1: the general whose way back is held is eliminated (version 2 lets it
    go to another square, ``test_retreats.py``)."""
    st = kit.position({"A e3": (0, "G"), "B e3": (1, "G"), "B e2": (1, "R")}, rules_version=1)
    kit.play(st, "A e3", "take G", "done", "B e3")
    kit.play(st, "B e2", "take R", "done", "A e2", "A e3", "stop")
    assert st.control[kit.L("A e3")] == 1
    run_to_battle(st, kit)
    assert kit.top_down(st, "A e3", 0) == "" and kit.top_down(st, "A e3", 1) == "R"
    assert st.pool[0][5] == 3  # the general is back in the pool


def test_r51_r55_partial_siege_caps_reinforcements_the_rest_return(
    kit: SimpleNamespace,
) -> None:
    """
    A's only free settlement is the village A e3, besieged from B e3 (cap 2); A's village
    A a1 is besieged from B a1 and A b1 (full). A bought four mercenaries.
    """
    st = kit.position(
        {"B e3": (1, "M"), "B a1": (1, "M"), "A b1": (1, "M"), "A c3": (1, "M")},
        {"A e3": Terrain.VILLAGE, "A a1": Terrain.VILLAGE, "A c3": Terrain.CASTLE},
        control={"A b1": 1, "A c3": 1},
    )
    st.bought[0] = [0, 0, 0, 0]
    st.pool[0][0] -= 4
    run_to_battle(st, kit)
    assert st.phase == "reinforce" and st.current_player() == 0
    kit.play(st, "place M")
    assert st.legal_actions() == [kit.sq("A e3")]
    kit.play(st, "A e3", "place M", "A e3")
    assert st.bought[0] == [] and st.pool[0][0] == 16 - 2
    assert kit.top_down(st, "A e3", 0) == "MM"


def test_r56_two_damaged_units_merge_in_a_settlement(kit: SimpleNamespace) -> None:
    st = kit.position({"A e3": (0, "eeM"), "B a1": (1, "M")}, {"A e3": Terrain.VILLAGE})
    run_to_battle(st, kit)
    assert st.phase == "reinforce"
    assert [st.action_to_string(a) for a in st.legal_actions()] == ["done", "merge E A e3"]
    kit.play(st, "merge E A e3")
    assert sorted(kit.top_down(st, "A e3", 0)) == ["E", "M"] and st.pool[0][1] == 6 - 1
    kit.play(st, "done")
    assert st.phase == "auction"  # the next round (R100)


def test_r61_r62_end_of_round_income_and_points(kit: SimpleNamespace) -> None:
    st = kit.position(
        {"A e3": (0, "R"), "B a1": (1, "M")},
        {"B e3": Terrain.VILLAGE, "B d3": Terrain.FOREST},
    )
    kit.play(st, "A e3", "take R", "done", "B e3", "B d3", "stop")
    run_to_battle(st, kit)
    assert st.gold == [27, 23]
    assert st.score == [2 + 1 + 1, 0]  # village, forest, most squares


def test_r63_target_reached_wins(kit: SimpleNamespace) -> None:
    st = kit.position({"B a1": (1, "M")}, {"A c3": Terrain.CASTLE})
    st.score = [45, 44]
    run_to_battle(st, kit)
    assert st.current_player() == TERMINAL
    assert st.returns() == [1.0, -1.0] and st.outcome() is not None


def test_r63_equal_score_and_squares_is_a_draw(kit: SimpleNamespace) -> None:
    st = kit.position({"B a1": (1, "M")}, {"A c3": Terrain.CASTLE, "B c3": Terrain.CASTLE})
    st.score = [45, 45]
    run_to_battle(st, kit)
    assert st.is_terminal() and st.returns() == [0.0, 0.0] and st.termination() == "draw"


def test_r80_opponents_see_count_and_top_only_battles_show_all(kit: SimpleNamespace) -> None:
    st = kit.position({"A e3": (0, "GEM"), "B e3": (1, "RMM")})
    theirs = next(s for s in st.observation(1)["stacks"] if s["owner"] == 0)
    assert theirs == {"square": kit.L("A e3"), "owner": 0, "count": 3, "top": "G"}
    mine = next(s for s in st.observation(0)["stacks"] if s["owner"] == 0)
    assert mine["units"] == ["G", "E", "M"]
    kit.play(st, "A e3", "take E", "done")
    assert st.observation(1)["move"]["count"] == 1 and "group" not in st.observation(1)["move"]
    kit.play(st, "B e3")
    run_to_battle(st, kit)
    seen = {s["owner"]: s.get("units") for s in st.observation(None)["stacks"]
            if s["square"] == kit.L("B e3")}  # fmt: skip
    assert seen == {0: ["E"], 1: ["R", "M", "M"]}


def test_r82_resampling_deals_hidden_units_afresh(kit: SimpleNamespace) -> None:
    import random

    st = kit.position({"A e3": (0, "MEERA"), "B a1": (1, "RM")})
    obs = st.observation(1)
    seen = set()
    for seed in range(30):
        other = st.resample(1, random.Random(seed))
        assert other.observation(1) == obs
        assert other.legal_actions(1) == st.legal_actions(1)
        seen.add(kit.top_down(other, "A e3", 0))
        assert sum(other.pool[0]) == sum(st.pool[0])
    assert len(seen) > 1 and all(s[0] == "M" and "G" not in s for s in seen)


def test_r80_a_general_stays_on_top_of_any_stack_it_joins(kit: SimpleNamespace) -> None:
    st = kit.position({"A c3": (0, "GE"), "A c4": (0, "MM"), "B a1": (1, "M")})
    kit.play(st, "A c3", "take E", "take G", "done", "A c4", "stop")
    assert kit.top_down(st, "A c4", 0) == "GEMM"
    theirs = next(s for s in st.observation(1)["stacks"] if s["square"] == kit.L("A c4"))
    assert theirs["top"] == "G" and theirs["count"] == 4


def test_r33_a_group_on_a_mountain_takes_one_step(kit: SimpleNamespace) -> None:
    st = kit.position({"A c3": (0, "R"), "B a1": (1, "M")}, {"A c3": Terrain.MOUNTAIN})
    kit.play(st, "A c3", "take R", "done", "A c2")
    assert st.current_player() == 1  # the move ended after one step
    assert kit.top_down(st, "A c2", 0) == "R"


def test_r31_the_slowest_unit_sets_the_pace_in_the_engine(kit: SimpleNamespace) -> None:
    st = kit.position({"A c3": (0, "RK"), "B a1": (1, "M")})
    kit.play(st, "A c3", "take R", "take K", "done", "A c2")
    assert st.current_player() == 1 and kit.top_down(st, "A c2", 0) == "RK"


def test_r71_the_peace_round_gives_25_gold_and_13_points(kit: SimpleNamespace) -> None:
    st = after_setup()
    st.apply_actions([N.DONE, N.DONE])
    kit.play(st, "initiative A")
    st.apply_actions([N.DONE, N.DONE])
    kit.play(st, "pass", "pass")
    assert st.round == 2 and st.gold == [25, 25] and st.score == [13, 13]
    assert st.initiative == 1 and st.phase == "auction"  # no auction in round 1 only (R100)


def test_r49_nobody_survives_the_square_keeps_its_controller(kit: SimpleNamespace) -> None:
    st = kit.position({"A e3": (0, "M"), "B e3": (1, "M"), "B a1": (1, "M")})
    kit.play(st, "A e3", "take M", "done", "B e3")
    run_to_battle(st, kit)
    kit.roll(st, 6, 6, 6, 6)  # both mercenaries hit twice
    assert kit.top_down(st, "B e3", 0) == kit.top_down(st, "B e3", 1) == ""
    assert st.control[kit.L("B e3")] == 1 and st.pool[0][0] == 16 and st.pool[1][0] == 15


def test_r35_several_attacking_groups_add_up(kit: SimpleNamespace) -> None:
    """
    B's stack of five at B c3 is attacked from B c2 (one rider) and B b3 (two riders):
    three must stay and neither B c2 nor B b3 may be entered from it.
    """
    st = kit.position(
        {"B c2": (0, "R"), "B b3": (0, "RR"), "B c3": (1, "MMMMM"), "B e5": (1, "M")},
        control={"B c2": 0, "B b3": 0},
    )
    kit.play(st, "B c2", "take R", "done", "B c3")
    kit.play(st, "B e5", "take M", "done", "B e4")
    kit.play(st, "B b3", "take R", "take R", "done", "B c3")
    assert st.current_player() == 1
    kit.play(st, "B c3", "take M", "take M")
    assert st.legal_actions() == [N.DONE]
    kit.play(st, "done")
    assert st.legal_actions() == sorted(kit.sq(x) for x in ("B d3", "B c4"))

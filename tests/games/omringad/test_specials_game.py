"""The eight special units in the real game (R110-R118, R126): movement, battles, control.

Positions are built by hand at the start of a movement phase (``position``: special units
come out of the cup, the dragon stands as a stack of its own owned by ``NEUTRAL``); battle
dice are fixed by applying the chance actions.
"""

from __future__ import annotations

import json
import random

import pytest
from tests.games.omringad import positions
from tests.games.omringad.positions import play, roll, texts, to_battle, top_down

from spelbord.core import CHANCE, SIMULTANEOUS, sample_outcome
from spelbord.games.omringad import board as B
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.map import PILLOW
from spelbord.games.omringad.phases import move
from spelbord.games.omringad.siege import SiegeLevel, siege_level
from spelbord.games.omringad.specials import NEUTRAL
from spelbord.games.omringad.state import OmringadState
from spelbord.games.omringad.terrain import Terrain
from spelbord.games.omringad.units import KIND_CODES, SPECIAL_KINDS, Kind, Unit

L = PILLOW.parse_label
_BY_CODE = {c: k for k, c in KIND_CODES.items()}
A, B_ = 0, 1


def position(
    stacks: dict[str, tuple[int, str]],
    tiles: dict[str, Terrain] | None = None,
    *,
    control: dict[str, int] | None = None,
    players: int = 2,
) -> OmringadState:
    """A round-2 movement phase with these stacks in the engine's order (owner ``NEUTRAL``
    for the dragon). Base units leave their owner's pool, special units the cup."""
    return positions.position(stacks, tiles, control=control, top_order=True, players=players)


def dice(st: OmringadState) -> list[tuple[int, str, int, int]]:
    """The dice laid out: (owner, unit, modifier, lowest face that hits)."""
    return [(d["owner"], d["unit"], d["modifier"], d["needed"]) for d in st.observation(0)["dice"]]


def in_cup(st: OmringadState, kind: Kind) -> bool:
    return SPECIAL_KINDS.index(kind) in st.cup


# ---------------------------------------------------------------------- R110 diplomat
def test_r110_the_defenders_diplomat_cancels_the_attack_before_the_battle() -> None:
    st = position({"A c3": (A, "DM"), "A c4": (B_, "RE")}, control={"A c4": B_})
    play(st, "pass", "A c4", "take R", "take E", "done", "A c3")
    to_battle(st)
    assert st.current_player() == A and texts(st) == ["envoy", "fight"]
    assert st.observation(None)["dice"] == []
    play(st, "envoy")
    assert top_down(st, "A c3", A) == "M" and top_down(st, "A c4", B_) == "RE"
    assert in_cup(st, Kind.DIPLOMAT) and st.control[L("A c3")] == A
    assert st.phase != "battle"


def test_r110_the_diplomat_may_be_spent_between_two_steps_and_not_when_attacking() -> None:
    st = position({"A c3": (A, "DM"), "A c4": (B_, "M")}, control={"A c4": B_})
    play(st, "pass", "A c4", "take M", "done", "A c3")
    to_battle(st)
    play(st, "fight")  # A goes on: the melee step is laid out (nobody has a ranged unit)
    assert st.current_player() == CHANCE and [d[1] for d in dice(st)] == ["M", "M"]
    roll(st, 1, 1)  # no hit
    assert st.current_player() == A and texts(st) == ["envoy", "fight"]
    play(st, "envoy")
    assert top_down(st, "A c4", B_) == "M" and top_down(st, "A c3", A) == "M"
    assert st.stall == 1 and st.phase != "battle"
    st = position({"A c3": (A, "M"), "A c4": (B_, "MD")}, control={"A c4": B_})
    play(st, "pass", "A c4", "take M", "take D", "done", "A c3")
    to_battle(st)
    assert st.current_player() == CHANCE  # an attacking diplomat cannot be used


def test_r110_a_diplomat_in_a_stack_with_horses_takes_them_along_when_spent() -> None:
    """The diplomat was the horses' last companion: spent, the horses are lost (R112)."""
    st = position({"A c3": (A, "HD"), "A c4": (B_, "M")}, control={"A c4": B_})
    play(st, "pass", "A c4", "take M", "done", "A c3")
    to_battle(st)
    play(st, "envoy")
    assert top_down(st, "A c3", A) == "" and top_down(st, "A c4", B_) == "M"
    assert in_cup(st, Kind.DIPLOMAT) and in_cup(st, Kind.HORSES)
    assert st.control[L("A c3")] == A


# ---------------------------------------------------------------------- R111 dragon
def test_r111_the_dragon_stops_every_group_and_fights_it() -> None:
    st = position({"B c3": (NEUTRAL, "Z"), "B c4": (A, "R")}, control={"B c4": A})
    play(st, "B c4", "take R", "done")
    assert "B c3" in texts(st)
    play(st, "B c3")  # the move ends at the dragon
    assert st.mover == B_ and st.path == []
    to_battle(st)
    assert st.battle[:3] == [L("B c3"), A, NEUTRAL]  # the dragon defends
    obs = st.observation(B_)
    assert json.loads(json.dumps(obs))["battle"][2] == -1
    assert dice(st) == [(A, "R", 0, 4), (NEUTRAL, "Z", 0, 2)]  # it fights in the melee step
    assert st.action_to_string(1) == "melee A R 2 miss"
    roll(st, 6)
    assert st.action_to_string(1) == "melee Z Z 2 hit"
    roll(st, 2)  # one hit each: forced allocations, the dragon never decides
    assert top_down(st, "B c3", A) == "r" and top_down(st, "B c3", NEUTRAL) == "z"
    assert dice(st) == [(A, "r", 0, 5), (NEUTRAL, "z", 0, 3)]  # damaged: S3
    roll(st, 5, 2)
    assert top_down(st, "B c3", NEUTRAL) == "" and in_cup(st, Kind.DRAGON)
    assert top_down(st, "B c3", A) == "r" and st.control[L("B c3")] == A


def test_r111_when_the_dragon_wins_its_square_keeps_its_controller_and_income() -> None:
    st = position({"B c3": (NEUTRAL, "Z"), "B c4": (A, "m")}, control={"B c4": A})
    play(st, "B c4", "take m", "done", "B c3")
    to_battle(st)
    roll(st, 1, 4)
    assert top_down(st, "B c3", A) == "" and top_down(st, "B c3", NEUTRAL) == "Z"
    assert st.control[L("B c3")] == B_ and st.pool[A][0] == 16
    assert st.round == 3 and st.gold == [26, 24]  # B still draws income from B c3


def test_r111_the_dragon_strikes_the_first_arrival_and_others_may_target_it() -> None:
    """A and B both enter the dragon's square: the dragon's hits go to A (there first and
    standing); A and B each choose for every hit between the dragon and the other."""
    st = position(
        {"B c3": (NEUTRAL, "Z"), "B c4": (A, "ME"), "B c2": (B_, "EM")},
        control={"B c4": A},
    )
    play(st, "B c4", "take M", "take E", "done", "B c3")
    play(st, "B c2", "take E", "take M", "done", "B c3")
    to_battle(st)
    assert st.battle == [L("B c3"), A, NEUTRAL, 1, 0, 0, B_, 0]  # the melee step
    assert [d[0] for d in dice(st)] == [A, A, NEUTRAL, B_, B_]
    roll(st, 6, 1, 2, 6, 1)  # A hits once, the dragon once, B once
    assert st.current_player() == A and texts(st) == ["target B", "target Z"]
    play(st, "target Z")
    assert st.current_player() == B_ and texts(st) == ["target A", "target Z"]
    play(st, "target A")  # the dragon's hit went to A by itself
    assert st.current_player() == A and texts(st) == ["hit M", "hit E"]
    play(st, "hit M", "hit m")
    assert top_down(st, "B c3", A) == "E" and top_down(st, "B c3", NEUTRAL) == "z"


# ---------------------------------------------------------------------- R112 horses
def test_r112_horses_add_one_to_f_up_to_three_and_never_for_elephants() -> None:
    st = position({"A a3": (A, "HM"), "B e3": (B_, "M")})
    play(st, "A a3", "take M", "take H", "done", "A b3")
    assert texts(st) == ["stop", "A b2", "A c3", "A b4"]  # mercenaries F1 + 1
    play(st, "A c3")
    assert st.mover == B_ and top_down(st, "A c3", A) == "HM"  # the horses lie on top
    st = position({"A a3": (A, "HxR"), "B e3": (B_, "M")})
    play(st, "A a3", "take H", "take x", "take R", "done", "A b3", "A c3")
    assert st.mover == B_  # damaged elephants F2: no bonus
    st = position({"A a3": (A, "HR"), "B e3": (B_, "M")})
    play(st, "A a3", "take H", "take R", "done", "A b3", "A c3", "A d3")
    assert st.mover == B_  # riders stay at F3


def test_r112_horses_are_never_left_alone() -> None:
    st = position({"A a3": (A, "HM"), "B e3": (B_, "M")})
    play(st, "A a3")
    assert texts(st) == ["take M", "take H"]
    play(st, "take H")
    assert texts(st) == ["take M"]  # horses alone may not go
    st = position({"A a3": (A, "HM"), "B e3": (B_, "M")})
    play(st, "A a3", "take M")
    assert texts(st) == ["take H"]  # nor stay behind alone
    st = position({"A a3": (A, "HME"), "B e3": (B_, "M")})
    play(st, "A a3", "take M")
    assert texts(st) == ["done", "take E", "take H"]  # the elite keeps them company
    play(st, "done", "A b3", "pass")
    assert top_down(st, "A a3", A) == "HE"
    play(st, "A a3", "take E")
    assert texts(st) == ["take H"]


def test_r112_units_join_and_leave_the_horses_stack() -> None:
    st = position({"A a3": (A, "HM"), "A a2": (A, "E"), "B e3": (B_, "M")})
    play(st, "A a3", "take H", "take M", "done", "A a2", "stop", "pass")
    assert top_down(st, "A a2", A) == "HME"
    play(st, "A a2", "take E")  # the unmoved elite leaves; the moved horses stay with M
    assert texts(st) == ["done"]
    play(st, "done", "A b2")
    assert top_down(st, "A a2", A) == "HM"


def test_r112_horses_cannot_be_hit_and_are_lost_with_their_stack() -> None:
    st = position({"A c3": (A, "HMm"), "A c4": (B_, "RR")}, control={"A c4": B_})
    play(st, "pass", "A c4", "take R", "take R", "done", "A c3")
    to_battle(st)
    roll(st, 6, 1, 1, 1)  # one hit on A's stack
    assert texts(st) == ["hit M", "hit m"]  # never the horses
    play(st, "hit m")
    assert top_down(st, "A c3", A) == "HM"
    roll(st, 6, 6, 1)
    assert top_down(st, "A c3", A) == "" and in_cup(st, Kind.HORSES)
    assert st.control[L("A c3")] == B_


# ---------------------------------------------------------------------- R113 infiltrator
def test_r113_the_infiltrator_cancels_the_enemy_general_while_it_lives() -> None:
    st = position({"A c3": (A, "GMM"), "A c4": (B_, "IR")}, control={"A c4": B_})
    play(st, "pass", "A c4", "take I", "take R", "done", "A c3")
    to_battle(st)
    assert dice(st) == [(B_, "R", 0, 4), (A, "M", 0, 6), (A, "M", 0, 6)]
    roll(st, 1, 6, 1)
    assert st.current_player() == B_ and texts(st) == ["hit R", "hit I"]
    play(st, "hit I")
    assert in_cup(st, Kind.INFILTRATOR)
    assert dice(st) == [(B_, "R", 0, 4), (A, "M", 1, 5), (A, "M", 1, 5)]


# ---------------------------------------------------------------------- R114 elephants
def test_r114_war_elephants_values() -> None:
    st = position({"A a3": (A, "X"), "B e3": (B_, "M")})
    play(st, "A a3", "take X", "done", "A b3", "A c3", "A d3")
    assert st.mover == B_  # F3
    st = position({"A c3": (A, "M"), "A c4": (B_, "x")}, control={"A c4": B_})
    play(st, "pass", "A c4", "take x", "done", "A c3")
    to_battle(st)
    assert dice(st) == [(B_, "x", 0, 4), (A, "M", 0, 6)]  # damaged: still S4


# ---------------------------------------------------------------------- R115 magician
def test_r115_the_magician_fires_in_the_ranged_step_with_no_forest_penalty() -> None:
    st = position(
        {"A c3": (A, "M"), "A c4": (B_, "WA")}, {"A c3": Terrain.FOREST}, control={"A c4": B_}
    )
    play(st, "pass", "A c4", "take W", "take A", "done", "A c3")
    to_battle(st)
    assert [(d["step"], d["unit"], d["needed"]) for d in st.observation(0)["dice"]] == [
        ("ranged", "W", 3),  # S3, no -1 in the forest
        ("ranged", "A", 6),  # archers S5, -1 in the forest
    ]


def test_r115_r118_a_lone_magician_neither_conquers_nor_besieges() -> None:
    st = position({"A a3": (A, "W")}, {"B b3": Terrain.VILLAGE})
    play(st, "A a3", "take W", "done", "B a3", "stop")
    assert st.control[L("B a3")] == B_  # it passed: no conquest marker
    stacks = B.stacks_view(st.board)
    assert siege_level(PILLOW, st.terrain, stacks, L("B b3"), B_) == SiegeLevel.NONE
    st.board[L("B a3")][0].append(B.code(Unit(Kind.MERCENARY)))
    stacks = B.stacks_view(st.board)
    assert siege_level(PILLOW, st.terrain, stacks, L("B b3"), B_) == SiegeLevel.PARTIAL


def test_r118_survivors_that_cannot_conquer_alone_leave_the_square() -> None:
    st = position({"B c3": (B_, "m"), "B c4": (A, "HW")}, control={"B c4": A})
    play(st, "B c4", "take H", "take W", "done", "B c3")
    to_battle(st)
    roll(st, 3)  # the magician hits in the ranged step; B's damaged mercenary is gone
    assert top_down(st, "B c3", A) == "HW" and top_down(st, "B c3", B_) == ""
    assert st.control[L("B c3")] == B_


def test_r118_infiltrator_and_diplomat_do_not_conquer_by_entering() -> None:
    """R25/R118: a group of units that cannot conquer alone passes empty enemy squares
    without taking them."""
    st = position({"A a3": (A, "HID")})
    play(st, "A a3", "take H", "take I", "take D", "done", "B a3", "B b3")
    assert st.mover == B_ and top_down(st, "B b3", A) == "HID"
    assert st.control[L("B a3")] == B_ and st.control[L("B b3")] == B_


# ---------------------------------------------------------------------- R116 pirates
def test_r116_pirates_enter_lakes_alone_and_stop_there() -> None:
    lakes = {"A b3": Terrain.LAKE, "A c3": Terrain.LAKE}
    st = position({"A a3": (A, "PM"), "B e3": (B_, "M")}, lakes)
    play(st, "A a3", "take P", "take M", "done")
    assert "A b3" not in texts(st)  # not with another unit
    st = position({"A a3": (A, "PM"), "B e3": (B_, "M")}, lakes)
    play(st, "A a3", "take P", "done", "A b3")
    assert st.mover == B_  # a lake ends the move like a mountain
    move.start(st)  # the next round's movement
    play(st, "A b3", "take P", "done")
    assert sorted(texts(st)) == ["A a3", "A b2", "A b4", "A c3"]  # lakes too
    play(st, "A b2")
    assert st.mover == B_  # a move from a lake takes one step


def test_r116_pirates_on_a_lake_cannot_be_attacked_nor_besiege() -> None:
    st = position(
        {"A c3": (B_, "P"), "A c4": (A, "R"), "B e3": (B_, "M")},
        {"A c3": Terrain.LAKE, "A d3": Terrain.VILLAGE},
    )
    play(st, "A c4", "take R", "done")
    assert "A c3" not in texts(st)
    stacks = B.stacks_view(st.board)
    assert siege_level(PILLOW, st.terrain, stacks, L("A d3"), A) == SiegeLevel.NONE
    st.terrain[L("A c3")] = Terrain.BARE
    assert siege_level(PILLOW, st.terrain, stacks, L("A d3"), A) == SiegeLevel.PARTIAL


# ---------------------------------------------------------------------- R117 snipers
def test_r117_the_snipers_owner_chooses_the_unit_hit() -> None:
    st = position({"A c3": (A, "GME"), "A c4": (B_, "SA")}, control={"A c4": B_})
    play(st, "pass", "A c4", "take S", "take A", "done", "A c3")
    to_battle(st)
    assert dice(st) == [(B_, "S", 0, 6), (B_, "A", 0, 5)]
    roll(st, 6, 5)  # both hit: A allocates the archers' hit, B the snipers'
    assert st.current_player() == A and texts(st) == ["hit M", "hit E", "hit G"]
    play(st, "hit M")
    assert st.current_player() == B_ and texts(st) == ["hit m", "hit E", "hit G"]
    assert st.observation(None)["snipes"] == [0, 0, 0, 1]  # B's party 0 on A's party 1
    play(st, "hit G")
    assert top_down(st, "A c3", A) == "mE" and st.pool[A][5] == 3


def test_r117_r123_with_more_parties_the_snipers_owner_also_chooses_the_party() -> None:
    st = position(
        {"A e3": (A, "MM"), "B a3": (B_, "SM"), "A e4": (2, "E")},
        control={"A e4": 2},
        players=4,
    )
    play(st, "pass", "B a3", "take S", "take M", "done", "A e3", "pass", "A e4", "take E")
    play(st, "done", "A e3")
    to_battle(st)
    assert st.battle[:3] == [st.map.parse_label("A e3"), B_, A] and st.battle[6] == 2
    roll(st, 6)  # the snipers hit in the ranged step
    assert st.current_player() == B_ and texts(st) == ["target A", "target C"]
    play(st, "target C")  # C's only unit takes it: nothing left to choose
    assert top_down(st, "A e3", 2) == "e" and st.current_player() == CHANCE


@pytest.mark.parametrize(("version", "limit"), [(1, 20), (2, 200)])
def test_r92_r111_a_stalled_battle_against_the_dragon_sends_the_attackers_back(
    version: int, limit: int
) -> None:
    """The safety bound: 20 rolled steps without a hit in version 1, 200 in version 2."""
    st = positions.position(
        {"B c3": (NEUTRAL, "Z"), "B c4": (A, "M")},
        control={"B c4": A},
        top_order=True,
        rules_version=version,
    )
    play(st, "B c4", "take M", "done", "B c3")
    to_battle(st)
    for _ in range(limit - 1):
        roll(st, 1, 1)
    assert st.phase == "battle" and st.stall == limit - 1
    roll(st, 1, 1)
    assert st.phase != "battle" and top_down(st, "B c4", A) == "M"
    assert top_down(st, "B c3", NEUTRAL) == "Z" and st.control[L("B c3")] == B_


# ---------------------------------------------------------------------- R126 the seed
def test_r126_the_seeds_battle_example_through_the_engine() -> None:
    """Page 9: yellow (B) attacks red (A: general, archers, snipers, mercenaries) with the
    infiltrator, mercenaries, elite soldiers and riders."""
    st = position({"A c3": (A, "GASM"), "A c4": (B_, "IMER")}, control={"A c4": B_})
    play(st, "pass", "A c4", "take I", "take M", "take E", "take R", "done", "A c3")
    to_battle(st)
    # The infiltrator cancels red's general; only red has ranged units.
    assert dice(st) == [(A, "A", 0, 5), (A, "S", 0, 6)]
    roll(st, 6, 6)  # two sixes
    assert st.current_player() == B_ and texts(st) == ["hit M", "hit E", "hit R", "hit I"]
    play(st, "hit M")  # yellow puts the archers' hit on its mercenaries
    assert st.current_player() == A  # red places the snipers' hit
    play(st, "hit I")
    assert in_cup(st, Kind.INFILTRATOR) and top_down(st, "A c3", B_) == "mER"
    # The melee: red's mercenaries have the general's +1 again.
    assert dice(st) == [(B_, "m", 0, 6), (B_, "E", 0, 5), (B_, "R", 0, 4), (A, "M", 1, 5)]
    roll(st, 2, 5, 4, 3)  # yellow two hits, red's mercenaries miss
    assert st.current_player() == A
    play(st, "hit M", "hit A")
    assert top_down(st, "A c3", A) == "GaSm"
    # The ranged step follows: red's archers and snipers (general's +1 for both).
    assert st.current_player() == CHANCE
    assert dice(st) == [(A, "a", 1, 4), (A, "S", 1, 5)]


# ---------------------------------------------------------------------- all of them at once
def _specials_where(st: OmringadState) -> list[int]:
    """How many times each special unit is found: cup, board, walking group, auction lot."""
    seen = [0] * len(SPECIAL_KINDS)
    for i in st.cup:
        seen[i] += 1
    for stacks in st.board:
        for s in stacks:
            kinds = [B.unit_of(c).kind for c in s[1:]]
            assert kinds, "no empty stacks"
            assert (s[0] == NEUTRAL) == (Kind.DRAGON in kinds), "the dragon stands alone"
            assert kinds[0] == Kind.HORSES or Kind.HORSES not in kinds, "R112: horses on top"
            assert kinds != [Kind.HORSES], "R112: horses never alone"
            for k in kinds:
                if k in SPECIAL_KINDS:
                    seen[SPECIAL_KINDS.index(k)] += 1
    if st.phase == "move" and st.path:
        for cls in st.group:
            kind = N.class_unit(cls).kind
            if kind in SPECIAL_KINDS:
                seen[SPECIAL_KINDS.index(kind)] += 1
    if st.auction is not None and st.auction["lot"] >= 0:
        seen[st.auction["lot"]] += 1
    return seen


def test_r110_r118_random_play_with_every_special_unit() -> None:
    """Eager random play from a position holding all eight special units: there is always a
    decision, each special unit exists exactly once (board, cup, lot), horses never stand
    alone, and every view is JSON."""
    for seed in range(10):
        rng = random.Random(seed)
        st = position(
            {
                "A e3": (A, "HGXMM"),
                "A e2": (A, "DIE"),
                "B e3": (B_, "SWMR"),
                "B d3": (B_, "PA"),
                "A a3": (NEUTRAL, "Z"),
                "B e2": (B_, "E"),
            },
            {"B d4": Terrain.LAKE, "B c3": Terrain.LAKE, "A d3": Terrain.FOREST},
        )
        steps = 0
        while not st.is_terminal() and st.round < 8 and steps < 3000:
            player = st.current_player()
            if player == CHANCE:
                st.apply_action(sample_outcome(st.chance_outcomes(), rng))
            elif player == SIMULTANEOUS:
                st.apply_actions([rng.choice(st.legal_actions(s)) for s in range(2)])
            else:
                actions = st.legal_actions()
                assert actions, (st.phase, st.battle)
                keen = [a for a in actions if a not in (N.PASS, N.DONE, N.STOP)]
                st.apply_action(rng.choice(keen if keen and rng.random() < 0.9 else actions))
            assert _specials_where(st) == [1] * len(SPECIAL_KINDS)
            json.dumps(st.observation(steps % 2))
            steps += 1
        assert st.round >= 3 or st.is_terminal()

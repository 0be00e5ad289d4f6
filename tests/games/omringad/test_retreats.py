"""Attackers leaving a battle without a winner, and how long a battle lasts (rules version 2).

R48 (stand-off) and R110 (the diplomat): each attacking group goes back to the square it
came from; where other units stand there now, its owner chooses another free adjacent square
it could enter (a square action, ``A b3``); a group with none is eliminated. R47/R92: a
battle goes on until one side is gone or neither can ever hit again; the only cut is a
safety bound of 200 rolled steps in a row without a hit. Version 1 behaviour stays
selectable (``rules_version=1``) so that old records replay as they were played.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from tests.games.omringad.positions import (
    battle_at,
    play,
    position,
    roll,
    texts,
    to_battle,
    top_down,
)

from spelbord import games
from spelbord.core import CHANCE
from spelbord.games.omringad.game import OmringadGame
from spelbord.games.omringad.map import FOUR_COUNTRIES as FOUR
from spelbord.games.omringad.map import PILLOW
from spelbord.games.omringad.phases import battle as battle_phase
from spelbord.games.omringad.state import OmringadState
from spelbord.games.omringad.terrain import Terrain
from spelbord.games.omringad.units import BASE_KINDS, SPECIAL_KINDS, Kind

L = PILLOW.parse_label
A, B_ = 0, 1
RIDERS = BASE_KINDS.index(Kind.RIDER)
GENERALS = BASE_KINDS.index(Kind.GENERAL)


def issue_repro(version: int) -> OmringadState:
    """Issue 10: A holds diplomat + mercenary on A c3 and an elite on A c1; B has two riders
    on A c2 and the initiative. B attacks A c3 from A c2, A's elite steps into A c2, both
    pass: the battle on A c3 waits for A's ``envoy`` or ``fight``."""
    st = position(
        {"A c3": (A, "DM"), "A c1": (A, "E"), "A c2": (B_, "RR")},
        initiative=B_,
        top_order=True,
        rules_version=version,
    )
    play(st, "A c2", "take R", "take R", "done", "A c3")
    play(st, "A c1", "take E", "done", "A c2", "stop")
    to_battle(st)
    assert st.current_player() == A and texts(st) == ["envoy", "fight"]
    return st


# ---------------------------------------------------------------------- versions
def test_the_rules_version_is_4_and_versions_1_to_3_stay_playable() -> None:
    info = OmringadGame.info
    assert (info.version, info.oldest_version) == (4, 1)
    assert [v for v, _ in info.changes] == [2, 3, 4] and "R48" in info.changes[0][1]
    assert "R36" in info.changes[1][1]
    assert all(f"R{n}" in info.changes[2][1] for n in (55, 48, 111))
    assert games.load("omringad").rules_version == 4
    for version in (1, 2, 3):
        assert games.load("omringad", rules_version=version).rules_version == version


def test_r110_v1_the_issue_repro_still_eliminates_both_riders() -> None:
    """Version 1, kept for old records: every attacker goes to the square the last group
    came from and is lost when enemies stand there."""
    st = issue_repro(1)
    riders_in_pool = st.pool[B_][RIDERS]
    play(st, "envoy")
    assert st.phase != "battle"
    assert top_down(st, "A c3", B_) == "" and top_down(st, "A c2", A) == "E"
    assert st.pool[B_][RIDERS] == riders_in_pool + 2  # both riders eliminated
    assert "retreats" not in st.to_dict()["state"]  # version 1 states keep their old shape


# ---------------------------------------------------------------------- R110 diplomat
def test_r110_v2_riders_cut_off_retreat_to_a_square_of_their_owners_choice() -> None:
    st = issue_repro(2)
    riders_in_pool = st.pool[B_][RIDERS]
    play(st, "envoy")
    # A c2 is held by A's elite now: B chooses among the other free neighbours of A c3.
    assert st.phase == "battle" and st.current_player() == B_
    assert texts(st) == ["A b3", "A d3", "A c4"]
    shown = {"owner": B_, "came_from": L("A c2"), "units": ["R", "R"]}
    assert st.observation(A)["retreats"] == [shown] == st.observation(None)["retreats"]
    assert st.action_visible_to(B_, st.legal_actions()[0], A)  # public, like the battle
    play(st, "A d3")
    assert st.phase != "battle"
    assert top_down(st, "A d3", B_) == "RR" and top_down(st, "A c3", B_) == ""
    assert st.pool[B_][RIDERS] == riders_in_pool
    assert st.control[L("A d3")] == B_  # an empty enemy square is taken on arrival (R48)
    assert top_down(st, "A c3", A) == "M" and top_down(st, "A c2", A) == "E"


def test_r110_v2_each_group_goes_back_to_the_square_it_came_from() -> None:
    """Two groups of B attack A c3, from A c2 (a rider) and from A c4 (a mercenary); A's
    elite then steps into A c2. The mercenary goes back to A c4 by itself; the rider's way
    back is held, so B chooses, and A c4 (where B's own units will stand) is allowed."""
    st = position(
        {"A c3": (A, "DM"), "A c1": (A, "E"), "A c2": (B_, "R"), "A c4": (B_, "M")},
        initiative=B_,
        top_order=True,
    )
    play(st, "A c2", "take R", "done", "A c3")
    play(st, "A c1", "take E", "done", "A c2", "stop")
    play(st, "A c4", "take M", "done", "A c3")
    to_battle(st)
    play(st, "envoy")
    assert st.current_player() == B_ and texts(st) == ["A b3", "A d3", "A c4"]
    assert [r["units"] for r in st.observation(A)["retreats"]] == [["R"], ["M"]]
    play(st, "A b3")
    assert st.phase != "battle"
    assert top_down(st, "A b3", B_) == "R" and top_down(st, "A c4", B_) == "M"


def test_r110_v2_a_group_with_no_square_to_go_to_is_eliminated() -> None:
    """The rider's way back is held, A c4 holds A's units and A b3 and A d3 are lakes,
    which only pirates enter (R32, R116): the rider is eliminated, the diplomat spent."""
    st = position(
        {"A c3": (A, "DM"), "A c1": (A, "E"), "A c2": (B_, "R"), "A c4": (A, "M")},
        {"A b3": Terrain.LAKE, "A d3": Terrain.LAKE},
        initiative=B_,
        top_order=True,
    )
    riders_in_pool = st.pool[B_][RIDERS]
    play(st, "A c2", "take R", "done", "A c3")
    play(st, "A c1", "take E", "done", "A c2", "stop")
    to_battle(st)
    play(st, "envoy")
    assert st.phase != "battle" and top_down(st, "A c3", B_) == ""
    assert st.pool[B_][RIDERS] == riders_in_pool + 1
    assert SPECIAL_KINDS.index(Kind.DIPLOMAT) in st.cup


def test_r110_r116_v2_pirates_may_retreat_onto_a_lake() -> None:
    st = position(
        {"A c3": (A, "DM"), "A c1": (A, "E"), "A c2": (B_, "P"), "A c4": (A, "M")},
        {"A b3": Terrain.LAKE, "A d3": Terrain.LAKE},
        initiative=B_,
        top_order=True,
    )
    play(st, "A c2", "take P", "done", "A c3")
    play(st, "A c1", "take E", "done", "A c2", "stop")
    to_battle(st)
    play(st, "envoy")
    assert texts(st) == ["A b3", "A d3"]
    play(st, "A b3")
    assert top_down(st, "A b3", B_) == "P"


# ---------------------------------------------------------------------- R48 stand-off
def general_stand_off(version: int) -> OmringadState:
    """A's general attacks B's general on B e3; B's rider then steps into A e3, the square
    A's general came from. Neither general can ever hit: a stand-off at once (R47, R48)."""
    st = position(
        {"A e3": (A, "G"), "B e3": (B_, "G"), "B e2": (B_, "R")}, top_order=True,
        rules_version=version,
    )  # fmt: skip
    play(st, "A e3", "take G", "done", "B e3")
    play(st, "B e2", "take R", "done", "A e2", "A e3", "stop")
    to_battle(st)
    return st


def test_r48_v2_a_general_cut_off_after_a_stand_off_returns_elsewhere() -> None:
    st = general_stand_off(2)
    generals_in_pool = st.pool[A][GENERALS]
    assert st.phase == "battle" and st.current_player() == A
    assert st.observation(B_)["dice"] == []  # no die: nobody can ever hit
    assert texts(st) == ["B e2", "B d3", "B e4"]
    play(st, "B e2")
    assert top_down(st, "B e2", A) == "G" and top_down(st, "B e3", B_) == "G"
    assert st.pool[A][GENERALS] == generals_in_pool  # not eliminated


def test_r48_v1_the_cut_off_general_is_eliminated() -> None:
    st = general_stand_off(1)
    assert st.phase != "battle" and top_down(st, "B e3", A) == ""
    assert top_down(st, "A e3", B_) == "R"


def test_r48_v2_a_free_way_back_needs_no_decision() -> None:
    st = position({"A e3": (A, "G"), "B e3": (B_, "G")}, top_order=True)
    play(st, "A e3", "take G", "done", "B e3")
    to_battle(st)
    assert st.phase != "battle" and top_down(st, "A e3", A) == "G"


@pytest.mark.parametrize("version", [1, 2])
def test_r48_r121_an_allys_units_also_block_the_way_back(version: int) -> None:
    """Four players, teams A+D against B+C. B's general stood off against A's general; B's
    ally C now stands where B came from (allies never share a square, R54): in version 2
    B goes to another free square, in version 1 its general was eliminated."""
    st = battle_at(
        "A c3", [(0, "G"), (1, "G")], around={"A c2": (2, "M")},
        players=4, teams="diagonal", rules_version=version,
    )  # fmt: skip
    assert FOUR.label(FOUR.neighbours[FOUR.parse_label("A c3")][0]) == "A c2"
    if version == 1:
        assert st.phase != "battle" and top_down(st, "A c3", 1) == ""
        return
    assert st.current_player() == 1 and texts(st) == ["A b3", "A d3", "A c4"]
    play(st, "A c4")
    assert top_down(st, "A c4", 1) == "G" and top_down(st, "A c2", 2) == "M"


# ---------------------------------------------------------------------- R47 / R92 length
def outcome_probabilities(st: OmringadState) -> dict[str, Fraction]:
    """The exact chance of each end of the battle being fought, walking every chance
    outcome the engine offers (``chance_outcomes``) from ``st``. The battle here has one
    die per step, so its states differ only by the count of steps without a hit."""
    memo: dict[str, dict[str, Fraction]] = {}

    def walk(s: OmringadState) -> dict[str, Fraction]:
        if s.phase != "battle":
            won = top_down(s, "B e3", A) == "M"
            back = top_down(s, "A e3", A) == "M"
            return {"attacker wins" if won else "stand-off" if back else "other": Fraction(1)}
        assert s.current_player() == CHANCE
        key = json.dumps(s._state_dict(), sort_keys=True)
        if key not in memo:
            out: dict[str, Fraction] = {}
            for face, p in s.chance_outcomes():
                child = s.clone()
                child.apply_action(face)
                for end, q in walk(child).items():
                    out[end] = out.get(end, Fraction(0)) + Fraction(p).limit_denominator(6) * q
            memo[key] = out
        return memo[key]

    return walk(st)


def mercenary_against_a_lone_general(version: int) -> OmringadState:
    st = position(
        {"A e3": (A, "M"), "B e3": (B_, "G"), "B a1": (B_, "M")}, top_order=True,
        rules_version=version,
    )  # fmt: skip
    play(st, "A e3", "take M", "done", "B e3")
    to_battle(st)
    return st


def test_r47_r92_v2_a_mercenary_attacking_a_lone_general_always_wins() -> None:
    """The general never hits (no S); the mercenary hits on a 6. The battle goes on until
    the general is gone: only 200 misses in a row could stop it, (5/6)**200 < 2e-16."""
    st = mercenary_against_a_lone_general(2)
    ends = outcome_probabilities(st)
    assert set(ends) == {"attacker wins", "stand-off"}
    assert ends["stand-off"] == Fraction(5, 6) ** battle_phase.STALL_LIMIT
    assert battle_phase.STALL_LIMIT >= 200 and ends["stand-off"] < Fraction(2, 10**16)
    assert ends["attacker wins"] == 1 - ends["stand-off"]
    # No shorter run of misses ends it: after 199 misses the battle is still on.
    for _ in range(battle_phase.STALL_LIMIT - 1):
        roll(st, 5)
    assert st.phase == "battle" and st.current_player() == CHANCE


def test_r47_r92_v1_cut_the_same_battle_after_20_misses() -> None:
    ends = outcome_probabilities(mercenary_against_a_lone_general(1))
    assert ends["stand-off"] == Fraction(5, 6) ** 20
    assert 0.973 < ends["attacker wins"] < 0.975  # the 97.4% of issue 10


# ---------------------------------------------------------------------- information
def test_r48_r82_v2_the_retreat_decision_survives_resampling_and_json() -> None:
    st = issue_repro(2)
    play(st, "envoy")
    assert st.current_player() == B_
    for seat in (A, B_, None):
        for k in range(3):
            r = st.resample(seat, random.Random(k))
            assert r.current_player() == B_ and r.retreats == st.retreats
            if seat is not None:
                assert r.observation(seat) == st.observation(seat)
            assert r.legal_actions() == st.legal_actions()
    data = json.loads(st.to_json())
    assert data["state"]["retreats"] == st.retreats and data["version"] == 2
    loaded = st.game.from_json(st.to_json())
    assert isinstance(loaded, OmringadState)
    assert loaded.legal_actions() == st.legal_actions() and loaded.retreats == st.retreats


def test_r83_v2_entries_seen_by_others_name_no_hidden_units() -> None:
    """A group's classes are kept for its retreat (R48) but observed only as a count."""
    st = position({"A e3": (A, "MM"), "B e3": (B_, "M")}, top_order=True)
    play(st, "A e3", "take M", "done", "B e3")
    assert len(st.entries[L("B e3")][0]) == 4
    assert st.observation(B_)["entries"] == [[L("B e3"), A, L("A e3"), 1]]


def test_r110_r48_a_returning_group_of_moved_mercenaries_leaves_the_owner_mark() -> None:
    """R110, R48: B's two mercenaries walk into A c3 first, its elite after them; A spends
    its diplomat and both groups go back. A moved undamaged mercenary's code equals seat
    B's number, so removing the first group's units must not take the stack's owner mark
    (it did, and the second group then found no stack: an AssertionError)."""
    st = position(
        {"A c3": (A, "DM"), "A c2": (B_, "MM"), "A b3": (B_, "E"), "A e5": (A, "E")},
        initiative=B_,
        top_order=True,
    )
    play(st, "A c2", "take M", "take M", "done", "A c3")
    play(st, "A e5", "take E", "done", "A e4", "stop")
    play(st, "A b3", "take E", "done", "A c3")
    to_battle(st)
    assert texts(st) == ["envoy", "fight"]
    play(st, "envoy")
    assert top_down(st, "A c3", B_) == ""
    assert top_down(st, "A c2", B_) == "MM" and top_down(st, "A b3", B_) == "E"


def test_r48_r110_a_second_group_that_must_choose_still_sees_its_own_stack() -> None:
    """R48, R110 (no rules-version change for the fix of commit 45f28ff): as above, but A's
    elite now holds A b3, the square B's elite came from, so that group's owner chooses
    where it goes and the game waits. Before the fix, the first group took B's owner mark,
    the stack left on A c3 read as a stack of "seat 5" and every choice failed: a game
    stopped there, it never went on differently, so version 2 records replay unchanged.
    Now B's elite waits on A c3 in B's stack, seen so by both, and every choice plays."""
    st = position(
        {
            "A c3": (A, "DM"),
            "A c2": (B_, "MM"),
            "A b3": (B_, "E"),
            "A a3": (A, "E"),
            "A e5": (A, "E"),
        },
        initiative=B_,
        top_order=True,
    )
    play(st, "A c2", "take M", "take M", "done", "A c3")
    play(st, "A e5", "take E", "done", "A e4", "stop")
    play(st, "A b3", "take E", "done", "A c3")
    play(st, "A a3", "take E", "done", "A b3", "stop")
    to_battle(st)
    play(st, "envoy")
    assert st.current_player() == B_ and texts(st) == ["A c2", "A d3", "A c4"]
    assert top_down(st, "A c2", B_) == "MM" and top_down(st, "A c3", B_) == "E"
    for seat in (A, B_):
        seen = [s for s in st.observation(seat)["stacks"] if s["square"] == L("A c3")]
        assert [(s["owner"], s["top"], s["count"]) for s in seen] == [(A, "M", 1), (B_, "E", 1)]
    for choice, where in (("A c2", "EMM"), ("A d3", "E"), ("A c4", "E")):
        r = st.clone()
        play(r, choice)
        assert r.phase != "battle" and top_down(r, "A c3", B_) == ""
        assert top_down(r, choice, B_) == where

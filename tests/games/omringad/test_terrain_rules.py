"""The terrain rules played through the engine, one hand-built position each (R11, R12, R14).

The pure functions behind them are tested elsewhere (R33 and R43 in test_battle.py and
test_movement.py, the table of R10-R15 in test_units.py); here a whole move, battle and end
of round show that the engine applies each sentence of the booklet where it matters.
"""

from __future__ import annotations

from tests.games.omringad.positions import play, position, roll, texts, to_battle, top_down

from spelbord.core import CHANCE
from spelbord.games.omringad.map import PILLOW
from spelbord.games.omringad.state import OmringadState
from spelbord.games.omringad.terrain import Terrain

L = PILLOW.parse_label
A, B_ = 0, 1


def needed(st: OmringadState) -> list[tuple[int, str, int]]:
    """The dice laid out now: (owner, unit, lowest face that hits)."""
    return [(d["owner"], d["unit"], d["needed"]) for d in st.observation(None)["dice"]]


def test_r11_a_mountain_stops_elite_defenders_get_one_and_it_is_worth_a_point() -> None:
    """R11: "Alla enheter måste stanna så fort de flyttar in i ett bergsområde"; elite
    soldiers defending it get +1, attacking elite do not; worth 1 point. A's rider (F3)
    walks from A c1 into B's mountain A c2 and must stop there; B's elite defends."""
    st = position(
        {"A c1": (A, "R"), "A c2": (B_, "E"), "B a1": (B_, "M")},
        {"A c2": Terrain.MOUNTAIN},
        control={"A c2": B_},
    )
    play(st, "A c1", "take R", "done", "A c2")
    assert st.current_player() == B_  # the move ended on the mountain
    to_battle(st)
    assert st.current_player() == CHANCE
    assert needed(st) == [(A, "R", 4), (B_, "E", 4)]  # rider S4; elite S5 +1 on the mountain
    roll(st, 4, 3)  # the rider hits, the elite misses: it is damaged
    assert needed(st) == [(A, "R", 4), (B_, "e", 4)]
    before = st.score[:]
    roll(st, 6, 2)  # the last battle ends; nobody reinforces: the round ends
    assert top_down(st, "A c2", A) == "R" and st.control[L("A c2")] == A
    assert st.phase == "auction" and st.round == 3
    assert [s - b for s, b in zip(st.score, before, strict=True)] == [1, 0]  # the mountain


def test_r11_elite_attacking_a_mountain_get_nothing_a_general_still_helps() -> None:
    """R11, R42: "Detta gäller däremot inte när elitsoldater anfaller enheter som befinner
    sig i ett bergsområde." A's elite and general attack B's mercenary on a mountain."""
    st = position(
        {"A c1": (A, "GE"), "A c2": (B_, "M"), "B a1": (B_, "M")},
        {"A c2": Terrain.MOUNTAIN},
        control={"A c2": B_},
    )
    play(st, "A c1", "take G", "take E", "done", "A c2")
    to_battle(st)
    assert needed(st) == [(A, "E", 4), (B_, "M", 6)]  # elite S5 with the general's +1 only


def test_r12_castle_walls_help_its_defenders_not_a_sortie() -> None:
    """R12: "Alla enheter som befinner sig i en borg får automatiskt +1 ... om de attackeras.
    ... Denna bonus gäller dock bara vid försvar". B's elite attacks A's castle; then, in
    another position, A's elite attacks out of its castle."""
    st = position(
        {"A c3": (A, "EM"), "A c2": (B_, "E"), "B a1": (B_, "M")},
        {"A c3": Terrain.CASTLE},
        control={"A c2": B_},
        initiative=B_,
    )
    play(st, "A c2", "take E", "done", "A c3")
    to_battle(st)
    assert needed(st) == [(B_, "E", 5), (A, "E", 4), (A, "M", 5)]
    st = position(
        {"A c3": (A, "E"), "A c2": (B_, "E"), "B a1": (B_, "M")},
        {"A c3": Terrain.CASTLE},
        control={"A c2": B_},
    )
    play(st, "A c3", "take E", "done", "A c2")
    to_battle(st)
    assert needed(st) == [(A, "E", 5), (B_, "E", 5)]


def test_r14_r61_only_pirates_enter_a_lake_which_pays_income_but_no_points() -> None:
    """R14: nobody but the pirates enters a lake; it is worth nothing but is a square of its
    country and pays one gold (R61). A's elite cannot step onto B's lake A c2; A's pirates
    alone can, stop there (R116) and take it (R36): A's income rises by one, its points do
    not change."""
    st = position(
        {"A c1": (A, "PE"), "B a1": (B_, "M")},
        {"A c2": Terrain.LAKE},
        control={"A c2": B_},
    )
    play(st, "A c1", "take E")
    assert "done" in texts(st)
    play(st, "done")
    assert "A c2" not in texts(st)  # the elite cannot enter the lake
    play(st, "A b1", "stop")
    play(st, "pass")  # B
    play(st, "A c1", "take P", "done", "A c2")
    assert st.current_player() == A and st.phase == "move"  # pass, the pirates stopped
    assert st.control[L("A c2")] == A and top_down(st, "A c2", A) == "P"
    before = st.score[:]
    play(st, "pass")  # no battle, nobody reinforces: the round ends
    assert st.phase == "auction"
    assert st.gold == [24 + 1, 26 - 1]  # one gold a square: the lake changed hands
    assert [s - b for s, b in zip(st.score, before, strict=True)] == [0, 0]

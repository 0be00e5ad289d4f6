"""Special units in battle (R110-R117, R123), through the engine's ``battle_phase``.

``battle_at`` lists the parties with the defender first, then the attackers in order of
arrival. The engine numbers parties 0 (the first attacker), 1 (the defender), 2... (the later
attackers) and lays out the dice party by party in that order (R40, R123).
"""

from __future__ import annotations

from tests.games.omringad.positions import battle_at, play, roll, texts, top_down

from spelbord.core import CHANCE
from spelbord.games.omringad.map import PILLOW
from spelbord.games.omringad.phases import battle as battle_phase
from spelbord.games.omringad.players import TeamMode, team_table
from spelbord.games.omringad.specials import NEUTRAL
from spelbord.games.omringad.state import OmringadState
from spelbord.games.omringad.terrain import Terrain
from spelbord.games.omringad.units import SPECIAL_KINDS, Kind

L = PILLOW.parse_label


def dice(st: OmringadState) -> list[tuple[int, str, int]]:
    """The dice laid out: (party, unit, lowest face that hits)."""
    return [(d["side"], d["unit"], d["needed"]) for d in st.observation(None)["dice"]]


# ---------------------------------------------------------------------- R110 diplomat
def test_r110_not_while_hits_are_to_be_allocated() -> None:
    st = battle_at("A c3", [(0, "DME"), (1, "RR")])
    play(st, "fight")
    assert dice(st) == [(0, "R", 4), (0, "R", 4), (1, "M", 6), (1, "E", 5)]
    roll(st, 6, 6, 6, 2)  # both riders hit, A's mercenary hits
    assert top_down(st, "A c3", 1) == "rR"  # one kind: automatic
    assert st.current_player() == 0 and "envoy" not in texts(st)
    play(st, "hit M", "hit E")
    assert texts(st) == ["envoy", "fight"]
    play(st, "envoy")
    assert st.phase != "battle" and top_down(st, "A c3", 0) == "me"


def test_r110_an_attacking_diplomat_cannot_be_used() -> None:
    st = battle_at("A c3", [(0, "M"), (1, "DR")])
    assert st.current_player() == CHANCE


# ---------------------------------------------------------------------- R111 dragon
def test_r111_the_dragon_fights_in_the_melee_step_and_keeps_the_square() -> None:
    st = battle_at("B c3", [(NEUTRAL, "Z"), (0, "M")])
    assert dice(st) == [(0, "M", 6), (1, "Z", 2)]
    roll(st, 5, 2)  # the dragon hits, the mercenary misses
    roll(st, 1, 3)  # again: the mercenary is eliminated
    assert st.phase != "battle" and top_down(st, "B c3", NEUTRAL) == "Z"
    assert st.control[L("B c3")] == 1


def test_r111_a_damaged_dragon_needs_three_and_can_be_slain() -> None:
    st = battle_at("B c3", [(NEUTRAL, "Z"), (0, "RR")])
    roll(st, 4, 4, 1)  # two hits on the dragon: damaged, then eliminated
    assert st.phase != "battle" and top_down(st, "B c3", 0) == "RR"
    assert st.control[L("B c3")] == 0 and SPECIAL_KINDS.index(Kind.DRAGON) in st.cup
    st = battle_at("B c3", [(NEUTRAL, "z"), (0, "M")])
    assert dice(st) == [(0, "M", 6), (1, "z", 3)]


def test_r111_the_dragon_strikes_the_earliest_arrival_and_everyone_fights_it() -> None:
    st = battle_at("B c3", [(NEUTRAL, "Z"), (0, "M"), (1, "M")])
    assert dice(st) == [(0, "M", 6), (1, "Z", 2), (2, "M", 6)]
    roll(st, 1, 6, 1)
    assert top_down(st, "B c3", 0) == "m" and top_down(st, "B c3", 1) == "M"
    roll(st, 1, 6, 6)  # the dragon finishes A; B's hit can only go to the dragon
    assert top_down(st, "B c3", 0) == "" and top_down(st, "B c3", NEUTRAL) == "z"
    assert dice(st) == [(1, "z", 3), (2, "M", 6)]


# ---------------------------------------------------------------------- R112-R117
def test_r112_horses_are_never_hit_and_go_with_their_stack() -> None:
    st = battle_at("A c3", [(0, "M"), (1, "He")])
    roll(st, 1, 6)
    assert st.phase != "battle" and top_down(st, "A c3", 1) == ""
    assert SPECIAL_KINDS.index(Kind.HORSES) in st.cup


def test_r112_horses_are_never_an_allocation_choice() -> None:
    st = battle_at("A c3", [(0, "M"), (1, "HEM")])
    roll(st, 1, 1, 6)
    assert st.current_player() == 1 and texts(st) == ["hit M", "hit E"]


def test_r113_r123_an_infiltrator_of_any_enemy_party_cancels_the_bonus() -> None:
    st = battle_at("A c3", [(0, "GM"), (1, "R"), (2, "IM")], players=4)
    assert dice(st)[1] == (1, "M", 6)  # party 2's infiltrator cancels A's general
    st = battle_at("A c3", [(0, "GM"), (1, "R"), (2, "EM")], players=4)
    assert dice(st)[1] == (1, "M", 5)


def test_r114_r116_elephants_and_pirates_fight_in_the_melee_step() -> None:
    assert dice(battle_at("A c3", [(0, "M"), (1, "X")])) == [(0, "X", 4), (1, "M", 6)]
    assert dice(battle_at("A c3", [(0, "M"), (1, "P")])) == [(0, "P", 5), (1, "M", 6)]


def test_r115_the_magician_fires_in_the_ranged_step_and_falls_to_one_hit() -> None:
    st = battle_at("A c3", [(0, "WM"), (1, "A")])
    assert dice(st) == [(0, "A", 5), (1, "W", 3)]
    roll(st, 6, 3)
    assert top_down(st, "A c3", 1) == "a"  # one kind: automatic
    assert st.current_player() == 0 and texts(st) == ["hit M", "hit W"]
    play(st, "hit W")
    assert top_down(st, "A c3", 0) == "M"


def test_r115_r118_a_magician_alone_still_fights() -> None:
    assert dice(battle_at("A c3", [(0, "M"), (1, "W")])) == [(0, "W", 3)]


def test_r115_r117_the_forest_penalises_archers_only_not_magician_or_snipers() -> None:
    st = battle_at("A c3", [(0, "M"), (1, "AWS")], {"A c3": Terrain.FOREST})
    assert dice(st) == [(0, "A", 6), (0, "W", 3), (0, "S", 6)]
    assert dice(battle_at("A c3", [(0, "M"), (1, "A")])) == [(0, "A", 5)]


def test_r117_snipers_hits_are_placed_by_their_owner_on_any_unit() -> None:
    st = battle_at("A c3", [(0, "GMMM"), (1, "S")])
    roll(st, 6)
    assert st.current_player() == 1 and texts(st) == ["hit M", "hit G"]
    play(st, "hit G")
    assert top_down(st, "A c3", 0) == "MMM"


def test_r41_r48_generals_alone_end_in_a_stand_off() -> None:
    st = battle_at("A c3", [(0, "G"), (1, "G")])
    assert st.phase != "battle" and top_down(st, "A c3", 1) == ""


# ---------------------------------------------------------------------- R121, R123 parties
def test_r123_the_defender_alone_has_the_castle() -> None:
    st = battle_at("A c3", [(0, "M"), (1, "M"), (2, "M")], {"A c3": Terrain.CASTLE}, players=4)
    assert dice(st) == [(0, "M", 6), (1, "M", 5), (2, "M", 6)]


def test_r123_each_party_fights_all_others_and_the_battle_goes_on_between_survivors() -> None:
    st = battle_at("A c3", [(0, "m"), (1, "R"), (2, "R")], players=4)
    roll(st, 6, 1, 1)  # B's rider hits: B sends it to A or C
    assert st.current_player() == 1 and texts(st) == ["target A", "target C"]
    play(st, "target A")
    assert top_down(st, "A c3", 0) == "" and st.phase == "battle"
    assert dice(st) == [(0, "R", 4), (2, "R", 4)]


def test_r121_r123_allies_are_one_camp() -> None:
    teams = team_table(TeamMode.DIAGONAL, 4)
    assert teams is not None and teams[0] == teams[3] != teams[1] == teams[2]
    st = battle_at("A c3", [(1, "M"), (0, "R")], players=4, teams="diagonal")
    assert battle_phase.camp(st, 0) == battle_phase.camp(st, 3) != battle_phase.camp(st, 1)
    roll(st, 6, 1)
    roll(st, 6, 1)
    assert st.phase != "battle" and top_down(st, "A c3", 0) == "R"

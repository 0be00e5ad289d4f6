"""The rulings of rules version 4 (R48, R50, R55, R111) and the two readings confirmed as
built (R63, R112), each from a small hand-made position, under version 4 and version 3.

Version 4 changes three things: the controller defends a settlement it reinforced beside an
intruder (R55), a returning group conquers like a moving one (R48, R36), and the dragon
besieges (R50, R111). Version 3 must still play as it did, for its records.
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.games.omringad import positions
from tests.games.omringad.positions import battle_at, play, roll, texts, to_battle, top_down

from spelbord.core import CHANCE, SIMULTANEOUS
from spelbord.games.omringad import board as B
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.engine import evaluation
from spelbord.games.omringad.map import PILLOW
from spelbord.games.omringad.phases import auction as auction_phase
from spelbord.games.omringad.siege import SiegeLevel, siege_level
from spelbord.games.omringad.specials import NEUTRAL
from spelbord.games.omringad.state import OmringadState
from spelbord.games.omringad.terrain import Terrain
from spelbord.games.omringad.units import BASE_KINDS, SPECIAL_KINDS, Kind

L = PILLOW.parse_label
A, B_ = 0, 1
MERCENARY = BASE_KINDS.index(Kind.MERCENARY)
VERSIONS = pytest.mark.parametrize("version", [3, 4])


def position(
    stacks: dict[str, tuple[int, str]],
    tiles: dict[str, Terrain] | None = None,
    *,
    version: int,
    **kw: Any,
) -> OmringadState:
    """A round-2 movement phase under rules ``version`` (stacks in the engine's order)."""
    return positions.position(stacks, tiles, top_order=True, rules_version=version, **kw)


def buy(st: OmringadState, seat: int, mercenaries: int) -> None:
    """``seat`` has bought ``mercenaries`` this round, to place in the reinforcements."""
    st.bought[seat] = [MERCENARY] * mercenaries
    st.pool[seat][MERCENARY] -= mercenaries


def to_reinforcements(st: OmringadState) -> None:
    """Everybody passes; no battle is fought; the reinforcement phase begins."""
    to_battle(st)
    assert st.phase == "reinforce"


def to_next_battle(st: OmringadState) -> None:
    """Finish this round and play the next one up to its first battle: nobody bids, buys,
    places or moves (chance takes its first outcome)."""
    n = st.num_players()
    while st.phase != "battle":
        player = st.current_player()
        if player == CHANCE:
            st.apply_action(st.chance_outcomes()[0][0])
        elif player == SIMULTANEOUS:
            legal = [st.legal_actions(s) for s in range(n)]
            st.apply_actions([N.DONE if N.DONE in a else N.WAIT for a in legal])
        else:
            legal = st.legal_actions()
            st.apply_action(N.PASS if N.PASS in legal else N.DONE)


def dice(st: OmringadState) -> list[tuple[int, str, int]]:
    """The dice laid out: (owner, unit, modifier)."""
    return [(d["owner"], d["unit"], d["modifier"]) for d in st.observation(None)["dice"]]


# ---------------------------------------------------------------------- R55 intruders
CASTLE = {"A c3": Terrain.CASTLE}


@VERSIONS
def test_r55_a_castle_may_be_reinforced_beside_an_intruders_lone_magician(version: int) -> None:
    """R55 (ruling, rules version 4): A reinforces its castle where B's lone magician stands;
    in the next battle there A defends with the castle's +1 and the magician attacks without
    it. Version 3 offered the same placement, but the magician, there first, defended and
    had the +1."""
    st = position({"A c3": (B_, "W"), "B e5": (B_, "M")}, CASTLE, version=version)
    buy(st, A, 2)
    to_reinforcements(st)
    assert st.control[L("A c3")] == A  # the magician could not take it (R118)
    play(st, "place M")
    assert texts(st) == ["A c3"]
    play(st, "A c3", "place M", "A c3")
    assert top_down(st, "A c3", A) == "MM" and top_down(st, "A c3", B_) == "W"
    to_next_battle(st)
    square, _, defender = st.battle[:3]
    assert square == L("A c3")
    if version >= 4:
        assert defender == A and st.observation(None)["controller_defends"] is True
        assert dice(st) == [(B_, "W", 0)]  # the magician fires first, without the walls
        roll(st, 1)
        assert dice(st) == [(A, "M", 1), (A, "M", 1)]  # the defenders' castle +1 (R43)
    else:
        assert defender == B_ and st.observation(None)["controller_defends"] is False
        assert dice(st) == [(B_, "W", 1)]
        roll(st, 1)
        assert dice(st) == [(A, "M", 0), (A, "M", 0)]


@VERSIONS
def test_r55_r110_an_intruding_diplomat_attacks_and_cannot_be_spent(version: int) -> None:
    """R55, R110: A reinforces its village beside B's lone diplomat. Version 4: A defends,
    the diplomat attacks and cannot be spent, so the battle is fought. Version 3: the
    diplomat defended and B could spend it, sending A's new units away."""
    st = position({"A c3": (B_, "D"), "B e5": (B_, "M")}, {"A c3": Terrain.VILLAGE},
                  version=version)  # fmt: skip
    buy(st, A, 1)
    to_reinforcements(st)
    play(st, "place M", "A c3")
    to_next_battle(st)
    if version >= 4:
        assert st.battle[2] == A and st.current_player() == CHANCE
        assert dice(st) == [(A, "M", 0)]
    else:
        assert st.battle[2] == B_ and texts(st) == ["envoy", "fight"]


@VERSIONS
def test_r55_reinforcing_beside_an_intruder_keeps_the_siege_limits(version: int) -> None:
    """R55 with R51: the intruder in the castle does not besiege it (R118), B's mercenary
    next to it does: at most 2 of A's 3 new units go in; the third has nowhere to go and
    returns to the pool (R55). The same under both versions."""
    st = position({"A c3": (B_, "W"), "A b3": (B_, "M")}, CASTLE, version=version)
    buy(st, A, 3)
    to_reinforcements(st)
    pool = st.pool[A][MERCENARY]
    play(st, "place M", "A c3", "place M", "A c3")
    assert top_down(st, "A c3", A) == "MM" and st.phase != "reinforce"
    assert st.pool[A][MERCENARY] == pool + 1


# ---------------------------------------------------------------------- R48 returns
def _returning_to_own_magician(version: int, attackers: str = "RR") -> OmringadState:
    """B defends B c3 with a diplomat; A attacked it from B's square next to it, where A's
    lone magician stands (B still controls that square: the magician cannot take it)."""
    came = PILLOW.neighbours[L("B c3")][0]
    st = battle_at(
        "B c3",
        [(B_, "DM"), (A, attackers)],
        around={PILLOW.label(came): (A, "W")},
        rules_version=version,
    )
    assert st.control[came] == B_ and texts(st) == ["envoy", "fight"]
    return st


@VERSIONS
def test_r48_a_returning_group_takes_an_enemy_square_where_only_its_own_magician_stands(
    version: int,
) -> None:
    """R48 (ruling, rules version 4), R110: B spends its diplomat; A's riders return to the
    square they came from, B's, where only A's own lone magician stands. Version 4 takes it,
    as a moving group would (R36 of version 3); version 3 took only an empty square."""
    st = _returning_to_own_magician(version)
    came = PILLOW.neighbours[L("B c3")][0]
    play(st, "envoy")
    assert st.phase != "battle"
    assert top_down(st, PILLOW.label(came), A) in ("WRR", "RRW")
    assert st.control[came] == (A if version >= 4 else B_)


@VERSIONS
def test_r48_r118_a_returning_group_that_cannot_conquer_alone_takes_nothing(
    version: int,
) -> None:
    """R48, R118: a returning infiltrator joins its magician; neither can conquer alone, so
    B keeps the square under both versions."""
    st = _returning_to_own_magician(version, attackers="I")
    came = PILLOW.neighbours[L("B c3")][0]
    play(st, "envoy")
    assert st.control[came] == B_


# ---------------------------------------------------------------------- R111 the dragon
VILLAGES = {"A c3": Terrain.VILLAGE, "A c1": Terrain.VILLAGE}
"""Two villages both orthogonally next to A c2, where the dragon lies."""


@VERSIONS
def test_r111_r51_the_dragon_besieges_every_settlement_next_to_it_whoever_controls_it(
    version: int,
) -> None:
    """R111, R50-R51 (ruling, rules version 4): the dragon at A c2 besieges A's village A c3
    and B's conquered village A c1 from one square: each takes at most 2 new units. In
    version 3 it besieged nothing."""
    st = position(
        {"A c2": (NEUTRAL, "Z"), "B e5": (B_, "M"), "A e5": (A, "M")},
        VILLAGES,
        control={"A c1": B_},
        version=version,
    )
    buy(st, A, 3)
    buy(st, B_, 3)
    to_reinforcements(st)
    for seat, village in ((A, "A c3"), (B_, "A c1")):
        assert st.reinforcer == seat
        for _ in range(2):
            play(st, "place M", village)
        if version >= 4:
            assert top_down(st, village, seat) == "MM"  # the third went back to the pool
        else:
            play(st, "place M", village)
            assert top_down(st, village, seat) == "MMM"
    assert st.phase != "reinforce"


@VERSIONS
def test_r111_r52_the_dragon_and_an_enemy_make_a_full_siege(version: int) -> None:
    """R111, R52: the dragon on one side and B's mercenary on another: two besieging squares,
    so nothing may be placed in A c3 (version 4); one square in version 3 (at most 2)."""
    st = position(
        {"A c2": (NEUTRAL, "Z"), "A d3": (B_, "M")}, {"A c3": Terrain.VILLAGE}, version=version
    )
    stacks = B.stacks_view(st.board)
    level = siege_level(
        PILLOW, st.terrain, stacks, L("A c3"), A, dragon_besieges=st.game.dragon_besieges
    )
    assert level == (SiegeLevel.FULL if version >= 4 else SiegeLevel.PARTIAL)
    buy(st, A, 1)
    pool = st.pool[A][MERCENARY]
    to_battle(st)
    if version >= 4:  # nowhere to place it: back to the pool at once, the round ends (R55)
        assert st.round == 3 and st.pool[A][MERCENARY] == pool + 1 and not st.bought[A]
    else:
        assert st.phase == "reinforce"
        play(st, "place M", "A c3")
        assert top_down(st, "A c3", A) == "M"


def test_r111_the_dragons_siege_ends_when_it_is_eliminated() -> None:
    """R111: the dragon besieges until it is eliminated; A's riders kill it from A c2's
    side and A's village A c3 takes every unit again (own units never besiege, R50)."""
    st = position(
        {"A c2": (NEUTRAL, "Z"), "A b2": (A, "RR"), "B e5": (B_, "M")},
        {"A c3": Terrain.VILLAGE},
        version=4,
    )
    buy(st, A, 3)
    play(st, "A b2", "take R", "take R", "done", "A c2")
    to_battle(st)
    roll(st, 6, 6, 1)  # both riders hit, the dragon misses
    assert st.phase == "reinforce" and SPECIAL_KINDS.index(Kind.DRAGON) in st.cup
    for _ in range(3):
        play(st, "place M", "A c3")
    assert top_down(st, "A c3", A) == "MMM"


def test_r104_r111_special_units_are_placed_in_a_settlement_the_dragon_besieges() -> None:
    """R104 (p.12 "Specialenheter berörs inte av belägringsreglerna"): the magician bought at
    auction goes into A c3, fully besieged by the dragon and B's mercenary (version 4)."""
    st = position(
        {"A c2": (NEUTRAL, "Z"), "A d3": (B_, "M"), "A c3": (A, "M"), "B c3": (B_, "M")},
        {"A c3": Terrain.VILLAGE, "B c3": Terrain.CASTLE},
        version=4,
    )
    st.cup = [SPECIAL_KINDS.index(Kind.MAGICIAN)]
    st.gold = [10, 10]
    auction_phase.start(st)
    play(st, "draw magician", "bid 2", "pass")
    assert texts(st) == ["A c3"]
    play(st, "A c3")
    assert top_down(st, "A c3", A) in ("WM", "MW")


@VERSIONS
def test_r111_the_evaluation_counts_the_dragons_siege_from_version_4(version: int) -> None:
    """The evaluation's siege losses (R50-R52) count the dragon's square from version 4."""
    st = position({"A c2": (NEUTRAL, "Z")}, {"A c3": Terrain.VILLAGE}, version=version)
    rows, _ = evaluation.parts(st)
    siege = evaluation.FEATURES.index("siege losses")
    assert (rows[A][siege] > 0) == (version >= 4) and rows[B_][siege] == 0
    assert st.observation(A)["dragon_besieges"] is (version >= 4)


# ---------------------------------------------------------------------- confirmed readings
@VERSIONS
def test_r112_units_join_and_leave_the_horses_only_by_ordinary_moves(version: int) -> None:
    """R112 (ruling, as built; p.6 "Under förflyttningsfasen kan enheter lämna och tillkomma
    stapeln som innehåller hästarna"): a group walking with the horses past its own elite
    neither picks it up nor drops a unit on the way: during the walk only steps and stop
    are offered, and the elite stays where it stood."""
    st = position({"A a3": (A, "HM"), "A b3": (A, "E"), "B e5": (B_, "M")}, version=version)
    play(st, "A a3", "take H", "take M", "done", "A b3")
    assert set(texts(st)) == {"stop", "A b2", "A b4", "A c3"}
    play(st, "A c3")
    assert st.phase == "move" and st.origin < 0  # F2 with the horses: the move ended
    assert top_down(st, "A b3", A) == "E" and top_down(st, "A c3", A) == "HM"


@VERSIONS
def test_r63_a_score_exactly_at_the_target_wins(version: int) -> None:
    """R63 (ruling, as built; "först till 50 poäng", p.13 "uppnå poängen"): at the end of
    the round A has exactly 50 (45 and its castle's 5) and qualifies; B with 0 does not."""
    st = position({"B e5": (B_, "M")}, CASTLE, version=version, target=50)
    st.score = [45, 0]
    to_battle(st)  # no battle, nothing to place: the round ends
    assert st.phase == "over" and st.score == [50, 0] and st.winners == [A]
    assert list(st.returns()) == [1.0, -1.0]


@VERSIONS
def test_r50_r55_r111_the_terminal_board_shows_the_dragons_siege_and_the_intruder(
    version: int,
) -> None:
    """The text board (``spelbord play omringad``) names each besieged settlement and from
    where, the dragon's square from version 4 (R111), and what reinforcing beside an
    intruder means under the version played (R55)."""
    st = position(
        {"A c3": (B_, "W"), "A c2": (NEUTRAL, "Z"), "A d3": (B_, "M"), "B e5": (B_, "M")},
        CASTLE,
        version=version,
    )
    buy(st, A, 1)
    to_battle(st)
    text = st.observation_string(A)
    if version >= 4:
        assert "A c3 (castle of A (you)): full siege from the dragon on A c2, A d3" in text
        assert "in the next battle there you then defend with the castle's +1" in text
    else:
        assert "A c3 (castle of A (you)): partial siege from A d3; " in text
        assert "the magician, there first, then defends with the castle's +1" in text
    assert "B's magician stands in it without taking it; you may still reinforce it" in text

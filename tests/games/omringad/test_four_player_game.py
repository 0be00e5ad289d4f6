"""Four players in the real game (R4, R120-R125): seats, clockwise turns, teams, battles of
more than two parties, sieges, scoring, returns, and hidden information for every seat.

Positions are built by hand on the four-country map A B / C D (``position``); the
whole-game checks at the end play random and eager games with every team mode.
"""

from __future__ import annotations

import json
import random

import pytest
from tests.games.omringad import positions
from tests.games.omringad.positions import apply_move, eager_step, play, roll, texts, top_down

from spelbord import games
from spelbord.core import (
    CHANCE,
    TERMINAL,
    GameOptionError,
    random_step,
)
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.game import OmringadGame
from spelbord.games.omringad.map import FOUR_COUNTRIES, PILLOW
from spelbord.games.omringad.movement import group_allowance
from spelbord.games.omringad.phases import battle as battle_phase
from spelbord.games.omringad.phases import reinforce
from spelbord.games.omringad.siege import enemies
from spelbord.games.omringad.state import OmringadState
from spelbord.games.omringad.terrain import Terrain
from spelbord.games.omringad.units import BASE_KINDS, KIND_CODES, Kind, Unit

L = FOUR_COUNTRIES.parse_label
_BY_CODE = {c: k for k, c in KIND_CODES.items()}
A, B_, C, D = 0, 1, 2, 3


def position(
    stacks: dict[str, tuple[int, str]],
    tiles: dict[str, Terrain] | None = None,
    *,
    teams: str = "none",
    team_win: str = "one",
    round_: int = 2,
    initiative: int = 0,
    control: dict[str, int] | None = None,
) -> OmringadState:
    """A four-player state at the start of the movement phase (``positions.position``)."""
    return positions.position(
        stacks,
        tiles,
        control=control,
        round_=round_,
        initiative=initiative,
        players=4,
        teams=teams,
        team_win=team_win,
    )


# ---------------------------------------------------------------------- options and seats
def test_r120_the_players_option_picks_seats_and_map() -> None:
    two, four = OmringadGame(), OmringadGame(players=4)
    assert two.num_players() == 2 and two.map is PILLOW
    assert four.num_players() == 4 and four.map is FOUR_COUNTRIES
    st = four.new_initial_state()
    assert st.num_players() == 4 and len(st.returns()) == 4
    obs = st.observation(2)
    assert len(obs["gold"]) == 4 and len(obs["control"]) == 100
    assert obs["terrain"][L("C a1")] == "." and obs["terrain"][L("A a1")] == "?"
    with pytest.raises(GameOptionError):
        OmringadGame(players=3)


def test_r121_teams_option_and_game_teams() -> None:
    assert OmringadGame(players=4).teams() == [(0,), (1,), (2,), (3,)]
    assert OmringadGame(players=4, teams="diagonal").teams() == [(0, 3), (1, 2)]
    assert OmringadGame(players=4, teams="adjacent").teams() == [(0, 1), (2, 3)]
    two = OmringadGame(teams="diagonal")  # no teams with two players (R121)
    assert two.teams() == [(0,), (1,)] and two.team_table is None


def test_r5_r120_four_players_place_tiles_and_reveal_four_countries() -> None:
    game = OmringadGame(players=4)
    st = game.new_initial_state()
    for i in range(9):
        st.apply_actions([N.TILE + i + seat for seat in range(4)])
    assert st.phase == "pregame"
    for seat in range(4):
        base = FOUR_COUNTRIES.country_squares(seat).start
        assert st.terrain[base + seat] == Terrain.CASTLE
    assert st.gold == [25, 25, 25, 25]


def test_r120_movement_goes_clockwise_a_b_d_c() -> None:
    st = position({"A c3": (A, "M"), "B c3": (B_, "M"), "C c3": (C, "M"), "D c3": (D, "M")})
    order = []
    while st.phase == "move":
        order.append(st.current_player())
        play(st, "pass")
    assert order == [A, B_, D, C]


def test_r120_turns_start_at_the_initiative_and_passed_seats_are_skipped() -> None:
    st = position({"A c3": (A, "MM"), "B c3": (B_, "M"), "D c3": (D, "M")}, initiative=D)
    assert st.turn_order() == [D, C, A, B_]
    seen = []
    for _ in range(4):
        seen.append(st.current_player())
        play(st, "pass")
    assert seen == [D, C, A, B_]


def test_r72_r120_the_initiative_passes_clockwise_each_round() -> None:
    st = position({"A c3": (A, "M")}, initiative=0)
    st.cup = []  # no special unit left: no auction (R100)
    holders = [st.initiative]
    for _ in range(4):
        while st.phase == "move":
            play(st, "pass")
        assert st.phase == "purchase"
        holders.append(st.initiative)
        st.apply_actions([N.DONE] * 4)
    assert holders == [0, 1, 3, 2, 0]


# ---------------------------------------------------------------------- allies and enemies
def test_r121_allies_never_enter_each_others_occupied_squares() -> None:
    """A e1 borders B a1 and D e5; with diagonal teams D is A's ally."""
    stacks = {"A e1": (A, "R"), "B a1": (B_, "M"), "D e5": (D, "M")}
    diag = position(stacks, teams="diagonal")
    play(diag, "A e1", "take R", "done")
    assert "D e5" not in texts(diag) and "B a1" in texts(diag)
    alone = position(stacks)
    play(alone, "A e1", "take R", "done")
    assert "D e5" in texts(alone) and "B a1" in texts(alone)


def test_r121_walking_through_an_allys_empty_square_does_not_take_it() -> None:
    st = position({"A e1": (A, "R")}, teams="diagonal")
    play(st, "A e1", "take R", "done", "D e5", "D e4", "stop")
    assert st.control[L("D e5")] == D
    assert st.control[L("D e4")] == D and st.path == [] and top_down(st, "D e4", A) == "R"
    enemy = position({"A e1": (A, "R")})
    play(enemy, "A e1", "take R", "done", "D e5", "D e4")
    assert enemy.control[L("D e5")] == A and enemy.control[L("D e4")] == A


def test_r35_r120_an_enemy_attack_restricts_the_defenders_exit_with_teams() -> None:
    st = position({"A e1": (A, "MM"), "B a1": (B_, "R")}, teams="diagonal", initiative=B_)
    play(st, "B a1", "take R", "done", "A e1")
    assert [e[:3] for e in st.entries[L("A e1")]] == [[B_, L("B a1"), 1]]
    play(st, "pass")  # D passes; clockwise from B: B, D, C, A
    assert st.current_player() == C
    play(st, "pass")
    play(st, "A e1")
    assert texts(st) == ["take M"]  # one of the two must stay (R35)
    play(st, "take M", "done")
    assert "B a1" not in texts(st) and "A d1" in texts(st)  # not back where B came from


# ---------------------------------------------------------------------- battles (R123)
def three_party_battle(defender: str = "M", teams: str = "none") -> OmringadState:
    """A defends A e1; B attacks from B a1 first, then D from D e5 (D e5 borders A e1)."""
    st = position(
        {"A e1": (A, defender), "B a1": (B_, "R"), "D e5": (D, "R")}, teams=teams, initiative=B_
    )
    play(st, "B a1", "take R", "done", "A e1")  # B (the move ends on entering enemies)
    play(st, "D e5", "take R", "done", "A e1")  # D
    for _ in range(4):
        play(st, "pass")
    assert st.phase == "battle"
    return st


def test_r123_three_parties_fight_the_defender_first_in_arrival_order() -> None:
    st = three_party_battle()
    assert st.battle == [L("A e1"), B_, A, 1, 0, 0, D, 0]  # melee first: nobody shoots
    assert [(r[2], r[3]) for r in st.dice] == [(0, B_), (1, A), (2, D)]
    dice = st.observation(None)["dice"]
    assert [(d["owner"], d["unit"], d["needed"]) for d in dice] == [
        (1, "R", 4),
        (0, "M", 6),
        (3, "R", 4),
    ]


def test_r123_the_roller_chooses_which_enemy_party_takes_each_hit() -> None:
    st = three_party_battle()
    roll(st, 6, 1, 1)  # B's rider hits; A and D miss
    assert st.current_player() == B_
    assert texts(st) == ["target A", "target D"]
    assert st.action_to_dict(N.TARGET + D)["kind"] == "target"
    play(st, "target D")
    # D has one rider: the allocation is forced, the rider is damaged.
    assert top_down(st, "A e1", D) == "r" and top_down(st, "A e1", A) == "M"
    assert st.current_player() == CHANCE


def test_r123_hits_are_sent_before_they_are_allocated_party_by_party() -> None:
    st = three_party_battle()
    roll(st, 6, 6, 6)  # every party hits
    assert st.current_player() == B_ and st.unsent == [1, 1, 1]
    play(st, "target A")
    assert st.current_player() == A and texts(st) == ["target B", "target D"]
    play(st, "target B")
    assert st.current_player() == D
    play(st, "target B")
    # B's rider took two hits (eliminated), A's mercenary one (damaged, one-hit left).
    assert top_down(st, "A e1", B_) == "" and top_down(st, "A e1", A) == "m"
    assert st.pool[B_][BASE_KINDS.index(Kind.RIDER)] == 4


def test_r123_a_hit_goes_where_it_can_be_taken_or_is_lost() -> None:
    st = three_party_battle()
    roll(st, 6, 6, 6)
    play(st, "target D", "target D")  # B and A both hit D's rider: eliminated
    # D's hit: only A and B remain, D still chooses (its rider hit before it fell).
    assert st.current_player() == D and texts(st) == ["target A", "target B"]
    play(st, "target A")
    assert top_down(st, "A e1", D) == "" and top_down(st, "A e1", A) == "m"
    # Now B (R) against A (damaged M): two parties, every hit is forced.
    roll(st, 1, 6)
    assert top_down(st, "A e1", B_) == "r" and st.current_player() == CHANCE


def test_r123_r49_the_last_party_standing_takes_the_square() -> None:
    st = three_party_battle()
    roll(st, 6, 1, 6)  # B and D hit
    play(st, "target A")  # B's hit; A's mercenary can take one more, so D chooses too
    assert texts(st) == ["target A", "target B"]
    play(st, "target A")  # A's mercenary is eliminated
    assert top_down(st, "A e1", A) == ""
    roll(st, 6, 1)  # B hits D, D misses: forced
    roll(st, 6, 1)
    assert st.phase != "battle" and st.control[L("A e1")] == B_
    assert top_down(st, "A e1", B_) == "R"


def test_r48_r123_a_stand_off_sends_every_surviving_attacker_back() -> None:
    """Two generals (no S) attack a general: nobody can hit, all attackers go back."""
    st = position({"A e1": (A, "G"), "B a1": (B_, "G"), "D e5": (D, "G")}, initiative=B_)
    play(st, "B a1", "take G", "done", "A e1", "D e5", "take G", "done", "A e1")
    for _ in range(4):
        play(st, "pass")
    assert st.phase != "battle"
    assert top_down(st, "B a1", B_) == "G" and top_down(st, "D e5", D) == "G"
    assert top_down(st, "A e1", A) == "G" and st.control[L("A e1")] == A


def test_r121_r123_allies_fight_as_one_camp_never_each_other() -> None:
    """With diagonal teams A and D never share a square; B's attack is a plain battle."""
    st = position({"A e1": (A, "M"), "B a1": (B_, "R")}, teams="diagonal", initiative=B_)
    play(st, "B a1", "take R", "done", "A e1")
    for _ in range(4):
        play(st, "pass")
    assert st.battle == [L("A e1"), B_, A, 1, 0, 0]
    roll(st, 6, 6)
    assert st.current_player() == CHANCE  # two parties: every hit is forced


def test_r123_resample_in_a_three_party_battle_keeps_every_seats_view() -> None:
    st = three_party_battle("MM")
    roll(st, 6, 6, 1, 1)
    rng = random.Random(5)
    for seat in (None, 0, 1, 2, 3):
        twin = st.resample(seat, rng)
        assert twin.observation(seat) == st.observation(seat)
        if seat is not None:
            assert twin.legal_actions(seat) == st.legal_actions(seat)


# ---------------------------------------------------------------------- sieges, scoring, win
def test_r124_allies_never_besiege() -> None:
    tiles = {"A e1": Terrain.VILLAGE}
    stacks = {"A e1": (A, "M"), "D e5": (D, "M"), "B a1": (B_, "M")}
    diag = position(stacks, tiles, teams="diagonal")
    alone = position(stacks, tiles)
    village = L("A e1")
    assert reinforce.caps(diag, A).get(village) == 2  # B alone besieges: a partial siege
    assert village not in reinforce.caps(alone, A)  # B and D: a full siege


def end_round(st: OmringadState, score: list[int]) -> OmringadState:
    st.score = score
    reinforce.end_round(st)
    return st


def test_r124_income_and_the_square_bonus_with_four() -> None:
    tiles = {"A a1": Terrain.CASTLE, "B a1": Terrain.VILLAGE, "D a1": Terrain.FOREST}
    st = position({}, tiles, control={"B a1": A})
    end_round(st, [0, 0, 0, 0])
    assert st.gold == [26, 24, 25, 25]
    assert st.score == [5 + 2 + 1, 0, 0, 1]  # the square bonus: A alone has the most
    st = position({}, tiles, control={"B a1": A, "C a1": D})
    end_round(st, [0, 0, 0, 0])
    assert st.gold == [26, 24, 24, 26] and st.score == [7, 0, 0, 1]  # a tie: no bonus


def test_r63_r125_a_lone_winner_gets_one_the_rest_minus_one() -> None:
    st = end_round(position({}), [55, 45, 20, 52])
    assert st.phase == "over" and st.winners == [A]
    assert st.returns() == [1.0, -1.0, -1.0, -1.0] and st.termination() == "target"


def test_r63_r125_a_draw_gives_the_drawn_players_zero_and_the_others_minus_one() -> None:
    st = end_round(position({}), [55, 10, 55, 5])
    assert st.winners == [A, C] and st.returns() == [0.0, -1.0, 0.0, -1.0]
    assert st.termination() == "draw"


def test_r122_r125_a_team_wins_when_one_member_wins() -> None:
    st = end_round(position({}, teams="diagonal"), [55, 45, 20, 0])
    assert st.winners == [A, D] and st.returns() == [1.0, -1.0, -1.0, 1.0]
    st = end_round(position({}, teams="adjacent"), [55, 45, 20, 0])
    assert st.winners == [A, B_] and st.returns() == [1.0, 1.0, -1.0, -1.0]
    assert st.termination() == "target"


def test_r122_option_both_members_must_reach_the_target() -> None:
    st = end_round(position({}, teams="diagonal", team_win="both"), [60, 40, 40, 0])
    assert st.phase == "auction" and st.winners == []  # the next round (R100)
    st = end_round(position({}, teams="diagonal", team_win="both"), [60, 40, 40, 50])
    assert st.winners == [A, D] and st.returns() == [1.0, -1.0, -1.0, 1.0]


# ---------------------------------------------------------------------- colleague's two bugs
def test_r116_pirates_starting_on_a_lake_take_one_step() -> None:
    pirates = [Unit(Kind.PIRATES)]
    assert group_allowance(pirates, Terrain.LAKE) == 1
    assert group_allowance(pirates, Terrain.BARE) == 2
    assert group_allowance([Unit(Kind.RIDER)], Terrain.BARE) == 3


def test_r121_the_neutral_dragon_is_everybodys_enemy() -> None:
    teams = (0, 1, 1, 0)
    assert enemies(-1, 3, teams) and enemies(0, -1, teams)  # never reads teams[-1]
    assert not enemies(0, 3, teams) and enemies(0, 1, teams)


# ---------------------------------------------------------------------- whole games
def eager(st: OmringadState, rng: random.Random) -> None:
    """A player that mostly avoids passing, so games are full of battles."""
    eager_step(st, rng)


def check_node(st: OmringadState, rng: random.Random) -> None:
    """The conformance contract at one node, for every seat (R80-R82)."""
    game = st.game
    assert game.from_json(st.to_json()) == st and st.clone() == st
    for seat in (None, 0, 1, 2, 3):
        obs = st.observation(seat)
        json.dumps(obs)
        twin = st.resample(seat, rng)
        assert twin.observation(seat) == obs
        assert game.replay(twin.history()) == twin
        if seat is not None:
            assert twin.legal_actions(seat) == st.legal_actions(seat)
            assert obs["pool"] == st.pool[seat] and "pool" not in st.observation(None)
    player = st.current_player()
    if player >= 0:
        for a in st.legal_actions():
            assert st.string_to_action(st.action_to_string(a)) == a


@pytest.mark.slow
@pytest.mark.slow
@pytest.mark.parametrize("teams", ["none", "diagonal", "adjacent"])
def test_r82_r120_whole_four_player_games_keep_the_contract(teams: str) -> None:
    game = OmringadGame(players=4, teams=teams, team_win="both")
    assert games.load("omringad", players=4).num_players() == 4
    rng = random.Random(teams)
    st = game.new_initial_state()
    while st.current_player() != TERMINAL:
        if st.move_number() % 83 == 0:
            check_node(st, rng)
        eager(st, rng)
        assert st.move_number() <= game.max_game_length()
    check_node(st, rng)
    returns = st.returns()
    assert sorted(returns) != [0.0] * 4 or st.termination() == "draw"
    if teams != "none":
        mates = next(t for t in game.teams() if 0 in t)
        assert returns[mates[0]] == returns[mates[1]]


def test_r82_other_seats_secrets_are_drawn_again_for_every_seat() -> None:
    game = OmringadGame(players=4)
    rng = random.Random(2)
    st = game.new_initial_state()
    while st.round < 3:
        random_step(st, rng)
    for seat in range(4):
        twins = [st.resample(seat, rng) for _ in range(6)]
        assert any(t.history() != st.history() for t in twins)
        for t in twins:  # the seat's own secret choices are its real ones
            for m, r in zip(t.history(), st.history(), strict=True):
                if isinstance(m, tuple):
                    assert isinstance(r, tuple) and m[seat] == r[seat]


def same_game_for(seat: int | None, real: OmringadState, twin: OmringadState) -> None:
    """Every prefix of the twin's history looks to ``seat`` as the real one did (R82)."""
    game = real.game
    assert game.replay(twin.history()) == twin
    a, b = game.new_initial_state(), game.new_initial_state()
    for ma, mb in zip(real.history(), twin.history(), strict=True):
        apply_move(a, ma)
        apply_move(b, mb)
        assert b.observation(seat) == a.observation(seat)


def test_r82_r123_resampled_histories_reach_a_three_party_battle() -> None:
    """An eager game that comes to a hit with two enemy parties to choose from (R123)."""
    game = OmringadGame(players=4, target=140)
    rng = random.Random(23)
    st = game.new_initial_state()
    while not (
        st.phase == "battle" and st.current_player() >= 0 and battle_phase.num_parties(st) > 2
    ):
        if st.phase == "auction" and st.current_player() >= 0:
            play(st, "pass")  # base units only: every special unit goes back (R105)
            continue
        eager(st, rng)
        assert st.move_number() < 600
    assert all(t.startswith("target") for t in texts(st)) and len(texts(st)) > 1
    for seat in (None, 0, 1, 2, 3):
        twin = st.resample(seat, rng)
        same_game_for(seat, st, twin)
        if seat is not None:
            assert twin.legal_actions(seat) == st.legal_actions(seat)

"""The auction of special units in the game (R100-R105), through the real engine.

Small hand-made positions are put at the start of a round's auction; the actions are played
in notation. A random playout with two and with four players shows auctions happening and
special units reaching the board.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from spelbord.core import CHANCE, SIMULTANEOUS, GameOptionError, random_step
from spelbord.core.clock import Clock
from spelbord.games.omringad import board as B
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.game import OmringadGame
from spelbord.games.omringad.map import PILLOW
from spelbord.games.omringad.phases import auction as auction_phase
from spelbord.games.omringad.phases import reinforce
from spelbord.games.omringad.state import OmringadState
from spelbord.games.omringad.terrain import Terrain
from spelbord.games.omringad.units import BASE_KINDS, KIND_CODES, SPECIAL_KINDS, Kind, Unit

L = PILLOW.parse_label
_BY_CODE = {c: k for k, c in KIND_CODES.items()}
A, B_ = 0, 1

TILES = {
    "A a1": Terrain.CASTLE,
    "A e1": Terrain.VILLAGE,
    "A e5": Terrain.VILLAGE,
    "A c3": Terrain.LAKE,
    "A b2": Terrain.FOREST,
    "B a1": Terrain.VILLAGE,
    "B c3": Terrain.CASTLE,
    "B e5": Terrain.MOUNTAIN,
}


def at_auction(
    stacks: dict[str, tuple[int, str]],
    tiles: dict[str, Terrain] | None = None,
    *,
    gold: tuple[int, int] = (10, 10),
    cup: list[Kind] | None = None,
    initiative: int = 0,
    control: dict[str, int] | None = None,
    **options: Any,
) -> OmringadState:
    """A two-player state in round 2 at the start of the auction, before the draw."""
    st = OmringadGame(**options).new_initial_state()
    st.tiles = [list(range(9)), list(range(9))]
    for label, t in (TILES if tiles is None else tiles).items():
        st.terrain[L(label)] = t
    for label, owner in (control or {}).items():
        st.control[L(label)] = owner
    for label, (owner, text) in stacks.items():
        us = [Unit(_BY_CODE[ch.upper()], damaged=ch.islower()) for ch in text]
        st.board[L(label)].append([owner, *(B.code(u) for u in us)])
        for u in us:
            if u.kind in BASE_KINDS:
                st.pool[owner][BASE_KINDS.index(u.kind)] -= 1
    if cup is not None:
        st.cup = sorted(SPECIAL_KINDS.index(k) for k in cup)
    st.round, st.initiative, st.gold = 2, initiative, list(gold)
    auction_phase.start(st)
    return st


def play(st: OmringadState, *texts: str) -> None:
    for t in texts:
        st.apply_action(st.string_to_action(t))


def texts(st: OmringadState) -> list[str]:
    return [st.action_to_string(a) for a in st.legal_actions()]


def top_down(st: OmringadState, label: str, owner: int) -> str:
    s = B.find_stack(st.board, L(label), owner)
    return "".join(B.unit_of(c).code for c in s[1:]) if s else ""


HOME = {"A a1": (A, "GM"), "B c3": (B_, "E")}


# ---------------------------------------------------------------------- R100 the cup
def test_r74_r100_the_auction_comes_from_round_2_while_the_cup_holds_a_unit() -> None:
    st = at_auction(HOME)
    st.round, st.phase, st.auction = 1, "reinforce", None
    reinforce.end_round(st)  # round 1 ends: round 2 opens with the auction
    assert st.round == 2 and st.phase == "auction" and st.current_player() == CHANCE
    obs = st.observation(B_)
    assert obs["cup"] == [k.value for k in SPECIAL_KINDS]  # all eight, in Kind order
    assert obs["auction"]["lot"] is None and obs["auction"]["to_act"] == -1
    st = at_auction(HOME, cup=[])  # an empty cup: no auction, the purchase at once
    assert st.phase == "purchase" and st.auction is None
    assert st.observation(A)["cup"] == [] and st.observation(A)["auction"] is None


def test_r100_no_auction_in_the_peace_round() -> None:
    st = at_auction(HOME)
    st.round = 1
    auction_phase.start(st)
    assert st.phase == "purchase" and len(st.cup) == len(SPECIAL_KINDS)


# ---------------------------------------------------------------------- R101 the draw
def test_r101_the_draw_is_a_fair_chance_event_over_the_cup_and_public() -> None:
    st = at_auction(HOME, cup=[Kind.MAGICIAN, Kind.DRAGON, Kind.HORSES])
    dragon, horses, magician = (SPECIAL_KINDS.index(k) for k in (Kind.DRAGON, Kind.HORSES,
                                                                 Kind.MAGICIAN))  # fmt: skip
    assert st.chance_outcomes() == [(dragon, 1 / 3), (horses, 1 / 3), (magician, 1 / 3)]
    assert st.action_to_string(dragon) == "draw dragon"
    assert st.action_visible_to(CHANCE, dragon, B_) and st.action_visible_to(CHANCE, dragon, None)
    play(st, "draw magician")
    for seat in (None, A, B_):
        obs = st.observation(seat)
        assert obs["cup"] == ["dragon", "horses"]
        assert obs["auction"]["lot"] == "magician"
    assert st.game.from_json(st.to_json()) == st and st.clone() == st


# ---------------------------------------------------------------------- R102 bidding
def test_r102_open_ascending_bidding_in_turn_order_from_the_initiative_holder() -> None:
    st = at_auction(HOME, gold=(10, 7), initiative=B_, cup=[Kind.SNIPERS])
    play(st, "draw snipers")
    assert st.current_player() == B_  # the initiative holder bids first
    assert texts(st) == ["pass"] + [f"bid {n}" for n in range(1, 8)]  # at most its gold
    play(st, "bid 5")
    assert st.current_player() == A and texts(st) == ["pass"] + [f"bid {n}" for n in range(6, 11)]
    assert st.action_to_dict(N.BID + 8) == {"action": N.BID + 8, "text": "bid 8",
                                            "kind": "bid", "amount": 8}  # fmt: skip
    play(st, "bid 8")
    # B has 7 gold, not above 8: it could only pass, so it is out without a decision,
    # and the bidding is back at A's standing bid: A wins.
    view = st.observation(B_)["auction"]
    assert view["winner"] == A and view["bid"] == 8 and view["bidder"] == A
    assert view["out"] == [False, True] and view["to_act"] == -1
    assert view["bids"] == [[B_, 5], [A, 8]]
    assert st.current_player() == A


def test_r102_a_pass_puts_a_player_out_and_bids_are_public() -> None:
    st = at_auction(HOME, gold=(10, 10), cup=[Kind.PIRATES])
    play(st, "draw pirates", "bid 1", "bid 2", "bid 3")
    assert st.current_player() == B_
    assert st.action_visible_to(B_, N.PASS, A) and st.action_visible_to(B_, N.PASS, None)
    play(st, "pass")
    view = st.observation(None)["auction"]
    assert view["bids"] == [[A, 1], [B_, 2], [A, 3], [B_, 0]]  # 0: a pass
    assert view["winner"] == A and view["bid"] == 3 and view["out"] == [False, True]


def test_r102_a_player_with_nowhere_to_place_or_no_gold_is_out_at_once() -> None:
    # Horses go only where their owner has units in a settlement it controls (R104): B has
    # no units in any settlement, so it is out; A is then the only bidder.
    st = at_auction({"A a1": (A, "M"), "B b2": (B_, "E")}, cup=[Kind.HORSES])
    play(st, "draw horses")
    assert st.current_player() == A and texts(st)[:2] == ["pass", "bid 1"]
    play(st, "bid 1")  # B's turn is skipped: A wins at once
    view = st.observation(A)["auction"]
    assert view["out"] == [False, True] and view["winner"] == A and view["bids"] == [[A, 1]]
    st = at_auction(HOME, gold=(0, 0), cup=[Kind.DIPLOMAT])  # nobody can pay
    play(st, "draw diplomat")
    assert st.phase == "purchase" and st.cup == [SPECIAL_KINDS.index(Kind.DIPLOMAT)]


def test_r102_the_bid_clock_passes_for_the_seat_that_must_bid() -> None:
    st = at_auction(HOME, cup=[Kind.ELEPHANTS])
    assert st.decision_clock(A) is None  # the draw is chance
    play(st, "draw elephants")
    assert st.decision_clock(A) == Clock(seconds=30.0, on_timeout=N.PASS)
    assert st.decision_clock(B_) is None
    play(st, "bid 4")
    assert st.decision_clock(B_) == Clock(seconds=30.0, on_timeout=N.PASS)
    play(st, "pass")
    assert st.decision_clock(A) is None  # placing is not on the clock
    st = at_auction(HOME, cup=[Kind.ELEPHANTS], bid_clock=25)
    play(st, "draw elephants")
    assert st.decision_clock(A) == Clock(seconds=25.0, on_timeout=N.PASS)
    st = at_auction(HOME, cup=[Kind.ELEPHANTS], bid_clock=0)
    play(st, "draw elephants")
    assert st.decision_clock(A) is None
    with pytest.raises(GameOptionError):
        OmringadGame(bid_clock=-1)


# ---------------------------------------------------------------------- R103 paying
def test_r103_the_winner_pays_from_this_rounds_gold_before_the_purchase() -> None:
    st = at_auction(HOME, gold=(12, 9), cup=[Kind.SNIPERS])
    play(st, "draw snipers", "bid 6", "pass")
    assert st.gold == [6, 9]  # paid at once
    play(st, "A a1")
    assert st.phase == "purchase" and st.budget == [6, 9]
    assert st.observation(B_)["gold"] == [6, 9]
    assert N.BUY + BASE_KINDS.index(Kind.ELITE) in st.legal_actions(A)
    assert N.BUY + BASE_KINDS.index(Kind.GENERAL) not in st.legal_actions(A)  # 10 > 6 left


# ---------------------------------------------------------------------- R104 placement
def test_r104_placement_in_an_own_settlement_sieges_notwithstanding() -> None:
    stacks = {
        "A a1": (A, "GM"),  # own castle with own units
        "A e1": (B_, "M"),  # A's village, but B's units stand in it
        "A a2": (B_, "MM"),  # besieges A a1 (R50-R52 do not apply)
        "A b1": (B_, "M"),  # a second besieging square: a full siege
        "B a1": (A, "E"),  # a village of B's country that A controls
        "B c3": (B_, "E"),
    }
    st = at_auction(stacks, control={"B a1": A}, cup=[Kind.MAGICIAN])
    play(st, "draw magician", "bid 2", "pass")
    view = st.observation(B_)["auction"]
    assert view["winner"] == A
    assert [st.map.label(sq) for sq in view["places"]] == ["A a1", "A e5", "B a1"]
    assert texts(st) == ["A a1", "A e5", "B a1"]
    assert st.action_visible_to(A, N.SQUARE + L("A e5"), B_)
    play(st, "A e5")
    assert top_down(st, "A e5", A) == "W"
    assert st.phase == "purchase" and st.observation(A)["auction"] is None


def test_r104_the_unit_can_be_used_this_round() -> None:
    st = at_auction(HOME, cup=[Kind.ELEPHANTS])
    play(st, "draw elephants", "bid 1", "pass", "A e5")
    st.apply_actions([N.DONE, N.DONE])
    assert st.phase == "move" and st.current_player() == A
    play(st, "A e5")
    assert texts(st) == ["take X"]
    play(st, "take X", "done", "A d5", "stop")
    assert top_down(st, "A d5", A) == "X" and top_down(st, "A e5", A) == ""


def test_r104_the_horses_go_on_top_of_their_owners_stack_above_a_general() -> None:
    st = at_auction(HOME, cup=[Kind.HORSES])
    play(st, "draw horses", "bid 3", "pass")
    assert texts(st) == ["A a1"]  # only where A has units
    play(st, "A a1")
    assert top_down(st, "A a1", A) == "HGM"
    tops = {(s["square"], s["owner"]): s["top"] for s in st.observation(B_)["stacks"]}
    assert tops[(L("A a1"), A)] == "H"


def test_r104_a_special_unit_under_a_general_is_hidden() -> None:
    st = at_auction(HOME, cup=[Kind.INFILTRATOR])
    play(st, "draw infiltrator", "bid 3", "pass", "A a1")
    assert top_down(st, "A a1", A) == "GIM"
    mine = next(s for s in st.observation(A)["stacks"] if s["square"] == L("A a1"))
    theirs = next(s for s in st.observation(B_)["stacks"] if s["square"] == L("A a1"))
    assert mine["units"] == ["G", "I", "M"]
    assert theirs["top"] == "G" and theirs["count"] == 3 and "units" not in theirs


def test_r104_the_dragon_goes_on_any_empty_forest_mountain_or_bare_square() -> None:
    st = at_auction({**HOME, "A d5": (B_, "M")}, cup=[Kind.DRAGON], initiative=B_)
    play(st, "draw dragon", "bid 2", "pass")
    places = st.observation(A)["auction"]["places"]
    labels = {st.map.label(sq) for sq in places}
    assert {"A b2", "B e5", "A d4", "B a5"} <= labels  # forest, mountain, bare, any country
    assert not {"A a1", "A e1", "A e5", "B a1", "B c3", "A c3", "A d5"} & labels
    assert len(places) == 50 - 5 - 1 - 1  # not the 5 settlements, the lake, a bare square in use
    play(st, "B e5")
    assert B.find_stack(st.board, L("B e5"), B.NEUTRAL) == [B.NEUTRAL, B.code(Unit(Kind.DRAGON))]
    assert st.control[L("B e5")] == B_  # the controller keeps it (R111)
    for seat in (None, A, B_):
        dragon = next(s for s in st.observation(seat)["stacks"] if s["square"] == L("B e5"))
        assert dragon["owner"] == -1 and dragon["units"] == ["Z"]  # public
    assert st.game.from_json(st.to_json()) == st


# ---------------------------------------------------------------------- R105 unsold
def test_r105_nobody_bids_the_unit_goes_back_to_the_cup() -> None:
    st = at_auction(HOME, cup=[Kind.PIRATES, Kind.SNIPERS], initiative=B_)
    play(st, "draw snipers")
    assert st.cup == [SPECIAL_KINDS.index(Kind.PIRATES)]
    play(st, "pass", "pass")
    assert st.phase == "purchase" and st.auction is None
    assert st.cup == sorted(SPECIAL_KINDS.index(k) for k in (Kind.PIRATES, Kind.SNIPERS))
    assert st.gold == [10, 10] and st.budget == [10, 10]


# ---------------------------------------------------------------------- whole games
def _playout(players: int, seed: int) -> tuple[OmringadState, int, set[Kind]]:
    """A random game; how many auctions it held and which special units got placed."""
    game = OmringadGame(players=players, target=100)
    rng = random.Random(seed)
    st = game.new_initial_state()
    auctions, placed = 0, set()
    while not st.is_terminal():
        if st.phase == "auction" and st.current_player() == CHANCE:
            auctions += 1
        lot = st.auction["lot"] if st.auction is not None else -1
        placing = st.phase == "auction" and st.auction is not None and st.auction["winner"] >= 0
        random_step(st, rng)
        if placing:
            placed.add(SPECIAL_KINDS[lot])
        assert st.move_number() <= game.max_game_length()
    return st, auctions, placed


@pytest.mark.parametrize("players", [2, 4])
def test_r100_r105_random_games_hold_auctions_and_place_special_units(players: int) -> None:
    for seed in range(3):
        st, auctions, placed = _playout(players, seed)
        assert st.is_terminal()
        assert auctions > 0 and st.round >= 2
        assert placed, "random bidders buy special units"


def test_r102_every_auction_decision_is_one_seat_at_a_time() -> None:
    st, _, _ = _playout(2, 7)
    replay = st.game.new_initial_state()
    for move in st.history():
        if replay.phase == "auction":
            assert replay.current_player() != SIMULTANEOUS
        if isinstance(move, int):
            replay.apply_action(move)
        else:
            replay.apply_actions(list(move))
    assert replay == st


def test_r100_a_state_stored_before_the_auction_loads_with_a_full_cup() -> None:
    st = at_auction(HOME, cup=[])
    data = json.loads(st.to_json())
    del data["state"]["cup"], data["state"]["auction"]
    back = st.game.from_json(json.dumps(data))
    assert back.cup == list(range(len(SPECIAL_KINDS))) and back.auction is None
    assert back.phase == "purchase"


@pytest.mark.parametrize("specials", [True, False])
def test_r74_from_round_2_the_auction_comes_before_the_purchase_unless_the_base_game(
    specials: bool,
) -> None:
    """R7/R74: the round's phases in order; from round 2 each round opens with the auction
    (the initiative passes on clockwise, R71), then the purchase; with ``specials=false``
    there is never an auction."""
    st = OmringadGame(specials=specials, target=140).new_initial_state()
    rng = random.Random(5)
    seen: list[tuple[int, str]] = []  # (round, phase) at every change, in order
    while not st.is_terminal() and st.round < 5:
        if not seen or seen[-1] != (st.round, st.phase):
            seen.append((st.round, st.phase))
        random_step(st, rng)
    assert st.round == 5
    for r in range(1, 5):
        phases = [p for rr, p in seen if rr == r]
        if r == 1:
            assert phases[:2] == ["initiative", "purchase"]
        elif specials:
            assert phases[:2] == ["auction", "purchase"]
        else:
            assert phases[0] == "purchase" and "auction" not in phases
        rest = [p for p in phases if p not in ("initiative", "auction", "purchase")]
        assert rest[0] == "move" and rest[-1] == "reinforce"  # R7: then battles, reinforcing
    if not specials:
        assert st.cup == [] and st.observation(0)["cup"] == []

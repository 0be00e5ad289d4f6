"""The auction of special units (R100-R105): cup, draw, bidding, paying, placement."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from spelbord.games.omringad.auction import (
    DEFAULT_BID_CLOCK,
    DRAGON_GROUND,
    Auction,
    AuctionError,
    auction_held,
    bidders_can_place,
    draw_outcomes,
    full_cup,
    pay,
    placement_squares,
    return_to_cup,
    take_from_cup,
)
from spelbord.games.omringad.game import OmringadGame
from spelbord.games.omringad.map import FOUR_COUNTRIES, PILLOW
from spelbord.games.omringad.players import turn_order
from spelbord.games.omringad.scoring import initial_control
from spelbord.games.omringad.terrain import Terrain
from spelbord.games.omringad.units import SPECIAL_KINDS, Kind, Stack, Unit

L = PILLOW.parse_label
M = Unit(Kind.MERCENARY)


def test_r100_the_cup_holds_the_eight_special_units() -> None:
    cup = full_cup()
    assert len(cup) == 8 and cup == frozenset(SPECIAL_KINDS)
    assert Kind.MERCENARY not in cup


def test_r100_no_auction_in_round_one_or_with_an_empty_cup() -> None:
    assert not auction_held(1, full_cup())
    assert auction_held(2, full_cup())
    assert auction_held(9, frozenset({Kind.DRAGON}))
    assert not auction_held(5, frozenset())


def test_r100_eliminated_specials_go_back_to_the_cup() -> None:
    cup = take_from_cup(full_cup(), Kind.SNIPERS)
    assert Kind.SNIPERS not in cup and len(cup) == 7
    assert return_to_cup(cup, Kind.SNIPERS) == full_cup()
    with pytest.raises(AuctionError):
        return_to_cup(full_cup(), Kind.SNIPERS)  # already there
    with pytest.raises(AuctionError):
        return_to_cup(cup, Kind.MERCENARY)  # not a special unit
    with pytest.raises(AuctionError):
        take_from_cup(cup, Kind.SNIPERS)


def test_r101_the_draw_is_uniform_over_the_cup() -> None:
    outcomes = draw_outcomes(full_cup())
    assert [k for k, _ in outcomes] == list(SPECIAL_KINDS)
    assert {p for _, p in outcomes} == {Fraction(1, 8)}
    small = draw_outcomes(frozenset({Kind.PIRATES, Kind.DIPLOMAT, Kind.HORSES}))
    assert [k for k, _ in small] == [Kind.DIPLOMAT, Kind.HORSES, Kind.PIRATES]
    assert sum(p for _, p in small) == 1
    with pytest.raises(AuctionError):
        draw_outcomes(frozenset())


def test_r102_open_ascending_bids_in_turn_order_from_the_initiative_holder() -> None:
    """Four players, initiative with seat 1 (clockwise 1, 3, 2, 0)."""
    a = Auction.open(Kind.ELEPHANTS, order=(1, 3, 2, 0), gold=(20, 20, 20, 20))
    assert a.to_act() == 1 and a.raises()[0] == 1 and a.raises()[-1] == 20
    a = a.raise_to(1)
    assert a.to_act() == 3 and a.raises()[0] == 2
    a = a.raise_to(5)
    assert a.to_act() == 2
    a = a.pass_()  # seat 2 is out for good
    assert a.to_act() == 0
    a = a.raise_to(6)
    assert a.to_act() == 1  # back to the initiative holder, skipping nobody yet
    a = a.pass_()
    assert a.to_act() == 3  # seat 2 already passed and is skipped
    a = a.raise_to(9)
    assert a.to_act() == 0
    a = a.pass_()
    assert a.is_over() and a.winner() == 3 and a.price() == 9
    assert a.out == frozenset({0, 1, 2})


def test_r102_a_raise_must_beat_the_standing_bid_within_the_bidders_gold() -> None:
    a = Auction.open(Kind.HORSES, order=(0, 1), gold=(5, 8)).raise_to(3)
    assert a.raises() == (4, 5, 6, 7, 8)
    for bad in (3, 2, 9):
        with pytest.raises(AuctionError):
            a.raise_to(bad)
    assert a.to_act() == 1 and a.bid == 3  # unchanged after the errors


def test_r102_a_player_who_cannot_outbid_is_out_at_once() -> None:
    """Seat 1 has 4 gold; once seat 0 bids 4, seat 1 could only pass: the auction ends."""
    a = Auction.open(Kind.DIPLOMAT, order=(0, 1), gold=(10, 4)).raise_to(4)
    assert a.is_over() and a.winner() == 0 and a.price() == 4
    broke = Auction.open(Kind.DIPLOMAT, order=(0, 1), gold=(0, 3))
    assert broke.to_act() == 1 and 0 in broke.out


def test_r102_a_player_with_nowhere_to_place_the_unit_cannot_bid() -> None:
    a = Auction.open(Kind.HORSES, order=(0, 1), gold=(10, 10), can_place=(False, True))
    assert a.to_act() == 1 and a.out == frozenset({0})
    a = a.raise_to(1)
    assert a.is_over() and a.winner() == 1 and a.price() == 1


def test_r102_r105_nobody_bids_the_unit_goes_back_to_the_cup() -> None:
    a = Auction.open(Kind.DRAGON, order=(1, 0), gold=(10, 10)).pass_().pass_()
    assert a.is_over() and a.winner() is None
    with pytest.raises(AuctionError):
        a.price()
    with pytest.raises(AuctionError):
        a.pass_()
    assert a.raises() == () and a.to_act() is None


def test_r102_the_last_player_may_still_bid_after_the_others_passed() -> None:
    a = Auction.open(Kind.MAGICIAN, order=(0, 1, 3, 2), gold=(9, 9, 9, 9))
    a = a.pass_().pass_().pass_()
    assert a.to_act() == 2 and not a.is_over()
    a = a.raise_to(2)
    assert a.is_over() and a.winner() == 2 and a.price() == 2


def test_r102_the_winner_is_known_only_at_the_end_and_orders_are_checked() -> None:
    a = Auction.open(Kind.SNIPERS, order=(0, 1), gold=(3, 3))
    with pytest.raises(AuctionError):
        a.winner()
    with pytest.raises(AuctionError):
        Auction.open(Kind.SNIPERS, order=(0, 0), gold=(3, 3))
    with pytest.raises(AuctionError):
        Auction.open(Kind.SNIPERS, order=(0, 2), gold=(3, 3))


def test_r102_the_default_bid_clock_is_thirty_seconds() -> None:
    """Ruling: the booklet's ten seconds plus the reading a newcomer needs first."""
    assert DEFAULT_BID_CLOCK == 30.0
    assert OmringadGame().options["bid_clock"] == 30


def test_r103_the_winner_pays_from_this_rounds_gold() -> None:
    assert pay((25, 30), 1, 12) == (25, 18)
    with pytest.raises(AuctionError):
        pay((25, 30), 0, 26)
    with pytest.raises(AuctionError):
        pay((25, 30), 0, 0)


def _pillow(
    tiles: dict[str, Terrain], stacks: dict[str, Stack]
) -> tuple[list[Terrain], list[int], dict[int, list[Stack]]]:
    terrain = [Terrain.BARE] * PILLOW.num_squares
    for label, t in tiles.items():
        terrain[L(label)] = t
    return terrain, initial_control(PILLOW), {L(k): [v] for k, v in stacks.items()}


def test_r104_specials_go_to_a_settlement_held_even_under_full_siege() -> None:
    """
      a b c d e        A's village A b2 is fully besieged (B at A a2 and A c2), its
    1 . . . . .        castle A c3 partially (from A c2) and holds A's mercenary;
    2 b V b . .        both still take A's special unit. B's one village is B e5.
    3 . . C . .
    """
    terrain, control, stacks = _pillow(
        {"A b2": Terrain.VILLAGE, "A c3": Terrain.CASTLE, "B e5": Terrain.VILLAGE},
        {"A a2": Stack.of(1, [M]), "A c2": Stack.of(1, [M]), "A c3": Stack.of(0, [M])},
    )
    control[L("A a2")] = control[L("A c2")] = 1
    got = placement_squares(Kind.ELEPHANTS, 0, PILLOW, terrain, control, stacks)
    assert got == (L("A b2"), L("A c3"))
    assert placement_squares(Kind.ELEPHANTS, 1, PILLOW, terrain, control, stacks) == (L("B e5"),)


def test_r104_not_in_a_settlement_another_player_controls_or_stands_in() -> None:
    terrain, control, stacks = _pillow(
        {"A b2": Terrain.VILLAGE, "A c3": Terrain.CASTLE},
        {"A b2": Stack.of(1, [M])},
    )
    control[L("A c3")] = 1
    assert placement_squares(Kind.PIRATES, 0, PILLOW, terrain, control, stacks) == ()
    assert bidders_can_place(Kind.PIRATES, 2, PILLOW, terrain, control, stacks) == (
        False,
        True,
    )


def test_r104_r112_horses_only_where_their_owner_has_units() -> None:
    terrain, control, stacks = _pillow(
        {"A b2": Terrain.VILLAGE, "A c3": Terrain.CASTLE}, {"A c3": Stack.of(0, [M])}
    )
    assert placement_squares(Kind.HORSES, 0, PILLOW, terrain, control, stacks) == (L("A c3"),)
    assert placement_squares(Kind.INFILTRATOR, 0, PILLOW, terrain, control, stacks) == (
        L("A b2"),
        L("A c3"),
    )


def test_r104_r111_the_dragon_lands_on_any_empty_forest_mountain_or_bare_square() -> None:
    tiles = {
        "A a1": Terrain.LAKE,
        "A b1": Terrain.VILLAGE,
        "A c1": Terrain.CASTLE,
        "A d1": Terrain.FOREST,
        "A e1": Terrain.MOUNTAIN,
        "B a1": Terrain.FOREST,
    }
    terrain, control, stacks = _pillow(tiles, {"A e1": Stack.of(0, [M]), "B b1": Stack.of(1, [M])})
    got = set(placement_squares(Kind.DRAGON, 0, PILLOW, terrain, control, stacks))
    assert L("A d1") in got and L("B a1") in got  # forests of both countries
    assert {L("A a1"), L("A b1"), L("A c1")}.isdisjoint(got)  # lake and settlements
    assert {L("A e1"), L("B b1")}.isdisjoint(got)  # units stand there
    assert all(terrain[s] in DRAGON_GROUND for s in got)
    assert len(got) == PILLOW.num_squares - 5
    same = placement_squares(Kind.DRAGON, 1, PILLOW, terrain, control, stacks)
    assert set(same) == got  # whoever buys it, in any country


def test_r104_four_players_place_in_their_own_settlements() -> None:
    terrain = [Terrain.BARE] * FOUR_COUNTRIES.num_squares
    villages = [FOUR_COUNTRIES.square_id(c, 2, 2) for c in range(4)]
    for v in villages:
        terrain[v] = Terrain.VILLAGE
    control = initial_control(FOUR_COUNTRIES)
    control[villages[3]] = 2  # C took D's village
    got = [
        placement_squares(Kind.SNIPERS, s, FOUR_COUNTRIES, terrain, control, {}) for s in range(4)
    ]
    assert got == [(villages[0],), (villages[1],), (villages[2], villages[3]), ()]


def test_r102_r120_four_players_bid_clockwise_from_the_initiative_holder() -> None:
    a = Auction.open(Kind.PIRATES, order=turn_order(4, 2), gold=(9, 9, 9, 9))
    seen = []
    while not a.is_over():
        seat = a.to_act()
        assert seat is not None
        seen.append(seat)
        a = a.raise_to(a.bid + 1) if len(seen) < 4 else a.pass_()
    assert seen[:4] == [2, 0, 1, 3]
    assert a.winner() == 1 and a.price() == 3  # seat 3 passed, 2 and 0 pass in their turn


@pytest.mark.parametrize("seed", range(50))
def test_r102_random_auctions_end_with_a_payable_price(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.choice((2, 4))
    gold = tuple(rng.randint(0, 30) for _ in range(n))
    places = tuple(rng.random() < 0.8 for _ in range(n))
    a = Auction.open(rng.choice(SPECIAL_KINDS), turn_order(n, rng.randrange(n)), gold, places)
    decisions = 0
    while not a.is_over():
        seat = a.to_act()
        assert seat is not None and seat not in a.out and seat != a.leader
        assert places[seat] and a.raises()
        a = a.raise_to(rng.choice(a.raises())) if rng.random() < 0.6 else a.pass_()
        decisions += 1
    assert decisions <= n + sum(gold)  # every decision raises the bid or puts a seat out
    w = a.winner()
    if w is None:
        assert a.bid == 0
    else:
        assert places[w] and 1 <= a.price() <= gold[w]
        assert all(s in a.out or s == w for s in range(n))

"""The auction of special units (R100-R105) as a small state machine of decisions.

From round 2, the initiative holder draws a special unit at random from the cup (a chance
event). Then an open ascending auction runs in turn order from the initiative holder: the
player to act raises (names a new standing bid, above the current one and at most its gold)
or passes, and a player who passes is out. The last bidder standing pays from this round's
gold and places the unit at once (R104); nobody bidding sends it back to the cup.

>>> a = Auction.open(Kind.HORSES, order=(1, 0), gold=(10, 7))
>>> a.to_act(), a.raises()[:3]
(1, (1, 2, 3))
>>> a = a.raise_to(4)
>>> a.to_act(), a.raises()
(0, (5, 6, 7, 8, 9, 10))
>>> a = a.pass_()
>>> a.is_over(), a.winner(), a.price()
(True, 1, 4)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from spelbord.core.errors import SpelbordError
from spelbord.games.omringad.map import GameMap
from spelbord.games.omringad.terrain import TERRAIN, Terrain
from spelbord.games.omringad.units import SPECIAL_KINDS, Kind, Stack


class AuctionError(SpelbordError):
    """A bid, pass or placement the auction does not allow now."""


FIRST_AUCTION_ROUND = 2
"""Round 1 is the peace round: no auction (R71, R100)."""

DEFAULT_BID_CLOCK = 30.0
"""Seconds a player has to raise online before the server passes for it (R102): the
booklet's ten seconds between bids plus the reading that precedes bidding at a table (a
special unit's text, 10-25 s for a newcomer), since online the clock starts as the lot is
shown."""

DRAGON_GROUND = frozenset({Terrain.FOREST, Terrain.MOUNTAIN, Terrain.BARE})
"""Where the dragon may be placed (R104, R111)."""


# ---------------------------------------------------------------------- the cup (R100-R101)
def full_cup() -> frozenset[Kind]:
    """The cup at the start of the game: all eight special units (R100)."""
    return frozenset(SPECIAL_KINDS)


def auction_held(round_: int, cup: frozenset[Kind]) -> bool:
    """Whether this round has an auction: from round 2, and only with a unit in the cup."""
    return round_ >= FIRST_AUCTION_ROUND and bool(cup)


def draw_outcomes(cup: frozenset[Kind]) -> tuple[tuple[Kind, Fraction], ...]:
    """The chance draw from the cup: each special unit in it equally likely (R101).

    >>> [(k.value, str(p)) for k, p in draw_outcomes(frozenset({Kind.DRAGON, Kind.HORSES}))]
    [('dragon', '1/2'), ('horses', '1/2')]
    """
    if not cup:
        raise AuctionError("the cup is empty: no auction this round")
    kinds = [k for k in SPECIAL_KINDS if k in cup]
    return tuple((k, Fraction(1, len(kinds))) for k in kinds)


def take_from_cup(cup: frozenset[Kind], kind: Kind) -> frozenset[Kind]:
    """The cup after ``kind`` is drawn from it."""
    if kind not in cup:
        raise AuctionError(f"{kind.value} is not in the cup")
    return cup - {kind}


def return_to_cup(cup: frozenset[Kind], kind: Kind) -> frozenset[Kind]:
    """The cup after an eliminated, spent or unsold special unit goes back into it (R100)."""
    if kind not in SPECIAL_KINDS:
        raise AuctionError(f"{kind.value} is not a special unit")
    if kind in cup:
        raise AuctionError(f"{kind.value} is already in the cup")
    return cup | {kind}


# ---------------------------------------------------------------------- bidding (R102-R103)
@dataclass(frozen=True)
class Auction:
    """One auction in progress: the lot, who bids, the standing bid and who is out (R102).

    ``order`` lists the bidding seats in turn order from the initiative holder; ``gold`` is
    indexed by seat. ``can_place`` (indexed by seat) says whether the seat has somewhere to
    put the unit (R104); a seat that cannot place it, or cannot pay more than the standing
    bid, is out at once (it could only pass). ``actor`` is the index into ``order`` of the
    seat to act, ``None`` when the auction is over.
    """

    lot: Kind
    order: tuple[int, ...]
    gold: tuple[int, ...]
    can_place: tuple[bool, ...]
    bid: int = 0
    leader: int | None = None
    out: frozenset[int] = frozenset()
    actor: int | None = 0

    @classmethod
    def open(
        cls,
        lot: Kind,
        order: Sequence[int],
        gold: Sequence[int],
        can_place: Sequence[bool] | None = None,
    ) -> Auction:
        """A fresh auction of ``lot``; the first seat of ``order`` acts first."""
        if len(set(order)) != len(order) or any(not 0 <= s < len(gold) for s in order):
            raise AuctionError("the bidding order must name distinct seats")
        places = tuple(can_place) if can_place is not None else (True,) * len(gold)
        a = cls(lot, tuple(order), tuple(gold), places)
        return a._settle(0)

    def _can_raise(self, seat: int) -> bool:
        return self.can_place[seat] and self.gold[seat] > self.bid

    def _settle(self, start: int) -> Auction:
        """Find the next seat to act from ``order[start]`` on, putting out seats that can
        only pass; the auction ends on reaching the leader or when everybody is out."""
        out = set(self.out)
        n = len(self.order)
        for k in range(n):
            i = (start + k) % n
            seat = self.order[i]
            if seat == self.leader:
                return replace(self, out=frozenset(out), actor=None)
            if seat in out:
                continue
            if not self._can_raise(seat):
                out.add(seat)
                continue
            return replace(self, out=frozenset(out), actor=i)
        return replace(self, out=frozenset(out), actor=None)

    def is_over(self) -> bool:
        return self.actor is None

    def to_act(self) -> int | None:
        """The seat to raise or pass now, ``None`` when the auction is over."""
        return None if self.actor is None else self.order[self.actor]

    def raises(self) -> tuple[int, ...]:
        """The bids the seat to act may name: above the standing bid, at most its gold."""
        seat = self.to_act()
        if seat is None:
            return ()
        return tuple(range(self.bid + 1, self.gold[seat] + 1))

    def raise_to(self, amount: int) -> Auction:
        """The seat to act names ``amount`` as the new standing bid (R102)."""
        if amount not in self.raises():
            raise AuctionError(f"cannot bid {amount} now (standing bid {self.bid})")
        assert self.actor is not None
        seat = self.order[self.actor]
        after = replace(self, bid=amount, leader=seat)
        return after._settle(self.actor + 1)

    def pass_(self) -> Auction:
        """The seat to act passes and is out of this auction (R102)."""
        if self.actor is None:
            raise AuctionError("the auction is over")
        seat = self.order[self.actor]
        after = replace(self, out=self.out | {seat})
        return after._settle(self.actor + 1)

    def winner(self) -> int | None:
        """The last bidder standing, or ``None`` when nobody bid (the unit goes back)."""
        if not self.is_over():
            raise AuctionError("the auction is not over")
        return self.leader

    def price(self) -> int:
        """What the winner pays: its last bid (R103)."""
        if self.winner() is None:
            raise AuctionError("nobody bought the unit")
        return self.bid


def pay(gold: Sequence[int], seat: int, price: int) -> tuple[int, ...]:
    """Everyone's gold after ``seat`` pays ``price`` from this round's gold (R103)."""
    if not 0 < price <= gold[seat]:
        raise AuctionError(f"seat {seat} cannot pay {price} with {gold[seat]} gold")
    return tuple(g - price if s == seat else g for s, g in enumerate(gold))


# ---------------------------------------------------------------------- placement (R104)
def placement_squares(
    kind: Kind,
    seat: int,
    game_map: GameMap,
    terrain: Sequence[Terrain],
    control: Sequence[int],
    stacks: Mapping[int, Sequence[Stack]],
    dragon_square: int | None = None,
) -> tuple[int, ...]:
    """Where ``seat`` may place the special unit ``kind`` it just bought, sorted (R104).

    - the dragon: any forest, mountain or bare square of any country with no units on it;
    - the horses: a castle or village ``seat`` controls where its own units stand (horses
      never stand alone, R112), with no other player's units;
    - every other special unit: a castle or village ``seat`` controls with no other
      player's units.
    Sieges never matter (R104). ``dragon_square`` is where the dragon stands, if anywhere.
    """
    out = []
    for sq in range(game_map.num_squares):
        here = stacks.get(sq, ())
        if sq == dragon_square:
            continue
        if kind == Kind.DRAGON:
            if terrain[sq] in DRAGON_GROUND and not here:
                out.append(sq)
            continue
        if not TERRAIN[terrain[sq]].settlement or control[sq] != seat:
            continue
        if any(s.owner != seat for s in here):
            continue
        if kind == Kind.HORSES and not any(s.owner == seat for s in here):
            continue
        out.append(sq)
    return tuple(out)


def bidders_can_place(
    kind: Kind,
    num_players: int,
    game_map: GameMap,
    terrain: Sequence[Terrain],
    control: Sequence[int],
    stacks: Mapping[int, Sequence[Stack]],
    dragon_square: int | None = None,
) -> tuple[bool, ...]:
    """For each seat, whether it has somewhere to place ``kind`` (a ruling of R102)."""
    return tuple(
        bool(placement_squares(kind, s, game_map, terrain, control, stacks, dragon_square))
        for s in range(num_players)
    )

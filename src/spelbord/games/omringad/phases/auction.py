"""The auction phase of a round (R100-R105), played on an ``OmringadData``.

``rules`` dispatches to this module; ``reinforce.end_round`` starts it. From round 2, when
the cup is not empty (``auction.auction_held``), the round starts with the auction instead
of the purchase:

1. the draw: a chance node over the cup (action = index into ``SPECIAL_KINDS``, R101);
2. bidding: one decision per ``Auction.to_act()``, ``bid N`` or ``pass`` (R102); a seat
   that could only pass is out without a decision;
3. the winner pays from this round's gold (R103) and places the unit on one of
   ``placement_squares`` (R104): into its own stack there, the dragon as a stack of its own
   owned by ``NEUTRAL``; an unsold unit goes back to the cup (R105).

The state keeps the auction in ``state.auction``, plain JSON: ``None`` outside the auction,
else ``{"lot": index into SPECIAL_KINDS or -1 before the draw, "bid": int, "leader": seat or
-1, "out": [bool per seat], "actor": index into the turn order or -1 when bidding is over,
"can_place": [bool per seat], "bids": [[seat, amount], ...] (0 = pass), "winner": seat or
-1}``. The bidding order is the turn order from the initiative holder and the gold is the
state's, which does not change while bidding.

>>> from spelbord.games.omringad.game import OmringadGame
>>> st = OmringadGame().new_initial_state()
>>> st.round, st.phase = 2, "reinforce"
>>> start(st)
>>> st.phase, st.auction["lot"], len(chance_outcomes(st))
('auction', -1, 8)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spelbord.core import CHANCE
from spelbord.core.clock import Clock
from spelbord.games.omringad import board as B
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.auction import (
    Auction,
    auction_held,
    bidders_can_place,
    pay,
    placement_squares,
)
from spelbord.games.omringad.units import SPECIAL_KINDS, Kind, Unit

if TYPE_CHECKING:
    from spelbord.games.omringad.position import OmringadData


# ---------------------------------------------------------------------- flow
def start(state: OmringadData) -> None:
    """Start the round: the auction when one is held (R100), else the purchase (R73)."""
    cup = frozenset(SPECIAL_KINDS[i] for i in state.cup)
    if not auction_held(state.round, cup):
        state.auction = None
        state._start_purchase()
        return
    n = state.num_players()
    state.phase = "auction"
    state.auction = {
        "lot": -1,
        "bid": 0,
        "leader": -1,
        "out": [False] * n,
        "actor": -1,
        "can_place": [False] * n,
        "bids": [],
        "winner": -1,
    }


def copy(auction: dict[str, Any] | None) -> dict[str, Any] | None:
    """A deep copy of ``state.auction`` (for ``clone``)."""
    if auction is None:
        return None
    out = dict(auction)
    out["out"] = auction["out"][:]
    out["can_place"] = auction["can_place"][:]
    out["bids"] = [b[:] for b in auction["bids"]]
    return out


def _lot(state: OmringadData) -> Kind | None:
    a = state.auction
    return None if a is None or a["lot"] < 0 else SPECIAL_KINDS[a["lot"]]


def _to_auction(state: OmringadData) -> Auction:
    a = state.auction
    lot = _lot(state)
    assert a is not None and lot is not None
    return Auction(
        lot,
        tuple(state.turn_order()),
        tuple(state.gold),
        tuple(a["can_place"]),
        bid=a["bid"],
        leader=None if a["leader"] < 0 else a["leader"],
        out=frozenset(s for s, o in enumerate(a["out"]) if o),
        actor=None if a["actor"] < 0 else a["actor"],
    )


def _store(state: OmringadData, auc: Auction) -> None:
    a = state.auction
    assert a is not None
    a["bid"] = auc.bid
    a["leader"] = -1 if auc.leader is None else auc.leader
    a["out"] = [s in auc.out for s in range(state.num_players())]
    a["actor"] = -1 if auc.actor is None else auc.actor
    if auc.is_over():
        _close_bidding(state, auc)


def _close_bidding(state: OmringadData, auc: Auction) -> None:
    """The winner pays (R103) and places next (R104); unsold, the lot goes back (R105)."""
    a = state.auction
    assert a is not None
    winner = auc.winner()
    if winner is None:
        state._return_to_cup(auc.lot)
        _finish(state)
        return
    state.gold = list(pay(state.gold, winner, auc.price()))
    a["winner"] = winner


def _finish(state: OmringadData) -> None:
    state.auction = None
    state._start_purchase()


def dragon_square(state: OmringadData) -> int | None:
    """Where the dragon stands, if it is on the board (R111)."""
    for sq, here in enumerate(state.board):
        for s in here:
            if s[0] == B.NEUTRAL:
                return sq
    return None


def places(state: OmringadData, kind: Kind, seat: int) -> tuple[int, ...]:
    """Where ``seat`` may place ``kind`` now (R104)."""
    return placement_squares(
        kind, seat, state.map, state.terrain, state.control, B.stacks_view(state.board),
        dragon_square(state),
    )  # fmt: skip


# ---------------------------------------------------------------------- protocol hooks
def current_player(state: OmringadData) -> int:
    """Chance for the draw, then the seat to bid, then the winner placing."""
    a = state.auction
    assert a is not None
    if a["lot"] < 0:
        return CHANCE
    if a["winner"] >= 0:
        return int(a["winner"])
    return state.turn_order()[a["actor"]]


def chance_outcomes(state: OmringadData) -> list[tuple[int, float]]:
    """The draw: every unit in the cup equally likely (R101)."""
    return [(i, 1.0 / len(state.cup)) for i in state.cup]


def actions(state: OmringadData, seat: int) -> list[int]:
    """``pass`` and the legal raises while bidding (R102); the squares while placing (R104)."""
    a = state.auction
    lot = _lot(state)
    assert a is not None and lot is not None
    if a["winner"] >= 0:
        return [N.SQUARE + sq for sq in places(state, lot, seat)]
    raises = _to_auction(state).raises()
    return [N.PASS] + [N.BID + r for r in raises if r <= N.MAX_BID]


def apply(state: OmringadData, action: int) -> None:
    """Apply the draw, a bid, a pass or the placement."""
    a = state.auction
    assert a is not None
    if a["lot"] < 0:
        _draw(state, action)
    elif a["winner"] >= 0:
        _place(state, action - N.SQUARE)
    else:
        seat = current_player(state)
        auc = _to_auction(state)
        if action == N.PASS:
            a["bids"].append([seat, 0])
            auc = auc.pass_()
        else:
            a["bids"].append([seat, action - N.BID])
            auc = auc.raise_to(action - N.BID)
        _store(state, auc)


def _draw(state: OmringadData, index: int) -> None:
    """The initiative holder draws ``SPECIAL_KINDS[index]`` from the cup (R101)."""
    a = state.auction
    assert a is not None
    state.cup = [i for i in state.cup if i != index]
    lot = SPECIAL_KINDS[index]
    a["lot"] = index
    a["can_place"] = list(
        bidders_can_place(
            lot, state.num_players(), state.map, state.terrain, state.control,
            B.stacks_view(state.board), dragon_square(state),
        )
    )  # fmt: skip
    auc = Auction.open(lot, state.turn_order(), state.gold, a["can_place"])
    _store(state, auc)


def _place(state: OmringadData, square: int) -> None:
    """The winner places the lot at once; it may be used this round (R104)."""
    a = state.auction
    lot = _lot(state)
    assert a is not None and lot is not None
    c = B.code(Unit(lot))
    if lot == Kind.DRAGON:
        state.board[square].append([B.NEUTRAL, c])
    else:
        B.add_units(state.board, square, a["winner"], [c])
    _finish(state)


def action_text(state: OmringadData, player: int, action: int) -> str:
    """``draw dragon`` for the chance draw; else the notation (``bid 7``, ``pass``, a square)."""
    if player == CHANCE:
        return N.draw_text(action)
    return N.text(action, state.map.label)


def clock(state: OmringadData, seat: int) -> Clock | None:
    """The bid clock (option ``bid_clock``) on the seat that must bid, else ``None`` (R102)."""
    seconds = state.game.options["bid_clock"]
    a = state.auction
    if state.phase != "auction" or a is None or not seconds:
        return None
    if a["lot"] < 0 or a["winner"] >= 0 or current_player(state) != seat:
        return None
    return Clock(seconds=float(seconds), on_timeout=N.PASS)


# ---------------------------------------------------------------------- observation
def cup_view(state: OmringadData) -> list[str]:
    """The kinds in the cup, in ``Kind`` order (public, R100)."""
    return [SPECIAL_KINDS[i].value for i in sorted(state.cup)]


def view(state: OmringadData) -> dict[str, Any] | None:
    """The public view of the auction (every part of it is public, R102), or ``None``."""
    a = state.auction
    if state.phase != "auction" or a is None:
        return None
    lot = _lot(state)
    bidding = lot is not None and a["winner"] < 0
    placing = lot is not None and a["winner"] >= 0
    return {
        "lot": None if lot is None else lot.value,
        "bid": a["bid"],
        "bidder": a["leader"],
        "out": a["out"][:],
        "to_act": current_player(state) if bidding else -1,
        "bids": [b[:] for b in a["bids"]],
        "winner": a["winner"],
        "places": list(places(state, lot, a["winner"])) if placing and lot is not None else [],
    }

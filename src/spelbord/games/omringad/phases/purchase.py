"""Buying and placing (R70-R73), played on an ``OmringadData``: the opening purchase and
placement (phase ``pregame``) and the purchase of every round (phase ``purchase``), both
simultaneous and secret. A seat buys unit by unit from its pool, then ``done``; in the
opening it then places what it bought on its own settlements, evenly (R70). When every
seat is done, round 1's initiative roll follows the opening, and the movement follows a
round's purchase (``move``).

>>> from spelbord.games.omringad.game import OmringadGame
>>> from spelbord.games.omringad import notation as N
>>> st = OmringadGame().new_initial_state()
>>> st.phase = "purchase"
>>> st.gold = [4, 4]
>>> actions(st, 0)[-1] == N.DONE
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from spelbord.games.omringad import board as B
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.phases import move
from spelbord.games.omringad.position import OPENING_GOLD
from spelbord.games.omringad.units import BASE_KINDS, UNITS, Pool, Unit

if TYPE_CHECKING:
    from spelbord.games.omringad.position import OmringadData


def actions(state: OmringadData, seat: int) -> list[int]:
    """Buy a kind it can afford or be done; in the opening, then a kind to place and a
    settlement for it; ``WAIT`` once done."""
    stage = state.stage[seat]
    if stage == "done":
        return [N.WAIT]
    if stage == "buy":
        pool = Pool(tuple(state.pool[seat]))
        return [N.BUY + BASE_KINDS.index(k) for k in pool.affordable(state.gold[seat])] + [N.DONE]
    # Opening placement: choose a bought kind, then a settlement (R70).
    if state.placing[seat] < 0:
        return sorted(N.PLACE + k for k in set(state.bought[seat]))
    return [N.SQUARE + sq for sq in opening_settlements(state, seat)]


def opening_settlements(state: OmringadData, seat: int) -> list[int]:
    """Own settlements that keep an even split possible: sizes differ by at most 1 (R70)."""
    settlements = state.own_settlements(seat)
    counts = [len(B.find_stack(state.board, s, seat) or [0]) - 1 for s in settlements]
    total = sum(counts) + len(state.bought[seat])
    q, r = divmod(total, len(settlements))
    out = []
    for i, s in enumerate(settlements):
        after = counts[:]
        after[i] += 1
        if max(after) <= q + (1 if r else 0) and sum(1 for c in after if c > q) <= r:
            out.append(s)
    return out


def apply(state: OmringadData, moves: Sequence[int]) -> None:
    """Every seat's decision at once (``WAIT`` for a seat that is done); when all are done,
    round 1 begins (the opening) or the movement does (a round's purchase)."""
    for seat, a in enumerate(moves):
        if a != N.WAIT:
            _apply_one(state, seat, a)
    if all(s == "done" for s in state.stage):
        if state.phase == "pregame":
            state.round = 1
            state.gold = [OPENING_GOLD] * state.num_players()
            state.phase = "initiative"
        else:
            move.start(state)


def _apply_one(state: OmringadData, seat: int, a: int) -> None:
    if state.stage[seat] == "buy":
        if a == N.DONE:
            state.gold[seat] = 0  # unspent gold is lost (R73)
            if state.phase == "pregame" and state.bought[seat]:
                state.stage[seat] = "place"
            else:
                state.stage[seat] = "done"
            return
        k = a - N.BUY
        state.pool[seat][k] -= 1
        state.gold[seat] -= UNITS[BASE_KINDS[k]].cost or 0
        state.bought[seat].append(k)
        return
    if state.placing[seat] < 0:
        state.placing[seat] = a - N.PLACE
        return
    k = state.placing[seat]
    state.placing[seat] = -1
    state.bought[seat].remove(k)
    B.add_units(state.board, a - N.SQUARE, seat, [B.code(Unit(BASE_KINDS[k]))])
    if not state.bought[seat]:
        state.stage[seat] = "done"

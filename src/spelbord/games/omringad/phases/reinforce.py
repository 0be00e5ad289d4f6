"""The reinforcement phase (R51-R56) and the end of the round (R61-R63), played on an
``OmringadData``.

In turn order, a seat that bought units places them one by one on its own settlements, as
many as each may take under siege (R51-R52, R55), and merges two damaged units of a kind
in one of them into a whole one (R56); bought units with nowhere to go return to the pool.
After the last seat, income and points are counted and the win is settled at once
(R61-R63); otherwise the next round begins with its auction (``auction``, R100) or its
purchase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spelbord.games.omringad import board as B
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.phases import auction
from spelbord.games.omringad.players import next_clockwise, winners_of
from spelbord.games.omringad.scoring import income, round_points
from spelbord.games.omringad.siege import reinforcement_cap, siege_level
from spelbord.games.omringad.units import BASE_KINDS, Unit

if TYPE_CHECKING:
    from spelbord.games.omringad.position import OmringadData


def start(state: OmringadData) -> None:
    """The reinforcement phase begins (after the last battle, R55)."""
    state.phase = "reinforce"
    state.placed_here = [0] * state.map.num_squares
    state.reinforcer = -1
    next_reinforcer(state, state.turn_order())


def next_reinforcer(state: OmringadData, queue: list[int]) -> None:
    """The first seat of ``queue`` with units to place or merge; the round ends after all."""
    for s in queue:
        return_unplaceable(state, s)
        if state.bought[s] or merges(state, s):
            state.reinforcer = s
            return
    end_round(state)


def caps(state: OmringadData, seat: int) -> dict[int, int]:
    """Settlements of ``seat`` and how many more units each takes now (R51-R52, R55)."""
    settlements = state.own_settlements(seat)
    board, neighbours = state.board, state.map.neighbours
    # A siege is read from the squares next to a settlement only (R50).
    stacks = {
        n: [B.as_stack(s) for s in board[n]]
        for sq in settlements
        for n in neighbours[sq]
        if board[n]
    }
    out = {}
    for sq in settlements:
        level = siege_level(
            state.map, state.terrain, stacks, sq, seat, state.teams,
            dragon_besieges=state.game.dragon_besieges,
        )  # fmt: skip
        cap = reinforcement_cap(level)
        left = 10**6 if cap is None else cap - state.placed_here[sq]
        if left > 0:
            out[sq] = left
    return out


def return_unplaceable(state: OmringadData, seat: int) -> None:
    """Bought units with nowhere to go return to the pool; their gold is lost (R55)."""
    if state.bought[seat] and not caps(state, seat):
        for k in state.bought[seat]:
            state.pool[seat][k] += 1
        state.bought[seat] = []
        state.placing[seat] = -1


def merges(state: OmringadData, seat: int) -> list[int]:
    """Merge actions: two damaged units of a kind in an own settlement (R56)."""
    out = []
    for sq in state.own_settlements(seat):
        codes = state.stack_units(sq, seat)
        for k in range(len(BASE_KINDS)):
            if sum(1 for c in codes if c // 4 == k and (c // 2) % 2) >= 2:
                out.append(N.MERGE + sq * 6 + k)
    return out


def actions(state: OmringadData, seat: int) -> list[int]:
    """A bought kind to place, then a settlement for it; ``done`` when nothing is left to
    place; merges at any time."""
    if state.placing[seat] >= 0:
        return [N.SQUARE + sq for sq in sorted(caps(state, seat))]
    out = sorted(N.PLACE + k for k in set(state.bought[seat]))
    if not state.bought[seat]:
        out = [N.DONE]
    return out + merges(state, seat)


def apply(state: OmringadData, a: int) -> None:
    """The reinforcer's decision: done, a merge, a kind to place or where it goes."""
    seat = state.reinforcer
    if a == N.DONE:
        order = state.turn_order()
        next_reinforcer(state, order[order.index(seat) + 1 :])
        return
    if a >= N.MERGE:
        sq, k = divmod(a - N.MERGE, 6)
        stack = B.find_stack(state.board, sq, seat)
        assert stack is not None
        damaged = [i for i in range(1, len(stack)) if stack[i] // 4 == k and (stack[i] // 2) % 2]
        stack[damaged[0]] = B.code(Unit(BASE_KINDS[k]), B.moved(stack[damaged[0]]))
        del stack[damaged[1]]
        state.pool[seat][k] += 1
        return
    if a >= N.SQUARE:
        sq, k = a - N.SQUARE, state.placing[seat]
        state.placing[seat] = -1
        state.bought[seat].remove(k)
        B.add_units(state.board, sq, seat, [B.code(Unit(BASE_KINDS[k]))])
        state.placed_here[sq] += 1
        return_unplaceable(state, seat)
        if not state.bought[seat] and not merges(state, seat):
            order = state.turn_order()
            next_reinforcer(state, order[order.index(seat) + 1 :])
        return
    state.placing[seat] = a - N.PLACE


def end_round(state: OmringadData) -> None:
    """Income and points (R61, R62); the game ends when a target is reached (R63), else the
    next round begins, the initiative passing clockwise (R72)."""
    n = state.num_players()
    state.reinforcer = -1
    state.last_dice = []
    state.gold = list(income(state.control, n))
    pts = round_points(state.terrain, state.control, n)
    state.score = [s + p for s, p in zip(state.score, pts, strict=True)]
    both = state.game.options["team_win"] == "both"
    won = winners_of(state.score, state.control, state.game.options["target"], state.teams, both)
    if won:
        state.winners = list(won)
        state.phase = "over"
        return
    state.round += 1
    state.initiative = next_clockwise(state.initiative, n)
    auction.start(state)  # the auction from round 2 (R100), else the purchase

"""Fast determinizations for search (R80-R82): the position dealt again, not the history.

``resample`` (R82) rewrites the whole history so that it replays, which costs 10-70 ms a
call late in a game. A search needs many positions a seat cannot tell from the real one
and never replays their past, so ``determinize`` deals only the position again, in about
0.1 ms, and hands it out without a history (``history()`` is empty: the searched state
was never reached by moves of its own).

For every other seat it redeals what the seat cannot see, from what it can know:

* the units under the stack tops (R81), the pool and the purchase are one multiset that
  the seat knows (every unit starts in a public pool, every loss is seen in a battle);
  each hidden slot keeps its damage and moved marks, a general lies only under the horses
  or another general and is never damaged, a damaged slot holds only a unit that takes
  two hits, the battle being fought and a group's frozen origin stay as they are (R80);
* special units hide and walk like any unit (R82), so one under a stack's top may be in
  any of its owner's hidden slots (the pirates on a lake excepted: only they stand there);
* **purchases** (the opponent model): a purchase keeps its size (public) and costs at
  most the budget (R73), and since unspent gold is lost the model has the opponent spend
  what it could: a drawn purchase leaves less than the cheapest unit over when one such
  can be found. The seat cannot learn what earlier purchases cost (the gold left is lost
  and shows as 0), so the units under the tops are dealt uniformly from the rest;
* tiles not yet revealed go to random free cells (R5).

In the opening placement (whose squares are secret, R70) and while another seat's group is
under way (its units are hidden and it is that seat's turn) the history-consistent
``resample`` is used instead.

>>> import random
>>> from spelbord.core import random_step
>>> from spelbord.games.omringad.game import OmringadGame
>>> st = OmringadGame().new_initial_state()
>>> rng = random.Random(3)
>>> while st.round < 3:
...     random_step(st, rng)
>>> twin = determinize(st, 0, rng)
>>> twin.observation(0) == st.observation(0), twin.history()
(True, [])
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from spelbord.games.omringad import board as B
from spelbord.games.omringad.position import TILE_ORDER
from spelbord.games.omringad.terrain import Terrain
from spelbord.games.omringad.units import BASE_KINDS, UNITS, Kind

if TYPE_CHECKING:
    from spelbord.games.omringad.position import OmringadData

_NBASE = len(BASE_KINDS)
_GENERAL = B.ALL_KINDS.index(Kind.GENERAL)
_HORSES = B.ALL_KINDS.index(Kind.HORSES)
_ON_TOP = frozenset({_GENERAL, _HORSES})
_COSTS = [UNITS[k].cost or 0 for k in B.ALL_KINDS]
_TWO_HITS = frozenset(i for i, k in enumerate(B.ALL_KINDS) if UNITS[k].health >= 2)
_BUYING = ("pregame", "purchase")
_DEALS = 12
"""Whole deals tried before giving up (the units then stay where they are)."""
_PURCHASES = 40
"""Purchases drawn per deal looking for one that spends the budget."""

Slot = tuple[list[int], int]
"""A hidden slot: a stack and an index in it (2 and more: under the top)."""


def determinize(state: OmringadData, seat: int | None, rng: random.Random) -> OmringadData:
    """A position ``seat`` cannot tell from ``state`` now, dealt afresh, without a history.

    ``seat`` ``None`` (a spectator) has every seat dealt again.
    """
    if state.phase == "pregame" or (
        state.mover >= 0 and state.mover != seat and (state.group or state.origin >= 0)
    ):
        from spelbord.games.omringad.hidden.observation import resample

        return resample(state, seat, rng)
    out = state.clone()
    out._history = []
    for other in range(state.num_players()):
        if other != seat:
            _deal_seat(out, other, rng)
    return out


def _deal_seat(state: OmringadData, owner: int, rng: random.Random) -> None:
    if state.phase == "setup":
        used = len(state.tiles[owner])
        state.tiles[owner] = rng.sample(range(25), used)
        return
    # Which tile of a terrain kind went to which of its cells stays secret (R5): canonical.
    cells: dict[Terrain, list[int]] = {}
    for cell, kind in zip(state.tiles[owner], TILE_ORDER, strict=False):
        cells.setdefault(kind, []).append(cell)
    for got in cells.values():
        got.sort(reverse=True)
    state.tiles[owner] = [cells[kind].pop() for kind in TILE_ORDER[: len(state.tiles[owner])]]
    fight = state.battle[0] if state.phase == "battle" and state.battle else -1
    for sq, es in enumerate(state.entries):
        if sq != fight:  # which hidden units came in which group is forgotten (R48)
            es[:] = [e[:3] if e[0] == owner else e for e in es]
    slots: list[Slot] = []
    specials: list[int] = []
    for sq, here in enumerate(state.board):
        if sq == fight or (state.terrain[sq] is Terrain.LAKE):
            continue
        for s in here:
            if s[0] != owner:
                continue
            for i in range(2, len(s)):
                k = s[i] // 4
                if k == _HORSES:
                    continue
                slots.append((s, i))
                if k >= _NBASE:
                    specials.append(k)
    if not slots and not state.bought[owner]:
        return
    base = [k for s, i in slots if (k := s[i] // 4) < _NBASE]
    for k, n in enumerate(state.pool[owner]):
        base += [k] * n
    base += state.bought[owner]
    base.sort()  # the multiset, not where the real units are, decides the deal
    specials.sort()
    n_bought = len(state.bought[owner])
    # The purchase costs at most the budget (R73); the gold left over is lost, so the
    # opponent model has it spend what it could: less than the cheapest unit left over.
    budget = state.budget[owner] if state.round > 0 else None
    for _ in range(_DEALS):
        dealt = _deal(slots, specials, base, n_bought, budget, rng)
        if dealt is not None:
            break
    else:
        return  # nothing else fits the marks: the units stay (not met in tests)
    n = len(slots)
    for (s, i), k in zip(slots, dealt[:n], strict=True):
        s[i] = (k * 2 + (s[i] // 2) % 2) * 2 + s[i] % 2
    bought = dealt[n:]
    rest = Counter(base)
    rest.subtract(k for k in dealt if k < _NBASE)
    state.pool[owner] = [rest[k] for k in range(_NBASE)]
    state.bought[owner] = bought
    if state.phase in _BUYING and state.stage[owner] == "buy":
        state.gold[owner] = state.budget[owner] - sum(_COSTS[k] for k in bought)
    if state.placing[owner] >= 0 and bought:
        state.placing[owner] = rng.choice([k for k in bought if k != _GENERAL] or bought)


def _deal(
    slots: list[Slot],
    specials: list[int],
    base: list[int],
    n_bought: int,
    budget: int | None,
    rng: random.Random,
) -> list[int] | None:
    """One deal: a kind per slot, then the ``n_bought`` units of the purchase."""
    n = len(slots)
    kinds = [-1] * n
    free = list(range(n))
    rng.shuffle(free)
    for k in specials:  # the special units first: only the board can hold them
        spot = next((j for j in free if _fits(slots, kinds, j, k)), None)
        if spot is None:
            return None
        free.remove(spot)
        kinds[spot] = k
    left = base[:]
    rng.shuffle(left)
    for j in range(n):
        if kinds[j] >= 0:
            continue
        pick = next((p for p, k in enumerate(left) if _fits(slots, kinds, j, k)), None)
        if pick is None:
            return None
        kinds[j] = left.pop(pick)
    if n_bought > len(left):
        return None
    if n_bought == 0 or budget is None:
        return kinds + left[:n_bought]
    fallback: list[int] | None = None
    cheapest = min(_COSTS[k] for k in left)
    for _ in range(_PURCHASES):
        drawn = rng.sample(left, n_bought)
        cost = sum(_COSTS[k] for k in drawn)
        if cost <= budget:
            if budget - cost < cheapest:
                return kinds + drawn
            fallback = fallback or drawn
    return None if fallback is None else kinds + fallback


def _fits(slots: list[Slot], kinds: list[int], j: int, k: int) -> bool:
    """Whether kind ``k`` may lie in slot ``j`` given the kinds dealt above it so far."""
    s, i = slots[j]
    if (s[i] // 2) % 2 and k not in _TWO_HITS:
        return False
    if k != _GENERAL:
        return True
    for jj in range(j - i + 2, j):  # the slots above in the same stack (listed in order)
        if kinds[jj] not in _ON_TOP:
            return False
    return s[1] // 4 in _ON_TOP

"""Hidden information (R80-R82): what each seat observes, and resampling the rest.

Everyone sees the terrain once revealed, control, gold, scores, every stack's square,
owner, unit count and top unit, the moves being made, every unit and every die of the
battle being fought, the attacking groups waiting to retreat from it (R48,
``retreats``), the cup, the whole auction (the lot, every bid and pass, the winner, where
it places the unit, R100-R104), the dragon's stack, and two readings of the rules version
played that a board needs to draw sieges and battles (``dragon_besieges``, R111;
``controller_defends``, R55). Only its owner sees a
stack's other units, its pool, what it has bought and which unit it is about to place;
terrain tiles stay hidden until all are placed, and the opening placement until all units
are placed (R70).

``public_action`` says which actions everybody may read in a move list (R83); it agrees
with ``observe`` and with the resampled histories of ``infoset``, which copy exactly those
actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from spelbord.core import CHANCE
from spelbord.games.omringad import board as B
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.battle import needed_die
from spelbord.games.omringad.hidden.infoset import resample_history
from spelbord.games.omringad.phases import auction as auction_phase
from spelbord.games.omringad.phases import battle as battle_phase
from spelbord.games.omringad.position import TILE_ORDER
from spelbord.games.omringad.units import BASE_KINDS, UNITS, Kind

if TYPE_CHECKING:
    from spelbord.games.omringad.position import OmringadData

_GENERAL = BASE_KINDS.index(Kind.GENERAL)
_ON_TOP = frozenset({_GENERAL, B.ALL_KINDS.index(Kind.HORSES)})
"""Kinds that lie above every other unit of a stack: the horses, then generals (R80, R112)."""
_COSTS = [UNITS[k].cost or 0 for k in BASE_KINDS]
_BUYING = ("pregame", "purchase")


def _terrain_view(state: OmringadData, seat: int | None) -> list[str]:
    if state.phase != "setup":
        key = tuple(state.terrain)
        letters = _LETTERS.get(key)
        if letters is None:
            if len(_LETTERS) >= 4096:
                _LETTERS.clear()
            letters = _LETTERS[key] = [t.letter for t in key]
        return letters[:]

    out = ["?"] * state.map.num_squares
    if seat is not None:
        base = state.map.country_squares(seat).start
        for sq in state.map.country_squares(seat):
            out[sq] = "."
        for cell, t in zip(state.tiles[seat], TILE_ORDER, strict=False):
            out[base + cell] = t.letter
    return out


_LETTERS: dict[tuple[Any, ...], list[str]] = {}
"""The terrain letters of a revealed country's tiles, memoized (they never change, R5)."""


def _battle_square(state: OmringadData) -> int:
    return state.battle[0] if state.phase == "battle" and state.battle else -1


def observe(state: OmringadData, seat: int | None) -> dict[str, Any]:
    """The JSON-ready view of ``state`` for ``seat`` (``None``: a spectator)."""
    obs = {key: read(state, seat) for key, read in _FIELDS.items()}
    if seat is not None:
        obs.update((key, read(state, seat)) for key, read in _SEAT_FIELDS.items())
    return obs


class LazyObservation(dict[str, Any]):
    """``observe(state, seat)`` read entry by entry: each entry is computed when first
    read, by the same code, so a search that reads a few entries pays for those alone.

    Valid only while ``state`` does not change (a plan reads it during one decision).
    Iterating, comparing or printing it computes every entry first.

    >>> from spelbord.games.omringad.game import OmringadGame
    >>> st = OmringadGame().new_initial_state()
    >>> lazy = LazyObservation(st, 0)
    >>> (lazy["phase"], lazy.get("seat"), "pool" in lazy, "hand" in lazy, len(dict.keys(lazy)))
    ('setup', 0, True, False, 2)
    >>> lazy == observe(st, 0)
    True
    """

    __slots__ = ("_seat", "_state")

    def __init__(self, state: OmringadData, seat: int | None) -> None:
        super().__init__()
        self._state = state
        self._seat = seat

    def _reader(self, key: str) -> Any:
        read = _FIELDS.get(key)
        if read is None and self._seat is not None:
            read = _SEAT_FIELDS.get(key)
        return read

    def __missing__(self, key: str) -> Any:
        read = self._reader(key)
        if read is None:
            raise KeyError(key)
        value = read(self._state, self._seat)
        dict.__setitem__(self, key, value)
        return value

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if self._reader(key) is not None else default

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self._reader(key) is not None

    def full(self) -> dict[str, Any]:
        """Every entry, as ``observe`` returns them."""
        keys = list(_FIELDS) + (list(_SEAT_FIELDS) if self._seat is not None else [])
        return {key: self[key] for key in keys}

    def __iter__(self) -> Any:
        return iter(self.full())

    def __len__(self) -> int:
        return len(self.full())

    def keys(self) -> Any:
        return self.full().keys()

    def values(self) -> Any:
        return self.full().values()

    def items(self) -> Any:
        return self.full().items()

    def __eq__(self, other: object) -> bool:
        return self.full() == (other.full() if isinstance(other, LazyObservation) else other)

    __hash__ = None

    def __repr__(self) -> str:
        return repr(self.full())


def _stacks(state: OmringadData, seat: int | None) -> list[dict[str, Any]]:
    fight = _battle_square(state)
    stacks = []
    opening = state.phase == "pregame"
    for sq, here in enumerate(state.board):
        for s in here:
            if opening and seat != s[0]:
                continue  # the opening placement is secret until all is placed (R70)
            entry: dict[str, Any] = {
                "square": sq,
                "owner": s[0],
                "count": len(s) - 1,
                "top": B.unit_of(s[1]).code,
            }
            if seat == s[0] or sq == fight or s[0] == B.NEUTRAL:  # the dragon is public
                entry["units"] = [B.unit_of(c).code for c in s[1:]]
            if seat == s[0]:
                entry["moved"] = [B.moved(c) for c in s[1:]]
            stacks.append(entry)
    return stacks


def _move(state: OmringadData, seat: int | None) -> dict[str, Any]:
    group_top = B.order_top([c * 2 for c in state.group])
    move: dict[str, Any] = {
        "mover": state.mover,
        "origin": state.origin,
        "path": state.path[:],
        "count": len(state.group),
        "top": B.unit_of(group_top[0]).code if group_top else None,
    }
    if seat is not None and seat == state.mover:
        move["group"] = [N.class_unit(c).code for c in state.group]
    return move


def _gold(state: OmringadData, seat: int | None) -> list[int]:
    return [
        state.gold[p] if p == seat or state.phase not in _BUYING else state.budget[p]
        for p in range(state.num_players())
    ]


def _own(seat: int | None) -> int:
    assert seat is not None  # seat readings are never made for a spectator
    return seat


Reader = Callable[["OmringadData", "int | None"], Any]

_FIELDS: dict[str, Reader] = {
    "phase": lambda st, seat: st.phase,
    "round": lambda st, seat: st.round,
    "map": lambda st, seat: st.map.view(),
    "initiative": lambda st, seat: st.initiative,
    "terrain": _terrain_view,
    "tiles_placed": lambda st, seat: [len(t) for t in st.tiles],
    "control": lambda st, seat: st.control[:],
    "gold": _gold,
    "budget": lambda st, seat: st.budget[:],
    "score": lambda st, seat: st.score[:],
    "stacks": _stacks,
    "stage": lambda st, seat: st.stage[:],
    "bought_count": lambda st, seat: [len(b) for b in st.bought],
    "passed": lambda st, seat: st.passed[:],
    "move": _move,
    "entries": lambda st, seat: [[sq, *e[:3]] for sq, es in enumerate(st.entries) for e in es],
    "first": lambda st, seat: st.first[:],
    "battle": lambda st, seat: st.battle[:],
    "unsent": lambda st, seat: st.unsent[:],
    "snipes": lambda st, seat: st.snipes[:],
    "teams": lambda st, seat: list(st.teams) if st.teams is not None else None,
    "dice": lambda st, seat: [_die_view(r) for r in st.dice],
    "last_dice": lambda st, seat: [_die_view(r) for r in st.last_dice],
    "stall": lambda st, seat: st.stall,
    "stall_limit": lambda st, seat: battle_phase.stall_limit(st),
    "retreats": lambda st, seat: [
        {"owner": r[0], "came_from": r[1], "units": [B.unit_of(c).code for c in r[2:]]}
        for r in st.retreats
    ],
    "placed_here": lambda st, seat: st.placed_here[:],
    # Readings of the rules version being played, for what a board shows (R50, R55, R111).
    "dragon_besieges": lambda st, seat: st.game.dragon_besieges,
    "controller_defends": lambda st, seat: st.game.controller_defends,
    "reinforcer": lambda st, seat: st.reinforcer,
    "winners": lambda st, seat: st.winners[:],
    "cup": lambda st, seat: auction_phase.cup_view(st),
    "auction": lambda st, seat: auction_phase.view(st),
}
"""Every seat's readings, in the observation's order: key -> reader(state, seat)."""

_SEAT_FIELDS: dict[str, Reader] = {
    "seat": lambda st, seat: seat,
    "pool": lambda st, seat: st.pool[_own(seat)][:],
    "bought": lambda st, seat: [UNITS[BASE_KINDS[k]].kind.value for k in st.bought[_own(seat)]],
    "placing": lambda st, seat: st.placing[_own(seat)],
}
"""What a seat (not a spectator) reads of its own: its seat, pool, purchases, placing."""


def _die_view(row: list[int]) -> dict[str, Any]:
    """A die of a battle step for UIs: the unit, what it needs, the face and the result."""
    square, step, side, owner, cls, modifier, face = row
    unit = N.class_unit(cls)
    strength = unit.strength
    assert strength is not None
    need = needed_die(strength, modifier)
    return {
        "square": square,
        "step": "ranged" if step == 0 else "melee",
        "side": side,
        "owner": owner,
        "unit": unit.code,
        "strength": strength,
        "modifier": modifier,
        "needed": need,
        "die": face or None,
        "hit": None if face == 0 else face >= need,
    }


def public_action(state: OmringadData, player: int, action: int) -> bool:
    """Whether every seat may read ``action``, taken by ``player`` in ``state`` (R83).

    Public: chance (the initiative roll-off, the draw from the cup and every battle die),
    every bid, pass and placement of the auction (R102, R104), ``done`` and ``wait`` in the
    buying phases, everything in the movement phase but which units a group takes (the
    origin, ``done``, the steps, ``stop``, ``pass``), every hit allocation, and in the
    reinforcement phase the settlements and ``done``. Secret: terrain tiles, purchases,
    opening placements, ``take``, which bought unit is placed next, and merges.
    """
    if player == CHANCE:
        return True
    phase = state.phase
    if phase in ("pregame", "purchase"):
        return action in (N.DONE, N.WAIT)
    if phase == "move":
        return not N.is_take(action)
    if phase in ("battle", "auction"):
        return True
    if phase == "reinforce":
        return action == N.DONE or N.SQUARE <= action < N.MERGE
    return False


def resample(state: OmringadData, seat: int | None, rng: random.Random) -> OmringadData:
    """A full state that ``seat`` cannot tell from ``state``, history included (R82).

    The history is rewritten by ``infoset.resample_history``. A position set up by hand
    (its history does not lead to it) has no history to honour: then only the position is
    dealt again, see ``resample_position``.
    """
    out = resample_history(state, seat, rng)
    return out if out is not None else resample_position(state, seat, rng)


def resample_position(state: OmringadData, seat: int | None, rng: random.Random) -> OmringadData:
    """A position that ``seat`` cannot tell from ``state``, its history left as it is.

    For every other seat: unrevealed tiles go to random free cells; the units under the
    stack tops, the bought units and the pool are dealt again at random from the same
    units, keeping each hidden slot's damage and moved marks, no general under a unit other
    than the horses or a general, every special unit where it is, and the bought units'
    number; their total cost stays the same once gold is public again, and within the
    budget while buying (R73).
    """
    out = state.clone()
    for other in range(state.num_players()):
        if other != seat:
            _resample_seat(out, other, rng)
    return out


def _resample_seat(state: OmringadData, owner: int, rng: random.Random) -> None:
    if state.phase == "setup":
        state.tiles[owner] = rng.sample(range(25), len(state.tiles[owner]))
        return
    fight = _battle_square(state)
    frozen = state.origin if (state.mover == owner and state.origin >= 0 and not state.path) else -1
    for sq, es in enumerate(state.entries):
        if sq != fight:  # which hidden units came in which group is forgotten (R48)
            es[:] = [e[:3] if e[0] == owner else e for e in es]
    slots: list[tuple[list[int], int]] = []
    kinds: list[int] = []
    for sq, here in enumerate(state.board):
        if sq in (fight, frozen):
            continue
        for s in here:
            if s[0] == owner:
                for i in range(2, len(s)):
                    if s[i] // 4 < len(BASE_KINDS):  # a special unit stays where it is
                        slots.append((s, i))
                        kinds.append(s[i] // 4)
    bought = state.bought[owner]
    for k, n in enumerate(state.pool[owner]):
        kinds += [k] * n
    kinds += bought
    buying = state.phase in _BUYING and state.stage[owner] == "buy"
    cost = state.budget[owner] if buying else sum(_COSTS[k] for k in bought)
    for _ in range(30):
        dealt = _deal(slots, kinds, len(bought), cost, buying, rng)
        if dealt is None:
            continue
        slot_kinds, new_bought = dealt
        for (s, i), k in zip(slots, slot_kinds, strict=True):
            s[i] = (k * 2 + (s[i] // 2) % 2) * 2 + s[i] % 2
        rest = kinds[:]
        for k in slot_kinds + new_bought:
            rest.remove(k)
        state.pool[owner] = [rest.count(k) for k in range(len(BASE_KINDS))]
        state.bought[owner] = new_bought
        if buying:
            state.gold[owner] = state.budget[owner] - sum(_COSTS[k] for k in new_bought)
        if state.placing[owner] >= 0:
            state.placing[owner] = rng.choice(new_bought)
        return


def _deal(
    slots: list[tuple[list[int], int]],
    kinds: list[int],
    n_bought: int,
    cost: int,
    at_most: bool,
    rng: random.Random,
) -> tuple[list[int], list[int]] | None:
    """One random deal of ``kinds`` to the slots and the purchase, or ``None`` if stuck.

    The purchase costs exactly ``cost``, or at most ``cost`` when ``at_most`` (while
    buying, only the budget is public).
    """
    left = kinds[:]
    rng.shuffle(left)
    slot_kinds = []
    dealt: dict[tuple[int, int], int] = {}
    for s, i in slots:
        damaged = (s[i] // 2) % 2 == 1
        above = [dealt.get((id(s), j), s[j] // 4) for j in range(1, i)]
        general_ok = not damaged and all(k in _ON_TOP for k in above)
        choices = [j for j, k in enumerate(left) if k != _GENERAL or general_ok]
        if not choices:
            return None
        slot_kinds.append(left.pop(rng.choice(choices)))
        dealt[(id(s), i)] = slot_kinds[-1]
    if n_bought == 0:
        return slot_kinds, []
    for _ in range(50):
        pick = rng.sample(range(len(left)), n_bought)
        total = sum(_COSTS[left[j]] for j in pick)
        if total == cost or (at_most and total <= cost):
            return slot_kinds, [left[j] for j in pick]
    return None

"""Hand-built Omringad positions and small helpers, shared by the rules tests.

``position`` puts stacks (owner, units top first as letters: ``"GMe"`` = general,
mercenary, damaged elite) on a fresh game's board at the start of a movement phase: base
units leave their owner's pool, special units the cup; the dragon's owner is ``NEUTRAL``.
"""

from __future__ import annotations

import random
from typing import Any

from spelbord.core import CHANCE, SIMULTANEOUS, Move, sample_outcome
from spelbord.games.omringad import board as B
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.game import OmringadGame
from spelbord.games.omringad.phases import move
from spelbord.games.omringad.state import OmringadState
from spelbord.games.omringad.terrain import Terrain
from spelbord.games.omringad.units import BASE_KINDS, KIND_CODES, SPECIAL_KINDS, Unit

_BY_CODE = {c: k for k, c in KIND_CODES.items()}


def units(text: str) -> list[Unit]:
    """Units from letters, top first: ``"GMe"`` = general, mercenary, damaged elite."""
    return [Unit(_BY_CODE[ch.upper()], damaged=ch.islower()) for ch in text]


def position(
    stacks: dict[str, tuple[int, str]],
    tiles: dict[str, Terrain] | None = None,
    *,
    control: dict[str, int] | None = None,
    round_: int = 2,
    initiative: int = 0,
    top_order: bool = False,
    **options: Any,
) -> OmringadState:
    """A state at the start of the movement phase with these stacks and tiles.

    Squares not in ``control`` are controlled by their country's owner. ``top_order`` puts
    each stack in the engine's order (a general, or the horses, on top); otherwise the
    letters' order is kept. ``options`` are the game's (``players=4``, ``teams=...``).
    """
    st = OmringadGame(**options).new_initial_state()
    n = st.num_players()
    at = st.map.parse_label
    st.tiles = [list(range(9)) for _ in range(n)]
    for label, t in (tiles or {}).items():
        st.terrain[at(label)] = t
    for label, seat in (control or {}).items():
        st.control[at(label)] = seat
    for label, (owner, text) in stacks.items():
        st.board[at(label)].append([owner, *_take_out(st, owner, text, top_order)])
    st.round, st.initiative = round_, initiative
    st.stage = ["done"] * n
    move.start(st)
    return st


def _take_out(st: OmringadState, owner: int, text: str, top_order: bool) -> list[int]:
    """The codes of ``text``'s units, taken out of the owner's pool (special units: the cup)."""
    us = units(text)
    codes = [B.code(u) for u in us]
    for u in us:
        if u.kind in SPECIAL_KINDS:
            st.cup.remove(SPECIAL_KINDS.index(u.kind))
        else:
            st.pool[owner][BASE_KINDS.index(u.kind)] -= 1
    return B.order_top(codes) if top_order else codes


def battle_at(
    label: str,
    parties: list[tuple[int, str]],
    tiles: dict[str, Terrain] | None = None,
    *,
    around: dict[str, tuple[int, str]] | None = None,
    **options: Any,
) -> OmringadState:
    """The battle phase beginning on ``label`` with these parties: ``(owner, units)``, the
    defender first (the dragon's owner is ``NEUTRAL``), then the attackers in order of
    arrival, each having stepped in as one group from the square's first neighbour.
    ``around``: other stacks on the board, as in ``position``. Stacks are in the engine's
    order; ``options`` are the game's (``players=4`` ...).

    >>> st = battle_at("A c3", [(1, "M"), (0, "RR")])
    >>> st.phase, st.battle[:3] == [st.map.parse_label("A c3"), 0, 1]
    ('battle', True)
    """
    st = position(around or {}, tiles, top_order=True, **options)
    sq = st.map.parse_label(label)
    came = st.map.neighbours[sq][0]
    for i, (owner, text) in enumerate(parties):
        codes = _take_out(st, owner, text, True)
        st.board[sq].append([owner, *codes])
        if i:
            st.entries[sq].append([owner, came, len(codes), *(c // 2 for c in codes)])
    st.first[sq] = parties[0][0]
    to_battle(st)
    return st


def play(st: OmringadState, *texts: str) -> None:
    """Apply actions given in notation, each by whoever decides now."""
    for t in texts:
        st.apply_action(st.string_to_action(t))


def roll(st: OmringadState, *faces: int) -> None:
    """Roll battle dice showing ``faces`` (1-6), in the order the engine rolls them."""
    for face in faces:
        assert st.phase == "battle" and st.current_player() == CHANCE
        st.apply_action(face - 1)


def to_battle(st: OmringadState) -> None:
    """Every mover passes until the battle phase starts."""
    while st.phase == "move":
        play(st, "pass")


def top_down(st: OmringadState, label: str, owner: int) -> str:
    """A stack's units as letters, top first ('' if none)."""
    s = B.find_stack(st.board, st.map.parse_label(label), owner)
    return "".join(B.unit_of(c).code for c in s[1:]) if s else ""


def texts(st: OmringadState) -> list[str]:
    """The legal actions now, in notation."""
    return [st.action_to_string(a) for a in st.legal_actions()]


def eager_step(st: OmringadState, rng: random.Random, keenness: float = 0.9) -> None:
    """One step of a random player that mostly avoids ``pass``/``done``/``stop`` (with
    probability ``keenness``), so games are full of moves, bids and battles."""
    n = st.num_players()

    def pick(actions: list[int]) -> int:
        keen = [a for a in actions if a not in (N.PASS, N.DONE, N.STOP)]
        return rng.choice(keen if keen and rng.random() < keenness else actions)

    player = st.current_player()
    if player == CHANCE:
        st.apply_action(sample_outcome(st.chance_outcomes(), rng))
    elif player == SIMULTANEOUS:
        st.apply_actions([pick(st.legal_actions(s)) for s in range(n)])
    else:
        st.apply_action(pick(st.legal_actions()))


def apply_move(st: OmringadState, move: Move) -> None:
    """Apply one history entry: an action, or a joint action at a simultaneous node."""
    if isinstance(move, int):
        st.apply_action(move)
    else:
        st.apply_actions(list(move))

"""The Coerceo engine's tables and its bridge to the compiled core (or its Python twin).

The board is split per colour: colour ``c``'s 57 fields are bits ``tile * 3 + k`` of one
machine word (white owns fields 1, 3, 5 of each tile, black 0, 2, 4), so a position is two
57-bit masks, the 19-bit tile mask and the collected tiles. Every table the core uses is
computed here from ``board`` and handed to it once: move-neighbours per colour,
edge-neighbours (in the other colour's space), the fields bordering each tile, the tile
neighbours, the removable-pattern table (R8) and the Zobrist keys.

The evaluation weights (``weights.WEIGHTS``, given to both cores by ``install_weights``)
include an endgame term for a side ahead against 3 pieces or fewer (see ``search`` and
``weights``); ``setup`` also derives the hex distances between tiles it uses.

The core also builds and probes the exact endgame tables (``tablebase``; the C side in
``_ccore_tb.h``, the Python twin in ``pysearch``).

``CORE`` is the C extension ``_ccore`` when it was built at install time, else
``PY_CORE`` (same results, ~500 times slower). Move codes: ``from | to << 6`` for a move
(bits in the mover's space), ``4096 | target`` for an exchange (in the opponent's space).

>>> from spelbord.games.coerceo import CoerceoGame
>>> state = CoerceoGame().new_initial_state()
>>> sorted(action_of(m, 0) for m in CORE.moves(*core_args(state))) == state.legal_actions()
True
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from spelbord.games.coerceo.board import (
    BORDER_FIELDS,
    EDGE_NEIGHBOURS,
    MOVE_NEIGHBOURS,
    NUM_FIELDS,
    NUM_TILES,
    REMOVABLE_PATTERN,
    SLOT_OF,
    TILE_NEIGHBOURS,
    WHITE,
    field_colour,
)
from spelbord.games.coerceo.engine.pysearch import PyCore
from spelbord.games.coerceo.rules import EXCHANGE_BASE

EXCHANGE_FLAG = 4096
ZOBRIST_SEED = 20111
"""Seed of the Zobrist keys (fixed: both cores and every run agree on them)."""


def colour_bit(field: int) -> int:
    """The bit of a field in its colour's 57-bit space.

    >>> colour_bit(1), colour_bit(0), colour_bit(5), colour_bit(6 * 18 + 4)
    (0, 0, 2, 56)
    """
    return field // 6 * 3 + field % 6 // 2


def field_of(bit: int, colour: int) -> int:
    """The field index of bit ``bit`` of ``colour``'s space (inverse of ``colour_bit``).

    >>> field_of(2, 0), field_of(2, 1)
    (5, 4)
    """
    return bit // 3 * 6 + bit % 3 * 2 + (1 if colour == WHITE else 0)


def split(mask: int, colour: int) -> int:
    """A field mask of ``colour``'s pieces as a 57-bit mask of that colour's space."""
    out = 0
    while mask:
        low = mask & -mask
        mask ^= low
        field = low.bit_length() - 1
        if field_colour(field) != colour:
            raise ValueError(f"field {field} is not of colour {colour}")
        out |= 1 << colour_bit(field)
    return out


def join(bits57: int, colour: int) -> int:
    """The field mask of a 57-bit mask of ``colour``'s space."""
    out = 0
    while bits57:
        low = bits57 & -bits57
        bits57 ^= low
        out |= 1 << field_of(low.bit_length() - 1, colour)
    return out


def _tables() -> tuple[list[int], list[int], list[int], list[int], list[int], list[int]]:
    move = [0] * (2 * 57)
    edge = [0] * (2 * 57)
    for field in range(NUM_FIELDS):
        c = field_colour(field)
        b = colour_bit(field)
        move[c * 57 + b] = sum(1 << colour_bit(j) for j in MOVE_NEIGHBOURS[field])
        edge[c * 57 + b] = sum(1 << colour_bit(j) for j in EDGE_NEIGHBOURS[field])
    border = [0] * (2 * NUM_TILES)
    for t in range(NUM_TILES):
        for c in (0, 1):
            mask = 0
            m = BORDER_FIELDS[t]
            while m:
                low = m & -m
                m ^= low
                f = low.bit_length() - 1
                if field_colour(f) == c:
                    mask |= 1 << colour_bit(f)
            border[c * NUM_TILES + t] = mask
    tnb = [n for t in range(NUM_TILES) for n in TILE_NEIGHBOURS[t]]
    rem = [1 if r else 0 for r in REMOVABLE_PATTERN]
    rng = random.Random(ZOBRIST_SEED)
    zob = [rng.getrandbits(64) for _ in range(2 * 57 + NUM_TILES + 128 + 1)]
    return move, edge, border, tnb, rem, zob


TABLES = _tables()


Core = Any
"""``_ccore`` or a ``PyCore``: the same functions on positions given as plain ints."""


def _load_core() -> Core | None:
    try:
        from spelbord.games.coerceo.engine import _ccore  # type: ignore[attr-defined]
    except ImportError:
        return None
    return _ccore


PY_CORE: Core = PyCore()
C_CORE: Core | None = _load_core()
CORE: Core = C_CORE if C_CORE is not None else PY_CORE
"""The fastest core available."""

COMPILED = C_CORE is not None


def install_weights(weights: list[int]) -> None:
    """Give every core the evaluation weights (see ``weights.WEIGHTS``)."""
    for core in (PY_CORE, C_CORE):
        if core is not None:
            core.set_weights(list(weights))


def _init() -> None:
    from spelbord.games.coerceo.engine.weights import WEIGHTS

    for core in (PY_CORE, C_CORE):
        if core is not None:
            core.setup(*TABLES)
    install_weights(list(WEIGHTS))


_init()


class CoreState(Protocol):
    """What the cores need of a Coerceo state (``state.CoerceoState`` is one): its masks,
    collected tiles, side to move, exchange cost and repetition record."""

    def pieces(self, colour: int) -> int: ...
    def tile_mask(self) -> int: ...
    def collected(self) -> tuple[int, int]: ...
    def side_to_move(self) -> int: ...
    def exchange_cost(self) -> int: ...
    def repetition_keys(self) -> list[int]: ...
    def repetition_draw(self) -> bool: ...
    def moves_left(self) -> int: ...


def core_args(state: CoreState) -> tuple[int, int, int, int, int, int, int]:
    """``(white, black, tiles, collected_white, collected_black, side, cost)`` of a state."""
    cw, cb = state.collected()
    return (
        split(state.pieces(0), 0),
        split(state.pieces(1), 1),
        state.tile_mask(),
        cw,
        cb,
        state.side_to_move(),
        state.exchange_cost(),
    )


def history_hashes(state: CoreState, core: Core = CORE) -> list[int]:
    """Zobrist keys of the positions since the last irreversible turn, the current one
    excluded (oldest first): the repetition record the search continues (R13)."""
    _, _, tiles, cw, cb, _, _ = core_args(state)
    out = []
    for key in state.repetition_keys()[:-1]:
        white = key & ((1 << NUM_FIELDS) - 1)
        black = key >> NUM_FIELDS & ((1 << NUM_FIELDS) - 1)
        side = key >> (2 * NUM_FIELDS) & 1
        out.append(core.hash(split(white, 0), split(black, 1), tiles, cw, cb, side))
    return out


def repetition_record(state: CoreState) -> list[tuple[int, int]]:
    """The positions since the last irreversible turn, the current one excluded (oldest
    first), as ``(white, black)`` piece masks: what the core's perft compares a position
    with to find a third repetition (R13). Empty when repetition does not draw."""
    if not state.repetition_draw():
        return []
    mask = (1 << NUM_FIELDS) - 1
    return [
        (split(key & mask, 0), split(key >> NUM_FIELDS & mask, 1))
        for key in state.repetition_keys()[:-1]
    ]


def action_of(code: int, side: int) -> int:
    """The game's action id of a core move code played by ``side``."""
    if code & EXCHANGE_FLAG:
        return EXCHANGE_BASE + field_of(code & 63, 1 - side)
    frm = field_of(code & 63, side)
    to = field_of(code >> 6, side)
    return frm * 6 + SLOT_OF[(frm, to)]


def code_of(action: int, side: int) -> int:
    """The core move code of a game action id taken by ``side``."""
    if action >= EXCHANGE_BASE:
        return EXCHANGE_FLAG | colour_bit(action - EXCHANGE_BASE)
    frm, slot = divmod(action, 6)
    to = MOVE_NEIGHBOURS[frm][slot]
    return colour_bit(frm) | colour_bit(to) << 6

"""Move-generation counting (perft) for Coerceo, by the compiled core or in Python.

``CoerceoState.perft`` counts with one of its engines (``State.perft_engines``):

- ``compiled``: the C core (``perft`` in ``_ccore_search.h``), wherever it was built at
  install time and the position fits it (``compiled_refusal``); the default there.
- ``python``: ``perft_count`` below, on the bitsets of the rules (``rules``); the
  default where the C core is missing, and the fallback for what it cannot hold.
- ``api``: the protocol's recursion over ``legal_actions``, ``clone`` and ``apply_action``
  (``State.perft``): slow, the reference the others are checked against.

All of them count what ``legal_actions`` offers, exchanges included, and a position where
the game ends (every piece taken, a stalemate, a third repetition when ``repetition_draw``
is on, the move limit) as one leaf. The first two count in bulk: at the last ply they
count the actions instead of playing them. The C core's Python twin
(``pysearch.PyCore.perft``) counts as the C core does, line for line.

>>> from spelbord.games.coerceo import CoerceoGame
>>> state = CoerceoGame(variant="ocius").new_initial_state()
>>> {engine: state.perft(3, engine) for engine in ("python", "api")}
{'python': 17234, 'api': 17234}
>>> state.perft(3) == 17234  # by the compiled core where it is built
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spelbord.games.coerceo.board import MOVE_NEIGHBOURS, NUM_FIELDS
from spelbord.games.coerceo.rules import (
    count_actions,
    has_action,
    move_actions,
    play_exchange,
    play_move,
)

if TYPE_CHECKING:
    from spelbord.games.coerceo.engine.cores import CoreState

COLLECTED_MAX = 1 << 24
"""Collected tiles the compiled core holds per side (a C ``int``, with room to grow)."""


def available_engines() -> tuple[str, ...]:
    """The perft engines of this installation, the default first.

    >>> available_engines()[-2:]
    ('python', 'api')
    """
    from spelbord.games.coerceo.engine import cores

    return ("compiled", "python", "api") if cores.COMPILED else ("python", "api")


def compiled_refusal(state: CoreState, depth: int) -> str | None:
    """Why the compiled core cannot count ``depth`` plies below ``state``; ``None`` if it can.

    >>> from spelbord.games.coerceo import CoerceoGame
    >>> compiled_refusal(CoerceoGame().new_initial_state(), 65) is not None
    True
    """
    from spelbord.games.coerceo.engine import cores

    if cores.C_CORE is None:
        return "the compiled core is not built in this installation"
    if depth > cores.C_CORE.PERFT_MAX_DEPTH:
        return f"the compiled core counts to depth {cores.C_CORE.PERFT_MAX_DEPTH}, not {depth}"
    if max(state.collected()) > COLLECTED_MAX:
        return f"the compiled core holds at most {COLLECTED_MAX} collected tiles a side"
    return None


def compiled_perft(state: CoreState, depth: int) -> int:
    """Leaves ``depth`` (>= 1) decisions below ``state`` (not over, ``compiled_refusal``
    ``None``) by the C core: the position, its move limit and repetition record handed
    over once."""
    from spelbord.games.coerceo.engine import cores

    assert cores.C_CORE is not None
    return int(
        cores.C_CORE.perft(
            *cores.core_args(state),
            state.moves_left(),
            int(state.repetition_draw()),
            cores.repetition_record(state),
            depth,
        )
    )


def perft_count(
    own: int,
    opp: int,
    tiles: int,
    fields: int,
    c_own: int,
    c_opp: int,
    cost: int,
    moves_left: int,
    rep: list[int] | None,
    depth: int,
) -> int:
    """Leaves ``depth`` (>= 1) decisions below a non-terminal position, ``own`` to move.

    ``c_own``/``c_opp`` are the collected tiles, ``moves_left`` the turns until the move
    limit, ``rep`` the repetition keys since the last irreversible change (``None``: no
    repetition draw). Terminal nodes above ``depth`` count as one leaf, as in
    ``State.perft``; at the last ply the legal actions are counted, not played.
    """
    free = fields & ~(own | opp)
    if depth == 1:
        return count_actions(own, opp, free, c_own >= cost)
    total = 0
    side_bit = 0 if rep is None else rep[-1] >> (2 * NUM_FIELDS)
    for action in move_actions(own, free):
        frm, slot = divmod(action, 6)
        o, p, t, fl, removed, taken = play_move(
            own, opp, tiles, fields, frm, MOVE_NEIGHBOURS[frm][slot]
        )
        total += _child(
            o,
            p,
            t,
            fl,
            c_own + removed.bit_count(),
            c_opp,
            cost,
            moves_left,
            rep,
            not (removed or taken),
            side_bit,
            depth,
        )
    if c_own >= cost:
        m = opp
        while m:
            low = m & -m
            m ^= low
            o, p, t, fl, _, _ = play_exchange(own, opp, tiles, fields, low.bit_length() - 1)
            total += _child(
                o, p, t, fl, c_own - cost, c_opp, cost, moves_left, rep, False, side_bit, depth
            )
    return total


def _child(
    own: int,
    opp: int,
    tiles: int,
    fields: int,
    c_own: int,
    c_opp: int,
    cost: int,
    moves_left: int,
    rep: list[int] | None,
    reversible: bool,
    side_bit: int,
    depth: int,
) -> int:
    """Perft below one action of ``own`` (the new masks given): the opponent moves next."""
    if not opp or moves_left <= 1:
        return 1
    child_rep = None
    if rep is not None:
        white, black = (own, opp) if side_bit == 0 else (opp, own)
        key = white | black << NUM_FIELDS | (1 - side_bit) << (2 * NUM_FIELDS)
        if reversible:
            if rep.count(key) >= 2:
                return 1
            child_rep = [*rep, key]
        else:
            child_rep = [key]
    if not has_action(opp, fields & ~(own | opp), c_opp >= cost):
        return 1
    return perft_count(
        opp, own, tiles, fields, c_opp, c_own, cost, moves_left - 1, child_rep, depth - 1
    )

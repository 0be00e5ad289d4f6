"""Fast move-generation counting (perft) for Coerceo on the bitset engine.

>>> from spelbord.games.coerceo.rules import CoerceoGame
>>> CoerceoGame(variant="ocius").new_initial_state().perft(3)
17234
"""

from __future__ import annotations

from spelbord.games.coerceo.board import MOVE_NEIGHBOURS, NUM_FIELDS
from spelbord.games.coerceo.position import (
    count_actions,
    has_action,
    move_actions,
    play_exchange,
    play_move,
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

"""What Omringad's lab data (``lab.toml``) names by path: the facts of its safety bound
and of its first mover, and the extra action fields its choices match.

>>> from spelbord import games
>>> state = games.load("omringad").new_initial_state()
>>> facts(state)
{'stalled_battles': 0, 'first_initiative': -1}
>>> fields(state, 0, 0)
{}
"""

from __future__ import annotations

from typing import Any

from spelbord.games.omringad.phases.battle import stall_limit
from spelbord.games.omringad.units import SPECIAL_KINDS


def facts(state: Any) -> dict[str, int]:
    """Found by replaying the game's history: ``stalled_battles``, battles ended by the
    safety bound (R92: as many rolled steps in a row without a hit as ``stall_limit``, 200
    from version 2); ``first_initiative``, the seat that won round 1's initiative roll
    (R71), who moves first (-1 before the roll). Setup and purchases are simultaneous, so
    the initiative holder is the game's first mover."""
    replay = state.game.new_initial_state()
    limit = stall_limit(replay)
    stalled, before, first = 0, 0, -1
    for move in state.history():
        if isinstance(move, int):
            replay.apply_action(move)
        else:
            replay.apply_actions(list(move))
        now = replay.stall
        if now >= limit > before:
            stalled += 1
        before = now
        if first < 0 and replay.initiative >= 0:
            first = replay.initiative
    return {"stalled_battles": stalled, "first_initiative": first}


def fields(state: Any, action: int, seat: int) -> dict[str, Any]:
    """``lot``: the special unit being auctioned (``dragon``, ``horses`` ...) for every
    action in the auction; nothing elsewhere."""
    auction = state.auction
    if state.phase != "auction" or auction is None or auction["lot"] < 0:
        return {}
    return {"lot": SPECIAL_KINDS[auction["lot"]].value}

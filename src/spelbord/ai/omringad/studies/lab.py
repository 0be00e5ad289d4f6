"""What Omringad's lab data (``lab.toml``) names by path: the facts of its safety bound
and the extra action fields its choices match.

>>> from spelbord.games.omringad.rules import OmringadGame
>>> state = OmringadGame().new_initial_state()
>>> facts(state)
{'stalled_battles': 0}
>>> fields(state, 0, 0)
{}
"""

from __future__ import annotations

from typing import Any

from spelbord.games.omringad.battle_phase import stall_limit
from spelbord.games.omringad.units import SPECIAL_KINDS


def facts(state: Any) -> dict[str, int]:
    """``stalled_battles``: battles ended by the safety bound (R92: as many rolled steps
    in a row without a hit as ``stall_limit``, 200 from version 2), found by replaying
    the game's history."""
    replay = state.game.new_initial_state()
    limit = stall_limit(replay)
    stalled, before = 0, 0
    for move in state.history():
        if isinstance(move, int):
            replay.apply_action(move)
        else:
            replay.apply_actions(list(move))
        now = replay.stall
        if now >= limit > before:
            stalled += 1
        before = now
    return {"stalled_battles": stalled}


def fields(state: Any, action: int, seat: int) -> dict[str, Any]:
    """``lot``: the special unit being auctioned (``dragon``, ``horses`` ...) for every
    action in the auction; nothing elsewhere."""
    auction = state.auction
    if state.phase != "auction" or auction is None or auction["lot"] < 0:
        return {}
    return {"lot": SPECIAL_KINDS[auction["lot"]].value}

"""What Slag for Islandet's lab data (``lab.toml``) names by path: the position for
repetition loops and the extra action fields its choices match.

>>> from spelbord.games.islandet.game import IslandetGame
>>> state = IslandetGame().new_initial_state()
>>> position(state) == position(state.clone())
True
>>> fields(state, state.legal_actions()[0], state.current_player())
{}
"""

from __future__ import annotations

from typing import Any

from spelbord.games.islandet.actions import decode
from spelbord.games.islandet.rules import shot


def position(state: Any) -> tuple[str, int, str]:
    """The board as drawn (units, facings, blocks, pads), the die and the phase."""
    pos = state.pos
    return str(state), pos.roll, pos.phase


def fields(state: Any, action: int, seat: int) -> dict[str, Any]:
    """``at``: what a shot aims at exactly, ``"block"`` or ``"unit"`` (R10, R15); nothing
    for other actions."""
    if seat < 0:
        return {}
    a = decode(action)
    if a.kind != "shoot" or a.square < 0:
        return {}
    result = shot(state.pos, a.square)
    if result is None:
        return {}
    target, _ = result
    return {"at": "block" if target in state.pos.blocks else "unit"}

"""The lab's facts about a Coerceo game (``CoerceoState.game_facts``): exchanges per seat.

>>> from spelbord.games.coerceo import CoerceoGame
>>> facts(CoerceoGame().new_initial_state())
{'plies': 0, 's0_exchanges': 0, 's1_exchanges': 0}
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spelbord.games.coerceo.rules import EXCHANGE_BASE

if TYPE_CHECKING:
    from spelbord.games.coerceo.state import CoerceoState


def facts(state: CoerceoState) -> dict[str, int | float | str]:
    """Plies played and exchanges (a tile pair traded for an enemy piece) by each seat.

    Coerceo has neither chance nor simultaneous moves and White moves first, so ply ``i``
    is seat ``i % 2``'s.
    """
    exchanges = [0, 0]
    history = state.history()
    for ply, move in enumerate(history):
        if isinstance(move, int) and move >= EXCHANGE_BASE:
            exchanges[ply % 2] += 1
    return {"plies": len(history), "s0_exchanges": exchanges[0], "s1_exchanges": exchanges[1]}

"""What Coerceo's lab data (``lab.toml``) names by path: the position for repetition loops.

>>> from spelbord import games
>>> position(games.load("coerceo").new_initial_state())[-11:]
'move: white'
"""

from __future__ import annotations

from typing import Any

from spelbord.games.coerceo.position import position_text


def position(state: Any) -> str:
    """The position's one-line text: pieces, tiles, collected tiles, side to move."""
    return position_text(state)

"""What Gunst's lab data (``lab.toml``) names by path: the position for repetition loops.

>>> from spelbord import games
>>> state = games.load("gunst").new_initial_state()
>>> position(state) == position(state.clone())
True
"""

from __future__ import annotations

import json
from typing import Any


def position(state: Any) -> str:
    """The table without its event log: the season, life, hands, deity tracks, rows and
    phase (two states with the same text play on alike)."""
    table = state.table.to_dict()
    table.pop("log", None)
    return json.dumps(table, sort_keys=True, separators=(",", ":"))

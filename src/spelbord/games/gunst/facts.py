"""The lab's facts about a Gunst game (``GunstState.game_facts``): how and when it ended.

>>> from spelbord.games.gunst.game import GunstGame
>>> f = facts(GunstGame().new_initial_state())
>>> f["season"], f["ended"]
(1, '')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spelbord.games.gunst.state import GunstState


def facts(state: GunstState) -> dict[str, int | float | str]:
    """The season reached, why the game ended (``life`` or ``seasons``) and each seat's life."""
    table = state.table
    return {
        "season": table.season,
        "ended": table.ended,
        "s0_life": table.life[0],
        "s1_life": table.life[1],
    }

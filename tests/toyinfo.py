"""The ``GameInfo`` of a test-only game, stating only what sets it apart: two seats,
perfect information, no teams and no simultaneous node unless said; chance where it has
chance outcomes.

>>> info = toy_info("test-coin", "Coin", actions=2, length=3, chance_outcomes=2)
>>> (info.min_seats, info.max_seats, info.chance, info.information, info.simultaneous)
(2, 2, True, 'perfect', False)
"""

from __future__ import annotations

from typing import Any

from spelbord.core import GameInfo
from spelbord.core.info import Information


def toy_info(
    name: str,
    title: str,
    *,
    actions: int,
    length: int,
    seats: tuple[int, int] = (2, 2),
    chance_outcomes: int = 0,
    information: Information = "perfect",
    simultaneous: bool = False,
    teams: bool = False,
    **more: Any,
) -> GameInfo:
    """``actions``: distinct actions; ``length``: the longest game; ``seats``: the least
    and the most seats; ``more``: further ``GameInfo`` fields (options, summary, ...)."""
    return GameInfo(
        name=name,
        title=title,
        min_seats=seats[0],
        max_seats=seats[1],
        teams=teams,
        chance=chance_outcomes > 0,
        information=information,
        simultaneous=simultaneous,
        num_distinct_actions=actions,
        max_chance_outcomes=chance_outcomes,
        max_game_length=length,
        **more,
    )

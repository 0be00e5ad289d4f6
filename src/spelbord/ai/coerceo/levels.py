"""Coerceo's AI levels (``level:NAME``, ``spelbord.ai.levels``): the alpha-beta engine at
the strengths the engine itself names (``spelbord.games.coerceo.engine.levels``).

The engine is deterministic (a fixed-depth search answers a position the same way every
time), so the round robin varies the first four plies (``openings=4``) as the pairings on
record do: else two levels would play one game over and over."""

from __future__ import annotations

from spelbord.ai.levels import Levels
from spelbord.games.coerceo.engine.levels import LEVELS as ENGINE_LEVELS

LEVELS = Levels(
    easy=ENGINE_LEVELS["easy"],
    medium=ENGINE_LEVELS["medium"],
    hard=ENGINE_LEVELS["hard"],
    master=ENGINE_LEVELS["master"],
    varied="openings=4",
)

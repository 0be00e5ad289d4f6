"""Coerceo's AI levels (``level:NAME``, ``spelbord.ai.levels``): the alpha-beta engine at
the strengths the engine itself names (``spelbord.games.coerceo.engine.levels``)."""

from __future__ import annotations

from spelbord.ai.levels import Levels
from spelbord.games.coerceo.engine.levels import LEVELS as ENGINE_LEVELS

LEVELS = Levels(
    easy=ENGINE_LEVELS["easy"],
    medium=ENGINE_LEVELS["medium"],
    hard=ENGINE_LEVELS["hard"],
    master=ENGINE_LEVELS["master"],
)

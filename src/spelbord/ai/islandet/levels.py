"""Slag for Islandet's AI levels (``level:NAME``, ``spelbord.ai.levels``): the scripted
shooter at Medium, the generic MCTS at Hard and Master."""

from __future__ import annotations

from spelbord.ai.levels import Levels

LEVELS = Levels(
    easy="random",
    medium="script:shooter",
    hard="mcts:1s",
    master="mcts:4s",
)

"""Slag for Islandet's AI levels (``level:NAME``, ``spelbord.ai.levels``).

* Easy: the ``marksman`` plan (``ai/islandet/script.py``): it takes every shot that wins
  units and lines up shots with its moves, but never looks at the enemy's guns, so a
  beginner who keeps out of its lines of fire beats it; it beats random play (it never
  wastes a shot or blows itself up).
* Medium: MCTS at a quarter of a second, its leaves scored by the game's evaluation at
  once (``cutoff=0``: no random play-out; ``games/islandet/evaluation.py`` counts units,
  lines of fire of both sides and the blasts of blocks in an enemy's sights).
* Hard and Master: MCTS at 1 s and 4 s.
"""

from __future__ import annotations

from spelbord.ai.levels import Levels

LEVELS = Levels(
    easy="script:marksman",
    medium="mcts:250ms:cutoff=0",
    hard="mcts:1s",
    master="mcts:4s",
)

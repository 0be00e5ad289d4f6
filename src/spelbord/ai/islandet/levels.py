"""Slag for Islandet's AI levels (``level:NAME``, ``spelbord.ai.levels``).

* Easy: the ``marksman`` plan (``ai/islandet/script.py``): it takes every shot that wins
  units, lines up shots with its moves and turns to face the enemy, but never looks at
  the enemy's guns, so a beginner who keeps out of its lines of fire beats it; it beats
  random play (it never wastes a shot or blows itself up): 95.5% [93.0, 97.1] of 400
  games (``spelbord match islandet level:easy random --games 400 --seed 3204``), and
  Medium beats it 18 and 19 of 20 in two runs of ``spelbord match islandet level:medium
  level:easy --games 20 --processes 2 --seed 3206`` (162 s each; Medium searches for a
  time, so runs differ), measured 28 November 2026 (issue 31).
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

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

Master is not yet above Hard (issue 31): in the round robin of 28 November Hard won both
their games. Where the extra time goes, measured 29 November with iteration budgets at an
eighth and a quarter of the real ones (``ai/ladders/islandet.json``, ``measured``):

* four times the iterations score 60% (``mcts:800it`` against ``mcts:200it``, 20 games):
  about +70 Elo, where the skill trace at ``cutoff=0`` gained about +130 a doubling at
  50-800 iterations; a narrower search (``c=0.7``) 65%, within the noise;
* leaves scored by the evaluation at once, at equal time, lose (``mcts:1900it:cutoff=0``
  against ``mcts:400it``: 6 of 20), so the 20 random steps before the evaluation carry
  the strength, not the tree's depth;
* play-outs twice as long before the evaluation (``cutoff=40``), at equal iterations and
  so about twice the time, score 11 of 20 against ``mcts:400it``: no clear gain either.

So a stronger Master needs better estimates at the leaves, not more of the same search:
a learned evaluation is the next candidate (play-outs that simply take the best shot at a
unit and never fire at a block scored 8 of 20 against random play-outs at equal
iterations, in a trial not kept).
"""

from __future__ import annotations

from spelbord.ai.levels import Levels

LEVELS = Levels(
    easy="script:marksman",
    medium="mcts:250ms:cutoff=0",
    hard="mcts:1s",
    master="mcts:4s",
)

"""Omringad's AI levels (``level:NAME``, ``spelbord.ai.levels``).

Easy plays the rush (``script:rush``): it beats random play in two and four players
(40 of 40 and 38 of 40 games, ``ai/ladders/omringad.json``) and loses to the scripted
plans above it (the conqueror: 15 of 40), as a beginner's plan should. Over 400 games
each (28 November 2026, issue 31): 97.0% [94.8, 98.3] against one random player
(``spelbord match omringad level:easy random --games 400 --seed 3204``) and 96.8% [94.5,
98.1] against three (``spelbord match omringad level:easy random random random --opt
players=4 --games 400 --seed 3202``).

Medium plays the archer conqueror (``script:archer-conqueror``: the conqueror buying
archers first, one of the portfolio's variants, ``script.VARIANTS``). It was the
conqueror, only a little above Easy: 25 of 40 games against it before, 21 of 40 in the
pairing of 29 November (``spelbord match omringad level:medium level:easy --games 40
--seed 5401``). The archer conqueror sits between Easy and Hard (29 November, 100 games
each, ``spelbord match omringad script:archer-conqueror script:rush --games 100 --seed
5501``, 2 s): 69 of 100 against the rush (Easy), 72 against the conqueror, and Hard's
default plan alone beat it 77.5 of 100 (``... portfolio:1it script:archer-conqueror``).

Portfolio search over the scripted plans (``spelbord.ai.portfolio``) played Hard until
30 November (``portfolio:1s``): at equal time it beat IS-MCTS and every scripted plan more
often; but its strength was its default plan's, the garrison conqueror's: against that
plan alone (``portfolio:1it``: one sweep never parts from the default) it scored 10 of 20
(``spelbord match omringad level:hard portfolio:1it --games 20 --processes 2 --seed
5102``, 174 s). The plans share their tactics (every conqueror walks the same way), so
they disagree at about 16 decisions a game, the search picks another plan at 2 or 3 of
them, and more time changed nothing: 4 s against 1 s, deeper or uncommitted, scored
50-60% (``ai/ladders/omringad.json``), and Hard was only 15 of 24 against Medium.

Hard and Master widen the move phase (``wide=move``): at each of its decisions (which
group moves, which units go, each step, where to stop) every legal action is an arm,
continued by the default plan, on paired determinizations: rollout policy improvement
over the garrison conqueror (Tesauro & Galperin 1996), so the time goes where the plans
never disagree. Hard does it for 0.5 s a move (``portfolio:500ms:wide=move``; three sweeps
of a move decision took 0.39 s on average in a game), Master for 2 s
(``portfolio:2s:wide=move``, about 22 sweeps a move decision). Measured 29
November (nothing else running): the search at 6 sweeps a decision scored 13 of 20
against ``portfolio:1it`` (seed 5202, 22 min); at 2 s against the old Hard 6 of 8 and 8 of
8 (seeds 5301 and 5302, one process each, 38 min), then as the level ``spelbord match
omringad level:master level:hard --games 16 --seed 5403 --processes 2``: 15 of 16 (42
min). A game of Master against Hard takes about 5.5 minutes on one core.

The lobby's ratings are these level-against-level pairings (``ai/ladders/omringad.json``):
Easy 0, Medium +114 [+8, +220] (26.5 of 40 against Easy, 29 November), Hard +404 [+248,
+635] (30 November: **34 of 40** against Medium, ``spelbord match omringad level:hard
level:medium --games 40 --seed 5601 --processes 1``, 46 min, beside the next match on the
other core), Master +487 [+262, +783] (**10 of 16** against Hard, ``spelbord match
omringad level:master level:hard --games 16 --seed 5602 --processes 1``, 88 min). Master
over Hard is now the short step: both play the same improved policy, Master with less
noise in its estimates. Widening the battle phase too (``portfolio:2s:wide=move+battle``)
scored 3 of 6 against Hard on the same seeds (stopped there). The round robin (the plans
too) was played before these levels changed.

Against the held-out plans (``script.HELD_OUT``, 30 November, 40 games each at Hard's
budget, ``spelbord match omringad level:hard script:PLAN --games 40 --seed 31 --processes
1``): the fortress 37, the starver 35 (the old Hard: 33.5 and 32). A Hard halfway between
(``portfolio:250ms:wide=move``) scored 31 of 40 against Medium (seed 5601, 22 min) and
35.5 of 40 against the starver, and Master 7 of 10 against it (seed 5602, 53 min): not
the step Master needs either, so Hard stays at 0.5 s.
"""

from __future__ import annotations

from spelbord.ai.levels import Levels

LEVELS = Levels(
    easy="script:rush",
    medium="script:archer-conqueror",
    hard="portfolio:500ms:wide=move",
    master="portfolio:2s:wide=move",
)

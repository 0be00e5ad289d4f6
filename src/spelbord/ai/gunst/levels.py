"""Gunst's AI levels (``level:NAME``, ``spelbord.ai.levels``).

Easy is the hoarder plan (``script:hoarder``: bring nothing for three seasons, then
everything): it beat ``random`` 98 of 100 (``spelbord match gunst script:hoarder random
--games 100 --processes 1 --seed 7``, issue 31), yet a beginner who notices the pattern
beats it for certain (``spelbord.ai.gunst.plan_reply``: its best reply wins, value +1).
Medium is the banisher (``script:banisher``): 99 of 100 against ``random`` and 100 of 100
against the hoarder (same command and seed).
How Gunst's exploitability is measured (issue 31). The last season is solved exactly
(``spelbord.ai.gunst.exact``): after the reveal a round is perfect information with a
coin, so expectimax gives each cell's exact value, and the Tinge's matrix over every
selection of both seats is solved by LP; an agent's last season (its Tinge mix, and its
own in-round decisions or best play) is then measured against the opponent's exact best
reply, ``python -m spelbord.ai.gunst.exact [SPEC]``. Checked by hand on two tiny
positions (``tests/ai/test_gunst_exact.py``: a pure saddle and a matching-pennies pair
where either pure choice gives away a quarter of the range and ``gunst-eq`` mixes). The
whole game is too large for that (season 4 after three hoarded seasons is 576 x 576
selections, each cell an exact round), so seasons 1-3 are measured by the searched best
reply ``gunst-br`` and its mimics (``spelbord.ai.gunst.br``).

Where it stands (27 November 2026, 6-10 games a figure, so wide intervals): on every
last-season position measured exactly (12 positions reached by random play, three
hand-made part-hoarded ones up to 72 x 24 selections) ``gunst-eq:model=off`` gives away
nothing (gap 0.000 of the range, Tinge mix and its own in-round play). Before season 4
it does: ``gunst-br:model=off`` took +0.2 and +0.1 a game from ``gunst-eq:model=off``
(0.1 and 0.05 of the range, two runs of 10 games, seed 43), the hoarding mimic +0.17
(0.08, 6 games, seed 42). The opponent model adds to it: the mimic took +0.5 a game (0.25) from
``gunst-eq:safety4=0.05`` and +0.33 (0.17) from ``gunst-eq:think=6`` (six times season
4's search time), so neither a smaller season-4 slack nor more season-4 search closes
the gap: the loss is made in seasons 1-3, whose leaves are valued by continuation plans
and a greedy round, not solved. Hard and Master are therefore still the same agent, and
both still above the 0.05 goal.

The strongest agent, the near-equilibrium solver with safe opponent modelling, plays Hard
and Master (measured against every scripted plan and its best reply: ``spelbord ai levels
gunst``). ``gunst-eq`` has no budget option: its season-4 searches stop after
``ORACLE_SECONDS + REPLY_SECONDS`` (1.6 s) of CPU and seasons 1-3 are bounded by their
menus, so it states at most 2 s a decision (``spelbord.ai.gunst.eq``).
"""

from __future__ import annotations

from spelbord.ai.levels import Levels

LEVELS = Levels(
    easy="script:hoarder",
    medium="script:banisher",
    hard="gunst-eq:model=off",
    master="gunst-eq:model=off",
    stated={"hard": 2.0, "master": 2.0},
)

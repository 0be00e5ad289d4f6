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
    hard="gunst-eq",
    master="gunst-eq",
    stated={"hard": 2.0, "master": 2.0},
)

"""Gunst's AI levels (``level:NAME``, ``spelbord.ai.levels``).

The strongest agent, the near-equilibrium solver with safe opponent modelling, plays Hard
and Master (measured against every scripted plan and its best reply: ``spelbord ai levels
gunst``). ``gunst-eq`` has no budget option: its season-4 searches stop after
``ORACLE_SECONDS + REPLY_SECONDS`` (1.6 s) of CPU and seasons 1-3 are bounded by their
menus, so it states at most 2 s a decision (``spelbord.ai.gunst.eq``).
"""

from __future__ import annotations

from spelbord.ai.levels import Levels

LEVELS = Levels(
    easy="random",
    medium="script:all-in",
    hard="gunst-eq",
    master="gunst-eq",
    stated={"hard": 2.0, "master": 2.0},
)

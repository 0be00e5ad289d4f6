"""Omringad's AI levels (``level:NAME``, ``spelbord.ai.levels``).

Easy plays the rush (``script:rush``): it beats random play in two and four players
(40 of 40 and 38 of 40 games, ``ai/ladders/omringad.json``) and loses to Medium's
conqueror (15 of 40), as a beginner's plan should. Over 400 games each (28 November
2026, issue 31): 97.0% [94.8, 98.3] against one random player (``spelbord match omringad
level:easy random --games 400 --seed 3204``) and 96.8% [94.5, 98.1] against three
(``spelbord match omringad level:easy random random random --opt players=4 --games 400
--seed 3202``).

Portfolio search over the scripted plans (``spelbord.ai.portfolio``) plays Hard and
Master: at equal time it beat IS-MCTS and it beats every scripted plan more often (the
measured matches: ``spelbord ai levels omringad``); IS-MCTS lost to three of the four
plans.
"""

from __future__ import annotations

from spelbord.ai.levels import Levels

LEVELS = Levels(
    easy="script:rush",
    medium="script:conqueror",
    hard="portfolio:1s",
    master="portfolio:4s",
)

"""Playing strengths of the Coerceo engine, as agent specs (for ``level:`` specs).

Easy searches one ply (plus the capture quiescence: it sees what it can take and what
hangs, nothing more); Medium three plies; Hard 300 ms a move (depth 5-7 on this machine);
Master 2 s a move (depth 8-9). Every level is an ordinary ``ab`` spec, so a match
measures the gaps: ``spelbord match coerceo ab:depth=1 ab:depth=3 --games 20``.

The games between the levels (on Laurentius, openings varied with ``openings=4``, one
process at a time) are on record in ``spelbord/ai/ladders/coerceo.json``; ``spelbord ai
levels coerceo`` prints them with each level's Elo (Easy = 0) and its 95% interval.

>>> from spelbord.ai import make_agent
>>> [make_agent(spec).name for spec in LEVELS.values()]
['ab:depth=1', 'ab:depth=3', 'ab:300ms', 'ab:2s']
"""

from __future__ import annotations

LEVELS: dict[str, str] = {
    "easy": "ab:depth=1",
    "medium": "ab:depth=3",
    "hard": "ab:300ms",
    "master": "ab:2s",
}
"""Level name -> agent spec, weakest first."""

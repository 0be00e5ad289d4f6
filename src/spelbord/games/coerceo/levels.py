"""Playing strengths of the Coerceo engine, as agent specs (for ``level:`` specs).

Easy searches one ply (plus the capture quiescence: it sees what it can take and what
hangs, nothing more); Medium three plies; Hard 300 ms a move (depth 5-7 on this machine);
Master 2 s a move (depth 8-9). Every level is an ordinary ``ab`` spec, so a match
measures the gaps: ``spelbord match coerceo ab:depth=1 ab:depth=3 --games 20``.

Measured on Laurentius (openings varied with ``openings=4``, one process):

- Easy against Medium, 10 games: Medium 7 wins, 3 draws, no loss (85%, about +300 Elo).
- Medium against Hard, 8 games: Hard won all 8 (the gap exceeds what 8 games can size;
  at least +300 Elo).

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

"""AI-vs-AI simulation: play games and matches between agents, and their statistics.

``play_game`` and ``run_match`` load lazily, so ``python -m spelbord.lab.match`` runs the
module fresh (no double import).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spelbord.lab.results import EntryResult, GameRecord, MatchResult
from spelbord.lab.stats import mean, wilson_interval

if TYPE_CHECKING:
    from spelbord.lab.match import play_game, run_match

__all__ = [
    "EntryResult",
    "GameRecord",
    "MatchResult",
    "mean",
    "play_game",
    "run_match",
    "wilson_interval",
]


def __getattr__(name: str) -> Any:
    if name in ("play_game", "run_match"):
        from spelbord.lab import match

        return getattr(match, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""The game record file (``spelbord-record/1``): one format for table exports and the lab.

A record names the game, its rules version and options, the chance seed, every move (an
action, or a list of actions at a simultaneous node) and the result. The server exports
a finished table in it (``GET /api/tables/<id>/export``) and imports it back
(``POST /api/import``, which replays every move under ``version`` before storing
anything); the lab writes the games a study found worth a look in it, so each opens in the
table's replay viewer.

A game that did not finish by the rules (a lab run stopped it) is written as resigned by
``resigned``, the only way an unfinished game imports.

>>> result_block(Outcome((1.0, -1.0), "resign"))
{'returns': [1.0, -1.0], 'termination': 'resign', 'text': '1-0'}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from spelbord.core.game import Game, Move
from spelbord.core.outcome import Outcome

RECORD_FORMAT = "spelbord-record/1"
"""The ``format`` of every record file."""


def result_block(outcome: Outcome) -> dict[str, Any]:
    """The ``result`` of a record: returns, termination and the result text."""
    return {
        "returns": list(outcome.returns),
        "termination": outcome.termination,
        "text": outcome.result(),
    }


def resigned_outcome(game: Game, seat: int) -> Outcome:
    """The outcome when ``seat`` resigns: its team loses, every other seat wins."""
    losers = next((team for team in game.teams() if seat in team), (seat,))
    returns = tuple(-1.0 if s in losers else 1.0 for s in range(game.num_players()))
    return Outcome(returns, "resign")


def game_record(
    game: Game,
    moves: Sequence[Move],
    *,
    seed: int | None = None,
    outcome: Outcome | None = None,
    resigned: int | None = None,
    timeouts: Mapping[int, Iterable[int]] | None = None,
) -> dict[str, Any]:
    """The record of ``moves`` played under ``game`` (its version and options).

    ``outcome``: the result by the rules (``None`` with ``resigned``: the resigning seat's
    result). ``timeouts``: ply -> seats whose move the clock played.
    """
    if resigned is not None and outcome is None:
        outcome = resigned_outcome(game, resigned)
    return {
        "format": RECORD_FORMAT,
        "game": game.name,
        "version": game.rules_version,
        "options": dict(game.options),
        "seed": seed,
        "moves": [m if isinstance(m, int) else list(m) for m in moves],
        "resigned": resigned,
        "result": result_block(outcome) if outcome is not None else None,
        "timeouts": [[p, s] for p, seats in sorted((timeouts or {}).items()) for s in seats],
    }

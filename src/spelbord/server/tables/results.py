"""A finished game's result block, in words where a score says too little.

For two seats ``{"returns", "termination", "text"}`` with the score as ``text`` (``1-0``,
``0-1``, ``1/2-1/2``), as every record of a two-seat game has always had it; for more,
``text`` is an English sentence (``Ivory and Azure win: Azure reached the target``) and
``by`` lists the seats whose play ended the game (``State.decided_by``: who reached the
target, who resigned), so each page can say the same in its player's language (with two
seats the loser is who resigned). Why a game ended, in English, is the game's own text
``end.<termination>`` in its renderer's catalogue (``web/i18n/en.json``, with ``{names}``
for the seats of ``by``), else the platform's (resign, abandoned, cancelled); the pages
read the same keys in the other languages.

>>> from spelbord.core.registry import load
>>> import spelbord.games
>>> resigned(load("omringad", players=4), 1)["text"]
'Ivory, Crimson and Azure win: Slate resigned'
"""

from __future__ import annotations

import functools
import importlib.resources
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from spelbord.core import Game, Outcome, State, UnknownGameError
from spelbord.core.registry import game_class

PLATFORM_REASONS = {
    "resign": "{names} resigned",
    "abandoned": "abandoned (no move and nobody at the table for a day)",
    "cancelled": "cancelled by its creator",
    "forfeit": "{names} did not come",
    "timeout": "{names} ran out of time",
    "agreement": "agreed by the players",
}
"""Why a table ended when the platform ended it, not the rules (English)."""


@functools.cache
def _english(game: str) -> dict[str, str]:
    """The game renderer's English catalogue (``{}`` when it has none)."""
    try:
        module = sys.modules[game_class(game).__module__]
    except (UnknownGameError, KeyError):
        return {}
    package = module.__package__
    folder = (
        Path(str(importlib.resources.files(package) / "web"))
        if package
        else Path(str(module.__file__)).parent / "web"
    )
    try:
        data = json.loads((folder / "i18n" / "en.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(v, str)}


def joined(names: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``.

    >>> joined(["Ivory", "Slate", "Azure"])
    'Ivory, Slate and Azure'
    """
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def reason(game: Game, termination: str, by: Sequence[int]) -> str:
    """Why the game ended in English words (``Azure reached the target``); ``""`` when
    neither the game nor the platform has words for ``termination``."""
    template = _english(game.name).get(f"end.{termination}") or PLATFORM_REASONS.get(
        termination, ""
    )
    if "{names}" in template and not by:
        return ""  # a result stored before ``by`` was: who it was is not known
    return template.replace("{names}", joined([game.info.seat_name(s) for s in by]))


def block(game: Game, outcome: Outcome, by: Sequence[int] = ()) -> dict[str, Any]:
    """The result block of ``outcome`` under ``game`` (see the module)."""
    if len(outcome.returns) == 2:  # as every record of a two-seat game has it
        return {
            "returns": list(outcome.returns),
            "termination": outcome.termination,
            "text": outcome.result(),
        }
    names = [game.info.seat_name(s) for s in range(len(outcome.returns))]
    return {
        "returns": list(outcome.returns),
        "termination": outcome.termination,
        "text": outcome.words(names, reason(game, outcome.termination, by)),
        "by": list(by),
    }


def of_state(state: State) -> dict[str, Any] | None:
    """The result block of a finished game (by the rules), else ``None``."""
    outcome = state.outcome()
    if outcome is None:
        return None
    return block(state.game, outcome, state.decided_by())


def resigned(game: Game, seat: int) -> dict[str, Any]:
    """The result when ``seat`` resigns: its team loses, every other seat wins."""
    losers = next((team for team in game.teams() if seat in team), (seat,))
    returns = tuple(-1.0 if s in losers else 1.0 for s in range(game.num_players()))
    return block(game, Outcome(returns, "resign"), (seat,))


def timed_out(game: Game, seat: int) -> dict[str, Any]:
    """The result when ``seat``'s time runs out (its flag falls): as if it resigned, its
    team loses and every other seat wins, termination ``timeout``.

    >>> from spelbord.core.registry import load
    >>> timed_out(load("coerceo"), 0)
    {'returns': [-1.0, 1.0], 'termination': 'timeout', 'text': '0-1', 'by': [0]}
    >>> timed_out(load("omringad", players=4), 2)["text"]
    'Ivory, Slate and Azure win: Crimson ran out of time'
    >>> timed_out(load("omringad", players=4, teams="diagonal"), 2)["returns"]
    [1.0, -1.0, -1.0, 1.0]
    """
    losers = next((team for team in game.teams() if seat in team), (seat,))
    returns = tuple(-1.0 if s in losers else 1.0 for s in range(game.num_players()))
    return {**block(game, Outcome(returns, "timeout"), (seat,)), "by": [seat]}


def agreed_draw(game: Game) -> dict[str, Any]:
    """The result of a draw the people at the table agreed (``social``): every seat
    draws (return 0), termination ``agreement``, whatever the position.

    >>> from spelbord.core.registry import load
    >>> agreed_draw(load("coerceo"))
    {'returns': [0.0, 0.0], 'termination': 'agreement', 'text': '1/2-1/2'}
    >>> agreed_draw(load("omringad", players=4, teams="diagonal"))["text"]
    'Draw: agreed by the players'
    """
    returns = tuple(0.0 for _ in range(game.num_players()))
    return block(game, Outcome(returns, "agreement"))


def restated(game: Game, result: dict[str, Any], resigned_seat: int | None) -> dict[str, Any]:
    """A stored result block in today's words (one stored before ``by`` was, for more
    than two seats ``winners 0,3``); a block that has ``by`` is returned as it is."""
    returns = result.get("returns")
    if "by" in result or not isinstance(returns, list) or len(returns) <= 2:
        return result
    termination = str(result.get("termination", "ended"))
    by = (resigned_seat,) if resigned_seat is not None and termination == "resign" else ()
    return {**result, **block(game, Outcome(tuple(returns), termination), by)}

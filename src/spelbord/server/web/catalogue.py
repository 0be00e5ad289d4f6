"""The games on offer, for the lobby: each game's facts, renderer, tools, study features
and AI levels (``/api/games``), the seats of a game under chosen options
(``/api/games/{name}/setup``) and the AI levels with their time per move and measured
strength (``/api/games/{name}/levels``, one source: ``ai.ladder.describe``; the older
``/api/levels/{name}`` answers the same as ``{"game", "levels"}``). No game is named here.
"""

from __future__ import annotations

import functools
from typing import Any

from fastapi import APIRouter

from spelbord.ai.ladder import describe as describe_levels
from spelbord.ai.levels import specs as level_specs
from spelbord.core.registry import extras, info, load, names
from spelbord.server.errors import BadRequestError
from spelbord.server.tables.protocol import decode
from spelbord.server.web import tools

router = APIRouter()


NEW_PLAYER = 1500
"""Where a new account starts on the rating ladder (``players.ratings.Glicko2``)."""


def strengths(elos: list[float | None]) -> list[int | None]:
    """The levels' strengths as a player reads them: their measured Elo (relative to one
    another only) placed on the rating ladder so that the levels' middle sits where a new
    player starts (1500), rounded to 50; ``None`` for an unrated level.

    >>> strengths([-319, -136, 332, 411])
    [1100, 1300, 1750, 1850]
    >>> strengths([None, 10])
    [None, 1500]
    """
    rated = [e for e in elos if e is not None]
    if not rated:
        return [None for _ in elos]
    middle = sum(rated) / len(rated)
    return [None if e is None else int(round((NEW_PLAYER + e - middle) / 50) * 50) for e in elos]


@functools.cache
def level_list(game: str) -> list[dict[str, Any]]:
    """``ai.ladder.describe(game)``, computed once (the ratings' bootstrap fits take tens
    of milliseconds and a game's records do not change while serving), each level with
    its ``strength`` on the rating ladder (``strengths``)."""
    levels = describe_levels(game)
    placed = strengths([level.get("elo") for level in levels])  # type: ignore[misc]
    return [{**level, "strength": s} for level, s in zip(levels, placed, strict=True)]


@router.get("/api/games")
def list_games() -> list[dict[str, Any]]:
    """Each game's facts, its renderer, its tools, its study features and its AI levels
    (``levels``: level name to the agent spec it plays as in this game, easiest first)."""
    return [
        {
            **info(n).as_dict(),
            "renderer": f"/games/{n}/renderer.js",
            "tools": [
                {"name": t.name, "title": t.title, "page": f"/tools/{n}/{t.name}"}
                for t in tools.game_tools(n)
                if t.page
            ],
            "study": extras(n).study.features(),
            "levels": level_specs(n),
        }
        for n in names()
    ]


@router.get("/api/games/{name}/levels")
def game_level_list(name: str) -> list[dict[str, Any]]:
    """The AI levels of a game (``ai.ladder.describe``): agent spec, what it may spend
    on a move and its Elo with its 95% interval, from the game's records (one source)."""
    return level_list(info(name).name)


@router.get("/api/levels/{name}")
def game_levels(name: str) -> dict[str, Any]:
    """The same levels under the older address, as ``{"game", "levels"}``."""
    return {"game": info(name).name, "levels": level_list(info(name).name)}


@router.get("/api/games/{name}/setup")
def game_setup(name: str, options: str = "{}") -> dict[str, Any]:
    """The seats of a game with these options (JSON), e.g. four for Omringad players=4."""
    chosen = decode(options)
    if not isinstance(chosen, dict):
        raise BadRequestError("'options' must be a JSON object")
    game = load(name, **chosen)
    return {
        "game": game.name,
        "options": game.options,
        "seats": game.num_players(),
        "teams": [list(team) for team in game.teams()],
    }

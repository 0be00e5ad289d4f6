"""The games on offer, for the lobby: each game's facts, renderer, tools, study features
and AI levels (``/api/games``), the seats of a game under chosen options
(``/api/games/{name}/setup``) and the AI levels with their time per move and measured
strength (``/api/levels/{name}``, ``/api/games/{name}/levels``). No game is named here.
"""

from __future__ import annotations

import functools
from typing import Any

from fastapi import APIRouter

from spelbord.ai.budget import PerMove
from spelbord.ai.levels import STATED
from spelbord.ai.levels import describe as levels_of
from spelbord.ai.levels import specs as level_specs
from spelbord.core.registry import game_class, info, load, names
from spelbord.server.errors import BadRequestError
from spelbord.server.tables.protocol import decode
from spelbord.server.web import tools

router = APIRouter()


@functools.cache
def level_list(game: str) -> list[dict[str, Any]]:
    """``ai.levels.describe(game)``, computed once: the stored ladder's bootstrap fit takes
    tens of milliseconds and the stored round robins do not change while serving."""
    return levels_of(game)


@functools.cache
def level_table(game: str) -> list[dict[str, Any]]:
    """Per level of ``game`` (``ai.levels.describe``): its spec, time per move (``budget``
    as text, ``per_move`` as numbers) and rating (computed once)."""
    from spelbord.lab.levels import ratings

    levels = level_list(game)
    rated = {r.level: r.as_dict() for r in ratings(game)}
    if not rated:  # no level-against-level games: the stored round robin's Elo, if any
        rated = {
            str(d["level"]): {"elo": d["elo"], "low": d["elo_low"], "high": d["elo_high"]}
            for d in levels
            if isinstance(d["elo"], int | float)
        }
    table = []
    for d in levels:
        per_move = PerMove.of(str(d["spec"]))
        budget, limit = str(per_move), per_move.as_dict()
        stated = STATED.get(game, {}).get(str(d["level"]))
        if not limit and stated is not None:  # no budget in its spec: the stated bound
            budget, limit = f"{stated:g} s", {"seconds": stated}
        table.append(
            {
                "level": d["level"],
                "spec": d["spec"],
                "budget": budget,
                "per_move": limit,
                "rating": rated.get(str(d["level"])),
            }
        )
    return table


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
            "study": game_class(n).study.features(),
            "levels": level_specs(n),
        }
        for n in names()
    ]


@router.get("/api/levels/{name}")
def game_levels(name: str) -> dict[str, Any]:
    """The AI levels of a game: agent spec, time per move and measured Elo (Easy = 0,
    with its 95% interval) where level-against-level games are on record."""
    return {"game": info(name).name, "levels": level_table(name)}


@router.get("/api/games/{name}/levels")
def game_level_list(name: str) -> list[dict[str, Any]]:
    """The AI levels of a game: agent spec, stated time per move and Elo (if rated)."""
    return level_list(load(name).name)


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

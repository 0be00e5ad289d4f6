"""The levels' Elo ladder: a round robin of the four levels and the scripted gauntlet.

``entrants`` are the levels (``level:easy`` ... ``level:master``) and every
``script:PLAN`` of the game; ``spelbord.lab.levels.play_round_robin`` plays every two of
them against each other, seats rotating, and keeps each game as a row (who sat where, who
won; it plays games, so it lives in the lab, above the agents). ``elo`` fits the
Bradley-Terry ladder with bootstrap intervals (``spelbord.core.bradley_terry.ladder``). A
finished round robin is stored in
``spelbord/ai/ladders/GAME.json`` with the command that played it and how long it took;
``spelbord ai levels GAME`` prints it and ``spelbord ai levels GAME --run`` plays it again.

Time budgets may be scaled (``scale``): on a busy 2-core machine a round robin at full
time (Omringad's Hard thinks 1 s a decision, hundreds a game) does not fit, so a stored
ladder says the scale it was played at, and a level's rating is its rating at that scale.

>>> scaled("ismcts:1s", 0.25), scaled("script:turtle", 0.25), scaled("ab:depth=3", 0.5)
('ismcts:250ms', 'script:turtle', 'ab:depth=3')
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from spelbord.ai.budget import AgentSpecError, Budget
from spelbord.ai.levels import LEVEL_NAMES
from spelbord.ai.scripted import plans_for
from spelbord.ai.spec import AgentSpec
from spelbord.core.bradley_terry import Rung, ladder

LADDERS = "ladders"
"""The package folder (under ``spelbord.ai``) of the stored round robins."""


class LadderError(AgentSpecError):
    """A round robin that cannot be played or read (no levels, a bad scale, bad data)."""


def entrants(game: str) -> list[str]:
    """The levels, then the game's scripted plans: who plays the round robin."""
    return [f"level:{level}" for level in LEVEL_NAMES] + [f"script:{p}" for p in plans_for(game)]


def scaled(spec: str, scale: float) -> str:
    """``spec`` with its time budget multiplied by ``scale`` (other specs unchanged)."""
    parsed = AgentSpec.parse(spec)
    if parsed.budget is None or parsed.budget.seconds is None:
        return spec
    return str(parsed.with_budget(Budget(seconds=round(parsed.budget.seconds * scale, 4))))


def elo(data: dict[str, Any]) -> list[Rung]:
    """The Bradley-Terry Elo ladder of a stored round robin, best first."""
    games = [
        (row["agents"][0], row["agents"][1], _score(row))
        for row in data["rows"]
        if row["agents"][0] != row["agents"][1]
    ]
    return ladder(games)


def _score(row: dict[str, Any]) -> float:
    """The first seat's score in a stored game: 1 won, 0.5 drawn, 0 lost."""
    if row["result"] == "draw":
        return 0.5
    return 1.0 if 0 in row["winners"] else 0.0


def stored(game: str) -> dict[str, Any] | None:
    """The stored round robin of ``game`` (``None`` if none was played)."""
    path = resources.files("spelbord.ai").joinpath(LADDERS, f"{game}.json")
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as exc:
        raise LadderError(f"the stored ladder of {game} is not JSON: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("rows"), list):
        raise LadderError(f"the stored ladder of {game} has no rows")
    return data


def store(data: dict[str, Any], folder: Path | None = None) -> Path:
    """Write a round robin where ``stored`` finds it (or into ``folder``)."""
    if folder is None:
        folder = Path(str(resources.files("spelbord.ai").joinpath(LADDERS)))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{data['game']}.json"
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return path


def ratings(game: str) -> dict[str, Rung]:
    """Each level's rung in the stored round robin (Elo with its 95% interval); levels
    without a stored round robin are left out."""
    data = stored(game)
    if data is None:
        return {}
    return {r.name.split(":", 1)[1]: r for r in elo(data) if r.name.startswith("level:")}

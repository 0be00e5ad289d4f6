"""The levels' Elo ladder: a round robin of the four levels and the scripted gauntlet.

``play_round_robin`` plays every two of the entrants (``level:easy`` ... ``level:master``
and every ``script:PLAN`` of the game) against each other, seats rotating, and keeps each
game as a row (who sat where, who won). ``elo`` fits the Bradley-Terry ladder with
bootstrap intervals (``spelbord.core.bradley_terry.ladder``). A finished round robin is stored in
``spelbord/ai/ladders/GAME.json`` with the command that played it and how long it took;
``spelbord ai levels GAME`` prints it and ``spelbord ai levels GAME --run`` plays it again.

Time budgets may be scaled (``scale``): on a busy 2-core machine a round robin at full
time (Omringad's Hard thinks 1 s a decision, hundreds a game) does not fit, so a stored
ladder says the scale it was played at, and a level's rating is its rating at that scale.

>>> scaled("ismcts:1s", 0.25), scaled("script:turtle", 0.25), scaled("ab:depth=3", 0.5)
('ismcts:250ms', 'script:turtle', 'ab:depth=3')
"""

from __future__ import annotations

import itertools
import json
import time
from importlib import resources
from pathlib import Path
from typing import Any

from spelbord.ai.budget import AgentSpecError, Budget
from spelbord.ai.levels import LEVEL_NAMES, resolve
from spelbord.ai.scripted import plans_for
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
    kind, *parts = spec.split(":")
    out = [kind]
    for part in parts:
        try:
            budget = Budget.parse(part)
        except AgentSpecError:
            out.append(part)
            continue
        if budget.seconds is None:
            out.append(part)
        else:
            out.append(str(Budget(seconds=round(budget.seconds * scale, 4))))
    return ":".join(out)


def play_round_robin(
    game: str, games: int, scale: float = 1.0, seed: int = 0, progress: bool = False
) -> dict[str, Any]:
    """Every two entrants play ``games`` games (seats rotating); the stored form."""
    from spelbord.lab.match import run_match

    if games < 1:
        raise LadderError(f"a round robin needs at least one game a pair, got {games}")
    if not 0 < scale <= 10:
        raise LadderError(f"the time scale must be in (0, 10], got {scale}")
    names = entrants(game)
    specs = {name: _spec(game, name, scale) for name in names}
    rows: list[dict[str, Any]] = []
    start = time.perf_counter()
    for k, (a, b) in enumerate(itertools.combinations(names, 2)):
        result = run_match(game, None, [specs[a], specs[b]], games, seed + k, progress=progress)
        for record, seating in zip(result.records, result.seatings, strict=True):
            winners = sorted(record.outcome.winners())
            rows.append(
                {
                    "agents": [(a, b)[entry] for entry in seating],
                    "result": "draw" if not winners else "win",
                    "winners": winners,
                    "moves": len(record.moves),
                }
            )
    return {
        "game": game,
        "games_per_pair": games,
        "scale": scale,
        "seed": seed,
        "specs": specs,
        "seconds": round(time.perf_counter() - start, 1),
        "command": f"spelbord ai levels {game} --run --games {games} --scale {scale:g} "
        f"--seed {seed}",
        "rows": rows,
    }


def _spec(game: str, name: str, scale: float) -> str:
    if name.startswith("level:"):
        return scaled(resolve(game, name.split(":", 1)[1]), scale)
    return name


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


def ratings(game: str) -> dict[str, float]:
    """Each level's stored Elo (levels without a stored round robin are left out)."""
    data = stored(game)
    if data is None:
        return {}
    return {r.name.split(":", 1)[1]: round(r.elo) for r in elo(data) if r.name.startswith("level:")}

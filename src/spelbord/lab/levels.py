"""The round robin of a game's levels and scripted plans, played by the lab.

``play_round_robin(game, games)`` plays the round robin of ``spelbord.ai.ladder``'s
entrants (the levels and the game's scripted plans), every two of them ``games`` games
with seats rotating (a pair's games in up to ``processes`` worker processes), in the form
``spelbord.ai.ladder.store`` keeps in the game's records and ``spelbord.ai.ladder.ratings``
reads (it plays games, so it lives in the lab, above the agents).
"""

from __future__ import annotations

import itertools
import time
from typing import Any

from spelbord.ai import ladder
from spelbord.ai.ladder import LadderError, scaled
from spelbord.ai.levels import levels_of

MAX_PROCESSES = 64
"""The most worker processes a round robin may ask for (one a core is what timed levels
need: more processes than cores slow every timed level's search)."""


def play_round_robin(
    game: str,
    games: int,
    scale: float = 1.0,
    seed: int = 0,
    progress: bool = False,
    processes: int = 1,
) -> dict[str, Any]:
    """Every two entrants play ``games`` games (seats rotating); the stored form.

    ``scale`` multiplies the levels' time budgets (in (0, 10]); a pair's games run in up to
    ``processes`` worker processes (1 to ``MAX_PROCESSES``), the same games as in one,
    since every game's seeds derive from the round robin's seed. A bad ``games``, ``scale``
    or ``processes`` raises ``LadderError`` before any game is played.
    """
    from spelbord.lab.match import run_match

    if games < 1:
        raise LadderError(f"a round robin needs at least one game a pair, got {games}")
    if not 0 < scale <= 10:
        raise LadderError(f"the time scale must be in (0, 10], got {scale}")
    if not 1 <= processes <= MAX_PROCESSES:
        raise LadderError(f"processes must be in 1..{MAX_PROCESSES}, got {processes}")
    names = ladder.entrants(game)  # through the module: a test may replace it
    specs = {name: _spec(game, name, scale) for name in names}
    rows: list[dict[str, Any]] = []
    start = time.perf_counter()
    for k, (a, b) in enumerate(itertools.combinations(names, 2)):
        result = run_match(game, None, [specs[a], specs[b]], games, seed + k, progress, processes)
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
        f"--seed {seed}" + (f" --processes {processes}" if processes > 1 else ""),
        "rows": rows,
    }


def _spec(game: str, name: str, scale: float) -> str:
    """The spec ``name`` plays: a level's own as its game measures it (``Levels.varied``),
    time budget times ``scale``; a plan's name."""
    if name.startswith("level:"):
        declared = levels_of(game)
        assert declared is not None  # the entrants are the levels of a game with levels
        return scaled(declared.measured(name.split(":", 1)[1]), scale)
    return name

"""Levels: ``level:easy|medium|hard|master``, an agent spec resolved per game.

Each game maps the four levels to agent specs (``LEVELS``). ``LevelAgent`` is created
without knowing the game (agent specs are parsed before a game is chosen) and resolves its
spec at its first decision from ``view.game``. ``MEASURED`` keeps the match results that
back the ladder, with the command that produced each; nothing there is estimated.

>>> resolve("gunst", "easy")
'random'
>>> LevelAgent("hard", seed=1).name
'level:hard'
>>> LevelAgent("expert")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
spelbord.ai.budget.AgentSpecError: unknown level 'expert' (levels: easy, medium, hard, master)
"""

from __future__ import annotations

from dataclasses import dataclass

from spelbord.ai.agent import Agent
from spelbord.ai.budget import AgentSpecError
from spelbord.ai.view import SeatView

LEVEL_NAMES = ("easy", "medium", "hard", "master")

LEVELS: dict[str, dict[str, str]] = {
    # Gunst: the strongest agent, the near-equilibrium solver with safe opponent modelling,
    # at hard and master (measured against every scripted plan and its best reply, MEASURED).
    "gunst": {
        "easy": "random",
        "medium": "script:all-in",
        "hard": "gunst-eq",
        "master": "gunst-eq",
    },
    "omringad": {
        "easy": "random",
        "medium": "script:conqueror",
        "hard": "ismcts:1s",
        "master": "ismcts:4s",
    },
    "islandet": {
        "easy": "random",
        "medium": "script:shooter",
        "hard": "mcts:1s",
        "master": "mcts:4s",
    },
    # Coerceo: the alpha-beta engine (``spelbord.games.coerceo.levels``, kept equal by a test).
    "coerceo": {
        "easy": "ab:depth=1",
        "medium": "ab:depth=3",
        "hard": "ab:300ms",
        "master": "ab:2s",
    },
}


@dataclass(frozen=True)
class Measured:
    """One measured match: ``spec`` against ``opponent``, ``score`` of ``games`` for spec;
    ``command`` holds the arguments of ``spelbord match`` that played it."""

    game: str
    spec: str
    opponent: str
    games: int
    score: float
    command: str

    def line(self) -> str:
        pct = 100.0 * self.score / self.games
        return (
            f"{self.spec} vs {self.opponent}: {self.score:g}/{self.games} ({pct:.0f}%)"
            f"   [spelbord match {self.command}]"
        )


MEASURED: tuple[Measured, ...] = (
    Measured(
        "gunst",
        "gunst-eq",
        "script:hoarder",
        40,
        31.0,
        "gunst gunst-eq script:hoarder --games 40 --processes 1 --seed 11",
    ),
    Measured(
        "gunst",
        "gunst-eq",
        "script:banisher",
        40,
        30.5,
        "gunst gunst-eq script:banisher --games 40 --processes 1 --seed 11",
    ),
    Measured(
        "gunst",
        "gunst-eq",
        "script:trickle",
        40,
        40.0,
        "gunst gunst-eq script:trickle --games 40 --processes 1 --seed 11",
    ),
    Measured(
        "gunst",
        "gunst-eq",
        "script:all-in",
        40,
        40.0,
        "gunst gunst-eq script:all-in --games 40 --processes 1 --seed 11",
    ),
    Measured(
        "gunst",
        "gunst-eq",
        "script:deity-rush",
        40,
        40.0,
        "gunst gunst-eq script:deity-rush --games 40 --processes 1 --seed 11",
    ),
    Measured(
        "gunst",
        "gunst-eq",
        "gunst-br",
        20,
        10.5,
        "gunst gunst-br gunst-eq --games 20 --processes 1 --seed 6",
    ),
    Measured(
        "gunst",
        "gunst-eq",
        "gunst-br:mimic=hoard",
        20,
        8.0,
        "gunst gunst-br:mimic=hoard gunst-eq --games 20 --processes 1 --seed 8",
    ),
    Measured(
        "gunst",
        "gunst-eq",
        "gunst-br",
        20,
        6.0,
        "gunst gunst-br gunst-eq --games 20 --processes 1 --seed 7",
    ),
    Measured(
        "gunst",
        "gunst-eq",
        "gunst-br:mimic=hoard",
        20,
        12.0,
        "gunst gunst-br:mimic=hoard gunst-eq --games 20 --processes 1 --seed 9",
    ),
    Measured(
        "gunst",
        "script:all-in",
        "random",
        20,
        17.5,
        "gunst script:all-in random --games 20 --seed 1",
    ),
    Measured(
        "omringad",
        "script:conqueror",
        "random",
        20,
        20.0,
        "omringad script:conqueror random --games 20 --seed 1",
    ),
    Measured(
        "islandet",
        "script:shooter",
        "random",
        20,
        13.0,
        "islandet script:shooter random --games 20 --seed 1",
    ),
    Measured(
        "coerceo",
        "script:material",
        "random",
        10,
        10.0,
        "coerceo script:material random --games 10 --seed 1",
    ),
    Measured(
        "coerceo",
        "ab:depth=3:openings=4",
        "ab:depth=1:openings=4",
        10,
        8.5,
        "coerceo ab:depth=3:openings=4 ab:depth=1:openings=4 --games 10 --processes 1",
    ),
    Measured(
        "coerceo",
        "ab:300ms:openings=4",
        "ab:depth=3:openings=4",
        8,
        8.0,
        "coerceo ab:300ms:openings=4 ab:depth=3:openings=4 --games 8 --processes 1",
    ),
)
"""Real match results behind the ladder (score = wins + draws / 2 for ``spec``), each with
the command that played it (2-core machine shared with other jobs, November 2026). The
levels' Elo ladder (a round robin with intervals) has not been run yet."""


def resolve(game: str, level: str) -> str:
    """The agent spec of ``level`` at ``game`` (``AgentSpecError`` if there is none)."""
    if level not in LEVEL_NAMES:
        raise AgentSpecError(f"unknown level {level!r} (levels: {', '.join(LEVEL_NAMES)})")
    table = LEVELS.get(game)
    if table is None:
        raise AgentSpecError(f"no levels for {game!r} (games: {', '.join(LEVELS)})")
    return table[level]


def ladder(game: str) -> str:
    """The text ``spelbord ai levels GAME`` prints: levels, specs, measured results."""
    if game not in LEVELS:
        raise AgentSpecError(f"no levels for {game!r} (games: {', '.join(LEVELS)})")
    lines = [f"{game} levels:"]
    for level in LEVEL_NAMES:
        lines.append(f"  {level:<7} {LEVELS[game][level]}")
    found = [m for m in MEASURED if m.game == game]
    lines.append("measured (no Elo ladder yet: a round robin has not been run):")
    if found:
        lines.extend(f"  {m.line()}" for m in found)
    else:
        lines.append("  nothing measured yet")
    return "\n".join(lines)


class LevelAgent(Agent):
    """A level, playing as the agent its game's table names (resolved at the first step)."""

    def __init__(self, level: str, seed: int | None = None) -> None:
        if level not in LEVEL_NAMES:
            raise AgentSpecError(f"unknown level {level!r} (levels: {', '.join(LEVEL_NAMES)})")
        self.level = level
        self.name = f"level:{level}"
        self._seed = seed
        self._game: str | None = None
        self._inner: Agent | None = None

    def resolved(self, game: str) -> Agent:
        """The agent this level is at ``game`` (built once; a level plays one game)."""
        if self._inner is None or self._game != game:
            from spelbord.ai.spec import make_agent

            self._inner = make_agent(resolve(game, self.level), self._seed)
            self._game = game
        return self._inner

    def step(self, view: SeatView) -> int:
        return self.resolved(view.game.name).step(view)

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
    # Gunst: the pure near-equilibrium (hard) and the same with opponent modelling (master).
    "gunst": {
        "easy": "random",
        "medium": "script:all-in",
        "hard": "gunst-eq:model=off",
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
        20,
        20.0,
        "gunst gunst-eq script:hoarder --games 20 --seed 11",
    ),
    Measured(
        "gunst",
        "gunst-eq",
        "script:trickle",
        20,
        20.0,
        "gunst gunst-eq script:trickle --games 20 --seed 11",
    ),
    Measured(
        "gunst",
        "gunst-eq",
        "script:all-in",
        20,
        20.0,
        "gunst gunst-eq script:all-in --games 20 --seed 11",
    ),
    Measured(
        "gunst",
        "gunst-eq",
        "script:deity-rush",
        20,
        20.0,
        "gunst gunst-eq script:deity-rush --games 20 --seed 11",
    ),
    Measured(
        "gunst",
        "gunst-eq",
        "script:banisher",
        20,
        20.0,
        "gunst gunst-eq script:banisher --games 20 --seed 11",
    ),
    Measured(
        "gunst",
        "gunst-eq",
        "gunst-br",
        20,
        6.5,
        "gunst gunst-br gunst-eq --games 20 --seed 5",
    ),
    Measured(
        "gunst",
        "gunst-eq",
        "gunst-br:mimic=hoard",
        20,
        0.0,
        "gunst gunst-br:mimic=hoard gunst-eq --games 20 --seed 7",
    ),
    Measured(
        "gunst",
        "gunst-eq",
        "gunst-eq:model=off",
        20,
        14.0,
        "gunst gunst-eq gunst-eq:model=off --games 20 --seed 8",
    ),
    Measured(
        "gunst",
        "gunst-smmcts:2000it",
        "script:hoarder",
        10,
        2.5,
        "gunst gunst-smmcts:2000it script:hoarder --games 10 --seed 1",
    ),
    Measured(
        "gunst",
        "gunst-eq:model=off",
        "script:hoarder",
        20,
        9.0,
        "gunst gunst-eq:model=off script:hoarder --games 20 --seed 11",
    ),
    Measured(
        "gunst",
        "gunst-eq:model=off",
        "gunst-br:model=off",
        20,
        11.0,
        "gunst gunst-br:model=off gunst-eq:model=off --games 20 --seed 6",
    ),
    Measured(
        "gunst",
        "gunst-eq:model=off",
        "script:all-in",
        20,
        20.0,
        "gunst gunst-eq:model=off script:all-in --games 20 --seed 9",
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
        "omringad",
        "ismcts:200ms",
        "ismcts:200ms:history=on",
        10,
        7.0,
        "omringad ismcts:200ms ismcts:200ms:history=on --games 10 --seed 1",
    ),
    Measured(
        "omringad",
        "ismcts:30it:eval=fitted",
        "ismcts:30it",
        8,
        5.0,
        "omringad ismcts:30it:eval=fitted ismcts:30it --games 8 --seed 3",
    ),
    Measured(
        "omringad",
        "ismcts:200ms",
        "script:conqueror",
        6,
        2.0,
        "omringad ismcts:200ms script:conqueror --games 6 --seed 5",
    ),
    Measured(
        "omringad",
        "ismcts:200ms",
        "script:turtle",
        6,
        6.0,
        "omringad ismcts:200ms script:turtle --games 6 --seed 5",
    ),
    Measured(
        "omringad",
        "ismcts:200ms",
        "script:bidder",
        6,
        1.0,
        "omringad ismcts:200ms script:bidder --games 6 --seed 5",
    ),
    Measured(
        "omringad",
        "ismcts:200ms",
        "script:rush",
        6,
        2.0,
        "omringad ismcts:200ms script:rush --games 6 --seed 5",
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
the command that played it (2-core machine shared with other jobs, November 2026; the
Omringad matches at 200 ms a decision ran with the load average near 18, so the search
got about a twentieth of a core: a few iterations a decision). The
levels' Elo ladder comes from the stored round robin (``spelbord.ai.ladder``)."""


INSTANT = 0.5
"""The stated time per move of a level whose agent has no time budget (random, scripted
plans, fixed-depth search) unless ``STATED`` gives one: a bound, since such an agent
usually answers in milliseconds (a scripted Omringad plan took up to 0.12 s of wall-clock
time on the 2-core machine shared with other jobs)."""

STATED: dict[str, dict[str, float]] = {}
"""Stated seconds per move of levels without a time budget that take longer than
``INSTANT`` (checked by ``spelbord bench GAME --levels``)."""


def time_per_move(game: str, level: str) -> float:
    """The time ``level`` states it takes a move at ``game``: its time budget, else
    ``STATED`` or ``INSTANT`` (``spelbord bench GAME --levels`` checks it, +20%).

    >>> time_per_move("omringad", "hard"), time_per_move("omringad", "easy")
    (1.0, 0.5)
    """
    spec = resolve(game, level)
    override = STATED.get(game, {}).get(level)
    if override is not None:
        return override
    from spelbord.ai.budget import Budget

    for part in spec.split(":")[1:]:
        try:
            budget = Budget.parse(part)
        except AgentSpecError:
            continue
        if budget.seconds is not None:
            return budget.seconds
    return INSTANT


def describe(game: str) -> list[dict[str, object]]:
    """The levels of ``game`` as the lobby lists them: the agent spec to ask for
    (``level:NAME``), what it plays as, its stated time per move and its Elo in the stored
    round robin (``None`` when unrated), with the scale of the time budgets it was played
    at (``elo_time_scale``, see ``spelbord.ai.ladder``). No levels: an empty list.

    >>> [d["agent"] for d in describe("islandet")]
    ['level:easy', 'level:medium', 'level:hard', 'level:master']
    """
    if game not in LEVELS:
        return []
    from spelbord.ai.ladder import ratings, stored

    elo = ratings(game)
    data = stored(game)
    scale = None if data is None else data["scale"]
    return [
        {
            "level": level,
            "agent": f"level:{level}",
            "spec": LEVELS[game][level],
            "seconds_per_move": time_per_move(game, level),
            "elo": elo.get(level),
            "elo_time_scale": scale,
        }
        for level in LEVEL_NAMES
    ]


def resolve(game: str, level: str) -> str:
    """The agent spec of ``level`` at ``game`` (``AgentSpecError`` if there is none)."""
    if level not in LEVEL_NAMES:
        raise AgentSpecError(f"unknown level {level!r} (levels: {', '.join(LEVEL_NAMES)})")
    table = LEVELS.get(game)
    if table is None:
        raise AgentSpecError(f"no levels for {game!r} (games: {', '.join(LEVELS)})")
    return table[level]


def ladder(game: str) -> str:
    """The text ``spelbord ai levels GAME`` prints: levels, specs, time per move, the Elo
    ladder of the stored round robin (``spelbord.ai.ladder``) and the measured matches."""
    if game not in LEVELS:
        raise AgentSpecError(f"no levels for {game!r} (games: {', '.join(LEVELS)})")
    from spelbord.ai.ladder import elo, stored

    lines = [f"{game} levels:"]
    for level in LEVEL_NAMES:
        lines.append(
            f"  {level:<7} {LEVELS[game][level]:<24} {time_per_move(game, level):g} s a move"
        )
    data = stored(game)
    if data is None:
        lines.append(f"Elo ladder: not played yet (spelbord ai levels {game} --run)")
    else:
        lines.append(
            f"Elo ladder (Bradley-Terry, 95% bootstrap interval; {len(data['rows'])} games, "
            f"{data['games_per_pair']} a pair, time budgets x{data['scale']:g}, "
            f"{data['seconds']:g} s to play):"
        )
        for rung in elo(data):
            spec = data["specs"].get(rung.name, rung.name)
            shown = rung.name if spec == rung.name else f"{rung.name} ({spec})"
            lines.append(
                f"  {rung.elo:+7.0f}  [{rung.low:+.0f}, {rung.high:+.0f}]  "
                f"{rung.games:>3} games  {shown}"
            )
        lines.append(f"  [{data['command']}]")
    found = [m for m in MEASURED if m.game == game]
    lines.append("measured matches:")
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

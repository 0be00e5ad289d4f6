"""Levels: ``level:easy|medium|hard|master``, an agent spec resolved per game.

Each game maps the four levels to agent specs (``LEVELS``). ``LevelAgent`` is created
without knowing the game (agent specs are parsed before a game is chosen) and resolves its
spec at its first decision from ``view.game``. ``PAIRINGS`` keeps the level-against-level
games behind a game's Elo ladder (``spelbord.lab.levels`` fits it) and ``MEASURED`` other
match results, each with the command that produced it; nothing there is estimated.

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

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from spelbord.ai.agent import Agent
from spelbord.ai.budget import AgentSpecError
from spelbord.ai.spec import AgentGameError, AgentSpec, PerMove, agent_kind, check_agent
from spelbord.ai.view import SeatView

LEVEL_NAMES = ("easy", "medium", "hard", "master")


@dataclass(frozen=True)
class Levels:
    """A game's four levels, each an agent spec, and the seconds a move ``stated`` for
    levels whose spec has no time budget but takes longer than ``INSTANT`` (checked by
    ``spelbord bench GAME --levels``). A game declares its ``Levels`` as its ``levels``
    extra (``spelbord.ai.<game>.levels``).

    >>> Levels("random", "random", "mcts:1s", "mcts:4s").spec("hard")
    'mcts:1s'
    """

    easy: str
    medium: str
    hard: str
    master: str
    stated: Mapping[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for level in LEVEL_NAMES:
            AgentSpec.parse(self.spec(level))
        unknown = set(self.stated) - set(LEVEL_NAMES)
        if unknown:
            raise AgentSpecError(f"stated times of unknown levels: {sorted(unknown)}")
        object.__setattr__(self, "stated", MappingProxyType(dict(self.stated)))

    def spec(self, level: str) -> str:
        spec: str = getattr(self, level)
        return spec

    def as_dict(self) -> dict[str, str]:
        """Level name -> spec, easiest first."""
        return {level: self.spec(level) for level in LEVEL_NAMES}


def levels_of(game: str) -> Levels | None:
    """The levels ``game`` declares (its ``levels`` extra); ``None`` for a game without."""
    from spelbord import games

    if game not in games.names() or not games.has_extra(game, "levels"):
        return None
    found: Levels = games.extra(game, "levels")
    return found


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
    # Gunst: measured at commit f91f68d (gunst-eq with safety4=0.4), 24 November 2026.
    Measured(
        "gunst",
        "gunst-eq",
        "script:hoarder",
        40,
        30.0,
        "gunst gunst-eq script:hoarder --games 40 --processes 1 --seed 41 --no-progress",
    ),
    Measured(
        "gunst",
        "gunst-eq",
        "script:banisher",
        40,
        37.0,
        "gunst gunst-eq script:banisher --games 40 --processes 1 --seed 41 --no-progress",
    ),
    Measured(
        "gunst",
        "gunst-eq",
        "script:trickle",
        40,
        40.0,
        "gunst gunst-eq script:trickle --games 40 --processes 1 --seed 41 --no-progress",
    ),
    Measured(
        "gunst",
        "gunst-eq",
        "script:all-in",
        40,
        40.0,
        "gunst gunst-eq script:all-in --games 40 --processes 1 --seed 41 --no-progress",
    ),
    Measured(
        "gunst",
        "gunst-eq",
        "script:deity-rush",
        40,
        40.0,
        "gunst gunst-eq script:deity-rush --games 40 --processes 1 --seed 41 --no-progress",
    ),
    Measured(
        "gunst",
        "gunst-eq",
        "gunst-br",
        20,
        8.0,
        "gunst gunst-br gunst-eq --games 20 --processes 1 --seed 43 --no-progress",
    ),
    Measured(
        "gunst",
        "gunst-eq",
        "gunst-br:mimic=hoard",
        20,
        7.0,
        "gunst gunst-br:mimic=hoard gunst-eq --games 20 --processes 1 --seed 42 --no-progress",
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
        "omringad",
        "portfolio:1s",
        "script:conqueror",
        40,
        35.5,
        "omringad portfolio:1s script:conqueror --games 40 --seed 41 --processes 1",
    ),
    Measured(
        "omringad",
        "portfolio:1s",
        "script:rush",
        40,
        34.0,
        "omringad portfolio:1s script:rush --games 40 --seed 41 --processes 1",
    ),
    Measured(
        "omringad",
        "portfolio:1s",
        "script:bidder",
        40,
        40.0,
        "omringad portfolio:1s script:bidder --games 40 --seed 41 --processes 1",
    ),
    Measured(
        "omringad",
        "portfolio:1s",
        "script:turtle",
        40,
        40.0,
        "omringad portfolio:1s script:turtle --games 40 --seed 41 --processes 1",
    ),
    Measured(
        "omringad",
        "portfolio:200ms",
        "ismcts:200ms",
        10,
        3.0,
        "omringad portfolio:200ms ismcts:200ms --games 10 --seed 21 --processes 1",
    ),
    Measured(
        "omringad",
        "portfolio:200ms",
        "ismcts:200ms",
        10,
        6.0,
        "omringad portfolio:200ms ismcts:200ms --games 10 --seed 31 --processes 1",
    ),
    Measured(
        "omringad",
        "portfolio:200ms",
        "script:conqueror",
        20,
        13.0,
        "omringad portfolio:200ms script:conqueror --games 20 --seed 23 --processes 1",
    ),
    Measured(
        "omringad",
        "portfolio:200ms",
        "script:rush",
        20,
        13.0,
        "omringad portfolio:200ms script:rush --games 20 --seed 23 --processes 1",
    ),
    Measured(
        "omringad",
        "portfolio:200ms",
        "script:bidder",
        20,
        20.0,
        "omringad portfolio:200ms script:bidder --games 20 --seed 23 --processes 1",
    ),
    Measured(
        "omringad",
        "portfolio:200ms",
        "script:turtle",
        20,
        20.0,
        "omringad portfolio:200ms script:turtle --games 20 --seed 23 --processes 1",
    ),
    Measured(
        "islandet",
        "level:hard",
        "script:shooter",
        14,
        14.0,
        "islandet level:hard script:shooter --games 14 --seed 1811",
    ),
    Measured(
        "islandet",
        "level:hard",
        "script:shooter",
        13,
        13.0,
        "islandet level:hard script:shooter --games 13 --seed 1812",
    ),
    Measured(
        "islandet",
        "level:hard",
        "script:shooter",
        13,
        13.0,
        "islandet level:hard script:shooter --games 13 --seed 1813",
    ),
    Measured(
        "islandet",
        "level:hard",
        "script:block-avoider",
        14,
        14.0,
        "islandet level:hard script:block-avoider --games 14 --seed 1811",
    ),
    Measured(
        "islandet",
        "level:hard",
        "script:block-avoider",
        13,
        13.0,
        "islandet level:hard script:block-avoider --games 13 --seed 1812",
    ),
    Measured(
        "islandet",
        "level:hard",
        "script:block-avoider",
        13,
        13.0,
        "islandet level:hard script:block-avoider --games 13 --seed 1813",
    ),
    Measured(
        "islandet",
        "level:hard",
        "script:pad-hoarder",
        14,
        14.0,
        "islandet level:hard script:pad-hoarder --games 14 --seed 1811",
    ),
    Measured(
        "islandet",
        "level:hard",
        "script:pad-hoarder",
        13,
        13.0,
        "islandet level:hard script:pad-hoarder --games 13 --seed 1812",
    ),
    Measured(
        "islandet",
        "level:hard",
        "script:pad-hoarder",
        13,
        13.0,
        "islandet level:hard script:pad-hoarder --games 13 --seed 1813",
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
    # Issue 17's floor, the engine against today's MCTS at 1 s (90% over 40 games):
    # Laurentius 40 of 40 and Ocius 19 and a draw of 20 (an earlier session's engine, before
    # the endgame tables), then Ocius 20 of 20 with today's (5 min on 2 processes).
    Measured(
        "coerceo", "ab:1s", "mcts:1s", 40, 40.0, "coerceo ab:1s mcts:1s --games 40 --seed 1724"
    ),
    Measured(
        "coerceo",
        "ab:1s",
        "mcts:1s",
        20,
        19.5,
        "coerceo ab:1s mcts:1s --opt variant=ocius --games 20 --seed 1725",
    ),
    Measured(
        "coerceo",
        "ab:1s",
        "mcts:1s",
        20,
        20.0,
        "coerceo ab:1s mcts:1s --opt variant=ocius --games 20 --seed 1726 --processes 2",
    ),
    # Issue 17, with the endgame tables (the ab agent's default), against the plain
    # material engine at equal time: Ocius +4 =16 -0 (29 min wall, load average 1-7 with
    # CI beside it), with tables built by the retrograde pass and resumed from move to
    # move, every 4-tile ending in their scope; with the first tables (never a 4-tile
    # one at 200 ms) the same match gave +2 =18 -0, before any tables +3 =17 -0.
    # Laurentius +10 =0 -0 (7 min, 136 CPU s, run beside the Ocius match).
    Measured(
        "coerceo",
        "ab:200ms:openings=4",
        "ab:200ms:eval=material:openings=4",
        20,
        12.0,
        "coerceo ab:200ms:openings=4 ab:200ms:eval=material:openings=4 --opt variant=ocius"
        " --games 20 --seed 1802 --no-progress",
    ),
    Measured(
        "coerceo",
        "ab:200ms:openings=4",
        "ab:200ms:eval=material:openings=4",
        10,
        10.0,
        "coerceo ab:200ms:openings=4 ab:200ms:eval=material:openings=4 --games 10 --seed 1801"
        " --no-progress",
    ),  # Issue 17, against the class of the public engines (``search=plain``: plain alpha-beta,
    # material only, no contempt; as deep as they go at equal time), at equal time, one
    # process at a time beside other jobs: Ocius 200 ms 15 min; Ocius 1 s 54 min (mean 486
    # plies; the draws are 4-tile endings the tables prove drawn), then 21 min for 8 more
    # games on 2 processes; Laurentius 200 ms 6 min, 1 s 17 min.
    Measured(
        "coerceo",
        "ab:200ms:openings=4",
        "ab:200ms:eval=material:search=plain:openings=4",
        20,
        12.5,
        "coerceo ab:200ms:openings=4 ab:200ms:eval=material:search=plain:openings=4"
        " --opt variant=ocius --games 20 --seed 2001 --no-progress",
    ),
    Measured(
        "coerceo",
        "ab:1s:openings=4",
        "ab:1s:eval=material:search=plain:openings=4",
        8,
        4.5,
        "coerceo ab:1s:openings=4 ab:1s:eval=material:search=plain:openings=4"
        " --opt variant=ocius --games 8 --seed 2101 --no-progress",
    ),
    Measured(
        "coerceo",
        "ab:1s:openings=4",
        "ab:1s:eval=material:search=plain:openings=4",
        8,
        5.0,
        "coerceo ab:1s:openings=4 ab:1s:eval=material:search=plain:openings=4"
        " --opt variant=ocius --games 8 --seed 2103 --processes 2 --no-progress",
    ),
    Measured(
        "coerceo",
        "ab:200ms:openings=4",
        "ab:200ms:eval=material:search=plain:openings=4",
        10,
        10.0,
        "coerceo ab:200ms:openings=4 ab:200ms:eval=material:search=plain:openings=4"
        " --games 10 --seed 2002 --no-progress",
    ),
    Measured(
        "coerceo",
        "ab:1s:openings=4",
        "ab:1s:eval=material:search=plain:openings=4",
        6,
        6.0,
        "coerceo ab:1s:openings=4 ab:1s:eval=material:search=plain:openings=4"
        " --games 6 --seed 2102 --no-progress",
    ),
)
"""Real match results behind the ladder (score = wins + draws / 2 for ``spec``), each with
the command that played it (2-core machine shared with other jobs, November 2026; the
Omringad matches at 200 ms a decision ran with the load average near 18, so the search
got about a twentieth of a core: a few iterations a decision; the ``portfolio`` matches,
issue 11, one process at a time with the load average near 5, 20 games a plan at 1 s took
about 5 minutes each). The ``portfolio:1s`` figures are of the agent with the garrison
conqueror as its default plan (seed 41, four matches at once, load average 4.4 rising to
8, each 40-game match took 9.5 to 10.5 minutes); before it (archer conqueror default,
seeds 21 and 22, 20 games each) it scored 29/40 against the conqueror and the rush, 39/40
against the bidder and 40/40 against the turtle. The ``portfolio:200ms`` figures are of
that earlier agent. Islandet's Hard against each plan at 1 s: 14 + 13 + 13 games, three
plans at once with the load average near 6-7, 12-13 minutes a run. The levels' Elo ladder
comes from the stored round robin (``spelbord.ai.ladder``)."""


@dataclass(frozen=True)
class Pairing:
    """Games between two levels of ``game``: ``wins`` for level ``a``, ``draws`` and
    ``losses``; ``specs`` are the agent specs that played (the levels' own, with varied
    openings so that repeated games differ); ``minutes`` the wall time the games took and
    ``command`` what played them."""

    game: str
    a: str
    b: str
    wins: int
    draws: int
    losses: int
    specs: tuple[str, str]
    minutes: float | None
    command: str

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def scores(self) -> list[float]:
        """``a``'s score in each game (1, 0.5, 0)."""
        return [1.0] * self.wins + [0.5] * self.draws + [0.0] * self.losses

    def line(self) -> str:
        took = f", {self.minutes:g} min" if self.minutes is not None else ""
        return (
            f"{self.a} vs {self.b}: +{self.wins} ={self.draws} -{self.losses}"
            f" ({self.games} games{took})   [spelbord match {self.command}]"
        )


_E, _M, _H, _X = (
    f"{spec}:openings=4" for spec in ("ab:depth=1", "ab:depth=3", "ab:300ms", "ab:2s")
)

PAIRINGS: tuple[Pairing, ...] = (
    Pairing(
        "coerceo",
        "medium",
        "easy",
        7,
        3,
        0,
        (_M, _E),
        None,
        f"coerceo {_M} {_E} --games 10 --processes 1",
    ),
    Pairing(
        "coerceo",
        "medium",
        "easy",
        10,
        0,
        0,
        (_M, _E),
        0.4,
        f"coerceo {_E} {_M} --games 10 --seed 21 --processes 1",
    ),
    Pairing(
        "coerceo",
        "hard",
        "medium",
        8,
        0,
        0,
        (_H, _M),
        None,
        f"coerceo {_H} {_M} --games 8 --processes 1",
    ),
    Pairing(
        "coerceo",
        "hard",
        "medium",
        10,
        0,
        0,
        (_H, _M),
        5.2,
        f"coerceo {_M} {_H} --games 10 --seed 22 --processes 1",
    ),
    Pairing(
        "coerceo",
        "hard",
        "easy",
        6,
        0,
        0,
        (_H, _E),
        3.0,
        f"coerceo {_E} {_H} --games 6 --seed 24 --processes 1",
    ),
    Pairing(
        "coerceo",
        "master",
        "hard",
        6,
        1,
        1,
        (_X, _H),
        36.6,
        f"coerceo {_H} {_X} --games 1 --seed 100+i --processes 1, i = 0..7, the two specs"
        " swapped for odd i (one game a run, so every finished game counts)",
    ),
    Pairing(
        "coerceo",
        "master",
        "hard",
        5,
        0,
        0,
        (_X, _H),
        23.0,
        f"coerceo {_X} {_H} --games 1 --seed 200+i --processes 1, i = 0..4, the two specs"
        " swapped for odd i (the faster core with the endgame term; stopped after five games)",
    ),
)
"""The level-against-level games behind each game's Elo ladder (``spelbord.lab.levels``):
Coerceo's four levels with varied openings (``openings=4``: the first four plies at
random, else two engines at fixed depths would repeat one game), played one process at a
time on the 2-core machine shared with other jobs (November 2026)."""


INSTANT = 0.5
"""The stated time per move of a level whose agent has no time budget (random, scripted
plans, fixed-depth search) unless ``STATED`` gives one: a bound, since such an agent
usually answers in milliseconds (a scripted Omringad plan took up to 0.12 s of wall-clock
time on the 2-core machine shared with other jobs)."""


def time_per_move(game: str, level: str) -> float:
    """The time ``level`` states it takes a move at ``game``: its time budget, else
    ``STATED`` or ``INSTANT`` (``spelbord bench GAME --levels`` checks it, +20%).

    >>> time_per_move("omringad", "hard"), time_per_move("omringad", "easy")
    (1.0, 0.5)
    """
    spec = resolve(game, level)
    found = levels_of(game)
    override = None if found is None else found.stated.get(level)
    if override is not None:
        return override
    seconds = PerMove.of(spec).seconds
    return INSTANT if seconds is None else seconds


def describe(game: str) -> list[dict[str, object]]:
    """The levels of ``game`` as the lobby lists them: the agent spec to ask for
    (``level:NAME``), what it plays as, its stated time per move and its Elo in the stored
    round robin with its 95% interval (``None`` when unrated), with the scale of the time
    budgets it was played at (``elo_time_scale``, see ``spelbord.ai.ladder``). No levels:
    an empty list.

    >>> [d["agent"] for d in describe("islandet")]
    ['level:easy', 'level:medium', 'level:hard', 'level:master']
    """
    if levels_of(game) is None:
        return []
    from spelbord.ai.ladder import ratings, stored

    elo = ratings(game)
    data = stored(game)
    scale = None if data is None else data["scale"]
    return [
        {
            "level": level,
            "agent": f"level:{level}",
            "spec": spec,
            "seconds_per_move": time_per_move(game, level),
            "elo": None if level not in elo else round(elo[level].elo),
            "elo_low": None if level not in elo else round(elo[level].low),
            "elo_high": None if level not in elo else round(elo[level].high),
            "elo_time_scale": scale,
        }
        for level, spec in specs(game).items()
    ]


def specs(game: str) -> dict[str, str]:
    """Each level of ``game`` (easiest first) and the agent spec it plays as; ``{}`` for a
    game without levels.

    >>> specs("omringad")["hard"], specs("chess")
    ('portfolio:1s', {})
    """
    found = levels_of(game)
    return {} if found is None else found.as_dict()


def resolve(game: str, level: str) -> str:
    """The agent spec of ``level`` at ``game`` (``AgentSpecError`` if there is none)."""
    if level not in LEVEL_NAMES:
        raise AgentSpecError(f"unknown level {level!r} (levels: {', '.join(LEVEL_NAMES)})")
    found = levels_of(game)
    if found is None:
        raise AgentGameError(f"no levels for {game!r} (games: {', '.join(games_with_levels())})")
    return found.spec(level)


def games_with_levels() -> list[str]:
    """The registered games that declare levels."""
    from spelbord import games

    return games.games_with("levels")


def ladder(game: str, ratings: dict[str, str] | None = None) -> str:
    """The text ``spelbord ai levels GAME`` prints: levels, specs, time per move, the Elo
    of each level from level-against-level games (``ratings``: level -> text, from
    ``spelbord.lab.levels``), the Elo ladder of the stored round robin of the levels and
    the scripted plans (``spelbord.ai.ladder``) and the measured matches."""
    if levels_of(game) is None:
        raise AgentGameError(f"no levels for {game!r} (games: {', '.join(games_with_levels())})")
    from spelbord.ai.ladder import elo, stored

    lines = [f"{game} levels:"]
    for level in LEVEL_NAMES:
        spec = resolve(game, level)
        rating = (ratings or {}).get(level, "")
        lines.append(
            f"  {level:<7} {spec:<24} {time_per_move(game, level):g} s a move  {rating}".rstrip()
        )
    pairings = [p for p in PAIRINGS if p.game == game]
    if pairings:
        lines.append("level against level:")
        lines.extend(f"  {p.line()}" for p in pairings)
    data = stored(game)
    if data is None:
        lines.append(f"round robin: not played yet (spelbord ai levels {game} --run)")
    else:
        lines.append(
            f"round robin Elo (Bradley-Terry, 95% bootstrap interval; {len(data['rows'])} games, "
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

            self._inner = make_agent(resolve(game, self.level), self._seed, game=game)
            self._game = game
        return self._inner

    def step(self, view: SeatView) -> int:
        return self.resolved(view.game.name).step(view)


def _plays(spec: AgentSpec, game: str) -> None:
    """``AgentGameError`` unless ``game`` has levels and the level's agent plays it."""
    if spec.argument in LEVEL_NAMES:
        check_agent(resolve(game, spec.argument), game)


@agent_kind("level", check=_plays)
def make_level(spec: AgentSpec, seed: int | None = None) -> LevelAgent:
    """``level:NAME``: the level ``NAME`` of whichever game it plays."""
    if spec.argument is None or spec.budget is not None or spec.options:
        raise AgentSpecError(f"a level is level:NAME, got {str(spec)!r}")
    return LevelAgent(spec.argument, seed)

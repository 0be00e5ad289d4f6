"""Levels: ``level:easy|medium|hard|master``, an agent spec resolved per game.

Each game declares its four levels as its ``levels`` extra, a ``Levels`` value
(``spelbord.ai.<game>.levels``). ``LevelAgent`` is created without knowing the game (agent
specs are parsed before a game is chosen) and resolves its spec at its first decision from
``view.game``; given the game, ``make_agent("level:hard", game=...)`` checks it at once.
What was measured of the levels (their Elo, the matches on record) is data, read by
``spelbord.ai.ladder``.

>>> resolve("gunst", "easy")
'script:hoarder'
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

INSTANT = 0.5
"""The stated time per move of a level whose agent has no time budget (random, scripted
plans, fixed-depth search) unless its ``Levels.stated`` gives one: a bound, since such an
agent usually answers in milliseconds (a scripted Omringad plan took up to 0.12 s of
wall-clock time on the 2-core machine shared with other jobs)."""


VARIATIONS = ("openings",)
"""Options a measurement may add to a level's spec so that repeated games differ (a
``Levels.varied``, a pairing's specs): the agent is the same."""


@dataclass(frozen=True)
class Levels:
    """A game's four levels, each an agent spec, and the seconds a move ``stated`` for
    levels whose spec has no time budget but takes longer than ``INSTANT`` (checked by
    ``spelbord bench GAME --levels``).

    ``varied`` is an option (of ``VARIATIONS``) the round robin adds to every level's spec
    where the levels would otherwise play one game again and again (deterministic searches):
    Coerceo's ``openings=4`` varies the first four plies.

    >>> Levels("random", "random", "mcts:1s", "mcts:4s").spec("hard")
    'mcts:1s'
    >>> engine = Levels("ab:depth=1", "ab:depth=3", "ab:300ms", "ab:2s", varied="openings=4")
    >>> engine.measured("hard"), engine.spec("hard")
    ('ab:300ms:openings=4', 'ab:300ms')
    """

    easy: str
    medium: str
    hard: str
    master: str
    stated: Mapping[str, float] = field(default_factory=dict)
    varied: str = ""

    def __post_init__(self) -> None:
        for level in LEVEL_NAMES:
            AgentSpec.parse(self.measured(level))
        unknown = set(self.stated) - set(LEVEL_NAMES)
        if unknown:
            raise AgentSpecError(f"stated times of unknown levels: {sorted(unknown)}")
        option = self.varied.split("=", 1)[0]
        if self.varied and option not in VARIATIONS:
            raise AgentSpecError(f"varied must be one of {VARIATIONS}, got {self.varied!r}")
        object.__setattr__(self, "stated", MappingProxyType(dict(self.stated)))

    def spec(self, level: str) -> str:
        spec: str = getattr(self, level)
        return spec

    def measured(self, level: str) -> str:
        """The spec ``level`` plays in the round robin: its own, ``varied``."""
        return f"{self.spec(level)}:{self.varied}" if self.varied else self.spec(level)

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


def games_with_levels() -> list[str]:
    """The registered games that declare levels."""
    from spelbord import games

    return games.games_with("levels")


def specs(game: str) -> dict[str, str]:
    """Each level of ``game`` (easiest first) and the agent spec it plays as; ``{}`` for a
    game without levels.

    >>> specs("omringad")["hard"], specs("chess")
    ('portfolio:500ms:wide=move', {})
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


def time_per_move(game: str, level: str) -> float:
    """The time ``level`` states it takes a move at ``game``: its time budget, else its
    stated time or ``INSTANT`` (``spelbord bench GAME --levels`` checks it, +20%).

    >>> time_per_move("omringad", "master"), time_per_move("omringad", "easy")
    (2.0, 0.5)
    """
    spec = resolve(game, level)
    found = levels_of(game)
    override = None if found is None else found.stated.get(level)
    if override is not None:
        return override
    seconds = PerMove.of(spec).seconds
    return INSTANT if seconds is None else seconds


def per_move(game: str, level: str) -> PerMove:
    """What ``level`` may spend on a move at ``game``: its spec's budget or depth, else
    its stated time (``Levels.stated``), else nothing (it answers at once).

    >>> str(per_move("gunst", "hard")), str(per_move("gunst", "easy"))
    ('2 s', 'instant')
    """
    from spelbord.ai.budget import Budget

    found = PerMove.of(resolve(game, level))
    declared = levels_of(game)
    stated = None if declared is None else declared.stated.get(level)
    if not found.as_dict() and stated is not None:
        return PerMove(Budget(seconds=stated))
    return found


def quick_levels(game: str) -> tuple[str, ...]:
    """The levels of ``game`` that answer without a clock or an iteration budget (scripted
    plans, fixed-depth search), easiest first: what a quick study plays in place of search
    (``spelbord lab run --fast``).

    >>> quick_levels("islandet"), quick_levels("coerceo"), quick_levels("chess")
    (('easy',), ('easy', 'medium'), ())
    """
    if levels_of(game) is None:
        return ()
    return tuple(level for level in LEVEL_NAMES if per_move(game, level).budget is None)


class LevelAgent(Agent):
    """A level, playing as the agent its game's levels name (resolved at the first step)."""

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

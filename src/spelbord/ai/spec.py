"""Agent specs: the one grammar that names an agent, and the registry of agent kinds.

A spec is ``kind[:budget|:argument][:key=value...]``: ``random``, ``mcts:500ms``,
``ismcts:2000it:cutoff=5``, ``script:hoarder``, ``level:hard``, ``ab:depth=6``. The server,
the lab and the command line read it with ``AgentSpec.parse`` alone, into a frozen value
whose every part is bounded (``MAX_SPEC`` characters, ``MAX_OPTIONS`` options, a budget
of at most ``MAX_SECONDS`` seconds or ``MAX_ITERATIONS`` iterations, names and values of a
few dozen characters); what each option means is the kind's business.

A kind registers itself where it is written (``@agent_kind("gunst-eq", games=("gunst",))``
over a factory of an ``AgentSpec`` and a seed); ``games=None`` is a kind for any game. The
generic kinds live in ``spelbord.ai`` (importing the package registers them); a game's own
kinds live in ``spelbord.ai.<game>`` and are found through the game's ``agents`` extra,
imported the first time a spec needs them. ``make_agent(spec, seed, game=...)`` builds an
agent; given the game it also checks that the agent plays it (``AgentGameError``), so a
seat never gets an agent that would fail at its first move.

>>> str(AgentSpec.parse("ISMCTS:2000it:cutoff=5"))
'ismcts:2000it:cutoff=5'
>>> AgentSpec.parse("mcts:500ms").budget
Budget(seconds=0.5, iterations=None)
>>> AgentSpec.parse("script:hoarder").argument
'hoarder'
>>> make_agent("mcts:500ms", seed=1).name
'mcts:500ms'
>>> make_agent("ismcts:2000it:cutoff=5:c=1.5").name
'ismcts:2000it:c=1.5:cutoff=5'
>>> make_agent("mcts:fast")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
spelbord.ai.budget.AgentSpecError: bad budget 'fast': use seconds (1s, 0.5s), ...
>>> str(PerMove.of("ab:depth=3")), str(PerMove.of("ismcts:4s")), str(PerMove.of("random"))
('3 plies deep', '4 s', 'instant')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeVar

from spelbord.ai.budget import AgentSpecError, Budget

if TYPE_CHECKING:
    from spelbord.ai.agent import Agent

MAX_SPEC = 200
"""The longest spec text."""
MAX_OPTIONS = 8
"""The most ``key=value`` options a spec may carry."""
MAX_SECONDS = Budget.MAX_SECONDS
MAX_ITERATIONS = Budget.MAX_ITERATIONS

KIND = re.compile(r"^[a-z][a-z0-9-]{0,23}$")
ARGUMENT = re.compile(r"^[a-z0-9][a-z0-9._-]{0,31}$")
KEY = re.compile(r"^[a-z][a-z0-9_]{0,15}$")
VALUE = re.compile(r"^[a-z0-9.][a-z0-9._+-]{0,31}$")
_BUDGET_LIKE = re.compile(r"^\d+(\.\d+)?(s|ms|it)$")


class AgentGameError(AgentSpecError):
    """An agent that does not play the game it was given (``gunst-eq`` at Omringad, a plan
    of another game, a level of a game without levels)."""


@dataclass(frozen=True)
class AgentSpec:
    """A parsed spec: its ``kind``, its ``budget`` or its ``argument`` (the word after the
    kind that is not a budget: a plan's or a level's name), and its ``options`` in order.

    >>> AgentSpec.parse("level:hard:x")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    spelbord.ai.budget.AgentSpecError: expected key=value, got 'x' in 'level:hard:x'
    >>> AgentSpec.parse("mcts:99999999s")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    spelbord.ai.budget.AgentSpecError: a time budget is at most 1000000 s, got 99999999.0
    """

    kind: str
    budget: Budget | None = None
    argument: str | None = None
    options: tuple[tuple[str, str], ...] = ()

    @classmethod
    def parse(cls, text: object) -> AgentSpec:
        """Read a spec (case is ignored); ``AgentSpecError`` naming what is wrong."""
        if not isinstance(text, str) or not text.strip():
            raise AgentSpecError(f"an agent spec is a non-empty text, got {text!r}")
        if len(text) > MAX_SPEC:
            raise AgentSpecError(f"an agent spec is at most {MAX_SPEC} characters")
        spec = text.strip().lower()
        kind, *parts = spec.split(":")
        if not KIND.match(kind):
            raise AgentSpecError(f"bad agent kind {kind!r} in {spec!r}")
        budget = argument = None
        if parts and "=" not in parts[0]:
            head = parts.pop(0)
            if _BUDGET_LIKE.match(head):
                budget = Budget.parse(head)
            elif ARGUMENT.match(head):
                argument = head
            else:
                raise AgentSpecError(f"bad part {head!r} in {spec!r}")
        options = []
        for part in parts:
            key, sep, value = part.partition("=")
            if not sep:
                raise AgentSpecError(f"expected key=value, got {part!r} in {spec!r}")
            if not KEY.match(key) or not VALUE.match(value):
                raise AgentSpecError(f"bad option {part!r} in {spec!r}")
            options.append((key, value))
        if len(options) > MAX_OPTIONS:
            raise AgentSpecError(f"at most {MAX_OPTIONS} options in an agent spec: {spec!r}")
        return cls(kind, budget, argument, tuple(options))

    @property
    def parts(self) -> tuple[str, ...]:
        """The texts after the kind, as written (``("1s", "c=2")``)."""
        head = [str(self.budget)] if self.budget is not None else []
        head += [self.argument] if self.argument is not None else []
        return (*head, *(f"{k}={v}" for k, v in self.options))

    def head_budget(self, default: Budget) -> Budget:
        """The budget, ``default`` without one; an argument in its place is a bad budget."""
        if self.argument is not None:
            return Budget.parse(self.argument)  # raises: "bad budget ..."
        return default if self.budget is None else self.budget

    def option(self, key: str) -> str | None:
        """The value of the last ``key=`` option, ``None`` when it is not given."""
        found = None
        for k, v in self.options:
            if k == key:
                found = v
        return found

    def with_budget(self, budget: Budget) -> AgentSpec:
        return replace(self, budget=budget)

    def __str__(self) -> str:
        return ":".join((self.kind, *self.parts))


@dataclass(frozen=True)
class PerMove:
    """What a spec lets its agent spend on a move: its search ``budget`` and its fixed
    search ``depth`` option (``ab:1s:depth=8`` stops at whichever ends first), or
    neither (it answers at once).

    >>> PerMove.of("ab:depth=1:openings=4"), PerMove.of("script:turtle").as_dict()
    (PerMove(budget=None, depth=1), {})
    >>> str(PerMove.of("ab:1s:depth=8")), str(PerMove.of("mcts:200it"))
    ('1 s', '200 iterations')
    """

    budget: Budget | None = None
    depth: int | None = None

    @classmethod
    def of(cls, spec: str | AgentSpec) -> PerMove:
        parsed = spec if isinstance(spec, AgentSpec) else AgentSpec.parse(spec)
        depth = None
        for key, value in parsed.options:
            if key == "depth" and value.isdigit():
                depth = int(value)
                break
        return cls(parsed.budget, depth)

    @property
    def seconds(self) -> float | None:
        """The time budget in seconds (``None`` without one)."""
        return None if self.budget is None else self.budget.seconds

    def as_dict(self) -> dict[str, float]:
        """The bound the lobby shows: ``{"seconds": 0.3}`` or ``{"iterations": 200}`` (a
        budget), else ``{"depth": 3}``, else ``{}``."""
        if self.budget is not None and self.budget.iterations is not None:
            return {"iterations": self.budget.iterations}
        if self.budget is not None and self.budget.seconds is not None:
            return {"seconds": self.budget.seconds}
        return {} if self.depth is None else {"depth": self.depth}

    def __str__(self) -> str:
        """As the lobby says it: ``0.3 s``, ``200 iterations``, ``3 plies deep``, ``instant``."""
        shown = self.as_dict()
        if "seconds" in shown:
            return f"{shown['seconds']:g} s"
        if "iterations" in shown:
            return f"{shown['iterations']:g} iterations"
        if "depth" in shown:
            return f"{shown['depth']:g} {'ply' if shown['depth'] == 1 else 'plies'} deep"
        return "instant"


# ---------------------------------------------------------------------- the registry
Factory = Callable[[AgentSpec, "int | None"], "Agent"]
Check = Callable[[AgentSpec, str], None]
F = TypeVar("F", bound=Callable[..., "Agent"])


@dataclass(frozen=True)
class AgentKind:
    """A registered kind: its ``name``, the ``factory`` of its agents, the ``games`` it
    plays (``None``: any), an extra ``check`` of a spec against a game, and whether it is
    a search that a quick study swaps for a faster agent (``searches``)."""

    name: str
    factory: Factory
    games: tuple[str, ...] | None = None
    check: Check | None = None
    searches: bool = False

    def check_game(self, spec: AgentSpec, game: str) -> None:
        """``AgentGameError`` unless an agent of ``spec`` plays ``game``."""
        if self.games is not None and game not in self.games:
            raise AgentGameError(f"{self.name} plays {', '.join(self.games)}, not {game}")
        if self.check is not None:
            self.check(spec, game)


_KINDS: dict[str, AgentKind] = {}
_LOADED: set[str] = set()


def agent_kind(
    name: str,
    games: tuple[str, ...] | None = None,
    *,
    check: Check | None = None,
    searches: bool = False,
) -> Callable[[F], F]:
    """Decorator: register the factory below as the kind ``name`` (see the module)."""
    if not KIND.match(name):
        raise ValueError(f"bad agent kind name {name!r}")

    def register(factory: F) -> F:
        existing = _KINDS.get(name)
        if existing is not None and existing.factory is not factory:
            raise ValueError(f"agent kind {name!r} is already registered")
        _KINDS[name] = AgentKind(name, factory, games, check, searches)
        return factory

    return register


def load_game_agents(game: str | None = None) -> None:
    """Import the ``agents`` extra of ``game`` (``None``: of every registered game), once:
    it registers the game's own kinds and plans."""
    from spelbord import games as registry

    for name in [game] if game is not None else registry.games_with("agents"):
        if name not in _LOADED and registry.has_extra(name, "agents"):
            registry.extra(name, "agents")
            _LOADED.add(name)


def kinds() -> list[str]:
    """Every kind, generic ones first, then each game's (all loaded)."""
    load_game_agents()
    return list(_KINDS)


def kind_of(name: str, game: str | None = None) -> AgentKind:
    """The kind ``name``, loading the game's own kinds (or every game's) when needed."""
    if name not in _KINDS and game is not None:
        load_game_agents(game)
    if name not in _KINDS:
        load_game_agents()
    try:
        return _KINDS[name]
    except KeyError:
        raise AgentSpecError(f"unknown agent {name!r} (agents: {', '.join(_KINDS)})") from None


def searching_kinds() -> list[str]:
    """The kinds that search (a quick study plays a faster agent in their place)."""
    return [name for name in kinds() if _KINDS[name].searches]


def check_agent(spec: str | AgentSpec, game: str) -> AgentSpec:
    """The parsed spec, if an agent of it plays ``game`` (else ``AgentSpecError``, or
    ``AgentGameError`` when it parses but plays another game); builds no agent."""
    parsed = spec if isinstance(spec, AgentSpec) else AgentSpec.parse(spec)
    kind_of(parsed.kind, game).check_game(parsed, game)
    return parsed


def make_agent(spec: str | AgentSpec, seed: int | None = None, *, game: str | None = None) -> Agent:
    """The agent ``spec`` names, seeded with ``seed`` (``None``: unseeded); with ``game``
    also checked to play it (``AgentGameError``)."""
    parsed = spec if isinstance(spec, AgentSpec) else AgentSpec.parse(spec)
    kind = kind_of(parsed.kind, game)
    if game is not None:
        kind.check_game(parsed, game)
    return kind.factory(parsed, seed)


def registered() -> Iterator[AgentKind]:
    """Every kind registered so far, in order (for listings and tests)."""
    yield from _KINDS.values()


__all__ = [
    "AgentGameError",
    "AgentKind",
    "AgentSpec",
    "AgentSpecError",
    "PerMove",
    "agent_kind",
    "check_agent",
    "kind_of",
    "kinds",
    "load_game_agents",
    "make_agent",
    "searching_kinds",
]

"""What a game offers beside its rules, declared by dotted path and resolved lazily, once.

A game lists its extras on its ``Game`` class (``extras = Extras(...)``). Each entry is a
*dotted path*, ``"package.module:attribute"`` (or ``"package.module"`` for a whole module),
never an import: the rules never import what is built on them (an engine, puzzles, an
agent), and nothing is loaded before it is used. ``resolve`` imports a path the first time
it is asked for and keeps the answer; ``spelbord.core.registry.extra(game, key)`` finds a
game's extra by its key and names the games that have it when the game has none.

The keys, and what each path names (the layer that uses it in brackets):

- ``study``: a ``Study`` of the analysis board and the puzzles, each the path of a
  zero-argument factory of an ``Analyser`` / a ``PuzzleBook`` (``core.study``) [server, cli];
- ``facts``: a function of a state to a flat dict, ``State.game_facts`` [lab];
- ``evaluations``: name -> a function of a state to per-seat values in [-1, 1], the
  cut-off evaluations an agent may ask for by name (``eval=fitted``) [ai];
- ``tools``: the paths of the game's ``core.tools.Tool`` values [cli, server];
- ``agents``: the module that registers the game's own agent kinds and scripted plans
  (``spelbord.ai.spec.agent_kind``) [ai];
- ``levels``: the game's AI levels, a ``spelbord.ai.levels.Levels`` [ai, server];
- ``studies``: the game's lab data and studies (``spelbord.lab.gamedata``): the package
  whose ``*.toml`` files are the game's built-in lab studies and whose ``lab.toml`` is its
  lab data (bounds, choices, variants, studies of a kind), or the path of a mapping of lab
  data [lab];
- ``tuner``: a function of the remaining command-line arguments, the game's weight tuner
  or fitter (``spelbord lab tune GAME ...``; it plays games, so it lives in
  ``spelbord.ai.<game>``, not in the lab, which names no game) [cli];
- ``encoder``: a ``core.encoding.Encoder`` subclass, the fixed-shape tensor of a seat's
  observation [interop];
- ``bench``: a ``Bench`` of the game's own rows in ``spelbord bench GAME`` (the path of a
  function of the game and a time budget to lines of text) and its seats in the lab's
  benchmark workload [cli, lab].

>>> extras = Extras(facts="json:dumps", evaluations={"plain": "json:loads"})
>>> extras.declared()
['evaluations', 'facts']
>>> resolve(extras.facts)({"a": 1})
'{"a": 1}'
>>> Extras(facts="no spaces allowed")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
spelbord.core.extras.ExtraDeclarationError: facts: 'no spaces allowed' is not a dotted path ...
>>> resolve("json:no_such_thing")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
spelbord.core.extras.ExtraDeclarationError: json:no_such_thing: module json has no ...
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any

from spelbord.core.errors import SpelbordError

DOTTED = re.compile(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*(:[A-Za-z_]\w*(\.[A-Za-z_]\w*)*)?$")
"""``package.module`` or ``package.module:attribute`` (an attribute may be dotted)."""


class ExtraDeclarationError(SpelbordError):
    """An extra declared wrongly: not a dotted path, or a path that does not resolve."""


class NoExtraError(SpelbordError):
    """A game without the extra asked for (the message names the games that have it)."""


def _check(key: str, path: object) -> str:
    if not isinstance(path, str) or not DOTTED.match(path):
        raise ExtraDeclarationError(
            f"{key}: {path!r} is not a dotted path ('package.module:attribute')"
        )
    return path


_RESOLVED: dict[str, Any] = {}


def resolve(path: str) -> Any:
    """The object at ``path`` (``package.module:attribute``, or a module), imported the
    first time and kept."""
    try:
        return _RESOLVED[path]
    except KeyError:
        pass
    module_name, _, attribute = _check("path", path).partition(":")
    found: Any = importlib.import_module(module_name)
    for part in attribute.split(".") if attribute else ():
        try:
            found = getattr(found, part)
        except AttributeError:
            raise ExtraDeclarationError(
                f"{path}: module {module_name} has no {attribute!r}"
            ) from None
    _RESOLVED[path] = found
    return found


@dataclass(frozen=True)
class Study:
    """A game's study features: the paths of its ``Analyser`` and ``PuzzleBook`` factories
    (``core.study``); ``None`` where the game has none.

    >>> Study().features()
    []
    >>> Study(puzzles="spelbord.games.coerceo.study:CoerceoPuzzles").features()
    ['puzzles']
    """

    analysis: str | None = None
    puzzles: str | None = None

    def __post_init__(self) -> None:
        for name in ("analysis", "puzzles"):
            if getattr(self, name) is not None:
                _check(f"study.{name}", getattr(self, name))

    def features(self) -> list[str]:
        """The features offered, as the pages name them (``analysis``, ``puzzles``)."""
        return [name for name in ("analysis", "puzzles") if getattr(self, name) is not None]


@dataclass(frozen=True)
class Bench:
    """A game's part in the benchmarks: ``rows``, the path of a function
    ``(game, seconds) -> lines`` that ``spelbord bench GAME`` prints after the figures
    every game gets (its engine's speed ...), and ``lab_seats``, the agent specs of the
    game's arm in ``spelbord bench lab`` (none: its ``level:medium`` at every seat, or
    ``random`` for a game without levels)."""

    rows: str | None = None
    lab_seats: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.rows is not None:
            _check("bench.rows", self.rows)
        if not all(isinstance(s, str) and s for s in self.lab_seats):
            raise ExtraDeclarationError(f"bench.lab_seats: agent specs, got {self.lab_seats!r}")
        object.__setattr__(self, "lab_seats", tuple(self.lab_seats))

    def declared(self) -> bool:
        return self.rows is not None or bool(self.lab_seats)


@dataclass(frozen=True)
class Extras:
    """Everything a game declares beside its rules (see the module for each key)."""

    study: Study = field(default_factory=Study)
    facts: str | None = None
    evaluations: Mapping[str, str] = field(default_factory=dict)
    tools: tuple[str, ...] = ()
    agents: str | None = None
    levels: str | None = None
    studies: str | None = None
    tuner: str | None = None
    encoder: str | None = None
    bench: Bench = field(default_factory=Bench)

    def __post_init__(self) -> None:
        for key in ("facts", "agents", "levels", "studies", "tuner", "encoder"):
            if getattr(self, key) is not None:
                _check(key, getattr(self, key))
        for name, path in self.evaluations.items():
            _check(f"evaluations[{name!r}]", path)
        for path in self.tools:
            _check("tools", path)
        # Frozen all the way down: no one changes a game's declaration after the fact.
        object.__setattr__(self, "evaluations", MappingProxyType(dict(self.evaluations)))
        object.__setattr__(self, "tools", tuple(self.tools))

    def declared(self) -> list[str]:
        """The keys this game declares, sorted."""
        out = []
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Study):
                has = bool(value.features())
            elif isinstance(value, Bench):
                has = value.declared()
            else:
                has = bool(value)
            if has:
                out.append(f.name)
        return sorted(out)

    def paths(self) -> list[str]:
        """Every dotted path declared (for a test that each resolves)."""
        single = ("facts", "agents", "levels", "studies", "tuner", "encoder")
        out = [self.study.analysis, self.study.puzzles, self.bench.rows]
        out += [getattr(self, key) for key in single]
        out += [*self.evaluations.values(), *self.tools]
        return [p for p in out if p]


KEYS: tuple[str, ...] = tuple(f.name for f in fields(Extras))
"""Every key an ``Extras`` has."""

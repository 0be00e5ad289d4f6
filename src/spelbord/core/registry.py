"""The registry of games: names to game classes, and each game's extras.

A game registers itself when its package is imported (``@register``);
``spelbord.games`` imports every game package, so use ``spelbord.games.load``. What a game
offers beside its rules is found here too, by key (``core.extras``): ``extra(name, key)``
resolves it, ``games_with(key)`` lists the games that have one, and a game without it is a
``NoExtraError`` that names those games.
"""

from __future__ import annotations

import sys
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, TypeVar

from spelbord.core.errors import UnknownGameError
from spelbord.core.extras import KEYS, Extras, NoExtraError, resolve
from spelbord.core.game import Game
from spelbord.core.info import GameInfo
from spelbord.core.study import Analyser, NoStudyError, PuzzleBook, Study
from spelbord.core.tools import Tool

G = TypeVar("G", bound=type[Game])

_GAMES: dict[str, type[Game]] = {}


def register(game_class: G) -> G:
    """Class decorator: make ``game_class`` loadable by its ``info.name``."""
    name = game_class.info.name
    existing = _GAMES.get(name)
    if existing is not None and existing is not game_class:
        raise ValueError(f"game {name!r} is already registered by {existing.__qualname__}")
    _GAMES[name] = game_class
    return game_class


def names() -> list[str]:
    """Registered game names, sorted."""
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(names()) or "none"
        raise UnknownGameError(f"no game named {name!r} (games: {known})") from None


def info(name: str) -> GameInfo:
    return game_class(name).info


def load(name: str, **options: Any) -> Game:
    """A game with the given options (the others at their defaults)."""
    return game_class(name)(**options)


def extras(name: str) -> Extras:
    """What the game declares beside its rules (``UnknownGameError`` for an unknown name)."""
    return game_class(name).extras


DOCUMENTS = "rules"
"""The folder of a game's package holding its rules documents (``spelbord.rulebook``)."""


def documents(name: str) -> Traversable | None:
    """The folder ``rules/`` of the package that defines the game (its resources, found
    with ``importlib.resources``, so an installed wheel has it too; it may not exist);
    ``None`` for a game defined in a module outside any package.

    >>> import spelbord.games
    >>> documents("coerceo").joinpath("reference.en.md").is_file()
    True
    """
    module = sys.modules[game_class(name).__module__]
    package = module.__name__ if hasattr(module, "__path__") else module.__package__
    if not package:
        return None
    return resources.files(package).joinpath(DOCUMENTS)


def games_with(key: str) -> list[str]:
    """The registered games that declare the extra ``key``, sorted."""
    if key not in KEYS:
        raise ValueError(f"no extra {key!r} (extras: {', '.join(KEYS)})")
    return [n for n in names() if key in extras(n).declared()]


def has_extra(name: str, key: str) -> bool:
    """Whether the game declares the extra ``key``."""
    return key in extras(name).declared()


def extra(name: str, key: str) -> Any:
    """The game's extra ``key`` resolved (imported once): for ``facts``, ``agents``,
    ``levels``, ``studies``, ``tuner`` and ``encoder`` what the path names; ``NoExtraError``
    naming the games that have one when the game declares none (``study``, ``tools``,
    ``evaluations`` and ``bench`` have accessors of their own)."""
    if key not in ("facts", "agents", "levels", "studies", "tuner", "encoder"):
        raise ValueError(f"extra({key!r}): use the accessor of {key!r}")
    path = getattr(extras(name), key)
    if path is None:
        having = ", ".join(games_with(key)) or "none"
        raise NoExtraError(f"{name} has no {key} (games with one: {having})")
    return resolve(path)


def evaluation(name: str, evaluation_name: str) -> Any:
    """The game's cut-off evaluation ``evaluation_name`` (a function of a state);
    ``NoExtraError`` naming the games that have one by that name."""
    path = extras(name).evaluations.get(evaluation_name)
    if path is None:
        having = [n for n in names() if evaluation_name in extras(n).evaluations]
        raise NoExtraError(
            f"{name} has no evaluation {evaluation_name!r} "
            f"(games with one: {', '.join(having) or 'none'})"
        )
    return resolve(path)


def tools(name: str) -> tuple[Tool, ...]:
    """The game's tools (``core.tools``), resolved once; ``()`` for a game without."""
    return tuple(resolve(path) for path in extras(name).tools)


def study(name: str) -> Study:
    """What the game offers for study (``UnknownGameError`` for an unknown name)."""
    return extras(name).study


FEATURE_NAMES = {
    "analysis": ("analysis board", "an analysis board"),
    "puzzles": ("puzzles", "puzzles"),
}


def require_study(name: str, feature: str) -> None:
    """``NoStudyError`` (naming the games that have it) unless the game offers ``feature``."""
    if feature not in study(name).features():
        noun, with_article = FEATURE_NAMES[feature]
        having = ", ".join(n for n in names() if feature in study(n).features()) or "none"
        raise NoStudyError(f"{name} offers no {noun} (games with {with_article}: {having})")


def analyser(name: str) -> Analyser:
    """The game's analysis board (``NoStudyError`` naming the games that have one)."""
    require_study(name, "analysis")
    path = study(name).analysis
    assert path is not None
    made: Analyser = resolve(path)()
    return made


def puzzle_book(name: str) -> PuzzleBook:
    """The game's puzzles (``NoStudyError`` naming the games that have them)."""
    require_study(name, "puzzles")
    path = study(name).puzzles
    assert path is not None
    made: PuzzleBook = resolve(path)()
    return made

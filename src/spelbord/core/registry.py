"""The registry of games: names to game classes.

A game registers itself when its package is imported (``@register``);
``spelbord.games`` imports every game package, so use ``spelbord.games.load``.
"""

from __future__ import annotations

from typing import Any, TypeVar

from spelbord.core.errors import UnknownGameError
from spelbord.core.game import Game
from spelbord.core.info import GameInfo
from spelbord.core.study import Analyser, NoStudyError, PuzzleBook, Study

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


def study(name: str) -> Study:
    """What the game offers for study (``UnknownGameError`` for an unknown name)."""
    return game_class(name).study


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
    factory = study(name).analysis
    assert factory is not None
    return factory()


def puzzle_book(name: str) -> PuzzleBook:
    """The game's puzzles (``NoStudyError`` naming the games that have them)."""
    require_study(name, "puzzles")
    factory = study(name).puzzles
    assert factory is not None
    return factory()

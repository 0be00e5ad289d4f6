"""The registry of games: names to game classes.

A game registers itself when its package is imported (``@register``);
``spelbord.games`` imports every game package, so use ``spelbord.games.load``.
"""

from __future__ import annotations

from typing import Any, TypeVar

from spelbord.core.errors import UnknownGameError
from spelbord.core.game import Game
from spelbord.core.info import GameInfo

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

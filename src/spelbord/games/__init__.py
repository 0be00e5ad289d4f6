"""The registered games. Importing this package registers every game.

A game is a package that registers its ``Game`` when imported (``@register``) and is named
by one line in the entry-point group ``spelbord.games`` of its distribution's
``pyproject.toml`` (``omringad = "spelbord.games.omringad"``): that line is the registry,
so nothing else names a game. A game shipped in another distribution registers the same
way; ``discover()`` imports the packages of entry points installed since.

>>> from spelbord import games
>>> "coerceo" in games.names()
True
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points

from spelbord.core.registry import (
    evaluation,
    extra,
    extras,
    game_class,
    games_with,
    has_extra,
    info,
    load,
    names,
    study,
    tools,
)

ENTRY_POINTS = "spelbord.games"
"""The entry-point group whose entries are game packages."""

_IMPORTED: dict[str, str] = {}


def packages() -> dict[str, str]:
    """Entry name -> game package, for every game installed (sorted by name)."""
    found = {ep.name: ep.value for ep in entry_points(group=ENTRY_POINTS)}
    return dict(sorted(found.items()))


def discover() -> list[str]:
    """Import every installed game package not imported yet (each registers its game);
    the names of the games registered."""
    found = packages()
    if not found:
        raise ImportError(
            f"no games: the entry points {ENTRY_POINTS!r} of spelbord are not installed "
            "(reinstall it: make install, or pip install -e .)"
        )
    for name, package in found.items():
        if name not in _IMPORTED:
            importlib.import_module(package)
            _IMPORTED[name] = package
    return names()


discover()

__all__ = [
    "ENTRY_POINTS",
    "discover",
    "evaluation",
    "extra",
    "extras",
    "game_class",
    "games_with",
    "has_extra",
    "info",
    "load",
    "names",
    "packages",
    "study",
    "tools",
]

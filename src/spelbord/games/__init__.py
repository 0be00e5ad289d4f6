"""The registered games. Importing this package registers every game.

>>> from spelbord import games
>>> "coerceo" in games.names()
True
"""

from __future__ import annotations

import importlib

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

# Each entry is a subpackage that registers its game when imported.
GAME_PACKAGES: tuple[str, ...] = ("coerceo", "gunst", "islandet", "omringad")

for _package in GAME_PACKAGES:
    importlib.import_module(f"{__name__}.{_package}")

__all__ = [
    "GAME_PACKAGES",
    "evaluation",
    "extra",
    "extras",
    "game_class",
    "games_with",
    "has_extra",
    "info",
    "load",
    "names",
    "study",
    "tools",
]

"""The extra game of the tests, registered through exactly the documented steps.

``docs/architecture.md`` ("Adding a game") names three places: the game's package (its
``Game`` with ``@register`` and its ``extras``), one registry line (an entry point in the
group ``spelbord.games``) and its tests. The fixture ``tests/fixtures/extra_game`` is such
a game, Rutor, shipped as another distribution would ship it: the package ``rutor/`` and
its installed metadata ``rutor-1.0.dist-info/entry_points.txt`` with the one line
``rutor = rutor``. ``registered()`` installs it the way an installation does (its folder on
the import path), lets ``spelbord.games.discover()`` find it, and afterwards leaves the
registries as they were, so no other test sees a fifth game.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

FOLDER = Path(__file__).parent / "fixtures" / "extra_game"
NAME = "rutor"


@contextmanager
def registered() -> Iterator[str]:
    """Rutor registered for the duration (its name); afterwards everything it brought
    (its game, its agent kinds, the modules and paths it resolved) is gone again."""
    from spelbord import games
    from spelbord.ai import spec
    from spelbord.core import extras, registry

    assert NAME not in games.names()
    path = list(sys.path)
    sys.path.insert(0, str(FOLDER))
    importlib.invalidate_caches()
    try:
        assert NAME in games.discover(), "the entry point was not found"
        yield NAME
    finally:
        registry._GAMES.pop(NAME, None)
        games._IMPORTED.pop(NAME, None)
        spec._LOADED.discard(NAME)
        for kind in [k for k in spec.registered() if k.factory.__module__.startswith(NAME)]:
            del spec._KINDS[kind.name]
        for key in [p for p in extras._RESOLVED if p.split(".")[0].split(":")[0] == NAME]:
            del extras._RESOLVED[key]
        sys.path[:] = path
        for module in [m for m in sys.modules if m == NAME or m.startswith(NAME + ".")]:
            del sys.modules[module]

"""Fixtures of the lab's tests: ``race`` registers the test game ``lab-race``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from spelbord.core import registry
from spelbord.lab import gamedata

from .racegame import Race


@pytest.fixture
def race(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The name of the registered test game ``lab-race`` (unregistered afterwards)."""
    monkeypatch.setitem(registry._GAMES, Race.info.name, Race)
    gamedata._cached.cache_clear()
    yield Race.info.name
    gamedata._cached.cache_clear()

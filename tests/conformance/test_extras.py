"""Every extra every registered game declares resolves to what its key promises."""

from __future__ import annotations

import pytest

from spelbord import games
from spelbord.core import registry
from spelbord.core.extras import resolve
from spelbord.core.tools import Tool


@pytest.mark.parametrize("name", games.names())
def test_every_declared_path_resolves(name: str) -> None:
    extras = registry.extras(name)
    for path in extras.paths():
        assert resolve(path) is not None, path
    for tool in registry.tools(name):
        assert isinstance(tool, Tool)
    for key in ("facts", "encoder", "bench"):
        if key in extras.declared() and key != "bench":
            assert callable(registry.extra(name, key))
    for evaluation in extras.evaluations:
        assert callable(registry.evaluation(name, evaluation))


@pytest.mark.parametrize("name", registry.games_with("study"))
def test_study_factories_make_what_the_protocols_ask(name: str) -> None:
    features = registry.study(name).features()
    if "analysis" in features:
        board = registry.analyser(name)
        assert all(callable(getattr(board, m)) for m in ("parse", "text", "analyse"))
    if "puzzles" in features:
        book = registry.puzzle_book(name)
        assert all(callable(getattr(book, m)) for m in ("all", "get", "check"))

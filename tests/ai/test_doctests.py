"""The agents' docstring examples run (the suite collects doctests under core and games
only; the lab's run in ``tests/lab/test_doctests.py``)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import spelbord.ai

MODULES = sorted(info.name for info in pkgutil.walk_packages(spelbord.ai.__path__, "spelbord.ai."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


def test_the_agents_have_examples() -> None:
    # the examples the suite runs are there: a walk that found no module would pass above
    attempted = sum(
        doctest.testmod(importlib.import_module(name), report=False).attempted
        for name in ("spelbord.ai.levels", "spelbord.ai.ladder")
    )
    assert attempted >= 10

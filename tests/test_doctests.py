"""The docstring examples of the agents and the lab run (the suite collects doctests under
core and games only, ``pyproject.toml``'s ``testpaths``)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import spelbord.ai
import spelbord.lab

OPTIONAL = ("spelbord.lab.ray_exec",)
"""Modules that need an optional dependency (Ray)."""

MODULES = sorted(
    info.name
    for package in (spelbord.ai, spelbord.lab)
    for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")
    if info.name not in OPTIONAL
)


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

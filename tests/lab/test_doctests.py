"""The lab's docstring examples run (the suite collects doctests under core and games
only)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import spelbord.lab

MODULES = sorted(
    name
    for _, name, _ in pkgutil.iter_modules(spelbord.lab.__path__, "spelbord.lab.")
    if name.rsplit(".", 1)[1] not in ("ray_exec",)  # needs the optional Ray
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0

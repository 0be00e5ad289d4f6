"""The runnable examples in the docstrings of the players, ratings and tournament modules."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from spelbord.server.players import accounts, ratings
from spelbord.server.tournaments import plan, protocol


@pytest.mark.parametrize("module", [accounts, ratings, plan, protocol], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0

"""The runnable examples in the server modules' docstrings."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from spelbord.server import bench, errors, ids
from spelbord.server.cluster import bus
from spelbord.server.tables import live, protocol, records, results, timecontrol, views, workers
from spelbord.server.web import pages


@pytest.mark.parametrize(
    "module",
    [workers, errors, pages, protocol, records, results, timecontrol, views, live, bus, bench, ids],
    ids=lambda m: m.__name__,
)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0

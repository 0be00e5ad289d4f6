"""Fixtures shared by the game tests: the browser of the renderer tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.webrender import chromium, require_browser


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium for the ``test_web_renderer`` files (skipped without it, but in CI)."""
    require_browser()
    with chromium() as browser:
        yield browser

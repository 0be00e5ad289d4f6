"""The odds of a live battle in the Omringad renderer's battle panel (odds.js, battle.js):
drawn from the VIEW's ``tools.odds``, which the server computes from the seat's own
observation (R80: every unit of a battle is shown to all)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.games.omringad.positions import battle_at
from tests.webrender import Renderer, show, view_of

from spelbord.core.registry import tools
from spelbord.core.tools import live_tools

RENDERER = Renderer("omringad")
pytestmark = pytest.mark.browser


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    with RENDERER.page(browser, 1200, 900) as page:
        yield page


def test_the_battle_panel_shows_the_odds_from_here(page: Any) -> None:
    """R41, R47: M against M, each way 635/1331 = 47.71%, nobody left 4.58%."""
    st = battle_at("A c3", [(1, "M"), (0, "M")])
    view = view_of(st, 1)
    view["tools"] = live_tools(tools("omringad"), view["observation"])
    show(page, view)
    box = page.locator(".om-battle .om-odds-live")
    assert box.count() == 1
    rows = box.locator("tr[data-outcome]")
    texts = [rows.nth(i).inner_text() for i in range(rows.count())]
    assert any("Ivory wins (attacker)" in t and "47.71%" in t for t in texts), texts
    assert any("Nobody is left" in t and "4.58%" in t for t in texts), texts
    assert "Battle calculator" in box.inner_text()


def test_no_odds_without_the_views_tools(page: Any) -> None:
    st = battle_at("A c3", [(1, "M"), (0, "M")])
    show(page, view_of(st, 0))  # an older server's VIEW: no tools
    assert page.locator(".om-battle").count() == 1
    assert page.locator(".om-odds-live").count() == 0

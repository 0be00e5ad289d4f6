"""The Coerceo web renderer in a real browser: the board names its tiles as the notation
does (R16), and the pieces stand out from their fields (WCAG AA, 3:1 for graphics)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from tests.webrender import ROOT, Renderer, show, view_of

from spelbord.games.coerceo import notation
from spelbord.games.coerceo.game import CoerceoGame

RENDERER = Renderer("coerceo")
STYLE = ROOT / "src" / "spelbord" / "games" / "coerceo" / "web" / "style.css"


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    with RENDERER.page(browser, 900, 900) as page:
        yield page


@pytest.mark.browser
def test_r16_every_tile_shows_its_notation_name(page: Any) -> None:
    state = CoerceoGame().new_initial_state()
    show(page, view_of(state, 0))
    shown = page.evaluate(
        "[...document.querySelectorAll('.cb-tile')].map(t => [t.dataset.tile,"
        " t.querySelector('.cb-coord').textContent])"
    )
    assert len(shown) == 19  # Laurentius: every tile
    for tile, name in shown:
        x, y = (int(n) for n in tile.split(","))
        assert name == notation.tile_name(x, y)
    # a legal move's text names fields on tiles the board labels
    first = state.action_to_string(state.legal_actions()[0])
    assert first.split(":")[0] in {name for _, name in shown}


def _luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two #rrggbb colours."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _colour(css: str, selector: str, prop: str) -> str:
    match = re.search(re.escape(selector) + r"\s*\{[^}]*?" + prop + r":\s*(#[0-9a-fA-F]{6})", css)
    assert match, f"{selector} has no {prop}"
    return match.group(1)


def test_pieces_contrast_with_their_fields_wcag_aa() -> None:
    """White pieces stand on light fields (odd), black pieces on dark fields (even): each
    piece's rim has at least the 3:1 contrast WCAG AA asks of graphical objects."""
    css = STYLE.read_text(encoding="utf-8")
    light = _colour(css, ".cb-field-1", "fill")
    dark = _colour(css, ".cb-field-0", "fill")
    white_rim = _colour(css, ".piece-white .piece-outline", "stroke")
    black_rim = _colour(css, ".piece-black .piece-outline", "stroke")
    assert contrast(white_rim, light) >= 3
    assert contrast(black_rim, dark) >= 3
    assert contrast("#ffffff", "#000000") == pytest.approx(21)

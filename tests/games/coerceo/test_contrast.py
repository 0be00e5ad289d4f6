"""WCAG AA contrast of the Coerceo board's colours, read from the web renderer's own CSS.

A Coerceo piece always stands on a field of its own colour, so each facet of a piece must
stand out from that field by 3:1 (WCAG 1.4.11, graphical objects), and so must the target
marks on either field; the coordinates and panel texts are text (4.5:1).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

RENDERER = Path(__file__).parents[3] / "src/spelbord/games/coerceo/web/renderer.js"
CSS = RENDERER.read_text(encoding="utf-8")
PAGE = "#13171c"  # the page behind the board (server/static/spelbord.css --bg)


def fill(selector: str, prop: str = "fill") -> str:
    """The ``prop`` colour that the renderer's style sheet gives ``selector``."""
    pattern = re.escape(selector) + r"\s*\{[^}]*?\b" + prop + r":\s*(#[0-9a-fA-F]{6})"
    found = re.search(pattern, CSS)
    assert found, f"no {prop} colour for {selector} in {RENDERER.name}"
    return found.group(1)


def luminance(colour: str) -> float:
    """Relative luminance (WCAG 2.x) of a #rrggbb colour."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours (1 to 21).

    >>> round(contrast("#000000", "#ffffff"), 1)
    21.0
    """
    low, high = sorted((luminance(a), luminance(b)))
    return (high + 0.05) / (low + 0.05)


def test_contrast_formula_matches_wcag_examples() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize(("side", "field"), [("white", 1), ("black", 0)])
@pytest.mark.parametrize("facet", [0, 1, 2])
def test_every_facet_of_a_piece_stands_out_from_its_field(
    side: str, field: int, facet: int
) -> None:
    piece = fill(f".piece-{side} .facet-{facet}")
    ground = fill(f".cb-field-{field}")
    assert contrast(piece, ground) >= 3.0, (side, facet, piece, ground)


@pytest.mark.parametrize("field", [0, 1])
def test_target_marks_stand_out_on_both_fields(field: int) -> None:
    """The gold dot on the dark fields, its dark rim on the light ones."""
    ground = fill(f".cb-field-{field}")
    best = max(contrast(fill(".cb-target", prop), ground) for prop in ("fill", "stroke"))
    assert best >= 3.0


def test_light_and_dark_fields_are_told_apart() -> None:
    assert contrast(fill(".cb-field-0"), fill(".cb-field-1")) >= 3.0


@pytest.mark.parametrize("text", [".cb-label", ".cb-small", ".cb-hint", ".cb-cura"])
def test_panel_texts_are_readable_on_the_page(text: str) -> None:
    assert contrast(fill(text), PAGE) >= 4.5


def test_coordinates_are_readable_on_their_halo() -> None:
    assert contrast(fill(".cb-coord"), fill(".cb-coord", "stroke")) >= 4.5

"""WCAG AA contrast of the boards' colours, read from the web renderers' own CSS.

A Coerceo piece always stands on a field of its own colour, so each facet of a piece must
stand out from that field by 3:1 (WCAG 1.4.11, graphical objects), and so must the target
marks on either field; the coordinates and panel texts are text (4.5:1). Islandet's units
stand on two greens (a home row a tenth darker): each side's hull by 3:1 on all of them,
its letter as text on the hull. Omringad's stacks stand on every terrain: each seat's token
body or its edge by 3:1 on each, the count text on the body by 4.5:1.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

GAMES = Path(__file__).parents[2] / "src/spelbord/games"
COERCEO = GAMES / "coerceo/web/style.css"
CSS = COERCEO.read_text(encoding="utf-8")
ISLANDET = (GAMES / "islandet/web/style.css").read_text(encoding="utf-8")
OMRINGAD = (GAMES / "omringad/web/style.css").read_text(encoding="utf-8")
PAGE = "#13171c"  # the page behind the board (server/web/static/spelbord.css --bg)


def fill(selector: str, prop: str = "fill", css: str = CSS) -> str:
    """The ``prop`` colour that a renderer's style sheet (``css``) gives ``selector``."""
    pattern = re.escape(selector) + r"\s*\{[^}]*?\b" + prop + r":\s*(#[0-9a-fA-F]{6})"
    found = re.search(pattern, css)
    assert found, f"no {prop} colour for {selector}"
    return found.group(1)


def dimmed(colour: str, factor: float) -> str:
    """``colour`` under CSS ``filter: brightness(factor)`` (each channel scaled)."""
    channels = [min(255, round(int(colour[i : i + 2], 16) * factor)) for i in (1, 3, 5)]
    return "#" + "".join(f"{c:02x}" for c in channels)


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


def islandet_grounds() -> list[str]:
    squares = [fill(f".isl-sq-{k}", css=ISLANDET) for k in "ab"]
    home = re.search(r"\.isl-home-1\s*\{\s*filter:\s*brightness\(([\d.]+)\)", ISLANDET)
    assert home, "no brightness for the home rows"
    return squares + [dimmed(c, float(home.group(1))) for c in squares]


@pytest.mark.parametrize("seat", [0, 1])
def test_islandet_units_stand_out_from_every_square(seat: int) -> None:
    hull = fill(f".isl-seat-{seat} .isl-hull", css=ISLANDET)
    for ground in islandet_grounds():
        assert contrast(hull, ground) >= 3.0, (seat, hull, ground)


@pytest.mark.parametrize("seat", [0, 1])
def test_islandet_unit_letters_are_readable_on_their_hull(seat: int) -> None:
    hull = fill(f".isl-seat-{seat} .isl-hull", css=ISLANDET)
    assert contrast(fill(f".isl-seat-{seat} .isl-letter", css=ISLANDET), hull) >= 4.5


def omringad_seat(seat: int) -> dict[str, str]:
    """A seat's token colours: ``pc`` body, ``pe`` edge, ``pt`` text."""
    found = re.search(r"\.om-own-" + str(seat) + r"\s*\{([^}]*)\}", OMRINGAD)
    assert found, f"no colours for seat {seat}"
    return dict(re.findall(r"--(p[cet]):\s*(#[0-9a-fA-F]{6})", found.group(1)))


def omringad_grounds() -> list[str]:
    grounds = re.findall(r"\.om-ground[^{]*\{\s*fill:\s*(#[0-9a-fA-F]{6})", OMRINGAD)
    assert len(grounds) >= 7, grounds  # bare (two shades), M, C, V, L, F, unknown
    return grounds


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_omringad_stacks_stand_out_on_every_terrain(seat: int) -> None:
    colours = omringad_seat(seat)
    for ground in omringad_grounds():
        best = max(contrast(colours["pc"], ground), contrast(colours["pe"], ground))
        assert best >= 3.0, (seat, colours, ground)


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_omringad_token_text_is_readable_on_its_body(seat: int) -> None:
    colours = omringad_seat(seat)
    assert contrast(colours["pt"], colours["pc"]) >= 4.5

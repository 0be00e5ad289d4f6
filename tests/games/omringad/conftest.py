"""Hand-built Omringad positions for the rules tests (the ``kit`` fixture)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from tests.games.omringad import positions
from tests.games.omringad.positions import play, roll, top_down, units

from spelbord.games.omringad import notation as N
from spelbord.games.omringad.map import PILLOW
from spelbord.games.omringad.state import OmringadState
from spelbord.games.omringad.terrain import Terrain
from spelbord.games.omringad.units import KIND_CODES

L = PILLOW.parse_label
_BY_CODE = {c: k for k, c in KIND_CODES.items()}


def sq(label: str) -> int:
    return N.SQUARE + L(label)


def position(
    stacks: dict[str, tuple[int, str]],
    tiles: dict[str, Terrain] | None = None,
    *,
    round_: int = 2,
    initiative: int = 0,
    target: int = 50,
    control: dict[str, int] | None = None,
    rules_version: int | None = None,
) -> OmringadState:
    """A two-player state at the start of the movement phase (``positions.position``)."""
    return positions.position(
        stacks,
        tiles,
        round_=round_,
        initiative=initiative,
        target=target,
        control=control,
        rules_version=rules_version,
    )


@pytest.fixture
def kit() -> SimpleNamespace:
    """The helpers above, for tests: ``kit.position(...)``, ``kit.play(...)`` ..."""
    return SimpleNamespace(
        L=L, units=units, sq=sq, position=position, play=play, roll=roll, top_down=top_down
    )

"""Hand-made Islandet positions for the rules tests.

``build(units={"c4": "S^", "c8": "jv"}, blocks=["e5"], phase="roll")`` gives a state in
play: upper-case letters are South's (seat 0), lower-case North's; the arrow is the
facing (``^`` north, ``>`` east, ``v`` south, ``<`` west). Pads are given as five
characters per seat, west to east, ``.`` for an empty slot: ``pads=("SJ...", ".....")``;
``no_pads=True`` plays the variant without pads; other keywords are game options.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from spelbord.games.islandet import IslandetGame, IslandetState
from spelbord.games.islandet.board import parse_square
from spelbord.games.islandet.position import EMPTY
from spelbord.games.islandet.units import Unit, kind_by_name

ARROWS = "^>v<"

Builder = Callable[..., IslandetState]


def _build(
    units: dict[str, str] | None = None,
    blocks: Iterable[str] = (),
    *,
    pads: tuple[str, str] = (".....", "....."),
    to_move: int = 0,
    phase: str = "roll",
    roll: int = 0,
    live: int | None = None,
    safe: int | None = None,
    centres: tuple[int, int] | None = None,
    no_pads: bool = False,
    **options: Any,
) -> IslandetState:
    if no_pads:
        options["pads"] = False
    state = IslandetGame(**options).new_initial_state()
    pos = state.pos
    pos.first = 0
    pos.stock = [[0, 0, 0], [0, 0, 0]]
    for name, spec in (units or {}).items():
        letter, arrow = spec[0], spec[1]
        pos.units[parse_square(name)] = Unit(
            0 if letter.isupper() else 1, kind_by_name(letter), ARROWS.index(arrow)
        )
    pos.blocks = {parse_square(b) for b in blocks}
    if live is not None:
        pos.live_left = live
    if safe is not None:
        pos.safe_left = safe
    pos.pads = [[EMPTY if c == "." else kind_by_name(c) for c in row] for row in pads]
    if centres is not None:
        pos.centres = list(centres)
    pos.to_move = to_move
    pos.phase = phase
    pos.roll = roll
    return state


@pytest.fixture
def build() -> Builder:
    """The position builder described in this module's docstring."""
    return _build


def texts(state: IslandetState) -> list[str]:
    """Notation of every legal action (for readable assertions)."""
    return [state.action_to_string(a) for a in state.legal_actions()]


@pytest.fixture
def legal() -> Callable[[IslandetState], list[str]]:
    return texts


def play(state: IslandetState, *moves: str) -> IslandetState:
    """Apply actions and chance outcomes given in notation."""
    for text in moves:
        state.apply_action(state.string_to_action(text))
    return state


@pytest.fixture
def do() -> Callable[..., IslandetState]:
    return play

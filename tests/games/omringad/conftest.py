"""Hand-built Omringad positions for the rules tests (the ``kit`` fixture)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from spelbord.core import CHANCE
from spelbord.games.omringad import board as B
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.map import PILLOW
from spelbord.games.omringad.rules import OmringadGame, OmringadState
from spelbord.games.omringad.terrain import Terrain
from spelbord.games.omringad.units import BASE_KINDS, KIND_CODES, Unit

L = PILLOW.parse_label
_BY_CODE = {c: k for k, c in KIND_CODES.items()}


def units(text: str) -> list[Unit]:
    """Units from letters, top first: ``"GMe"`` = general, mercenary, damaged elite."""
    return [Unit(_BY_CODE[ch.upper()], damaged=ch.islower()) for ch in text]


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
) -> OmringadState:
    """A state at the start of the movement phase with these stacks and tiles.

    ``stacks`` maps a square label to (owner, units top first); the units come out of
    the owners' pools. Squares not in ``control`` are controlled by their country's owner.
    """
    st = OmringadGame(target=target).new_initial_state()
    st.tiles = [list(range(9)), list(range(9))]
    for label, t in (tiles or {}).items():
        st.terrain[L(label)] = t
    for label, owner in (control or {}).items():
        st.control[L(label)] = owner
    for label, (owner, text) in stacks.items():
        us = units(text)
        st.board[L(label)].append([owner, *(B.code(u) for u in us)])
        for u in us:
            st.pool[owner][BASE_KINDS.index(u.kind)] -= 1
    st.round, st.initiative = round_, initiative
    st.stage = ["done", "done"]
    st._start_movement()
    return st


def play(st: OmringadState, *texts: str) -> None:
    """Apply actions given in notation, each by whoever decides now."""
    for t in texts:
        st.apply_action(st.string_to_action(t))


def roll(st: OmringadState, *faces: int) -> None:
    """Roll battle dice showing ``faces`` (1-6), in the order the engine rolls them."""
    for face in faces:
        assert st.phase == "battle" and st.current_player() == CHANCE
        st.apply_action(face - 1)


def top_down(st: OmringadState, label: str, owner: int) -> str:
    """A stack's units as letters, top first ('' if none)."""
    s = B.find_stack(st.board, L(label), owner)
    return "".join(B.unit_of(c).code for c in s[1:]) if s else ""


@pytest.fixture
def kit() -> SimpleNamespace:
    """The helpers above, for tests: ``kit.position(...)``, ``kit.play(...)`` ..."""
    return SimpleNamespace(
        L=L, units=units, sq=sq, position=position, play=play, roll=roll, top_down=top_down
    )

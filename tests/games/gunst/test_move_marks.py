"""Gunst's move-list marks (``State.move_marks``) from a small hand-made position: a deity
brought in Tinge (R4), a deity's effect on a row (R9), the scholars' strike (R20)."""

from __future__ import annotations

from spelbord.games.gunst import GunstGame
from spelbord.games.gunst import actions as A
from spelbord.games.gunst.pieces import EURIKA, EXTAZIA, Selection
from spelbord.games.gunst.position import TARGET
from spelbord.games.gunst.state import GunstState


def fresh() -> GunstState:
    state = GunstGame().new_initial_state()
    assert isinstance(state, GunstState)
    return state


def test_r4_a_selection_with_deities_is_marked() -> None:
    state = fresh()
    bring = Selection((0, 1, 0, 0, 0), 1 << EXTAZIA | 1 << EURIKA).code
    assert state.action_to_string(bring, 1) == "bring 1W Ex Eu"
    assert state.move_marks(bring, 1) == ("deity",)
    assert state.move_marks(Selection((0, 1, 0, 0, 0), 0).code, 1) == ()


def test_r9_a_deity_acting_on_a_row() -> None:
    state = fresh()
    state.table.phase, state.table.deity_in_use = TARGET, EXTAZIA
    assert state.action_to_string(A.ROW + 1, 0) == "double warriors"
    assert state.move_marks(A.ROW + 1, 0) == ("deity_acts",)


def test_r20_the_scholars_strike_and_raise() -> None:
    state = fresh()
    assert state.move_marks(A.MODE_STRIKE, 0) == ("strike",)
    assert state.move_marks(A.MODE_RAISE, 0) == ()

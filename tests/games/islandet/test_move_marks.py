"""Islandet's move-list marks (``State.move_marks``) from a small hand-made position: an
exact hit on a unit (R14), a shot at a block (no mark until its reveal), a block revealed
live (R17, R23) and a free removal (R8)."""

from __future__ import annotations

from spelbord.core import CHANCE
from spelbord.games.islandet import IslandetGame, rules
from spelbord.games.islandet.actions import encode
from spelbord.games.islandet.board import parse_square
from spelbord.games.islandet.state import IslandetState
from spelbord.games.islandet.units import SOLDIER, Unit

C4, C6 = parse_square("c4"), parse_square("c6")
NORTH = 0


def shooting() -> IslandetState:
    state = IslandetGame().new_initial_state()
    assert isinstance(state, IslandetState)
    state.pos.phase, state.pos.to_move = "shoot1", 0
    state.pos.units = {C4: Unit(0, SOLDIER, NORTH)}
    return state


def test_r14_an_exact_hit_on_an_enemy_unit() -> None:
    state = shooting()
    state.pos.units[C6] = Unit(1, SOLDIER, 2)
    shot = encode("shoot", C4)
    assert state.action_to_string(shot, 0) == "c4xc6"
    assert state.move_marks(shot, 0) == ("hit",)


def test_r17_r23_a_shot_at_a_block_waits_for_the_reveal() -> None:
    state = shooting()
    state.pos.blocks = {C6}
    assert state.move_marks(encode("shoot", C4), 0) == ()
    state.pos.phase, state.pos.reveal = "reveal", [C6]
    assert state.move_marks(rules.LIVE, CHANCE) == ("blast",)
    assert state.move_marks(rules.SAFE, CHANCE) == ()


def test_r8_a_free_removal() -> None:
    state = shooting()
    assert state.move_marks(encode("remove", C6), 1) == ("removal",)
    assert state.move_marks(encode("done"), 0) == ()

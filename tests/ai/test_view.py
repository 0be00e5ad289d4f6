"""SeatView: an agent's only window on a game."""

from __future__ import annotations

import random

import pytest
from tests.ai.toygames import HighCard, TicTacToe

from spelbord.ai import SeatView
from spelbord.core import CHANCE, SIMULTANEOUS, OutOfTurnError


def test_view_shows_the_seat_its_actions_and_the_turn() -> None:
    state = TicTacToe().new_initial_state()
    view = SeatView(state, 0)
    assert view.seat == 0 and view.game is state.game and view.num_players() == 2
    assert view.current_player() == 0 and not view.is_terminal()
    assert view.legal_actions() == list(range(9))
    assert SeatView(state, 1).legal_actions() == []
    state.apply_action(4)
    assert view.current_player() == 1 and view.legal_actions() == []
    assert view.observation() == state.observation(0)


def test_view_keeps_the_state_private() -> None:
    view = SeatView(TicTacToe().new_initial_state(), 0)
    public = {name for name in dir(view) if not name.startswith("_")}
    assert public == {
        "seat",
        "game",
        "observation",
        "legal_actions",
        "action_to_string",
        "current_player",
        "is_terminal",
        "num_players",
        "resample",
        "determinize",
    }
    with pytest.raises(AttributeError):
        view.extra = 1  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        view.seat = 1  # type: ignore[misc]  (a view cannot be turned to another seat)


def test_view_hides_what_the_seat_cannot_see() -> None:
    state = HighCard().new_initial_state()
    view = SeatView(state, 1)
    assert view.current_player() == CHANCE and view.legal_actions() == []
    state.apply_action(3)
    state.apply_action(0)
    assert view.current_player() == SIMULTANEOUS
    assert view.legal_actions() == [0, 1]
    assert view.observation()["hands"] == [None, 0]


def test_resample_of_perfect_information_is_an_independent_clone() -> None:
    state = TicTacToe().new_initial_state()
    state.apply_action(0)
    copy = SeatView(state, 1).resample(random.Random(0))
    assert copy == state and copy is not state
    copy.apply_action(4)
    assert state.move_number() == 1


@pytest.mark.parametrize("seat", [-1, 2, True, "0"])
def test_bad_seats_are_refused(seat: object) -> None:
    with pytest.raises(OutOfTurnError):
        SeatView(TicTacToe().new_initial_state(), seat)  # type: ignore[arg-type]

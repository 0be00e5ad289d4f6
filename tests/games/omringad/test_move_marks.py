"""Omringad's move-list marks (``State.move_marks``): an attack (R40) and a conquest
(R36), from a small hand-made position."""

from __future__ import annotations

from tests.games.omringad.positions import play, position


def marks(st, text: str) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
    return st.move_marks(st.string_to_action(text), st.current_player())


def test_r36_a_step_onto_an_undefended_enemy_square_is_a_conquest() -> None:
    st = position({"A e3": (0, "RR"), "B d3": (1, "M")})
    play(st, "A e3", "take R", "done")
    assert marks(st, "B e3") == ("conquest",)
    assert marks(st, "A d3") == ()  # its own country: nothing happens


def test_r40_a_step_onto_enemy_units_is_an_attack() -> None:
    st = position({"A e3": (0, "RR"), "B d3": (1, "M")})
    play(st, "A e3", "take R", "done", "B e3")
    assert marks(st, "B d3") == ("attack",)
    assert marks(st, "stop") == ()
    before = st.to_json()
    marks(st, "B d3")
    assert st.to_json() == before  # the state is not changed


def test_a_part_of_a_simultaneous_step_has_no_marks() -> None:
    st = position({"A e3": (0, "RR")})
    assert st.move_marks(0, 1) == ()  # not seat 1's decision

"""The one-ply Islandet plans (``Lookahead``: marksman, demolisher, hunter, gunline,
pad-keeper), each doing what its name says on a small hand-made position. That every plan
plays legal games to the end is ``test_scripted.py``'s."""

from __future__ import annotations

import pytest
from tests.games.islandet.conftest import _build as build
from tests.games.islandet.conftest import play

from spelbord.ai import SeatView, make_agent


def choices(plan: str, state, seeds: int = 4) -> set[str]:
    """What ``plan`` plays for the side to move over a few seeds."""
    seat = state.current_player()
    return {
        state.action_to_string(make_agent(f"script:{plan}", seed=s).step(SeatView(state, seat)))
        for s in range(seeds)
    }


def test_marksman_fires_at_an_enemy_unit_but_not_into_its_own_blast() -> None:
    """R14: c4 hits the soldier on c6; R17: e3's shot at the block on e5 would take its
    own jeep on d5 with one enemy at most: no gain, so it holds that fire."""
    state = build({"c4": "S^", "c6": "s<", "e3": "S^", "d5": "J<", "f6": "s<"}, ["e5"])
    play(state, "roll 3")
    assert choices("marksman", state) == {"c4xc6"}


def test_marksman_turns_to_face_the_enemy_but_not_out_of_its_guns() -> None:
    """R12: after a 0 the marksman turns its jeep on c4 right, to face the soldiers on g4
    and h4, out of its range of three for now (Easy faces the enemy); it does not care
    that North's tank on c8 aims at c4 (R14: it is blind to the enemy's guns)."""
    state = build({"c4": "J^", "g4": "s^", "h4": "s^", "c8": "tv", "l12": "s<"})
    play(state, "roll 0")
    assert choices("marksman", state) == {"turn c4 R"}


def test_demolisher_moves_to_line_up_a_shot_at_a_block_beside_enemies() -> None:
    """R17: the block on c6 has two North soldiers beside it; stepping the tank from c1 to
    c2 puts it four squares (its range) from the block. Another unit could step instead."""
    state = build({"c1": "T^", "b7": "s<", "d7": "s>", "l1": "S^", "l12": "s<"}, ["c6"])
    play(state, "roll 1")
    assert choices("demolisher", state) == {"c1-c2"}


def test_hunter_steps_out_of_a_tank_s_line_of_fire() -> None:
    """R14: North's tank on c8 aims four squares south, at c4; the hunter moves the
    soldier on c4 on rather than the harmless step on l1."""
    state = build({"c4": "S^", "c8": "tv", "l1": "S^", "a12": "s<"})
    play(state, "roll 1")
    assert choices("hunter", state) == {"c4-c5"}


def test_gunline_turns_a_unit_to_face_a_line_of_enemies() -> None:
    """R12, R15: after a 0, turning the jeep on c4 right makes f4 its exact target with
    the soldier on e4 caught in between."""
    state = build({"c4": "J^", "e4": "s^", "f4": "s^", "l12": "s<"})
    play(state, "roll 0")
    assert choices("gunline", state) == {"turn c4 R"}


@pytest.mark.parametrize(("island", "reinforces"), [(["a4", "c4", "e4"], False), (["e4"], True)])
def test_pad_keeper_reinforces_only_when_its_island_force_runs_low(
    island: list[str], reinforces: bool
) -> None:
    """R9/R10: with three soldiers on the island a 0 keeps the pad's reserve; with one
    left the reserve comes on."""
    units = {sq: "S<" for sq in island} | {"l12": "s<"}
    state = build(units, pads=("SJ...", "....."))
    play(state, "roll 0")
    entered = {t.startswith("enter") for t in choices("pad-keeper", state)}
    assert entered == {reinforces}

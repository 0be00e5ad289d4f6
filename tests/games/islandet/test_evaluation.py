"""The heuristic value of Islandet positions (search cut-offs; see evaluation.py)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from spelbord.core import CHANCE, sample_outcome
from spelbord.games.islandet import IslandetGame, IslandetState
from spelbord.games.islandet.board import parse_square
from spelbord.games.islandet.evaluation import (
    FIRE_WEIGHT,
    PAD_FACTOR,
    THREAT_DISCOUNT,
    free_removal,
    heuristic_value,
    threatened,
    unit_danger,
    unit_worth,
)
from spelbord.games.islandet.units import JEEP, MAX_POINTS, SOLDIER, TANK

Do = Callable[..., IslandetState]


def test_the_start_is_even() -> None:
    assert IslandetGame().new_initial_state().heuristic_value() == [0.0, 0.0]


def test_unit_worth_grows_with_range() -> None:
    assert unit_worth(SOLDIER) == 1.5 and unit_worth(JEEP) == 1.75 and unit_worth(TANK) == 2.0


def test_more_units_is_better_and_values_mirror(build) -> None:
    # South: soldier and tank; North: one soldier; nobody can shoot anybody
    state = build({"a1": "S^", "c1": "T^", "l12": "sv"}, to_move=1)
    south, north = state.heuristic_value()
    mine, theirs = 1.5 + 2.0, 1.5
    assert south == pytest.approx((mine - theirs) / (mine + theirs)) and north == -south


def test_a_tank_is_worth_more_than_a_soldier(build) -> None:
    tank = build({"a1": "T^", "l12": "sv"}, to_move=1).heuristic_value()[0]
    soldier = build({"a1": "S^", "l12": "tv"}, to_move=1).heuristic_value()[0]
    assert tank > 0 > soldier and tank == pytest.approx(-soldier)


def test_r16_pad_units_count_extra(build) -> None:
    # one soldier each on the island; South also has a jeep, on the pad or on the island
    on_pad = build({"a1": "S^", "l12": "sv"}, pads=("J....", "....."), to_move=1)
    on_island = build({"a1": "S^", "b1": "J^", "l12": "sv"}, to_move=1)
    assert on_pad.heuristic_value()[0] > on_island.heuristic_value()[0] > 0
    mine = 1.5 + PAD_FACTOR * 1.75
    assert on_pad.heuristic_value()[0] == pytest.approx((mine - 1.5) / (mine + 1.5))


def test_r14_r15_units_under_fire_of_the_side_to_play_count_less(build) -> None:
    # South's tank on c2 aims at c6 (range 4) through North's soldier on c4 (crossfire)
    units = {"c2": "T^", "c4": "s>", "c6": "j<"}
    south_to_play = build(units, to_move=0, phase="roll")
    assert threatened(south_to_play.pos) == {parse_square("c4"), parse_square("c6")}
    mine = 2.0
    theirs = (1.5 + 1.75) * (1 - THREAT_DISCOUNT)
    assert south_to_play.heuristic_value()[0] == pytest.approx((mine - theirs) / (mine + theirs))
    # with North to play, the tank's guns are no threat yet
    north_to_play = build(units, to_move=1, phase="roll")
    assert threatened(north_to_play.pos) == set()
    assert north_to_play.heuristic_value()[1] > south_to_play.heuristic_value()[1]


def test_r18_a_block_shelters_units_behind_it(build) -> None:
    state = build({"c2": "T^", "c6": "j<"}, ["c4"], to_move=0)
    assert threatened(state.pos) == set()


def test_r22_quick_game_counts_losses(build) -> None:
    state = build({"a1": "S^", "l12": "sv"}, goal="quick", to_move=1)
    state.pos.lost = [1, 3]
    assert state.heuristic_value() == [pytest.approx(2 / 5), pytest.approx(-2 / 5)]


def test_r20_r22_points_game_scores_the_points_margin(build) -> None:
    state = build({"c4": "S^", "d4": "T>", "f12": "j^"}, pads=("T.S..", "....."), goal="points")
    assert (state.pos.score(0), state.pos.score(1)) == (18, 3)
    assert state.heuristic_value() == [pytest.approx(15 / MAX_POINTS), pytest.approx(-15 / 44)]


def test_r19_a_finished_game_scores_its_returns(build, do: Do) -> None:
    state = build({"c4": "S^", "c6": "s<"}, phase="shoot1", roll=2)
    do(state, "c4xc6")
    assert state.heuristic_value() == state.returns() == [1.0, -1.0]


@pytest.mark.parametrize("options", [{}, {"goal": "quick"}, {"goal": "points", "pads": False}])
def test_values_stay_in_range_through_random_games(options: dict[str, object]) -> None:
    rng = random.Random(5)
    for _ in range(3):
        state = IslandetGame(**options).new_initial_state()
        while not state.is_terminal():
            value = state.heuristic_value()
            assert -1.0 <= value[0] <= 1.0 and value[0] == pytest.approx(-value[1])
            assert value == heuristic_value(state.pos)
            if state.current_player() == CHANCE:
                state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert state.heuristic_value() == state.returns()


def test_r8_a_pending_free_removal_counts_the_most_dangerous_unit_as_lost(build, do: Do) -> None:
    """R8: while North holds rule 1A's removal, South's tank (aiming at b6 through b3) is
    as good as gone; declining (version 3) is rarely right."""
    # 6 . j<
    # 3 . s>
    # 2 . T^
    # 1 S<
    state = build({"a1": "S<", "b2": "T^", "b3": "s>", "b6": "j<"})
    do(state, "roll 2", "done")
    assert state.pos.phase == "remove"
    assert free_removal(state.pos) == (parse_square("b2"), -1)
    assert unit_danger(state.pos, parse_square("b2")) == 2.0 + 2 * FIRE_WEIGHT
    mine, theirs = 1.5, 1.5 + 1.75
    assert state.heuristic_value()[0] == pytest.approx((mine - theirs) / (mine + theirs))
    do(state, "remove b2")
    assert state.heuristic_value()[0] == pytest.approx((mine - theirs) / (mine + theirs))


def test_r13_a_pending_rule_1b_removal_counts_the_best_pad_unit_as_lost(build, do: Do) -> None:
    state = build({"f12": "tv", "a1": "s^", "c1": "s^"}, pads=("S.T..", "....."), to_move=1)
    do(state, "roll 1", "f12-f11")
    assert free_removal(state.pos) == (-1, 2)
    assert state.pos.lost == [0, 0]

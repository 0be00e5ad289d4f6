"""The one Bradley-Terry fit: known ratios, anchors, groups that never met, bad scores."""

from __future__ import annotations

import math

import pytest

from spelbord.core.bradley_terry import BradleyTerryError, elo, fit, ladder, scores


def test_fit_recovers_a_known_ratio_with_the_mean_at_zero() -> None:
    # 0 beats 1 three times in four, 1 beats 2 three times in four, 0 beats 2 9 in 10
    games = [(0, 1, 1.0)] * 3 + [(0, 1, 0.0)] + [(1, 2, 1.0)] * 3 + [(1, 2, 0.0)]
    theta = fit(scores(games, 3), prior=0.0)
    assert theta[0] - theta[1] == pytest.approx(math.log(3))
    assert theta[1] - theta[2] == pytest.approx(math.log(3))
    assert sum(theta) == pytest.approx(0.0, abs=1e-12)


def test_an_anchor_stays_at_zero_and_a_spotless_record_stays_finite() -> None:
    ratings = elo([[0, 5], [0, 0]], anchor=1)
    # half a virtual draw each way: 5.5 to 0.5, eleven times as strong
    assert ratings[1] == 0 and ratings[0] == pytest.approx(400 * math.log10(11))


def test_groups_that_never_met_each_average_zero_and_the_idle_stay_at_zero() -> None:
    wins = [[0, 3, 0, 0, 0], [1, 0, 0, 0, 0], [0, 0, 0, 1, 0], [0, 0, 1, 0, 0], [0] * 5]
    theta = fit(wins, prior=0.0)
    assert theta[0] + theta[1] == pytest.approx(0.0, abs=1e-12)
    assert theta[2] == pytest.approx(0.0) and theta[3] == pytest.approx(0.0)
    assert theta[4] == 0.0


def test_scores_that_are_not_a_square_matrix_of_points_are_refused() -> None:
    with pytest.raises(BradleyTerryError):
        fit([[0, 1, 2], [1, 0, 2]])
    with pytest.raises(BradleyTerryError):
        fit([[0, -1], [1, 0]])


def test_ladder_puts_the_winner_first_and_no_games_make_no_ladder() -> None:
    top, bottom = ladder([("b", "a", 1.0)] * 6 + [("a", "b", 1.0)] * 2, resamples=40)
    assert top.name == "b" and top.low <= top.elo <= top.high and top.games == 8
    assert bottom.elo == -top.elo
    assert ladder([]) == []

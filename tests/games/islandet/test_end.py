"""Islandet rules R19-R23: winning, points, the turn limit, variants, chance for blocks."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from spelbord.core import TERMINAL, random_playout
from spelbord.games.islandet import IslandetGame, IslandetState

Do = Callable[..., IslandetState]
Legal = Callable[[IslandetState], list[str]]


def test_r19_removing_the_last_unit_wins(build, do: Do) -> None:
    state = build({"c4": "S^", "c6": "s<"}, phase="shoot1", roll=2)
    do(state, "c4xc6")
    assert state.current_player() == TERMINAL
    assert state.returns() == [1.0, -1.0] and state.termination() == "elimination"
    assert state.outcome() is not None and state.outcome().result() == "1-0"


def test_r19_units_on_the_pad_keep_a_player_alive(build, do: Do) -> None:
    state = build({"c4": "S^", "c6": "s<"}, pads=(".....", "J...."), phase="shoot1", roll=2)
    do(state, "c4xc6")
    assert not state.is_terminal()


def test_r19_ruling_both_wiped_out_at_once_is_a_draw(build, do: Do) -> None:
    # 6 . . . s<     South's only soldier lands on the live block c5,
    # 5 . . ##       which takes it and North's only soldier on d6
    # 3 . . S^
    state = build({"c3": "S^", "d6": "s<"}, ["c5"])
    do(state, "roll 2", "done", "c3-c5", "live c5")
    assert state.is_terminal() and state.returns() == [0.0, 0.0]


def test_r19_losses_by_rule_1a_count(build, do: Do) -> None:
    state = build({"a1": "S<", "f12": "t^"})
    do(state, "roll 3", "remove a1")
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]


def test_r20_points_ranges_with_the_pad_counting_double(build) -> None:
    state = build({"c4": "S^", "d4": "T>", "f12": "j^"}, pads=("T.S..", "....."))
    assert (state.pos.score(0), state.pos.score(1)) == (2 + 4 + 8 + 4, 3)


def test_r21_turn_limit_points_decide(build, do: Do) -> None:
    state = build({"c4": "S^", "f12": "tv", "g12": "s^"}, turn_limit=60, to_move=1)
    state.pos.turns = 59
    do(state, "roll 1", "f12-f11")
    assert state.is_terminal() and state.termination() == "turn-limit"
    assert state.returns() == [-1.0, 1.0]  # 2 points against 4 + 2


def test_r21_random_games_end_within_the_declared_length() -> None:
    game = IslandetGame(turn_limit=60)
    for seed in range(5):
        state = game.new_initial_state()
        steps = random_playout(state, random.Random(seed))
        assert state.is_terminal() and steps <= game.max_game_length()
        assert state.pos.turns <= 60


def test_r22_quick_game_first_to_remove_five(build, do: Do) -> None:
    state = build({"c4": "S^", "c6": "s<", "h9": "s<"}, phase="shoot1", roll=2, goal="quick")
    state.pos.lost = [0, 4]
    do(state, "c4xc6")
    assert state.is_terminal() and state.termination() == "quick"
    assert state.returns() == [1.0, -1.0]


def test_r22_points_variant_returns_the_margin(build, do: Do) -> None:
    state = build({"c4": "S^", "c6": "s<"}, phase="shoot1", roll=2, goal="points")
    do(state, "c4xc6")
    assert state.is_terminal()
    assert state.returns() == [pytest.approx(2 / 44), pytest.approx(-2 / 44)]


def test_r22_no_pads_leaves_turning_as_the_only_zero_option(build, do: Do, legal: Legal) -> None:
    state = build({"e4": "S^", "a12": "s^"}, no_pads=True)
    do(state, "roll 0")
    assert legal(state) == ["turn e4 L", "turn e4 R"]


def test_r23_nothing_is_hidden_resample_is_a_copy() -> None:
    game = IslandetGame()
    state = game.new_initial_state()
    rng = random.Random(3)
    random_playout(state, rng, max_steps=150)
    assert game.info.information == "perfect"
    views = [state.observation(s) for s in (None, 0, 1)]
    assert [{k: v for k, v in view.items() if k != "seat"} for view in views] == [
        {k: v for k, v in views[0].items() if k != "seat"}
    ] * 3
    assert state.resample(0, rng) == state


def test_r23_every_unknown_block_has_the_same_odds(build, do: Do) -> None:
    state = build(
        {"c2": "J^", "f2": "J^", "a12": "s^"}, ["c5", "f5"], phase="shoot1", roll=2, live=6
    )
    do(state, "c2xc5", "live c5", "f2xf5")
    # the second block is drawn from the nine still unknown: five live, four safe
    assert state.chance_outcomes() == [(0, pytest.approx(4 / 9)), (1, pytest.approx(5 / 9))]


# ---------------------------------------------------------------- audit against the seed
def test_r19_losses_by_rule_1b_count(build, do: Do) -> None:
    # North ends its turn; South has no unit on the island and its only pad unit cannot
    # come on (a1 is taken): North removes it for free and South has lost everything.
    state = build({"f12": "tv", "a1": "s^"}, pads=("S....", "....."), to_move=1)
    do(state, "roll 1", "f12-f11")
    assert state.pos.phase == "removepad"
    do(state, "remove pad 1")
    assert state.is_terminal() and state.termination() == "elimination"
    assert state.returns() == [-1.0, 1.0]


def test_r19_a_player_blown_up_by_their_own_landing_loses(build, do: Do) -> None:
    state = build({"c3": "S^", "h9": "s<"}, ["c5"])
    do(state, "roll 2", "done", "c3-c5", "live c5")
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]


def test_r21_equal_points_at_the_turn_limit_is_a_draw(build, do: Do) -> None:
    state = build({"c4": "S^", "f12": "sv"}, turn_limit=60, to_move=1)
    state.pos.turns = 59
    do(state, "roll 1", "f12-f11")
    assert state.is_terminal() and state.termination() == "turn-limit"
    assert state.returns() == [0.0, 0.0]  # 2 points each


def test_r22_quick_game_both_reaching_five_in_one_blast_is_a_draw(build, do: Do) -> None:
    state = build({"c3": "S^", "d6": "s<", "a4": "S^", "l12": "s^"}, ["c5"], goal="quick")
    state.pos.lost = [4, 4]
    do(state, "roll 2", "done", "c3-c5", "live c5")
    assert state.is_terminal() and state.termination() == "quick"
    assert state.pos.lost == [5, 5] and state.returns() == [0.0, 0.0]


@pytest.mark.parametrize("version", [2, 3])
def test_r22_ruling_the_quick_game_counts_every_loss_whoever_caused_it(
    build, do: Do, version: int
) -> None:
    """R22 (confirmed ruling, every version): a side's losses count towards five however
    they came ("en spiller har mistet"): here South's own landing on a live block."""
    # 6 . . . s<     South has lost four; its soldier lands on the live block c5 and goes
    # 5 . . ##       with it: its fifth loss, by its own hand, ends the quick game,
    # 3 . . S^       though North removed nothing this turn
    units = {"c3": "S^", "a4": "S^", "h9": "s<", "l12": "s^"}
    state = build(units, ["c5"], goal="quick", rules_version=version)
    state.pos.lost = [4, 0]
    do(state, "roll 2", "done", "c3-c5", "live c5")
    assert state.is_terminal() and state.termination() == "quick"
    assert state.pos.lost == [5, 0] and state.returns() == [-1.0, 1.0]
    # the opponent's free removal (rule 1A) counts the same way
    removal = build({"a1": "S<", "f12": "t^", "l12": "s^"}, goal="quick", rules_version=version)
    removal.pos.lost = [4, 0]
    do(removal, "roll 2", "remove a1")
    assert removal.is_terminal() and removal.returns() == [-1.0, 1.0]


def test_r23_the_free_removal_choice_is_seen_and_copied_whole(build, do: Do) -> None:
    """R23 with R8 (version 3): the opponent's remove-or-decline decision hides nothing:
    every seat observes it, sees its moves, and a resampled or determinized state offers
    the same choices and reads back from its text."""
    state = build({"a1": "S<", "l1": "J>", "f12": "t^"})
    do(state, "roll 2")
    rng = random.Random(1)
    decline = state.string_to_action("decline")
    for seat in (None, 0, 1):
        assert state.action_visible_to(1, decline, seat)
    assert state.observation(0)["to_play"] == 1 == state.observation(None)["to_play"]
    for copy in (state.resample(0, rng), state.determinize(1, rng), state.clone()):
        assert copy == state and copy.legal_actions() == state.legal_actions()
        copy.apply_action(decline)
        assert copy.pos.to_move == 1 and copy.pos.lost == [0, 0]
    restored = IslandetGame().from_json(state.to_json())
    assert restored.legal_actions() == state.legal_actions()

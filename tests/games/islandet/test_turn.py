"""Islandet rules R5-R13: the turn, moving, rule 1A, the three 0 options, rules 4 and 1B.

Positions are drawn with the rows that matter; ``S^`` is a South soldier facing north,
``tv`` a North tank facing south, ``##`` a block.
"""

from __future__ import annotations

from collections.abc import Callable

from spelbord.core import CHANCE
from spelbord.games.islandet import IslandetState
from spelbord.games.islandet.board import parse_square
from spelbord.games.islandet.rules import ZERO_CAP

Do = Callable[..., IslandetState]
Legal = Callable[[IslandetState], list[str]]

FAR = {"l12": "s^"}  # a North soldier that can neither move far nor shoot anything


def facing(state: IslandetState, name: str) -> int:
    return state.pos.units[parse_square(name)].facing


def test_r5_roll_shoot_move_shoot_then_the_turn_passes(build, do: Do, legal: Legal) -> None:
    state = build({"c4": "S^", **FAR})
    do(state, "roll 3")
    # no unit has a target: the first shooting step is skipped
    assert state.pos.phase == "move"
    do(state, "c4-c7")
    assert state.pos.to_move == 1 and state.current_player() == CHANCE
    assert state.pos.turns == 1


def test_r5_shooting_is_optional_before_and_after_the_move(build, do: Do, legal: Legal) -> None:
    # 6 . . s<          the soldier on c4 may shoot c6 (range 2) before it moves,
    # 5 . . .  . s<     and e5 after it has moved to c5 facing east
    # 4 . . S^
    state = build({"c4": "S^", "c6": "s<", "e5": "s<"})
    do(state, "roll 2")
    assert legal(state) == ["c4xc6", "done"]
    do(state, "done")
    assert legal(state) == ["c4-c5L", "c4-c5R"]
    do(state, "c4-c5R")
    assert state.pos.phase == "shoot2" and legal(state) == ["c5xe5", "done"]
    do(state, "done")
    assert state.pos.to_move == 1 and len(state.pos.units) == 3


def test_r6_a_one_steps_straight_forward_only(build, do: Do, legal: Legal) -> None:
    state = build({"c4": "S^", **FAR})
    do(state, "roll 1")
    assert legal(state) == ["c4-c5"]


def test_r6_more_pips_straight_or_turn_with_the_last_pip(build, do: Do, legal: Legal) -> None:
    # 5 . . .        the soldier on c4 faces north; with a 3 it goes to c7,
    # 4 . . S^       or to c6 and turns left or right there
    state = build({"c4": "S^", **FAR})
    do(state, "roll 3")
    assert legal(state) == ["c4-c7", "c4-c6L", "c4-c6R"]
    do(state, "c4-c6L")
    assert parse_square("c6") in state.pos.units and facing(state, "c6") == 3


def test_r6_units_never_leave_the_island(build, do: Do, legal: Legal) -> None:
    state = build({"b4": "J<", "k4": "J>", **FAR})
    do(state, "roll 2")
    assert legal(state) == ["b4-a4L", "b4-a4R", "k4-l4L", "k4-l4R"]


def test_r7_no_moving_through_or_onto_units_or_blocks(build, do: Do, legal: Legal) -> None:
    #   a b c  d e  f g h
    # 6 . . ## . s<            with a 4, c4 cannot pass the block on c6,
    # 5 . . .  . .             e4 cannot pass the North soldier on e6;
    # 4 . . S^ . J^ . . T^     only h4 can move
    state = build({"c4": "S^", "e4": "J^", "e6": "s<", "h4": "T^"}, ["c6"])
    do(state, "roll 4", "done")
    assert [t for t in legal(state) if t.startswith(("c4", "e4"))] == []
    assert "h4-h8" in legal(state)


def test_r7_exact_landing_sets_a_block_off_but_never_with_a_turn(
    build, do: Do, legal: Legal
) -> None:
    state = build({"c4": "S^", **FAR}, ["c7"])
    do(state, "roll 3")
    assert legal(state) == ["c4-c7", "c4-c6L", "c4-c6R"]
    do(state, "c4-c7")
    assert state.pos.phase == "reveal" and state.pos.reveal == [parse_square("c7")]
    do(state, "safe c7")
    assert parse_square("c7") not in state.pos.blocks
    assert parse_square("c7") in state.pos.units and state.pos.to_move == 1


def test_r8_rule_1a_no_unit_can_use_the_roll_free_removal(build, do: Do, legal: Legal) -> None:
    # 1 S< . . . . . . . . . . J>    both South units face the sea
    state = build({"a1": "S<", "l1": "J>", "f12": "t^"})
    do(state, "roll 2")
    assert state.pos.phase == "remove" and state.current_player() == 1
    assert legal(state) == ["remove a1", "remove l1"]
    do(state, "remove l1")
    assert parse_square("l1") not in state.pos.units and state.pos.lost == [1, 0]
    # the removal ends South's turn
    assert state.pos.to_move == 1 and state.pos.phase == "roll"


def test_r8_a_unit_that_can_move_must_move(build, do: Do, legal: Legal) -> None:
    state = build({"a1": "S<", "c1": "J^", **FAR})
    do(state, "roll 2")
    assert legal(state) == ["c1-c3", "c1-c2L", "c1-c2R"]


def test_r9_zero_offers_the_three_options(build, do: Do, legal: Legal) -> None:
    state = build({"c4": "S^", "h4": "J>", **FAR}, pads=("SS...", "....."))
    do(state, "roll 0")
    assert legal(state) == [
        "enter 1",
        "enter 2",
        "move pad",
        "turn c4 L",
        "turn c4 R",
        "turn h4 L",
        "turn h4 R",
    ]


def test_r5_ruling_shots_are_offered_beside_the_zero_options(build, do: Do, legal: Legal) -> None:
    state = build({"c4": "S^", "c6": "s<", "h9": "s<"})
    do(state, "roll 0")
    assert legal(state) == ["move pad", "turn c4 L", "turn c4 R", "c4xc6"]
    do(state, "c4xc6")
    assert state.pos.phase == "zero" and legal(state) == ["move pad", "turn c4 L", "turn c4 R"]


def test_r9_rule_2a_only_the_unit_played_after_a_zero_moves(build, do: Do, legal: Legal) -> None:
    state = build({"c4": "S^", "h4": "J>", **FAR})
    do(state, "roll 0", "turn c4 R", "roll 2")
    assert legal(state) == ["c4-e4", "c4-d4L", "c4-d4R"]


def test_r9_another_zero_starts_the_options_afresh(build, do: Do, legal: Legal) -> None:
    state = build({"c4": "S^", "h4": "J>", **FAR})
    do(state, "roll 0", "turn c4 R", "roll 0", "turn h4 L", "roll 1")
    assert legal(state) == ["h4-h5"]


def test_r9_rule_2a_bound_unit_that_cannot_move_gives_1a(build, do: Do, legal: Legal) -> None:
    # h4 turned to face south has only 3 squares before the sea: a 5 cannot be used,
    # and c4 (which could) is not allowed to move
    state = build({"c4": "S^", "h4": "J>", **FAR})
    do(state, "roll 0", "turn h4 R", "roll 5")
    assert state.pos.phase == "remove"
    assert legal(state) == ["remove c4", "remove h4"]


def test_r9_after_a_zero_there_is_always_another_roll(build, do: Do, legal: Legal) -> None:
    """R9 (general rule 2: "Etter at en null er rullet, får du alltid en ny rull")."""
    state = build({"c4": "S^", **FAR})
    for _ in range(ZERO_CAP + 4):
        do(state, "roll 0")
        assert state.pos.to_move == 0 and state.pos.phase == "zero"
        do(state, "turn c4 L")
    assert state.pos.zeros == ZERO_CAP + 4 and state.pos.phase == "roll"
    do(state, "roll 1")
    assert legal(state) == ["c4-c5"]


def test_r9_version_1_ended_the_turn_at_the_fourth_zero(build, do: Do) -> None:
    """Rules version 1 (kept so its records replay): the fourth 0 ended the turn."""
    state = build({"c4": "S^", **FAR}, rules_version=1)
    for _ in range(ZERO_CAP - 1):
        do(state, "roll 0", "turn c4 L")
    assert state.pos.to_move == 0
    do(state, "roll 0")
    assert state.pos.to_move == 1 and state.pos.phase == "roll"


def test_r10_reinforcement_enters_facing_forward_and_is_bound(build, do: Do, legal: Legal) -> None:
    state = build({"c4": "S^", **FAR}, pads=("SJ...", "....."))
    do(state, "roll 0", "enter 2")
    assert state.pos.units[parse_square("b1")].kind == 1
    assert facing(state, "b1") == 0 and state.pos.pads[0] == [0, -1, -1, -1, -1]
    do(state, "roll 3")
    assert legal(state) == ["b1-b4", "b1-b3L", "b1-b3R"]


def test_r10_entry_square_must_be_empty(build, do: Do, legal: Legal) -> None:
    # 1 s> ## . . .     slot 1 (a1) holds a North soldier, slot 2 (b1) a block
    # pad: S J S . .
    state = build({"c4": "S^", "a1": "s>", **FAR}, ["b1"], pads=("SJS..", "....."))
    do(state, "roll 0")
    assert [t for t in legal(state) if t.startswith("enter")] == ["enter 3"]


def test_r10_north_reinforcements_enter_on_row_12_facing_south(build, do: Do) -> None:
    state = build({"c4": "S^", "f11": "s^"}, pads=(".....", "T...."), to_move=1)
    do(state, "roll 0", "enter 1")
    unit = state.pos.units[parse_square("h12")]
    assert (unit.seat, unit.kind, unit.facing) == (1, 2, 2)


def test_r11_moving_the_pad_by_the_next_roll(build, do: Do, legal: Legal) -> None:
    state = build({"c4": "S^", **FAR}, pads=("SSSSS", "....."))
    do(state, "roll 0", "move pad", "roll 4")
    # centre on c; 4 west would pass the corner
    assert legal(state) == ["pad E"]
    do(state, "pad E")
    assert state.pos.centres[0] == 6 and state.pos.to_move == 1


def test_r11_centre_stays_on_the_edge_outer_slots_may_hang_over(
    build, do: Do, legal: Legal
) -> None:
    state = build({"c4": "S^", **FAR}, pads=("SSSSS", "....."), centres=(1, 9))
    do(state, "roll 0")
    # centre on b: slot 1 hangs west of column a and cannot unload
    assert [t for t in legal(state) if t.startswith("enter")] == [
        "enter 2",
        "enter 3",
        "enter 4",
        "enter 5",
    ]
    do(state, "move pad", "roll 1")
    assert legal(state) == ["pad W", "pad E"]
    do(state, "pad W")
    assert state.pos.centres[0] == 0


def test_r12_turning_a_unit_where_it_stands(build, do: Do) -> None:
    state = build({"c4": "S^", **FAR})
    do(state, "roll 0", "turn c4 L")
    assert facing(state, "c4") == 3 and state.pos.bound == parse_square("c4")
    assert state.pos.phase == "roll"


def test_r13_rule_4_reinforce_without_a_zero(build, do: Do, legal: Legal) -> None:
    state = build({"f12": "tv"}, pads=("S.J..", "....."), to_move=1)
    do(state, "roll 1", "f12-f11")  # North ends its turn; South has no unit on the island
    assert state.pos.phase == "enter" and state.current_player() == 0
    assert legal(state) == ["enter 1", "enter 3"]
    do(state, "enter 3")
    assert state.pos.units[parse_square("c1")].kind == 1
    assert state.pos.phase == "roll"


def test_r13_rule_1b_pad_units_that_cannot_come_on(build, do: Do, legal: Legal) -> None:
    state = build({"f12": "tv", "a1": "s^", "c1": "s^"}, pads=("S.J..", "....."), to_move=1)
    do(state, "roll 1", "f12-f11")
    assert state.pos.phase == "removepad" and state.current_player() == 1
    assert legal(state) == ["remove pad 1", "remove pad 3"]
    do(state, "remove pad 3")
    assert state.pos.pads[0] == [0, -1, -1, -1, -1] and state.pos.lost == [1, 0]
    assert state.pos.to_move == 1


# ---------------------------------------------------------------- audit against the seed
def test_r7_the_landing_square_must_be_free_but_the_turn_square_may_be_reached(
    build, do: Do, legal: Legal
) -> None:
    # 6 . . J^      with a 2 the soldier on c4 cannot land on its own jeep (general
    # 5 . . .       rule 11), but it can stop on c5 and turn with the last pip
    # 4 . . S^
    state = build({"c4": "S^", "c6": "J^", **FAR})
    do(state, "roll 2")
    assert [t for t in legal(state) if t.startswith("c4")] == ["c4-c5L", "c4-c5R"]


def test_r8_ruling_the_move_is_skipped_when_the_bound_unit_is_lost(build, do: Do) -> None:
    # 5 . s< ##     South turns c4 after a 0 (general rule 2A binds it), rolls 3, then
    # 4 . .  S<     its jeep shoots the block on c5: live, so c4 and b5 go in the blast.
    # 2 . .  J^     The bound unit is gone: no move and no rule 1A removal; the turn ends.
    state = build({"c2": "J^", "c4": "S^", "b5": "s<", "l12": "s^"}, ["c5"])
    do(state, "roll 0", "turn c4 L", "roll 3", "c2xc5", "live c5")
    assert state.pos.lost == [1, 1]
    assert state.pos.to_move == 1 and state.pos.phase == "roll"
    assert [state.pos.units[parse_square(n)].seat for n in ("c2", "l12")] == [0, 1]


def test_r9_another_zero_lifts_the_pad_binding(build, do: Do, legal: Legal) -> None:
    state = build({"c4": "S^", **FAR}, pads=("S....", "....."))
    do(state, "roll 0", "move pad", "roll 0")
    assert state.pos.phase == "zero" and state.pos.bound == -1
    do(state, "turn c4 R", "roll 2")
    assert legal(state) == ["c4-e4", "c4-d4L", "c4-d4R"]  # a unit moves, not the pad


def test_r11_the_pad_move_is_the_move_of_the_turn_and_shots_follow(
    build, do: Do, legal: Legal
) -> None:
    state = build({"c4": "S^", "c6": "s<", "l12": "s^"}, pads=("SSSSS", "....."))
    do(state, "roll 0", "move pad", "roll 2")
    assert legal(state) == ["c4xc6", "done"]
    do(state, "done")
    assert legal(state) == ["pad W", "pad E"]  # no unit may move with this roll
    do(state, "pad W")
    assert state.pos.centres[0] == 0 and legal(state) == ["c4xc6", "done"]
    do(state, "done")
    assert state.pos.to_move == 1


def test_r4_rule_6_a_unit_leaves_the_pad_from_its_own_slot(build, do: Do) -> None:
    """General rule 6: after the pad has moved, slot 1 unloads in front of its new column."""
    state = build({"c4": "S^", **FAR}, pads=("J...T", "....."), centres=(5, 9))
    do(state, "roll 0", "enter 1")
    unit = state.pos.units[parse_square("d1")]
    assert (unit.kind, unit.facing) == (1, 0)  # the jeep, facing north
    assert state.pos.pads[0] == [-1, -1, -1, -1, 2]

"""Islandet rules R5-R13: the turn, moving, rule 1A, the three 0 options, rules 4 and 1B.

Positions are drawn with the rows that matter; ``S^`` is a South soldier facing north,
``tv`` a North tank facing south, ``##`` a block.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from spelbord.core import CHANCE, NotationError
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
    assert legal(state) == ["remove a1", "remove l1", "decline"]  # version 3: or decline
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


def test_r9_rule_2a_bound_unit_that_cannot_move_gives_1a_in_version_2(
    build, do: Do, legal: Legal
) -> None:
    # h4 turned to face south has only 3 squares before the sea: a 5 cannot be used,
    # and c4 (which could) is not allowed to move. Version 2 hands a free removal over;
    # version 3 does not (test_r8_v3_rule_1a_needs_every_unit_blocked).
    state = build({"c4": "S^", "h4": "J>", **FAR}, rules_version=2)
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


def test_r10_entry_square_must_hold_no_unit(build, do: Do, legal: Legal) -> None:
    # 1 s> ## . . .     slot 1 (a1) holds a North soldier, slot 2 (b1) a block:
    # pad: S J S . .    version 2 bars both, version 3 only the unit's square
    for version, slots in ((2, ["enter 3"]), (3, ["enter 2", "enter 3"])):
        state = build(
            {"c4": "S^", "a1": "s>", **FAR}, ["b1"], pads=("SJS..", "....."), rules_version=version
        )
        do(state, "roll 0")
        assert [t for t in legal(state) if t.startswith("enter")] == slots, version


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
    assert legal(state) == ["remove pad 1", "remove pad 3", "decline"]  # version 3
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


# ---------------------------------------------------------------- rulings of 2026-11-27
# Rules version 3 changed R8 (rule 1A needs every unit blocked), R8/R13 (the free removal
# may be declined) and R10 (a reinforcement may come on onto a block); each test shows
# version 3 and the version 2 it replaced, whose records must still replay.


def test_r8_v3_rule_1a_needs_every_unit_blocked(build, do: Do, legal: Legal) -> None:
    """R8 (version 3): only the bound unit is blocked, so its move is lost, no removal.

    General rule 1A: "HVIS ALLE FIGURENE DINE ER BLOKKERT FRA BEVEGELSE".
    """
    # 6 . . s<                 South turns h4 right after a 0 (rule 2A binds it): facing
    # 5 . . .                  south it cannot use a 5 (three squares to the sea), while
    # 4 . . S^ . . . . J>      the tank on e2 could (e3-e7). c4 may shoot c6 all along.
    # 2 . . .  . T^
    units = {"c4": "S^", "h4": "J>", "e2": "T^", "c6": "s<", **FAR}
    state = build(units)
    do(state, "roll 0", "turn h4 R", "roll 5", "done")
    # version 3: the bound move is lost; shots may follow, then the turn ends
    assert state.pos.phase == "shoot2" and state.current_player() == 0
    assert legal(state) == ["c4xc6", "done"]
    assert "h4 could not use the roll: its move is lost" in str(state).splitlines()[-1]
    do(state, "c4xc6")  # no target left: the turn ends
    assert state.pos.to_move == 1 and state.pos.lost == [0, 1]
    assert parse_square("h4") in state.pos.units and parse_square("e2") in state.pos.units
    # version 2: rule 1A read as "the units that may move": a free removal for North
    old = build(units, rules_version=2)
    do(old, "roll 0", "turn h4 R", "roll 5", "done")
    assert old.pos.phase == "remove" and old.current_player() == 1
    assert legal(old) == ["remove e2", "remove c4", "remove h4"]


def test_r8_v3_every_unit_blocked_still_gives_the_removal(build, do: Do, legal: Legal) -> None:
    """R8 (version 3): the bound unit and every other unit blocked: rule 1A applies."""
    # 4 . . . . . . . J>       h4 is bound (facing south, a 5 is too far) and a1, facing
    # 1 S< . . .               the sea, cannot move either
    state = build({"a1": "S<", "h4": "J>", **FAR})
    do(state, "roll 0", "turn h4 R", "roll 5")
    assert state.pos.phase == "remove" and state.current_player() == 1
    assert legal(state) == ["remove a1", "remove h4", "decline"]


def test_r8_v3_the_opponent_may_decline_the_free_removal(build, do: Do, legal: Legal) -> None:
    """R8 (version 3): rule 1A's removal is the opponent's choice ("KAN MOTSTANDEREN
    FJERNE"): a unit, or "decline"; the turn ends either way."""
    # 1 S< . . . . . . . . . . J>    both South units face the sea
    units = {"a1": "S<", "l1": "J>", "f12": "t^"}
    state = build(units)
    do(state, "roll 2")
    assert legal(state) == ["remove a1", "remove l1", "decline"]
    decline = state.action_to_dict(state.string_to_action("decline"), 1)
    assert decline == {"action": 1605, "text": "decline", "kind": "decline", "rule": "1A", "of": 0}
    assert "North may remove one of South's units" in str(state).splitlines()[-1]
    do(state, "decline")
    assert state.pos.lost == [0, 0] and len(state.pos.units) == 3
    assert state.pos.to_move == 1 and state.pos.phase == "roll"
    # version 2: the opponent always removes; "decline" is no legal action
    old = build(units, rules_version=2)
    do(old, "roll 2")
    assert legal(old) == ["remove a1", "remove l1"]
    with pytest.raises(NotationError):
        old.string_to_action("decline")


def test_r13_v3_the_opponent_may_decline_the_rule_1b_removal(build, do: Do, legal: Legal) -> None:
    """R13 (version 3): rule 1B's removal may be declined too; it comes back next turn."""
    # 1 s^ . s^ . .      South has nothing on the island and its pad units (slots 1, 3)
    # pad: S . J . .     cannot come on: a1 and c1 are taken
    units = {"f12": "tv", "a1": "s^", "c1": "s^"}
    state = build(units, pads=("S.J..", "....."), to_move=1)
    do(state, "roll 1", "f12-f11")
    assert legal(state) == ["remove pad 1", "remove pad 3", "decline"]
    do(state, "decline")
    assert state.pos.pads[0] == [0, -1, 1, -1, -1] and state.pos.lost == [0, 0]
    assert state.pos.to_move == 1 and state.pos.phase == "roll"
    old = build(units, pads=("S.J..", "....."), to_move=1, rules_version=2)
    do(old, "roll 1", "f12-f11")
    assert legal(old) == ["remove pad 1", "remove pad 3"]


def test_r10_v3_a_reinforcement_onto_a_safe_block(build, do: Do, legal: Legal) -> None:
    """R10 (version 3): the unit comes on onto the block and sets it off; a safe block
    goes, the unit stays facing forward and rule 2A binds it."""
    # 1 . ## . .         the block on b1 stands in front of pad slot 2
    # pad: . J . .
    state = build({"c4": "S^", **FAR}, ["b1"], pads=(".J...", "....."))
    do(state, "roll 0")
    enter = state.action_to_dict(state.string_to_action("enter 2"))
    assert enter["to"] == "b1" and enter["onto_block"] is True
    do(state, "enter 2")
    assert state.pos.phase == "reveal" and state.pos.reveal == [parse_square("b1")]
    do(state, "safe b1")
    assert parse_square("b1") not in state.pos.blocks
    assert state.pos.units[parse_square("b1")].kind == 1 and facing(state, "b1") == 0
    assert state.pos.phase == "roll" and state.pos.bound == parse_square("b1")
    do(state, "roll 3")
    assert legal(state) == ["b1-b4", "b1-b3L", "b1-b3R"]
    # version 2: a square holding a block is not free, so slot 2 cannot unload
    old = build({"c4": "S^", **FAR}, ["b1"], pads=(".J...", "....."), rules_version=2)
    do(old, "roll 0")
    assert "enter 2" not in legal(old)


def test_r10_v3_a_reinforcement_onto_a_live_block_dies_and_the_move_is_skipped(
    build, do: Do, legal: Legal
) -> None:
    """R10 (version 3): a live block takes the unit and the eight squares round it (and
    chains); the unit is lost, so the move of the next roll is skipped (R8)."""
    # 2 s> . ##          the jeep comes on onto b1: the live block takes it, the North
    # 1 . ## .           soldier on a2 and sets c2 off in turn
    # pad: . J . .
    state = build(
        {"c4": "S^", "a2": "s>", **FAR}, ["b1", "c2"], pads=(".J...", "....."), live=6, safe=4
    )
    do(state, "roll 0", "enter 2", "live b1")
    assert state.pos.lost == [1, 1] and state.pos.reveal == [parse_square("c2")]
    do(state, "safe c2")
    assert state.pos.blocks == set() and state.pos.phase == "roll"
    do(state, "roll 3")  # c4 could move, but rule 2A bound the lost jeep: no move
    assert state.pos.to_move == 1 and parse_square("c4") in state.pos.units


def test_r13_v3_rule_4_may_bring_a_unit_on_onto_a_block(build, do: Do, legal: Legal) -> None:
    """R13 (version 3): rule 4's reinforcement may come on onto a block too; where version 2
    found no square free and handed a rule 1B removal over."""
    # 1 ## . . . .       South has nothing on the island; its one pad unit is in slot 1,
    # pad: T . . . .     in front of the block on a1
    state = build({"f12": "tv"}, ["a1"], pads=("T....", "....."), to_move=1)
    do(state, "roll 1", "f12-f11")
    assert state.pos.phase == "enter" and legal(state) == ["enter 1"]
    do(state, "enter 1", "safe a1")
    assert state.pos.units[parse_square("a1")].kind == 2 and state.pos.bound == -1
    assert state.pos.phase == "roll"
    old = build({"f12": "tv"}, ["a1"], pads=("T....", "....."), to_move=1, rules_version=2)
    do(old, "roll 1", "f12-f11")
    assert old.pos.phase == "removepad" and legal(old) == ["remove pad 1"]


@pytest.mark.parametrize("version", [2, 3])
def test_r9_ruling_rule_2a_binds_the_move_every_unit_may_shoot(
    build, do: Do, legal: Legal, version: int
) -> None:
    """R9 (confirmed ruling, every version): rule 2A ("DET ENESTE TEGNET DU HAR LOV TIL Å
    SPILLE") binds which unit moves; rule 3 lets every unit shoot, before and after."""
    # 7 . . . . s<       South turns c4 after a 0; the jeep on e4 still shoots e7
    # 4 . . S^ . J^      before the move and after it, though only c4 may move
    state = build({"c4": "S^", "e4": "J^", "e7": "s<", "l12": "s^"}, rules_version=version)
    do(state, "roll 0", "turn c4 R", "roll 2")
    assert legal(state) == ["e4xe7", "done"]
    do(state, "done")
    assert legal(state) == ["c4-d4L", "c4-d4R"]  # not e4 (it could go e5-e6), not c4-e4
    do(state, "c4-d4L")
    assert legal(state) == ["e4xe7", "done"]

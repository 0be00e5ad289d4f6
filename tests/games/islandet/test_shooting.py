"""Islandet rules R14-R18: exact hits, crossfire, safety on the pad, blocks going off."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from spelbord.games.islandet import IslandetState
from spelbord.games.islandet.board import parse_square

Do = Callable[..., IslandetState]
Legal = Callable[[IslandetState], list[str]]


def at(state: IslandetState, *names: str) -> list[bool]:
    """Whether a unit stands on each named square."""
    return [parse_square(n) in state.pos.units for n in names]


def test_r14_exact_range_in_the_facing_only(build, do: Do, legal: Legal) -> None:
    #    c  e  g
    # 8  .  .  t<      soldier c4 hits c6 (2), jeep e4 misses e6 (range 3 ends on e7),
    # 7  .  .  .       tank g4 hits g8 (4); the tank on i4 faces east and sees nothing
    # 6  s> s> .       north of it
    # 4  S^ J^ T^ T>
    units = {"c4": "S^", "e4": "J^", "g4": "T^", "i4": "T>", "c6": "s>", "e6": "s>"}
    units |= {"g8": "t<", "i8": "s<"}
    state = build(units, phase="shoot1", roll=2)
    assert legal(state) == ["c4xc6", "g4xg8", "done"]
    do(state, "g4xg8")
    assert at(state, "g8") == [False] and state.pos.phase == "shoot1"
    assert legal(state) == ["c4xc6", "done"]


def test_r14_jeep_range_three(build, do: Do, legal: Legal) -> None:
    state = build({"e4": "J^", "e7": "s>", "a12": "s^"}, phase="shoot2", roll=2)
    assert legal(state) == ["e4xe7", "done"]
    do(state, "e4xe7")
    # the last target is gone: the shooting step ends by itself, and with it the turn
    assert state.pos.to_move == 1


def test_r14_only_enemies_and_blocks_are_targets(build, legal: Legal) -> None:
    state = build({"c4": "S^", "c6": "J<", "a12": "s^"}, phase="shoot1", roll=2)
    assert legal(state) == ["done"]


def test_r14_and_r18_a_block_in_between_stops_the_shot(build, legal: Legal) -> None:
    # 8 t<        the tank on c4 cannot fire past the block on c6;
    # 6 ##        the block is a target for the soldier on e4 (range 2 ends on e6)
    # 4 T^ . S^
    state = build({"c4": "T^", "e4": "S^", "c8": "t<"}, ["c6", "e6"], phase="shoot1", roll=2)
    assert legal(state) == ["e4xe6", "done"]


def test_r14_a_block_is_a_target_and_goes_off(build, do: Do) -> None:
    state = build({"c2": "T^", "a12": "s^"}, ["c6"], phase="shoot1", roll=2)
    do(state, "c2xc6")
    assert state.pos.phase == "reveal" and state.pos.reveal == [parse_square("c6")]
    do(state, "safe c6")
    # turned over and taken away; the shooter goes on to its move
    assert state.pos.blocks == set() and at(state, "c2") == [True]
    assert state.pos.phase == "move" and state.pos.to_move == 0


def test_r15_crossfire_removes_enemies_on_the_line(build, do: Do) -> None:
    # 6 t<    the tank on c2 hits c6 exactly; the North units on c3 and c5 are caught
    # 5 s>    in the crossfire, its own soldier on c4 is not
    # 4 S^
    # 3 j>
    # 2 T^
    state = build(
        {"c2": "T^", "c3": "j>", "c4": "S>", "c5": "s>", "c6": "t<", "a12": "s^"},
        phase="shoot1",
        roll=2,
    )
    do(state, "c2xc6")
    assert at(state, "c3", "c4", "c5", "c6") == [False, True, False, False]
    assert state.pos.lost == [0, 3]


# The repro of issue 10:   h  i  j  k  l
#                       3  T> s< s< .  ##    the tank on h3 shoots the block on l3 (range 4)
CROSSFIRE_AT_A_BLOCK = {"h3": "T>", "i3": "s<", "j3": "s<", "a12": "s^"}


def test_r15_crossfire_at_a_block_waits_for_its_reveal(build, do: Do) -> None:
    """R15 (general rule 10): the units in between stand until the block is turned over."""
    state = build(CROSSFIRE_AT_A_BLOCK, ["l3"])
    do(state, "roll 3", "h3xl3")
    assert state.pos.phase == "reveal"
    assert at(state, "i3", "j3") == [True, True] and state.pos.lost == [0, 0]
    assert "in crossfire if the block is live: i3 j3" in str(state)


def test_r15_the_board_marks_crossfire_at_a_block_as_conditional(build, do: Do) -> None:
    """R15: before the shot, the interface learns that i3 and j3 fall only if l3 is live;
    a shot at a unit marks its crossfire as certain."""
    state = build(CROSSFIRE_AT_A_BLOCK, ["l3"])
    do(state, "roll 3")
    shot = state.action_to_dict(state.string_to_action("h3xl3"))
    assert shot["targets"] == ["i3", "j3", "l3"] and shot["crossfire_if_live"] is True
    at_unit = build({"c2": "T^", "c3": "j>", "c6": "t<", "a12": "s^"}, phase="shoot1", roll=2)
    assert "crossfire_if_live" not in at_unit.action_to_dict(at_unit.string_to_action("c2xc6"))


def test_r15_a_block_proving_safe_removes_nobody_in_between(build, do: Do) -> None:
    """R15: "korsfyr fra en eksakt hit ... på en ... live hindringsblokk": safe is no hit."""
    state = build({**CROSSFIRE_AT_A_BLOCK, "a2": "S^"}, ["l3"])
    do(state, "roll 3", "h3xl3", "safe l3")
    assert at(state, "h3", "i3", "j3") == [True, True, True]
    assert state.pos.lost == [0, 0] and state.pos.crossfire == []
    assert parse_square("l3") not in state.pos.blocks and state.pos.phase == "move"


def test_r15_a_block_proving_live_removes_the_units_in_between(build, do: Do) -> None:
    """R15: a live block is an exact hit, so the crossfire takes i3 and j3 (the blast of
    l3 reaches k2-k4 only)."""
    state = build({**CROSSFIRE_AT_A_BLOCK, "e8": "s>"}, ["l3"])
    do(state, "roll 3", "h3xl3", "live l3")
    assert at(state, "h3", "i3", "j3", "e8") == [True, False, False, True]
    assert state.pos.lost == [0, 2] and state.pos.crossfire == []


def test_r15_crossfire_and_blast_take_a_unit_once(build, do: Do) -> None:
    # 5 ##     the jeep on c2 hits the block on c5 (range 3) over North's c3 and c4;
    # 4 s>     c5 proves live: c4, beside it, goes in the blast and c3 in the crossfire;
    # 3 s>     each unit counts once in the losses
    # 2 J^
    state = build({"c2": "J^", "c3": "s>", "c4": "s>", "a12": "s^"}, ["c5"])
    do(state, "roll 2", "c2xc5", "live c5")
    assert at(state, "c2", "c3", "c4") == [True, False, False]
    assert state.pos.lost == [0, 2]


def test_r15_version_1_removed_the_crossfire_before_the_reveal(build, do: Do) -> None:
    """Rules version 1 (kept so its records replay): the units in between went at once."""
    state = build(CROSSFIRE_AT_A_BLOCK, ["l3"], rules_version=1)
    do(state, "roll 3", "h3xl3")
    assert at(state, "i3", "j3") == [False, False] and state.pos.phase == "reveal"
    do(state, "safe l3")
    assert at(state, "i3", "j3") == [False, False] and state.pos.lost == [0, 2]


def test_r16_units_on_the_pad_are_safe_and_cannot_shoot(build, do: Do, legal: Legal) -> None:
    # 5 tv          the North tank sets off the live block on b1:
    # 2 S^          South's soldier on a2 goes, the pad below row 1 is untouched
    # 1 . ## .
    # pad S S S S S
    state = build(
        {"b5": "tv", "a2": "S^", "l3": "S>"},
        ["b1"],
        pads=("SSSSS", "....."),
        to_move=1,
        phase="shoot1",
        roll=2,
        live=1,
        safe=0,
    )
    do(state, "b5xb1")
    assert at(state, "a2") == [False]
    assert state.pos.pads[0] == [0, 0, 0, 0, 0]
    state = build({"b3": "tv", "a12": "S^"}, pads=("SSSSS", "....."), to_move=1)
    do(state, "roll 1")
    # the tank on b3 faces the pad at range 4 (off the island): nothing to shoot
    assert state.pos.phase == "move"


def test_r17_reveal_odds_follow_the_blocks_left(build, do: Do) -> None:
    state = build({"c2": "J^", "a12": "s^"}, ["c5"], phase="shoot1", roll=2, live=4, safe=2)
    do(state, "c2xc5")
    assert state.chance_outcomes() == [(0, pytest.approx(2 / 6)), (1, pytest.approx(4 / 6))]


def test_r17_safe_block_just_leaves(build, do: Do) -> None:
    state = build({"c2": "J^", "c4": "S>", "d6": "s<", "a12": "s^"}, ["c5"], phase="shoot1")
    state.pos.roll = 2
    do(state, "c2xc5", "safe c5")
    assert parse_square("c5") not in state.pos.blocks
    assert at(state, "c4", "d6") == [True, True]
    assert (state.pos.live_left, state.pos.safe_left) == (6, 3)


def test_r17_live_blocks_clear_their_eight_squares_and_chain(build, do: Do) -> None:
    #   b  c  d  e  f  g
    # 8 .  .  .  s> .  .      the jeep on d2 shoots the block on d5 (range 3).
    # 7 .  .  .  .  ## .      d5 is live: c4 (South) and c6 (North) go, and e6 goes off;
    # 6 .  s> .  ## .  .      e6 is live: f5 goes, and f7 goes off; f7 is safe: e8 stays
    # 5 .  .  ## .  s> .
    # 4 .  S> .  .  .  .
    # 2 .  .  J^ .  .  .
    state = build(
        {"d2": "J^", "c4": "S>", "c6": "s>", "f5": "s>", "e8": "s>"},
        ["d5", "e6", "f7"],
        phase="shoot1",
        roll=2,
    )
    do(state, "d2xd5", "live d5")
    assert at(state, "c4", "c6", "f5", "e8", "d2") == [False, False, True, True, True]
    assert state.pos.phase == "reveal" and state.pos.reveal == [parse_square("e6")]
    assert state.chance_outcomes() == [(0, pytest.approx(4 / 9)), (1, pytest.approx(5 / 9))]
    do(state, "live e6")
    assert at(state, "f5") == [False] and state.pos.reveal == [parse_square("f7")]
    do(state, "safe f7")
    assert at(state, "e8", "d2") == [True, True]
    assert state.pos.blocks == set() and state.pos.lost == [1, 2]
    assert state.pos.phase == "move" and state.pos.to_move == 0


def test_r17_landing_on_a_live_block_removes_the_lander(build, do: Do) -> None:
    state = build({"c3": "S^", "a4": "S^", "d6": "s<", "h8": "s<"}, ["c5"])
    do(state, "roll 2", "done", "c3-c5", "live c5")
    assert at(state, "c5", "d6", "h8", "a4") == [False, False, True, True]
    assert state.pos.to_move == 1


def test_r17_all_live_needs_no_chance(build, do: Do) -> None:
    state = build({"c2": "J^", "b6": "s<", "a12": "s^"}, ["c5"], phase="shoot1", all_live=True)
    state.pos.roll = 2
    do(state, "c2xc5")
    assert at(state, "b6") == [False] and state.pos.live_left == 9


def test_r15_a_version_1_state_stored_before_version_2_still_loads(build, do: Do) -> None:
    """Stored version-1 states have no pending crossfire; they load and play on as v1."""
    state = build(CROSSFIRE_AT_A_BLOCK, ["l3"], rules_version=1)
    do(state, "roll 3")
    data = state.to_dict()
    assert data["version"] == 1
    del data["state"]["crossfire"]  # written by the code before version 2
    again = state.game.from_json(json.dumps(data))
    do(again, "h3xl3", "safe l3")
    assert at(again, "i3", "j3") == [False, False]


# ---------------------------------------------------------------- audit against the seed
def test_r14_a_hit_must_be_exact_not_short_and_not_beyond(build, legal: Legal) -> None:
    #   c  e
    # 7 .  s>     the tank on c2 (range 4) sees c5 at 3 and c7 at 5: no exact hit;
    # 6 .  .      the tank on e2 hits e6 at exactly 4
    # 5 s> .
    # 2 T^ T^
    state = build(
        {"c2": "T^", "e2": "T^", "c5": "s>", "c7": "s>", "e6": "s>"}, phase="shoot1", roll=2
    )
    assert legal(state) == ["e2xe6", "done"]


def test_r15_crossfire_at_a_live_block_during_the_zero_options(build, do: Do, legal: Legal) -> None:
    """R5 ruling and R15: a shot beside the 0 options; the block proves live, the units in
    between go, and the player still chooses an option."""
    state = build(CROSSFIRE_AT_A_BLOCK, ["l3"])
    do(state, "roll 0", "h3xl3", "live l3")
    assert at(state, "h3", "i3", "j3") == [True, False, False]
    assert state.pos.phase == "zero" and legal(state) == ["move pad", "turn h3 L", "turn h3 R"]


def test_r17_a_block_is_not_set_off_by_a_unit_removed_beside_it(build, do: Do) -> None:
    #   d  e  f
    # 7 .  .  ##     d5 is live: e6 goes in its blast; f7 stands beside e6 but not
    # 6 .  s> .      beside d5, so it does not go off
    # 5 ## .  .
    # 2 J^ .  .
    state = build({"d2": "J^", "e6": "s>", "l12": "s^"}, ["d5", "f7"], phase="shoot1", roll=2)
    do(state, "d2xd5", "live d5")
    assert at(state, "e6") == [False]
    assert state.pos.blocks == {parse_square("f7")} and state.pos.reveal == []
    assert state.pos.phase == "move"

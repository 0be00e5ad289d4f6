"""Rules tests for Gunst, one or more per rule of games/gunst/rules/reference.en.md (R1-R22, R24).

Each test builds its position by hand: hands, deity tracks and life are set on the table
before the Tinge, then the round is played through the public protocol by notation.
Rows are drawn as in ``str(state)``: K W F T S are the pieces standing in a row.
Positions are played under the newest rules version unless a test names one; the rulings
of version 3 (R12, R13) are tested under versions 2 and 3 side by side at the end.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from spelbord.core import CHANCE, SIMULTANEOUS, IllegalActionError, NotationError
from spelbord.games.gunst import GunstGame, GunstState
from spelbord.games.gunst.pieces import (
    ARCHIMEDES,
    EURIKA,
    EXTAZIA,
    FARMER,
    FULL_HAND,
    HAND,
    KNIGHT,
    SCHOLAR,
    START,
    TAGEN,
    THIEF,
    TUSMORKET,
    VANDRINGSMANDEN,
    WARRIOR,
    Selection,
)
from spelbord.games.gunst.position import DEST, INVOKE, MODE, RAISE, TARGET, TINGE

FULL = tuple(FULL_HAND)


def position(
    *,
    deities: Sequence[Sequence[int]] = ((START,) * 4, (START,) * 4),
    hands: Sequence[Sequence[int]] = (FULL, FULL),
    life: Sequence[int] = (12, 12),
    season: int = 1,
    spent_kin_return: bool = False,
    version: int | None = None,
) -> GunstState:
    """A Tinge position with the given hands, deity tracks and life (under rules
    ``version``, the newest by default)."""
    game = GunstGame(rules_version=version, spent_kin_return=spent_kin_return)
    state = game.new_initial_state()
    table = state.table
    table.deity = [list(d) for d in deities]
    table.hand = [list(h) for h in hands]
    table.life = list(life)
    table.season = season
    return state


def bring(state: GunstState, seat0: str, seat1: str) -> None:
    """The Tinge: both selections, by notation, revealed together."""
    state.apply_actions([state.string_to_action(seat0, 0), state.string_to_action(seat1, 1)])


def play(state: GunstState, *texts: str) -> None:
    """Single-seat decisions (and coin outcomes) by notation, in order."""
    for text in texts:
        state.apply_action(state.string_to_action(text))


def events(state: GunstState, kind: str) -> list[dict[str, object]]:
    return [e for e in state.table.log if e["e"] == kind]


def test_r1_pieces_per_player() -> None:
    state = GunstGame().new_initial_state()
    table = state.table
    assert table.life == [12, 12]
    assert table.hand == [[1, 3, 3, 2, 2], [1, 3, 3, 2, 2]]
    assert sum(table.hand[0]) == 11
    assert table.deity == [[START] * 4, [START] * 4]
    assert table.season == 1


def test_r2_only_deities_in_hand_may_be_brought() -> None:
    state = position(deities=((HAND, TAGEN, START, START), (START,) * 4))
    with pytest.raises(IllegalActionError):
        state.apply_actions([state.string_to_action("bring nothing", 0), 1 << VANDRINGSMANDEN])
    assert state.is_simultaneous_node()
    bring(state, "bring Ex", "bring nothing")
    assert state.table.deity[0][EXTAZIA] > HAND  # on the field


def test_r3_four_seasons_then_the_end() -> None:
    state = position()
    for season in range(1, 5):
        assert state.table.season == season and state.is_simultaneous_node()
        bring(state, "bring nothing", "bring nothing")
        play(state, "coin 0", "first 0")
    assert state.is_terminal()
    assert state.termination() == "seasons" and state.returns() == [0.0, 0.0]


def test_r4_selection_rows_by_kind() -> None:
    state = position(deities=((START,) * 4, (START, START, HAND, START)))
    assert len(state.legal_actions(0)) == 2 * 4 * 4 * 3 * 3
    assert len(state.legal_actions(1)) == 2 * 4 * 4 * 3 * 3 * 2  # Eurika in or out
    bring(state, "bring 1K 2W 1T", "bring 3F 2S Eu")
    rows = state.table.rows
    #   seat 0:  1 K   2 W W   3 .     4 T   5 .
    assert rows[0] == [[KNIGHT], [WARRIOR, WARRIOR], [], [THIEF], []]
    assert rows[1] == [[], [], [FARMER] * 3, [], [SCHOLAR] * 2]
    assert state.table.hand[0] == [0, 1, 3, 1, 2]


def test_r4_empty_hand_has_one_action_bring_nothing() -> None:
    state = position(hands=((0, 0, 0, 0, 0), FULL))
    actions = state.legal_actions(0)
    assert len(actions) == 1
    assert state.action_to_string(actions[0], 0) == "bring nothing"


def test_r4_cannot_bring_more_than_the_hand() -> None:
    state = position(hands=((0, 1, 0, 0, 0), FULL))
    too_many = Selection((0, 2, 0, 0, 0), 0).code
    with pytest.raises(NotationError):
        state.string_to_action("bring 2W", 0)
    with pytest.raises(IllegalActionError):
        state.apply_actions([too_many, state.string_to_action("bring nothing", 1)])
    assert state.table.hand[0] == [0, 1, 0, 0, 0]


def test_r5_fewer_pieces_choose_and_deities_count() -> None:
    state = position()
    bring(state, "bring 1W", "bring 2W")
    assert state.current_player() == 0 and state.table.chooser == 0
    state = position(deities=((HAND, START, START, START), (START,) * 4))
    bring(state, "bring 1W Ex", "bring 2W")  # 2 pieces each: the coin decides
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    play(state, "coin 1")
    assert state.current_player() == 1 and state.table.favour == 0


def test_r6_chooser_names_who_goes_first_in_every_row() -> None:
    state = position(deities=((HAND,) * 4, (HAND,) * 4))
    bring(state, "bring 2W 1S", "bring 1W")
    play(state, "first 0")  # seat 1 chooses, but lets seat 0 go first
    # rows: warriors seat 0, warriors seat 1, scholars seat 0 (mode pending)
    assert [(e["seat"], e["row"]) for e in events(state, "row")] == [(0, 1), (1, 1), (0, 4)]
    assert state.table.life == [11, 10]


def test_r7_favour_moves_one_deity_up_to_the_hand() -> None:
    state = position(deities=((START, TAGEN, HAND, TUSMORKET), (HAND,) * 4))
    bring(state, "bring nothing", "bring 3W 3F")
    assert state.table.favour == 3  # a difference of six, but at most three apply
    play(state, "first 1")
    assert state.legal_actions() == [
        state.string_to_action(t)
        for t in ("favour Extazia", "favour Vandringsmanden", "favour Archimedes")
    ]
    play(state, "favour Extazia")
    assert state.table.deity[0][EXTAZIA] == HAND  # three steps, start to hand


@pytest.mark.parametrize("version", [1, 2])
def test_r7_the_favour_shown_is_the_one_that_applies(version: int) -> None:
    """R7: "Dette kan altså maks være 3": 12 pieces against none give a favour of 3."""
    state = GunstGame(rules_version=version).new_initial_state()
    state.table.deity = [[HAND] * 4, [START, TUSMORKET, START, START]]
    bring(state, "bring 1K 3W 3F 2T 2S Ex", "bring nothing")
    assert state.current_player() == 1
    obs = state.observation(0)
    assert obs["favour"] == 3
    assert [e for e in obs["log"] if e["e"] == "chooser"] == [
        {"e": "chooser", "seat": 1, "favour": 3}
    ]
    # Version 1's records keep what it stored: the whole difference (12).
    stored = 3 if version == 2 else 12
    assert state.table.favour == stored
    assert events(state, "chooser") == [{"e": "chooser", "seat": 1, "favour": stored}]
    play(state, "first 1", "favour Vandringsmanden")
    assert state.table.deity[1] == [START, HAND, START, START]  # two steps were enough


def test_r7_a_table_stored_before_version_2_shows_the_favour_that_applies() -> None:
    state = position(deities=((HAND,) * 4, (START,) * 4))
    bring(state, "bring 3W 3F", "bring nothing")
    data = state.to_dict()
    data["version"] = data["state"]["version"] = 1
    data["state"]["favour"] = 6  # what version 1 stored
    data["state"]["log"][-1]["favour"] = 6
    old = GunstGame(rules_version=1).from_json(json.dumps(data))
    obs = old.observation(None)
    assert obs["favour"] == 3 and obs["log"][-1] == {"e": "chooser", "seat": 1, "favour": 3}
    play(old, "first 1", "favour Extazia")
    assert old.table.deity[1][EXTAZIA] == HAND


def test_r7_single_candidate_is_automatic_and_none_loses_it() -> None:
    state = position(deities=((HAND, HAND, HAND, TAGEN), (HAND,) * 4))
    bring(state, "bring nothing", "bring 2W")
    play(state, "first 0")
    assert state.table.deity[0][ARCHIMEDES] == HAND
    assert events(state, "favour")[-1] == {"e": "favour", "seat": 0, "deity": 3, "to": 3}
    state = position(deities=((HAND,) * 4, (HAND,) * 4))
    bring(state, "bring nothing", "bring 2W")
    play(state, "first 0")
    assert events(state, "favour")[-1]["deity"] == -1
    assert state.table.deity[0] == [HAND] * 4


def test_r8_deities_alternate_from_the_first_player() -> None:
    state = position(deities=((HAND, HAND, START, START), (START, START, HAND, START)))
    bring(state, "bring 1W Ex Va", "bring 1W 1F Eu")  # 3 against 3
    play(state, "coin 1", "first 0")
    assert state.current_player() == 0 and state.table.phase == INVOKE
    play(state, "invoke Vandringsmanden", "banish farmers")
    assert state.current_player() == 1 and state.table.phase == DEST  # Eurika, source forced
    play(state, "into warriors")
    assert state.current_player() == 0 and state.table.phase == TARGET  # Extazia is left
    play(state, "double knights")
    order = [(e["seat"], e["deity"]) for e in events(state, "deity")]
    assert order == [(0, VANDRINGSMANDEN), (1, EURIKA), (0, EXTAZIA)]
    assert state.table.life == [10, 12]  # seat 1: two warriors, seat 0: none left


def test_r8_deity_without_target_acts_without_effect() -> None:
    state = position(deities=((START, HAND, START, START), (HAND,) * 4))
    bring(state, "bring Va", "bring nothing")
    play(state, "first 0")  # seat 1 chooses; favour 1, but all its deities are in hand
    assert events(state, "deity") == [
        {"e": "deity", "seat": 0, "deity": VANDRINGSMANDEN, "row": -1, "dest": -1}
    ]
    assert state.table.deity[0][VANDRINGSMANDEN] == TAGEN


def test_r9_extazia_doubles_a_row_and_r13_drops_to_tagen() -> None:
    state = position(deities=((HAND, START, START, START), (START,) * 4))
    bring(state, "bring 2W Ex", "bring 3F")
    play(state, "coin 0", "first 0", "double warriors")
    assert state.table.life == [12, 8]  # two warriors acting twice
    assert state.table.phase == RAISE and state.current_player() == 1
    play(state, "raise Eurika", "raise Eurika", "raise Eurika")
    assert state.table.deity[1][EURIKA] == HAND
    assert state.table.deity[0][EXTAZIA] == TAGEN
    assert state.table.phase == TINGE and state.table.season == 2


def test_r9_doubling_belongs_to_the_row() -> None:
    state = position(deities=((HAND, START, START, HAND), (START,) * 4))
    bring(state, "bring 1W 2F Ex Ar", "bring 3W 2S")
    play(state, "coin 0", "first 0", "invoke Extazia", "double warriors")
    play(state, "move farmers", "onto warriors")
    #   seat 0:  2 W F F  x2   (Archimedes moved the farmers into the doubled row)
    assert state.table.rows[0][WARRIOR] == [] and state.table.life[1] == 6
    play(state, "scholars strike")
    assert state.table.life == [7, 6]


def test_r10_vandringsmanden_removes_an_opposing_row() -> None:
    state = position(deities=((START, HAND, START, START), (HAND, HAND, HAND, TAGEN)))
    bring(state, "bring Va", "bring 2W 1F")
    play(state, "first 0", "favour Extazia", "banish warriors")
    assert state.table.life == [12, 12]
    assert state.table.deity[1][ARCHIMEDES] == HAND  # the farmer still acted
    assert state.table.hand[1][WARRIOR] == 1  # the banished warriors are spent


def test_r11_eurika_converts_an_opposing_kin() -> None:
    state = position(deities=((START, START, HAND, START), (HAND,) * 4))
    bring(state, "bring Eu", "bring 2W 1S")
    play(state, "first 1", "favour Archimedes", "convert warriors", "into warriors")
    #   seat 0:  2 W        seat 1:  2 W   5 S
    assert state.table.life == [11, 11]
    assert state.table.phase == MODE and state.current_player() == 1
    play(state, "scholars strike")
    assert state.table.life == [10, 11]


@pytest.mark.parametrize("version", [2, 3])
def test_r12_archimedes_moves_a_row_onto_another(version: int) -> None:
    state = position(
        deities=((START, START, START, HAND), (HAND, START, START, START)), version=version
    )
    bring(state, "bring 2F 1S Ar", "bring 1W Ex")
    play(state, "first 0", "favour Eurika", "move scholars", "onto farmers")
    #   seat 0:  3 F F S   5 .
    assert state.table.rows[0][FARMER] == [FARMER, FARMER, SCHOLAR]
    assert state.table.rows[0][SCHOLAR] == []
    play(state, "double knights")
    assert state.table.life == [11, 12]
    if version == 2:  # R13: Archimedes had dropped to Tågen, where a farmer raises it
        play(state, "raise Archimedes", "raise Extazia", "raise Extazia")
        assert state.table.deity[0] == [2, 0, 0, 3]
    else:  # R13 (version 3): Archimedes stays on the field, spent, out of reach
        play(state, "raise Extazia", "raise Extazia", "raise Extazia")
        assert state.table.deity[0] == [3, 0, 0, TAGEN]


def test_r14_rows_act_in_order_and_their_kin_are_spent() -> None:
    state = position(deities=((HAND,) * 4, (HAND,) * 4))
    bring(state, "bring 1K 1W 1T 1S", "bring 2W 1F 1S")
    play(state, "coin 1", "first 1")
    rows = [(e["seat"], e["row"]) for e in events(state, "row")]
    assert rows == [(0, 0), (1, 1), (0, 1), (1, 2), (0, 3), (0, 4)]
    assert state.table.rows[1] == [[], [], [], [], []]  # seat 1's scholar was stolen
    assert state.table.rows[0][KNIGHT] == []


@pytest.mark.parametrize("version", [2, 3])
def test_r15_a_warrior_in_the_knight_row_is_a_knight(version: int) -> None:
    state = position(
        deities=((START, START, START, HAND), (HAND, START, START, START)), version=version
    )
    bring(state, "bring 2W Ar", "bring 1W 2S Ex")
    play(state, "first 0", "favour Vandringsmanden")
    if version >= 3:  # R12: the only row is not moved by itself; leaving is a choice
        play(state, "move warriors")
    play(state, "onto knights")
    #   seat 0:  1 W W   2 .        seat 1:  2 W   5 S S
    assert state.table.rows[0][KNIGHT] == [WARRIOR, WARRIOR]
    play(state, "double warriors")
    assert [e["took"] for e in events(state, "knight")] == [[WARRIOR, SCHOLAR], [SCHOLAR]]
    assert state.table.life == [12, 12]  # they fought as knights, not as warriors


def test_r16_knights_need_as_many_farmers() -> None:
    state = position(deities=((HAND, HAND, HAND, TAGEN), (HAND,) * 4))
    bring(state, "bring 1K 1F", "bring 1W 1F 1S")
    play(state, "first 0")
    assert events(state, "knight") == [
        {"e": "knight", "seat": 0, "took": [WARRIOR, FARMER, SCHOLAR]}
    ]
    assert state.table.life == [12, 12]
    state = position(deities=((HAND,) * 4, (HAND,) * 4))
    bring(state, "bring 1K", "bring 1W 1F")
    play(state, "first 0")
    assert events(state, "knight")[0]["took"] == []
    assert state.table.life == [11, 12]


def test_r17_warriors_deal_one_damage_each() -> None:
    state = position(deities=((HAND,) * 4, (HAND,) * 4))
    bring(state, "bring 3W", "bring 1W")
    play(state, "first 1")
    assert state.table.life == [11, 9]
    assert [e["life"] for e in events(state, "hit")] == [11, 11, 10, 9]


def test_r18_farmers_raise_deities() -> None:
    state = position(deities=((HAND, HAND, HAND, TUSMORKET), (HAND,) * 4))
    bring(state, "bring 3F", "bring 3W")
    play(state, "coin 1", "first 1")
    raised = [(e["deity"], e["to"]) for e in events(state, "raise")]
    assert raised == [(ARCHIMEDES, 2), (ARCHIMEDES, 3), (-1, -1)]  # forced, forced, lost
    assert state.table.phase == TINGE and state.table.life == [9, 12]


def test_r19_thieves_steal_an_active_scholar() -> None:
    state = position(deities=((HAND,) * 4, (HAND,) * 4))
    bring(state, "bring 2T", "bring 1S")
    play(state, "first 1")
    assert [e["ok"] for e in events(state, "steal")] == [True, False]
    #   seat 0:  5 S (stolen)       seat 1:  5 .
    assert state.current_player() == 0 and state.table.phase == MODE
    play(state, "scholars strike")
    assert state.table.life == [12, 11]


def test_r20_scholars_choose_one_mode_for_the_row() -> None:
    state = position()
    bring(state, "bring 2S", "bring 2S")
    play(state, "coin 0", "first 1", "scholars strike")
    assert state.table.life == [10, 12]
    play(state, "scholars raise", "raise Eurika", "raise Eurika")
    assert state.table.deity[0][EURIKA] == TAGEN


def test_r20_doubled_scholars_keep_one_mode() -> None:
    state = position(deities=((HAND, START, START, START), (HAND,) * 4))
    bring(state, "bring 1S Ex", "bring 2W")
    play(state, "coin 0", "first 0", "double scholars", "scholars strike")
    assert state.table.life == [10, 10]
    assert len(events(state, "mode")) == 1


def test_r21_spent_kin_are_gone_kept_kin_stay() -> None:
    state = position(deities=((HAND,) * 4, (HAND,) * 4))
    bring(state, "bring 1K 2W", "bring 1W")
    play(state, "first 1")
    assert state.table.season == 2
    assert state.table.hand == [[0, 1, 3, 2, 2], [1, 2, 3, 2, 2]]
    assert state.table.doubled == [-1, -1]


def test_r21_option_spent_kin_return_to_their_owner() -> None:
    state = position(deities=((START, START, HAND, START), (HAND,) * 4), spent_kin_return=True)
    bring(state, "bring 1K Eu", "bring 3W")
    play(state, "first 0", "favour Extazia", "into warriors")  # the source row is forced
    assert state.table.season == 2
    assert state.table.hand == [list(FULL), list(FULL)]


def test_r22_game_ends_mid_round_at_zero_life() -> None:
    state = position(life=(2, 2))
    bring(state, "bring 2S", "bring 2W")  # seat 0's scholars would strike back: too late
    play(state, "coin 0", "first 0")
    assert state.is_terminal()
    assert state.returns() == [-1.0, 1.0] and state.termination() == "life"
    assert state.table.life == [0, 2]
    assert not events(state, "mode")


def test_r22_after_four_seasons_more_life_wins() -> None:
    state = position(life=(5, 7), season=4)
    bring(state, "bring nothing", "bring nothing")
    play(state, "coin 1", "first 0")
    assert state.returns() == [-1.0, 1.0] and state.termination() == "seasons"
    assert state.outcome() is not None and state.outcome().result() == "0-1"  # type: ignore[union-attr]


def test_r24_forced_choices_are_automatic_and_last_in_is_taken() -> None:
    state = position(deities=((START, START, HAND, START), (START, START, START, HAND)))
    bring(state, "bring 1F Eu", "bring 1K 2W Ar")
    play(state, "first 1", "favour Extazia")
    assert state.current_player() == 1 and state.table.phase == TARGET
    play(state, "move warriors", "onto knights")
    #   seat 1:  1 K W W      seat 0 Eurika takes the piece placed last: a warrior
    assert state.table.phase == DEST  # source forced: the knight row is seat 1's only row
    play(state, "into farmers")
    #   seat 0:  3 F W   (the converted warrior now farms; seat 1's knights lack farmers)
    assert state.table.rows[0][FARMER] == [FARMER, WARRIOR]
    assert [e["took"] for e in events(state, "knight")] == [[], []]
    assert state.table.phase == RAISE and state.table.left == 2
    assert events(state, "deity")[-1] == {
        "e": "deity",
        "seat": 0,
        "deity": EURIKA,
        "row": KNIGHT,
        "dest": FARMER,
    }


def test_rules_reject_out_of_turn_and_wrong_phase() -> None:
    state = position()
    with pytest.raises(IllegalActionError):
        state.apply_action(0)
    assert state.current_player() == SIMULTANEOUS


# ---------------------------------------------------------------- audit against the seed
def test_r7_a_deity_on_the_field_takes_no_favour() -> None:
    """R7: the favour goes to a deity "neither in the hand nor on the field"."""
    state = position(deities=((HAND,) * 4, (HAND,) * 4))
    bring(state, "bring Ex", "bring 2W")  # one piece against two: seat 0 chooses, favour 1
    assert state.table.favour == 1
    play(state, "first 0")
    assert events(state, "favour") == [{"e": "favour", "seat": 0, "deity": -1, "to": -1}]
    play(state, "double knights")
    assert state.table.deity[0] == [TAGEN, HAND, HAND, HAND]  # Extazia only dropped


def test_r10_only_non_empty_opposing_rows_can_be_banished() -> None:
    state = position(deities=((START, HAND, START, START), (START,) * 4))
    bring(state, "bring Va", "bring 2W 1S")
    play(state, "first 0", "favour Extazia")
    #   seat 1:  2 W W   5 S      (rows 1, 3 and 4 are empty)
    assert state.table.phase == TARGET
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "banish warriors",
        "banish scholars",
    ]
    play(state, "banish scholars")
    assert state.table.rows[1][SCHOLAR] == [] and state.table.life == [10, 12]


def test_r12_archimedes_moves_onto_another_row_never_the_same() -> None:
    state = position(deities=((START, START, START, HAND), (START,) * 4), version=2)
    bring(state, "bring 2F Ar", "bring 3W 1S")
    play(state, "first 0", "favour Eurika")
    #   seat 0:  3 F F     the farmer row is the only source: version 2 asks the destination
    #   (version 3 asks whether to move it at all: test_r12_v3_archimedes_may_leave_...)
    assert state.table.phase == DEST
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "onto knights",
        "onto warriors",
        "onto thieves",
        "onto scholars",
    ]
    play(state, "onto warriors")
    assert events(state, "deity")[-1]["dest"] == WARRIOR
    # the two farmers struck as warriors, and raised nothing
    assert state.table.life == [9, 10] and not events(state, "raise")
    assert state.table.phase == MODE and state.current_player() == 1  # seat 1's scholar


def test_r16_a_doubled_knight_acts_twice_and_counts_farmers_each_time() -> None:
    state = position(deities=((HAND, START, START, START), (START,) * 4))
    bring(state, "bring 1K 1F Ex", "bring 2W 1F 2S")
    play(state, "first 0", "favour Vandringsmanden", "double knights")
    #   seat 0:  1 K x2   3 F        seat 1:  2 W W   3 F   5 S S
    # first act: one farmer each, so it takes W F S; second act: 1 farmer to 0, W S
    assert [e["took"] for e in events(state, "knight")] == [
        [WARRIOR, FARMER, SCHOLAR],
        [WARRIOR, SCHOLAR],
    ]
    assert state.table.rows[1] == [[], [], [], [], []]
    assert state.table.life == [12, 12]


def test_r19_doubled_thieves_steal_twice_and_r8_a_seat_without_deities_is_skipped() -> None:
    state = position(deities=((HAND, START, START, START), (START,) * 4))
    bring(state, "bring 1T Ex", "bring 1W 2S")
    play(state, "first 1", "favour Archimedes")
    # seat 1 goes first but has no deity: seat 0's Extazia acts at once
    assert state.current_player() == 0 and state.table.phase == TARGET
    play(state, "double thieves")
    assert [e["ok"] for e in events(state, "steal")] == [True, True]
    #   seat 0:  5 S S (both stolen)     seat 1:  5 .
    assert state.table.rows[1][SCHOLAR] == [] and state.table.phase == MODE
    play(state, "scholars strike")
    assert state.table.life == [11, 10]


def test_r21_converted_kin_are_spent_not_kept() -> None:
    """R21 without the option: a kin Eurika took fights for its new side, then is gone."""
    state = position(deities=((START, START, HAND, START), (START,) * 4))
    bring(state, "bring Eu", "bring 2W")
    play(state, "first 0", "favour Extazia", "into warriors")
    assert state.table.life == [11, 11] and state.table.season == 2
    assert state.table.hand == [list(FULL), [1, 1, 3, 2, 2]]


def test_r22_scholars_striking_the_last_stone_end_the_game_mid_row() -> None:
    state = position(life=(12, 1))
    bring(state, "bring 2S", "bring nothing")
    play(state, "first 0", "favour Extazia", "scholars strike")
    assert state.is_terminal() and state.termination() == "life"
    assert len(events(state, "hit")) == 1 and state.table.life == [12, 0]
    assert state.returns() == [1.0, -1.0]


def test_r22_equal_life_after_the_fourth_season_is_a_draw() -> None:
    state = position(life=(6, 6), season=4)
    bring(state, "bring 1W", "bring 1W")
    play(state, "coin 1", "first 1")
    assert state.is_terminal() and state.termination() == "seasons"
    assert state.table.life == [5, 5] and state.returns() == [0.0, 0.0]
    assert events(state, "end") == [{"e": "end", "loser": -1, "why": "seasons"}]


# ---------------------------------------------------------------- rules version 3 rulings
@pytest.mark.parametrize(("raiser", "version"), [(r, v) for r in ("1F", "1S") for v in (2, 3)])
def test_r13_a_deity_that_acted_stays_on_the_field_spent_until_the_round_ends(
    raiser: str, version: int
) -> None:
    """R13 (version 3): "Når den sidste række har haft effekt, fjernes Guddomsbrikkerne fra
    kamppladsen": Extazia acts, stays on the field spent, and a farmer or a raising scholar
    (R18, R20) cannot raise it; version 2 dropped it to Tågen at once, where they could."""
    state = position(deities=((HAND,) * 4, (HAND,) * 4), version=version)
    bring(state, f"bring {raiser} 1T Ex", "bring 1W")  # 3 pieces against 1: seat 1 chooses
    play(state, "first 0", "double thieves")  # seat 1's favour is lost: all in hand
    #   seat 0:  3 (F)  4 T x2  5 (S)      seat 1:  2 W
    if raiser == "1S":
        assert state.table.phase == MODE
        play(state, "scholars raise")
    extazia = state.table.deity[0][EXTAZIA]
    if version == 2:
        assert extazia == HAND  # Tågen, then raised to the hand the same round
        assert events(state, "raise") == [{"e": "raise", "seat": 0, "deity": EXTAZIA, "to": 3}]
        assert not events(state, "tagen")
    else:
        assert extazia == TAGEN  # spent until the last row acted, then to Tågen
        assert events(state, "raise") == [{"e": "raise", "seat": 0, "deity": -1, "to": -1}]
        assert events(state, "tagen") == [{"e": "tagen", "deities": [[EXTAZIA], []]}]
        assert state.table.log[-2]["e"] == "tagen"  # just before the season ends
    assert state.table.season == 2 and state.table.phase == TINGE
    # The next Tinge: only a deity in the hand may be brought (R2) and counted (R5).
    ready = state.table.ready_mask(0) >> EXTAZIA & 1
    assert ready == (1 if version == 2 else 0)


@pytest.mark.parametrize("version", [2, 3])
def test_r13_what_the_seats_see_while_a_spent_deity_waits_on_the_field(version: int) -> None:
    """R13, R23: the observation (and the board drawn from it) shows the deity spent on
    the field until the round ends (version 3), or already in Tågen (version 2)."""
    state = position(deities=((HAND, TUSMORKET, START, START), (START,) * 4), version=version)
    bring(state, "bring 1S Ex", "bring 3W")
    play(state, "first 0", "favour Vandringsmanden", "double scholars")
    assert state.table.phase == MODE  # Slaget, the scholar row is still to act
    place = state.observation(1)["deities"][0]["Extazia"]
    line = [line for line in str(state).splitlines() if line.startswith("    Extazia")][-1]
    assert state.observation(1)["rules_version"] == version
    if version == 2:
        assert place == "Tågen" and "[Tågen]" in line
        assert state.table.movable_deities(0) == [EXTAZIA, VANDRINGSMANDEN, EURIKA, ARCHIMEDES]
    else:
        assert place == "spent" and "on the field, spent" in line
        assert state.table.movable_deities(0) == [VANDRINGSMANDEN, EURIKA, ARCHIMEDES]
        assert state.table.field_deities(0) == []  # spent: it does not act again (R8)
    play(state, "scholars strike")
    assert state.observation(None)["deities"][0]["Extazia"] == "Tågen"


def test_r13_a_game_that_ends_mid_round_leaves_the_spent_deity_on_the_field() -> None:
    """R13, R22 (version 3): the last row never acts, so the deity is never removed."""
    state = position(deities=((START,) * 4, (HAND, START, START, START)), life=(2, 12))
    bring(state, "bring 3W", "bring 1W Ex")
    play(state, "first 1", "favour Eurika", "double warriors")
    assert state.is_terminal() and state.table.life == [0, 12]
    assert state.observation(None)["deities"][1]["Extazia"] == "spent"
    assert not events(state, "tagen")


@pytest.mark.parametrize("version", [2, 3])
def test_r12_archimedes_may_leave_the_rows_as_they_are(version: int) -> None:
    """R12 (version 3): "Archimedes tillader spilleren at rykke ...": a permission, so its
    owner may leave the rows as they are (`leave rows`); version 2 always moved a row, by
    itself when only one was not empty. The favour stays compulsory (R7)."""
    state = position(deities=((START, START, START, HAND), (START,) * 4), version=version)
    bring(state, "bring 2F Ar", "bring 3W 2S")  # seat 0 chooses: favour 2
    play(state, "first 0")
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "favour Extazia",
        "favour Vandringsmanden",
        "favour Eurika",
    ]  # no way round the favour, under either version
    play(state, "favour Eurika")
    assert state.table.deity[0][EURIKA] == TAGEN  # in full: two steps
    if version == 2:
        assert state.table.phase == DEST  # the farmer row, the only one, moves
        with pytest.raises(NotationError):
            state.string_to_action("leave rows")
        return
    assert state.table.phase == TARGET and state.current_player() == 0
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "move farmers",
        "leave rows",
    ]
    assert state.action_to_dict(state.string_to_action("leave rows")) == {
        "action": 4621,
        "text": "leave rows",
        "kind": "leave",
        "deity": "Archimedes",
        "purpose": "leave",
    }
    play(state, "leave rows")
    assert events(state, "deity") == [
        {"e": "deity", "seat": 0, "deity": ARCHIMEDES, "row": -1, "dest": -1, "leave": True}
    ]
    #   seat 0:  3 F F (left where they were)   Archimedes spent on the field
    assert state.table.rows[0][FARMER] == [FARMER, FARMER]
    assert state.table.deity[0][ARCHIMEDES] > HAND
    # The farmers raise: Eurika twice (Archimedes, spent, cannot be raised, R13).
    assert state.table.phase == RAISE
    play(state, "raise Eurika")
    assert state.table.deity[0][EURIKA] == HAND


@pytest.mark.parametrize("version", [2, 3])
def test_r12_archimedes_is_still_used_and_without_rows_it_leaves_them(version: int) -> None:
    """R8, R12: every deity brought acts (leaving is Archimedes' effect, not a skip); with
    no row of its own the one possibility is taken at once (R24)."""
    state = position(deities=((HAND, START, START, HAND), (START,) * 4), version=version)
    bring(state, "bring Ex Ar", "bring 3W")
    play(state, "first 0", "favour Eurika")  # seat 0's favour: one step
    assert state.table.phase == INVOKE  # no "leave" here: a deity must be named
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "invoke Extazia",
        "invoke Archimedes",
    ]
    play(state, "invoke Archimedes")
    deity = events(state, "deity")[0]
    assert deity["row"] == -1 and deity.get("leave", False) == (version == 3)
    assert state.table.phase == TARGET and state.table.deity_in_use == EXTAZIA
    assert state.table.field_deities(0) == [EXTAZIA]


@pytest.mark.parametrize("version", [2, 3])
def test_r16_knights_compare_the_farmer_rows_as_they_stand_when_they_act(version: int) -> None:
    """R16 (confirmed ruling, every version): "Riddere fjerner ..., hvis du har lige så mange
    eller flere bønder som din modstander": counted when the knight acts, after Dommen, not
    as brought at the Tinge."""
    state = position(deities=((START, START, HAND, START), (START,) * 4), version=version)
    bring(state, "bring 1K 1F Eu", "bring 2W 2F 1S")  # farmers as brought: 1 against 2
    play(state, "first 0", "favour Extazia", "convert farmers", "into farmers")
    #   seat 0:  1 K   3 F F        seat 1:  2 W W   3 F   5 S      (2 farmers against 1)
    assert events(state, "knight") == [
        {"e": "knight", "seat": 0, "took": [WARRIOR, FARMER, SCHOLAR]}
    ]
    assert state.table.life[0] == 11  # one warrior was left to strike

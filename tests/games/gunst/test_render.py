"""The terminal board of Gunst (``observation_string``): readable words, no raw data (R23)."""

from __future__ import annotations

import io
import random

import pytest

from spelbord.cli import main
from spelbord.core import CHANCE, SIMULTANEOUS
from spelbord.games.gunst import GunstGame, GunstState
from spelbord.games.gunst.pieces import START, TUSMORKET
from spelbord.games.gunst.render import RECENT

RAW = ("{", "}", "[[", '"e"', "'e'", "rows:", "log:")


def favour_position() -> GunstState:
    """Seat 0 brings three warriors and three farmers, seat 1 nothing: seat 1 chooses,
    goes first and must spend its favour (a difference of six, three apply, R7)."""
    state = GunstGame().new_initial_state()
    state.table.deity[1] = [START, TUSMORKET, START, START]
    state.apply_actions(
        [state.string_to_action("bring 3W 3F", 0), state.string_to_action("bring nothing", 1)]
    )
    state.apply_action(state.string_to_action("first 1"))
    return state


def test_r23_the_board_in_words_from_the_seat_s_observation() -> None:
    state = favour_position()
    text = state.observation_string(1)
    assert text.splitlines()[0] == (
        "Gunst  season 1 of 4  seat 1 spends a favour of 3 on one deity  (you are seat 1)"
    )
    assert "seat 1 (you): life 12 oooooooooooo   hand: 1 knight, 3 warriors, 3 farmers, " in text
    assert "seat 0: life 12" in text and "hand: 1 knight, 2 thieves, 2 scholars" in text
    assert "Vandringsmanden  start > [Tusmørket] > Tågen > hand" in text
    assert "2 warriors  W W W" in text and "3 farmers   F F F" in text
    assert "season 1, Tinge: seat 0 brings 3 warriors, 3 farmers; seat 1 brings nothing" in text
    assert "seat 1 brought fewer pieces: chooses who goes first, favour 3" in text  # R7
    assert "seat 1 goes first" in text
    assert not any(raw in text for raw in RAW)
    # Nothing is secret in a position (R23): the seats differ only in who "you" are.
    assert (
        state.observation_string(0)
        .replace("(you are seat 0)", "(you are seat 1)")
        .replace("seat 0 (you)", "seat 0")
        .replace("seat 1:", "seat 1 (you):")
        == text
    )


def test_r7_r13_r17_events_of_a_played_round_in_words() -> None:
    state = favour_position()
    for text in ("favour Vandringsmanden",):
        state.apply_action(state.string_to_action(text))
    text = state.observation_string(None)
    assert "(you" not in text
    assert "favour: seat 1's Vandringsmanden moves to hand" in text
    assert "seat 0's warriors act (3x)" in text and "seat 1 loses a life stone (9 left)" in text
    assert "seat 0's farmers act (3x)" in text


def test_a_whole_game_draws_without_raw_data() -> None:
    state = GunstGame().new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        for seat in (None, 0, 1):
            text = state.observation_string(seat)
            assert not any(raw in text for raw in RAW), text
        player = state.current_player()
        if player == SIMULTANEOUS:
            state.apply_actions([rng.choice(state.legal_actions(s)) for s in (0, 1)])
        elif player == CHANCE:
            state.apply_action(rng.choice([0, 1]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    text = str(state)
    assert "game over" in text and f"(last {RECENT} of" in text
    lines = text.splitlines()
    events = next(i for i, line in enumerate(lines) if line.startswith("events"))
    assert len(lines) - events - 1 == RECENT


def test_the_terminal_prints_the_board(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "gunst", "--seat1", "random", "--seed", "0"]) == 0
    out = capsys.readouterr().out
    assert "Gunst  season 1 of 4  Tinge: both seats choose in secret  (you are seat 0)" in out
    assert "Extazia          [start] > Tusmørket > Tågen > hand" in out
    assert not any(raw in out for raw in RAW)


def test_r12_r13_the_terminal_offers_leave_rows_and_shows_spent_deities() -> None:
    """R12 (version 3): the status names the choice to leave the rows, and `leave rows` is
    among the legal moves the terminal lists; R13: the deity waits on the field, spent,
    and the events say when it goes to Tågen."""
    state = GunstGame().new_initial_state()
    state.table.deity[0] = [START, START, START, 3]  # Archimedes in the hand
    state.apply_actions(
        [state.string_to_action("bring 2F Ar", 0), state.string_to_action("bring 3W 2S", 1)]
    )
    for text in ("first 0", "favour Eurika"):
        state.apply_action(state.string_to_action(text))
    text = state.observation_string(0)
    assert text.splitlines()[0] == (
        "Gunst  season 1 of 4  Dommen: seat 0 picks the row for Archimedes, or leaves them as "
        "they are (leave rows)  (you are seat 0)"
    )
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "move farmers",
        "leave rows",
    ]
    state.apply_action(state.string_to_action("leave rows"))
    text = state.observation_string(0)
    assert "Archimedes       on the field, spent (goes to Tågen when the round ends)" in text
    assert "seat 0's Archimedes leaves the rows as they are" in text
    for choice in ("raise Extazia", "raise Extazia", "scholars strike"):
        state.apply_action(state.string_to_action(choice))
    text = state.observation_string(None)
    assert "the round's spent deities go to Tågen: seat 0's Archimedes" in text
    assert "Archimedes       start > Tusmørket > [Tågen] > hand" in text
    assert not any(raw in text for raw in RAW)


def test_r12_version_2_has_no_leave_in_the_status() -> None:
    state = GunstGame(rules_version=2).new_initial_state()
    state.table.deity[0] = [START, START, START, 3]
    state.apply_actions(
        [state.string_to_action("bring 1K 2F Ar", 0), state.string_to_action("bring 3W 2S", 1)]
    )
    for text in ("first 0", "favour Eurika"):
        state.apply_action(state.string_to_action(text))
    assert (
        state.observation_string(0)
        .splitlines()[0]
        .endswith("seat 0 picks the row for Archimedes  (you are seat 0)")
    )

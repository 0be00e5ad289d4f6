"""The measured play loop: branching, the lead, loops and rule holes, on ``lab-race``."""

from __future__ import annotations

import json

from spelbord import games
from spelbord.ai import make_agent
from spelbord.core import CHANCE
from spelbord.lab.gamedata import lab_data
from spelbord.lab.match import play_game
from spelbord.lab.playout import (
    AGENT_ERROR,
    MAX_LENGTH,
    NO_LEGAL,
    RULES_ERROR,
    lead_changes,
    play_measured,
    settled_at,
)
from spelbord.lab.records import row_record
from spelbord.lab.tasks import Task, play_task


def _play(race: str, seed: int = 3, **options: object):  # type: ignore[no-untyped-def]
    game = games.load(race, **options)
    agents = [make_agent("random", seed + s) for s in range(game.num_players())]
    return game, play_measured(game, agents, seed, lab_data(race))


def test_same_moves_as_play_game(race: str) -> None:
    game = games.load(race)
    for seed in range(5):
        plain = play_game(game, [make_agent("random", 7), make_agent("random", 8)], seed)
        measured = play_measured(game, [make_agent("random", 7), make_agent("random", 8)], seed,
                                 lab_data(race))  # fmt: skip
        assert measured.state.history() == list(plain.moves)
        assert measured.returns == plain.returns and measured.termination == plain.termination


def test_branching_first_mover_and_lead(race: str) -> None:
    game, played = _play(race, start="seat0")
    state = game.new_initial_state()
    expected = []
    for move in played.state.history():
        expected.append(len(state.legal_actions()))
        state.apply_action(move)
    assert played.branching == expected and played.first == 0 and played.finished
    # the lead follows the margin (positions) and ends with the winner
    assert played.lead is not None and played.lead[:2] == [0, -1]
    winner = played.state.outcome().winners()  # type: ignore[union-attr]
    assert played.lead[-1] == (winner[0] if len(winner) == 1 else -1)
    assert played.lead_team is None


def test_chance_picks_the_first_mover(race: str) -> None:
    firsts = {_play(race, seed=s)[1].first for s in range(12)}
    assert firsts == {0, 1}
    game, played = _play(race, seed=1)
    assert game.new_initial_state().current_player() == CHANCE
    assert played.first == played.state.history()[0]


def test_team_lead_in_four(race: str) -> None:
    _, played = _play(race, players=4, teams="pairs")
    assert played.lead_team is not None and played.lead_team[-1] in (0, 1)
    assert played.state.outcome() is not None


def test_lead_helpers() -> None:
    assert lead_changes([1, 0, 4, 1, 6, -1, 8, 0]) == 2
    assert settled_at([1, 0, 4, 1], length=8, winner=1) == 0.5
    assert settled_at([1, 0, 4, 1], length=8, winner=0) is None
    assert settled_at([], length=8, winner=0) is None


def test_loops_are_counted(race: str) -> None:
    looped = 0
    for seed in range(12):
        game, played = _play(race, seed=seed, length=8, turns=150)
        # count the positions again from the moves
        state, seen = game.new_initial_state(), {}
        for move in [None, *played.state.history()]:
            if move is not None:
                state.apply_action(move)
            if not state.is_terminal():
                key = (tuple(state.pos), state.current_player())
                seen[key] = seen.get(key, 0) + 1
        assert played.repeats == sum(n - 1 for n in seen.values())
        assert played.max_seen == max(seen.values())
        if played.max_seen >= 3:
            looped += 1
            assert played.loop_ply is not None and played.loop_ply <= played.state.move_number()
        else:
            assert played.loop_ply is None
    assert looped


def test_no_legal_action_is_a_hole(race: str) -> None:
    game, played = _play(race, seed=2, stuck_at=3, start="seat0")
    assert played.hole == NO_LEGAL and played.termination == "lab:no-legal-action"
    assert not played.finished and played.returns == (0.0, 0.0)
    stuck = played.state.current_player()
    assert played.state.pos[stuck] == 3 and "no legal action" in played.note
    # the moves replay up to the hole
    assert game.replay(played.state.history()).pos == played.state.pos


def test_rules_error_and_max_length_are_holes(race: str) -> None:
    _, crashed = _play(race, seed=2, crash_at=3, start="seat0")
    assert crashed.hole == RULES_ERROR and "RuntimeError" in crashed.note
    seed = next(s for s in range(50) if _play(race, s, length=8)[1].state.move_number() > 20)
    _, capped = _play(race, seed, length=8, max_length=20)
    assert capped.hole == MAX_LENGTH and capped.state.move_number() == 20
    assert capped.termination == "lab:max-length"


def test_agent_error_is_a_hole(race: str) -> None:
    class Wrong:
        name = "wrong"

        def step(self, view: object) -> int:
            return 99

    game = games.load(race, start="seat0")
    played = play_measured(game, [Wrong(), make_agent("random", 1)], 0, lab_data(race))  # type: ignore[list-item]
    assert played.hole == AGENT_ERROR and "refused" in played.note


def test_rows_carry_the_measures_and_hole_records(race: str) -> None:
    rows = (
        play_task(Task("t", "arm", 0, race, {"stuck_at": 3, "start": "seat0"},
                       ("random", "random"), 2, (seed, seed + 1), ("facts",)))
        for seed in range(30)
    )  # fmt: skip
    row = next(r for r in rows if r["hole"])
    assert row["result"] == "none" and row["hole"] == NO_LEGAL and row["winners"] == []
    assert row["branching"] and row["lead"] and row["first"] == 0 and "max_seen" in row
    assert row["fact_turns"] >= 1 and "moves" in row  # a hole keeps its moves
    record = row_record(row)
    assert record is not None and record["format"] == "spelbord-record/1"
    game = games.load(race, **json.loads(row["options"]))
    assert record["resigned"] == game.replay(json.loads(row["moves"])).current_player()
    assert record["result"]["termination"] == "resign"
    plain = play_task(Task("t", "arm", 1, race, {}, ("random", "random"), 4, (5, 6), ("facts",)))
    assert plain["hole"] == "" and ("moves" in plain) == (plain["termination"] == "turn-limit")

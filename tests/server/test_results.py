"""A finished game's result block (issue 28): in words for more than two seats, with the
seats whose play ended it (``by``), the game's own words for why; two-seat results keep
their score, as every record has it; results stored before read anew in an export."""

from __future__ import annotations

from spelbord.core import Outcome
from spelbord.games import load
from spelbord.server.tables import results


def test_a_four_player_result_names_the_winners_and_who_reached_the_target() -> None:
    game = load("omringad", players=4, teams="diagonal")
    block = results.block(game, Outcome((1.0, -1.0, -1.0, 1.0), "target"), (3,))
    assert block == {
        "returns": [1.0, -1.0, -1.0, 1.0],
        "termination": "target",
        "text": "Ivory and Azure win: Azure reached the target",
        "by": [3],
    }


def test_a_resignation_among_four_says_who_resigned() -> None:
    block = results.resigned(load("omringad", players=4, teams="diagonal"), 1)
    assert block["text"] == "Ivory and Azure win: Slate resigned"
    assert block["returns"] == [1.0, -1.0, -1.0, 1.0] and block["by"] == [1]


def test_a_two_seat_result_keeps_its_score() -> None:
    game = load("coerceo")
    assert results.block(game, Outcome((1.0, -1.0), "capture-all")) == {
        "returns": [1.0, -1.0],
        "termination": "capture-all",
        "text": "1-0",
    }
    assert results.resigned(game, 0)["text"] == "0-1"


def test_a_result_stored_as_winners_0_3_is_exported_in_words() -> None:
    game = load("omringad", players=4)
    old = {"returns": [1.0, -1.0, -1.0, -1.0], "termination": "target", "text": "winners 0"}
    assert results.restated(game, old, None)["text"] == "Ivory wins"
    draw = {"returns": [0.0, 0.0, -1.0, -1.0], "termination": "draw", "text": "winners 0,1"}
    assert results.restated(game, draw, None)["text"] == "Ivory and Slate draw"
    resigned = {"returns": [1.0, 1.0, -1.0, 1.0], "termination": "resign", "text": "winners"}
    assert (
        results.restated(game, resigned, 2)["text"]
        == "Ivory, Slate and Azure win: Crimson resigned"
    )


def test_omringad_names_the_winners_who_reached_the_target() -> None:
    state = load("omringad", players=4, teams="diagonal").new_initial_state()
    state.winners, state.score = [0, 3], [40, 12, 20, 55]
    assert state.decided_by() == (3,)

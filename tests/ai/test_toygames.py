"""The test-only games keep the protocol, so agent tests rest on sound games."""

from __future__ import annotations

import json
import random

import pytest
from tests.ai.toygames import HighCard, Lottery, Nim, TicTacToe

from spelbord.core import SIMULTANEOUS, Game, random_step

TOYS: list[Game] = [
    TicTacToe(),
    Nim(),
    Nim(players=3),
    HighCard(),
    HighCard(mode="sequential"),
    Lottery(players=3),
]


@pytest.mark.parametrize("game", TOYS, ids=lambda g: repr(g))
def test_random_playouts_keep_the_contract(game: Game) -> None:
    rng = random.Random(5)
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            assert game.from_json(state.to_json()) == state
            assert state.clone() == state
            for seat in [None, *range(game.num_players())]:
                obs = state.observation(seat)
                json.dumps(obs)
                other = state.resample(seat, rng)
                assert other.observation(seat) == obs
                assert game.replay(other.history()) == other
                if seat is not None and state.current_player() in (seat, SIMULTANEOUS):
                    assert other.legal_actions(seat) == state.legal_actions(seat)
            random_step(state, rng)
        assert len(state.returns()) == game.num_players()
        assert state.move_number() <= game.max_game_length()


def test_highcard_resample_hides_the_other_card() -> None:
    state = HighCard(cards=8).new_initial_state()
    state.apply_action(7)
    state.apply_action(2)
    rng = random.Random(0)
    seen = {state.resample(1, rng).hands[0] for _ in range(200)}
    assert seen == {0, 1, 3, 4, 5, 6, 7}
    assert all(state.resample(0, rng).hands[0] == 7 for _ in range(20))

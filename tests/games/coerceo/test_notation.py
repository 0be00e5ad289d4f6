"""Notation (R16): every legal action's text parses back to it, in random games."""

from __future__ import annotations

import random

import pytest

from spelbord.games.coerceo import CoerceoGame
from spelbord.games.coerceo.notation import Exchange, Move, from_action, parse_action
from spelbord.games.coerceo.rules import EXCHANGE_BASE, NUM_ACTIONS


@pytest.mark.parametrize("options", [{}, {"variant": "ocius", "exchange_cost": 1}])
def test_every_legal_action_round_trips_in_random_games(options: dict[str, object]) -> None:
    game = CoerceoGame(**options)
    exchanges = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            for action in state.legal_actions():
                text = state.action_to_string(action)
                assert state.string_to_action(text) == action
                assert state.string_to_action(text.upper()) == action
                parsed = parse_action(text)
                assert parsed.action == action and str(parsed) == text
                exchanges += isinstance(parsed, Exchange)
            state.apply_action(rng.choice(state.legal_actions()))
    assert exchanges > 0  # exchanges were offered and round-tripped too


def test_every_action_id_has_one_distinct_text_form() -> None:
    texts = []
    for action in range(NUM_ACTIONS):
        try:
            parsed = from_action(action)
        except ValueError:
            assert action < EXCHANGE_BASE  # only unused move slots (rim fields) have none
            continue
        assert parsed.action == action
        assert isinstance(parsed, Move | Exchange)
        assert parse_action(str(parsed)) == parsed
        texts.append(str(parsed))
    assert len(set(texts)) == len(texts)
    assert len(texts) > NUM_ACTIONS - EXCHANGE_BASE

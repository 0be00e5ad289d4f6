"""The conformance suite: every registered game, every option choice, one contract.

Random playouts end; legal actions are sorted, unique and in range; chance probabilities
sum to 1; clone and JSON round trips are exact; notation round-trips; illegal actions
raise and change nothing; observations are JSON-ready and never differ between states that
differ only in what that seat cannot know (a resampled state).
"""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest

from spelbord import games
from spelbord.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    IllegalActionError,
    State,
    random_step,
)


def _variants() -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    for name in games.names():
        out.append((name, {}))
        for opt in games.info(name).options:
            for choice in opt.choices or ():
                if choice != opt.default:
                    out.append((name, {opt.name: choice}))
    return out


VARIANTS = _variants()
IDS = [f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for n, o in VARIANTS]


def _check_node(state: State, rng: random.Random) -> None:
    game = state.game
    n = game.num_players()
    player = state.current_player()
    assert player in (CHANCE, SIMULTANEOUS, TERMINAL) or 0 <= player < n
    assert len(state.returns()) == n

    # Round trips: clone and JSON are exact.
    twin = state.clone()
    assert twin == state and twin.to_json() == state.to_json()
    back = game.from_json(state.to_json())
    assert back == state and back.to_json() == state.to_json()
    assert back.current_player() == player

    # Observations: JSON-ready, and blind to what the seat cannot know.
    for seat in [None, *range(n)]:
        obs = state.observation(seat)
        json.dumps(obs)
        other = state.resample(seat, rng)
        assert other.observation(seat) == obs, f"seat {seat} tells resampled states apart"
        if seat is not None:
            assert other.legal_actions(seat) == state.legal_actions(seat)

    if player == TERMINAL:
        assert state.legal_actions() == []
        assert state.outcome() is not None
        return
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        assert outcomes and all(p > 0 for _, p in outcomes)
        assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9)
        actions = [a for a, _ in outcomes]
        assert actions == sorted(set(actions))
        assert all(0 <= a < game.info.max_chance_outcomes for a in actions)
        return
    seats = range(n) if player == SIMULTANEOUS else [player]
    for seat in seats:
        actions = state.legal_actions(seat)
        assert actions, f"seat {seat} has no legal action (a no-op is required)"
        assert actions == sorted(set(actions))
        assert all(0 <= a < game.num_distinct_actions() for a in actions)
        for action in rng.sample(actions, min(len(actions), 8)):
            text = state.action_to_string(action, seat)
            assert isinstance(text, str) and text
            assert state.string_to_action(text, seat) == action
    if player != SIMULTANEOUS:
        before = state.to_json()
        illegal = next(a for a in range(game.num_distinct_actions() + 1) if a not in actions)
        with pytest.raises(IllegalActionError):
            state.apply_action(illegal)
        assert state.to_json() == before


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_random_playouts_keep_the_contract(name: str, options: dict[str, Any]) -> None:
    game = games.load(name, **options)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while True:
            _check_node(state, rng)
            if state.is_terminal():
                break
            random_step(state, rng)
            steps += 1
            assert steps <= game.max_game_length(), "playout exceeded max_game_length"
        assert len(state.history()) == steps
        replayed = game.replay(state.history())
        assert replayed == state


@pytest.mark.parametrize("name", games.names())
def test_game_declares_its_facts(name: str) -> None:
    info = games.info(name)
    assert info.name == name
    assert 2 <= info.min_seats <= info.max_seats <= 4
    assert info.information in ("perfect", "imperfect")
    assert info.num_distinct_actions > 0 and info.max_game_length > 0
    json.dumps(info.as_dict())
    game = games.load(name)
    assert info.min_seats <= game.num_players() <= info.max_seats

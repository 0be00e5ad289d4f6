"""Every registered game: the agents decide through a guarded view and play legally."""

from __future__ import annotations

import random

import pytest
from tests.ai.guard import guarded_view

from spelbord import games
from spelbord.ai import make_agent
from spelbord.core import CHANCE, SIMULTANEOUS, random_step, sample_outcome


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize("spec", ["ismcts:6it", "mcts:6it", "random"])
def test_agents_play_only_through_their_seat(name: str, spec: str) -> None:
    game = games.load(name)
    agents = [make_agent(spec, seed=seat) for seat in range(game.num_players())]
    state = game.new_initial_state()
    rng = random.Random(0)
    for _ in range(30):  # the opening through the agents, the rest at random (kept fast)
        if state.is_terminal():
            break
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            continue
        seats = range(game.num_players()) if player == SIMULTANEOUS else [player]
        joint = []
        for seat in seats:
            view, _ = guarded_view(state, seat)
            action = agents[seat].step(view)
            assert action in state.legal_actions(seat)
            joint.append(action)
        if player == SIMULTANEOUS:
            state.apply_actions(joint)
        else:
            state.apply_action(joint[0])
    while not state.is_terminal():
        random_step(state, rng)
    assert len(state.returns()) == game.num_players()

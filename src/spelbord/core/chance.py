"""Seeded chance: sampling chance nodes and random play from a ``random.Random``.

Everything random in Spelbord flows from an explicit seed through these helpers, so a
game record (options, seed, actions) replays exactly.

>>> rng = seeded(7)
>>> sample_outcome([(0, 0.5), (1, 0.5)], rng) in (0, 1)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from spelbord.core.game import CHANCE, SIMULTANEOUS, TERMINAL, State


def seeded(seed: int | str | None) -> random.Random:
    """A private random generator (never the global one)."""
    return random.Random(seed)


def sample_outcome(outcomes: Sequence[tuple[int, float]], rng: random.Random) -> int:
    """Draw one action from ``[(action, probability), ...]``."""
    r = rng.random()
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if r < acc:
            return action
    return outcomes[-1][0]


def random_step(state: State, rng: random.Random) -> None:
    """Advance ``state`` by one node: chance sampled, every deciding seat uniform at random.

    Every action is drawn from the state's own lists, so it is applied unchecked
    (``State.apply_legal_action``: rollouts do not generate the legal actions twice).
    """
    player = state.current_player()
    if player == TERMINAL:
        raise ValueError("the game is over")
    if player == CHANCE:
        state.apply_legal_action(sample_outcome(state.chance_outcomes(), rng))
    elif player == SIMULTANEOUS:
        state.apply_legal_actions(
            [rng.choice(state.legal_actions(seat)) for seat in range(state.num_players())]
        )
    else:
        state.apply_legal_action(rng.choice(state.legal_actions()))


def random_playout(state: State, rng: random.Random, max_steps: int | None = None) -> int:
    """Play ``state`` to the end (or ``max_steps`` nodes) at random; return the steps taken."""
    steps = 0
    while not state.is_terminal() and (max_steps is None or steps < max_steps):
        random_step(state, rng)
        steps += 1
    return steps

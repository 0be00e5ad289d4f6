"""Shared by the interop tests: option sets and random positions of every game."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from spelbord import games
from spelbord.core.chance import random_step
from spelbord.core.game import Game, State


def option_sets(name: str) -> list[dict[str, Any]]:
    """The defaults, then every other value of each option once (numeric options: their
    minimum), plus the combinations that only matter together (Omringad's teams)."""
    sets: list[dict[str, Any]] = [{}]
    for opt in games.info(name).options:
        if opt.choices is not None:
            values: tuple[Any, ...] = opt.choices
        elif isinstance(opt.default, bool):
            values = (True, False)
        else:
            values = (opt.minimum,)
        sets.extend({opt.name: v} for v in values if v != opt.default)
    if name == "omringad":
        sets.append({"players": 4, "teams": "diagonal", "team_win": "both"})
        sets.append({"players": 4, "teams": "adjacent", "specials": False})
    return sets


def option_id(options: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"


def walk(game: Game, seed: int, limit: int | None = None) -> Iterator[State]:
    """The states of one random game (chance sampled), the first and the last included."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    yield state
    steps = 0
    while not state.is_terminal() and (limit is None or steps < limit):
        state = state.clone()
        random_step(state, rng)
        steps += 1
        yield state

"""Speed figures for Coerceo: perft timing and random games per second.

Both go through the public game API (``perft`` is the state's fast override; random
games use ``legal_actions`` and ``apply_action`` as any agent would).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from spelbord.games.coerceo.rules import CoerceoGame


@dataclass(frozen=True)
class PerftTiming:
    """Leaves counted ``depth`` plies deep from the start, and the seconds it took."""

    variant: str
    depth: int
    nodes: int
    seconds: float


@dataclass(frozen=True)
class GameRate:
    """Complete random games played in ``seconds``, with their total plies."""

    variant: str
    games: int
    plies: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0


def perft_timing(depth: int, variant: str = "laurentius") -> PerftTiming:
    """Time ``perft(depth)`` from the start position.

    >>> perft_timing(2).nodes
    2304
    """
    state = CoerceoGame(variant=variant).new_initial_state()
    start = time.perf_counter()
    nodes = state.perft(depth)
    return PerftTiming(variant, depth, nodes, time.perf_counter() - start)


def random_games_per_second(seconds: float, variant: str = "laurentius", seed: int = 0) -> GameRate:
    """Play uniformly random complete games for about ``seconds`` and count them.

    At least one game is always finished.

    >>> random_games_per_second(0.0, variant="ocius").games
    1
    """
    game = CoerceoGame(variant=variant)
    rng = random.Random(seed)
    games = plies = 0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return GameRate(variant, games, plies, elapsed)

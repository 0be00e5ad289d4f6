"""Tune the engine's evaluation weights by fitting game results (Texel's method); the
game's ``tuner`` extra (``spelbord lab tune coerceo``).

1. Self-play: the engine plays ``--games`` games against itself at ``--depth`` plies, its
   first ``--openings`` plies varied at random among near-best moves (see
   ``spelbord.ai.coerceo.ab``), so the games differ.
2. Every quiet position (the static score within ``QUIET_MARGIN`` of a depth-1 search, so
   no capture is pending) is labelled with the game's result for the side to move: 1 a
   win, 0.5 a draw, 0 a loss.
   With ``--decisive`` only won or lost games are used (drawn games, mostly long
   shuffles, carry little signal).
3. The weights are fitted to minimise the mean squared error between the labels and
   ``sigmoid(K * score / 100)``: first the scale ``K`` for the current weights, then every
   weight but the piece's (the unit, fixed at 100) by coordinate descent in integer steps
   until no step lowers the error.
4. ``--verify N`` plays N games, colours alternating, fitted weights against the current
   ones (same depth, varied openings) and prints the score: adopt the fitted weights only
   when they win that match.

The endgame weights (10-13 in ``weights.py``) are left as they are: their positions are
too few among the quiet positions of whole games to fit them.

Run ``spelbord lab tune coerceo --games 200 --depth 3 --verify 20`` and paste
the printed ``WEIGHTS`` into ``weights.py`` when the verification match favours them.

>>> mse([((1, 0, 0, 0, 0, 0, 0, 0, 0, 0), 1.0)], (100, 50, 0, 0, 0, 0, 0, 0, 0, 0), 1.0) < 0.1
True
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence

from spelbord.games.coerceo.engine import cores
from spelbord.games.coerceo.engine.search import search
from spelbord.games.coerceo.engine.weights import WEIGHTS
from spelbord.games.coerceo.game import CoerceoGame
from spelbord.games.coerceo.state import CoerceoState

QUIET_MARGIN = 30
NUM_WEIGHTS = 10

Sample = tuple[tuple[int, ...], float]
"""A position's feature differences (as the weights use them) and its result label."""


def feature_row(state: CoerceoState) -> tuple[int, ...]:
    """The 10 numbers the weights multiply for the side to move (see ``weights.py``)."""
    raw = cores.CORE.features(*cores.core_args(state))
    own, opp = raw[:8], raw[8:]
    return (*(a - b for a, b in zip(own, opp, strict=True)), opp[3], 1)


def self_play(
    games: int, depth: int, openings: int, seed: int, decisive: bool = False
) -> list[Sample]:
    """Quiet positions of engine self-play games, labelled with the results."""
    from spelbord.ai import SeatView, make_agent

    rng = random.Random(seed)
    samples: list[Sample] = []
    for g in range(games):
        spec = f"ab:depth={depth}:openings={openings}"
        agents = [make_agent(spec, seed=rng.randrange(1 << 30)) for _ in range(2)]
        state = CoerceoGame().new_initial_state()
        rows: list[tuple[tuple[int, ...], int]] = []
        while not state.is_terminal() and state.plies() < 400:
            side = state.side_to_move()
            if state.plies() >= openings:
                static = cores.CORE.evaluate(*cores.core_args(state), 0)
                if abs(search(state, depth=1).score - static) <= QUIET_MARGIN:
                    rows.append((feature_row(state), side))
            state.apply_action(agents[side].step(SeatView(state, side)))
        returns = state.returns() if state.is_terminal() else [0.0, 0.0]
        if decisive and returns[0] == 0:
            rows = []
        for row, side in rows:
            samples.append((row, (returns[side] + 1) / 2))
        print(f"game {g + 1}/{games}: {state.plies()} plies, {state.termination()}", flush=True)
    return samples


def mse(samples: Sequence[Sample], weights: Sequence[int], k: float) -> float:
    """Mean squared error of ``sigmoid(k * score / 100)`` against the labels."""
    total = 0.0
    for row, label in samples:
        score = sum(w * x for w, x in zip(weights, row, strict=False))
        total += (label - 1 / (1 + math.exp(-k * score / 100))) ** 2
    return total / max(1, len(samples))


def fit_k(samples: Sequence[Sample], weights: Sequence[int]) -> float:
    """The scale that fits the current weights best (golden-section-free grid search)."""
    best_k, best = 1.0, mse(samples, weights, 1.0)
    for i in range(1, 61):
        k = i / 20
        e = mse(samples, weights, k)
        if e < best:
            best_k, best = k, e
    return best_k


def fit(samples: Sequence[Sample], weights: Sequence[int], k: float) -> tuple[int, ...]:
    """Coordinate descent on every weight but the piece's, steps 8, 4, 2, 1."""
    w = list(weights) + [0] * (NUM_WEIGHTS - len(weights))
    best = mse(samples, w, k)
    for step in (8, 4, 2, 1):
        improved = True
        while improved:
            improved = False
            for i in range(1, NUM_WEIGHTS):
                for delta in (step, -step):
                    w[i] += delta
                    e = mse(samples, w, k)
                    if e < best:
                        best, improved = e, True
                        break
                    w[i] -= delta
    return tuple(w)


def verify(
    fitted: Sequence[int], current: Sequence[int], games: int, depth: int, openings: int
) -> float:
    """The fitted weights' share of the points against the current ones (draws: half)."""
    from spelbord.ai import SeatView
    from spelbord.ai.coerceo.ab import AlphaBetaAgent

    class Weighted(AlphaBetaAgent):
        def __init__(self, weights: Sequence[int], seed: int) -> None:
            super().__init__(None, depth, seed, openings=openings)
            self.weights = tuple(weights)

        def _weights(self) -> tuple[int, ...]:
            return self.weights

    points = 0.0
    for g in range(games):
        seat = g % 2
        agents = [Weighted(current, 2 * g + 1), Weighted(current, 2 * g + 2)]
        agents[seat] = Weighted(fitted, 2 * g + 2 - seat)
        state = CoerceoGame().new_initial_state()
        while not state.is_terminal():
            side = state.side_to_move()
            state.apply_action(agents[side].step(SeatView(state, side)))
        points += (state.returns()[seat] + 1) / 2
        print(f"verify {g + 1}/{games}: fitted {points:g} of {g + 1}", flush=True)
    return points / max(1, games)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="spelbord lab tune coerceo", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--openings", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decisive", action="store_true", help="fit won/lost games only")
    parser.add_argument("--verify", type=int, default=0, metavar="N", help="games to verify")
    args = parser.parse_args(argv)
    samples = self_play(args.games, args.depth, args.openings, args.seed, args.decisive)
    k = fit_k(samples, WEIGHTS)
    before = mse(samples, WEIGHTS, k)
    weights = fit(samples, WEIGHTS, k)
    print(
        f"{len(samples)} positions, K = {k:g}, error {before:.5f} -> {mse(samples, weights, k):.5f}"
    )
    print(f"WEIGHTS: tuple[int, ...] = {weights}")
    if args.verify:
        share = verify(weights, WEIGHTS, args.verify, args.depth + 1, args.openings)
        print(f"fitted weights scored {share:.0%} against the current ones")


if __name__ == "__main__":
    main()

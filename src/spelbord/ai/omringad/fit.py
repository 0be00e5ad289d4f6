"""Fit Omringad's evaluation to game results (``spelbord.games.omringad.engine.fitted``); the
game's ``tuner`` extra.

``spelbord lab tune omringad --games 160 --seed 1`` (or ``python -m
spelbord.ai.omringad.fit --games 160 --seed 1``) plays games between the
scripted plans and random play (every ordered pair in turn, so each plays both seats),
takes a position every ``--every`` moves of each, and fits a logistic regression of the
result (seat 0 won: 1, lost: 0, a draw: 1/2) on ``fitted.features``, by iteratively
reweighted least squares with a small ridge penalty. The last fifth of the games is held
out: the fit is judged there by log loss and accuracy (the sign of the prediction), next
to the hand-made ``heuristic_value`` read as a chance (``(v + 1) / 2``). The weights,
the data's size, those figures and this command are written to ``fitted.json``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import time
from pathlib import Path
from typing import Any

import numpy as np

from spelbord.ai.scripted import plans_for
from spelbord.ai.spec import make_agent
from spelbord.ai.view import SeatView
from spelbord.core import CHANCE, SIMULTANEOUS, sample_outcome

RIDGE = 1.0
"""The ridge penalty on the weights (the features are leads of a few to hundreds of points;
the data, a few thousand positions of correlated games)."""


def play(opponents: list[str], games: int, every: int, seed: int) -> list[list[Any]]:
    """Per game, ``[(features, hand value of seat 0), ...]`` and seat 0's result."""
    from spelbord import games as registry
    from spelbord.games.omringad.engine.evaluation import heuristic_value
    from spelbord.games.omringad.engine.fitted import features
    from spelbord.games.omringad.position import OmringadData

    game = registry.load("omringad")
    pairs = list(itertools.permutations(opponents, 2))
    out = []
    for g in range(games):
        specs = pairs[g % len(pairs)]
        agents = [make_agent(spec, seed=seed * 1000 + g * 2 + s) for s, spec in enumerate(specs)]
        rng = random.Random(seed * 7919 + g)
        state = game.new_initial_state()
        assert isinstance(state, OmringadData)
        views = [SeatView(state, s) for s in range(2)]
        rows = []
        while not state.is_terminal():
            if state.move_number() % every == 0 and state.phase not in ("setup", "pregame"):
                rows.append((features(state), heuristic_value(state)[0]))
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            elif player == SIMULTANEOUS:
                state.apply_actions([agents[s].step(views[s]) for s in range(2)])
            else:
                state.apply_action(agents[player].step(views[player]))
        result = (state.returns()[0] + 1.0) / 2.0
        out.append([rows, result])
    return out


def fit_logistic(x: np.ndarray, y: np.ndarray, ridge: float = RIDGE) -> np.ndarray:
    """Weights ``w`` (no intercept) maximising the penalised likelihood of ``y ~ sigmoid(x w)``.

    >>> x = np.array([[1.0], [-1.0], [2.0], [-2.0]]); y = np.array([1.0, 0.0, 0.5, 0.5])
    >>> float(np.round(fit_logistic(x, y)[0], 3)) > 0
    True
    """
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + ridge * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.abs(step).max()) < 1e-9:
            break
    return w


def judge(p: np.ndarray, y: np.ndarray) -> dict[str, float]:
    """Log loss and accuracy (decided positions) of chances ``p`` for results ``y``."""
    p = np.clip(p, 1e-6, 1 - 1e-6)
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    decided = y != 0.5
    hits = (p[decided] > 0.5) == (y[decided] > 0.5)
    return {"log_loss": round(loss, 4), "accuracy": round(float(hits.mean()), 4)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="spelbord lab tune omringad",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--games", type=int, default=160)
    parser.add_argument("--every", type=int, default=8, help="a position every N moves")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None, help="default: fitted.json")
    args = parser.parse_args(argv)
    from spelbord.games.omringad.engine import fitted

    opponents = [f"script:{p}" for p in plans_for("omringad")] + ["random"]
    start = time.perf_counter()
    played = play(opponents, args.games, args.every, args.seed)
    cut = len(played) * 4 // 5

    def arrays(part: list[list[Any]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        xs = [x for rows, _ in part for x, _ in rows]
        hand = [h for rows, _ in part for _, h in rows]
        ys = [r for rows, r in part for _ in rows]
        return np.array(xs), np.array(ys), np.array(hand)

    x, y, _ = arrays(played[:cut])
    xt, yt, hand = arrays(played[cut:])
    w = fit_logistic(x, y)
    out = {
        "features": fitted.feature_names(),
        "weights": [round(float(v), 6) for v in w],
        "games": len(played),
        "positions": int(len(y) + len(yt)),
        "opponents": opponents,
        "held_out": {
            "games": len(played) - cut,
            "positions": len(yt),
            "fitted": judge(1.0 / (1.0 + np.exp(-(xt @ w))), yt),
            "hand-made heuristic_value": judge((hand + 1.0) / 2.0, yt),
        },
        "seconds": round(time.perf_counter() - start, 1),
        "command": f"spelbord lab tune omringad --games {args.games} "
        f"--every {args.every} --seed {args.seed}",
    }
    path = args.out or Path(str(fitted.__file__)).with_name(fitted.WEIGHTS)
    path.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(out["held_out"], indent=1))
    print(
        f"wrote {path} ({out['positions']} positions of {out['games']} games, {out['seconds']} s)"
    )
    return 0 if all(math.isfinite(v) for v in w) else 1


if __name__ == "__main__":
    raise SystemExit(main())

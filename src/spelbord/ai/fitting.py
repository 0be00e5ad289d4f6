"""Fitting a game's evaluation to game results: the shared part of the games' tuners
(``spelbord lab tune GAME``; Omringad's ``spelbord.ai.omringad.fit``, Islandet's
``spelbord.ai.islandet.fit``).

A tuner plays games between agents (every ordered pair of ``opponents`` in turn, so each
plays both seats), takes a position every ``every`` moves, and fits a logistic regression
of the result (seat 0 won: 1, lost: 0, a draw: 1/2) on the game's features of the
position (``Sample``: the features, seat 0's lead over seat 1, and the hand-made
evaluation's value for seat 0), by iteratively reweighted least squares with a ridge
penalty, no intercept (so swapping the seats swaps the chances). The last fifth of the
games is held out: the fit is judged there by log loss and accuracy (the sign of the
prediction), next to the hand-made evaluation read as a chance (``(v + 1) / 2``). The
weights, the data's size, those figures and the command are written as JSON next to the
game's evaluation.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from spelbord.ai.spec import make_agent
from spelbord.ai.view import SeatView
from spelbord.core import CHANCE, SIMULTANEOUS, State, sample_outcome

Sample = Callable[[State], "tuple[list[float], float] | None"]
"""A position's ``(features, hand-made value for seat 0)``, or ``None`` to skip it."""

Played = list[tuple[list[tuple[list[float], float]], float]]
"""Per game, its sampled positions and seat 0's result (1, 1/2 or 0)."""

MAX_GAMES = 100_000
"""The most games a tuner plays (900, the largest stored fit, takes minutes)."""

MAX_EVERY = 1_000
"""The widest gap between sampled positions, in moves (games last tens to hundreds)."""


def tuner_parser(game: str, doc: str | None, games: int, every: int) -> argparse.ArgumentParser:
    """The options every tuner takes: ``--games``, ``--every``, ``--seed``, ``--out``, each
    count bounded (``MAX_GAMES``, ``MAX_EVERY``).

    >>> parser = tuner_parser("islandet", None, games=300, every=5)
    >>> parser.parse_args(["--games", "12"]).games
    12
    """
    parser = argparse.ArgumentParser(
        prog=f"spelbord lab tune {game}",
        description=doc,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--games", type=_count(MAX_GAMES), default=games, help="games to play")
    parser.add_argument(
        "--every", type=_count(MAX_EVERY), default=every, help="a position every N moves"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None, help="default: fitted.json")
    return parser


def _count(most: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if not 1 <= value <= most:
            raise argparse.ArgumentTypeError(f"expected 1 to {most}, got {value}")
        return value

    return parse


def play(
    game: str,
    opponents: Sequence[str],
    games: int,
    every: int,
    seed: int,
    sample: Sample,
) -> Played:
    """``games`` games of ``game`` between every ordered pair of ``opponents`` in turn,
    each position at a move number divisible by ``every`` passed to ``sample``; a
    progress bar counts the games."""
    from tqdm import tqdm

    from spelbord import games as registry

    pairs = list(itertools.permutations(opponents, 2))
    out: Played = []
    for g in tqdm(range(games), unit="game", desc=f"{game} games"):
        specs = pairs[g % len(pairs)]
        seeds = (seed * 1000 + g * 2, seed * 1000 + g * 2 + 1)
        agents = [make_agent(spec, seed=s, game=game) for s, spec in zip(seeds, specs, strict=True)]
        rng = random.Random(seed * 7919 + g)
        state = registry.load(game).new_initial_state()
        views = [SeatView(state, s) for s in range(2)]
        rows = []
        while not state.is_terminal():
            if state.move_number() % every == 0:
                row = sample(state)
                if row is not None:
                    rows.append(row)
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            elif player == SIMULTANEOUS:
                state.apply_actions([agents[s].step(views[s]) for s in range(2)])
            else:
                state.apply_action(agents[player].step(views[player]))
        out.append((rows, (state.returns()[0] + 1.0) / 2.0))
    return out


def fit_logistic(x: np.ndarray, y: np.ndarray, ridge: float = 1.0) -> np.ndarray:
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
    """Log loss and accuracy (decided positions) of chances ``p`` for results ``y``.

    >>> judge(np.array([0.9, 0.2]), np.array([1.0, 0.0]))
    {'log_loss': 0.1643, 'accuracy': 1.0}
    """
    p = np.clip(p, 1e-6, 1 - 1e-6)
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    decided = y != 0.5
    hits = (p[decided] > 0.5) == (y[decided] > 0.5)
    return {"log_loss": round(loss, 4), "accuracy": round(float(hits.mean()), 4)}


def fit_played(
    played: Played, feature_names: Sequence[str], ridge: float = 1.0
) -> tuple[np.ndarray, dict[str, Any]]:
    """The weights fitted on the first four fifths of ``played`` and the record of the fit
    (its data's size and the held-out fifth's figures)."""
    cut = len(played) * 4 // 5

    def arrays(part: Played) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        xs = [x for rows, _ in part for x, _ in rows]
        hand = [h for rows, _ in part for _, h in rows]
        ys = [r for rows, r in part for _ in rows]
        width = len(feature_names)
        return np.array(xs).reshape(-1, width), np.array(ys), np.array(hand)

    x, y, _ = arrays(played[:cut])
    xt, yt, hand = arrays(played[cut:])
    w = fit_logistic(x, y, ridge)
    record = {
        "features": list(feature_names),
        "weights": [round(float(v), 6) for v in w],
        "games": len(played),
        "positions": int(len(y) + len(yt)),
        "held_out": {
            "games": len(played) - cut,
            "positions": len(yt),
            "fitted": judge(1.0 / (1.0 + np.exp(-(xt @ w))), yt),
            "hand-made heuristic_value": judge((hand + 1.0) / 2.0, yt),
        },
    }
    return w, record


def write_fit(path: Path, record: dict[str, Any], weights: np.ndarray) -> int:
    """Write ``record`` as JSON to ``path``, report it, and return the exit code (1 when a
    weight is not finite)."""
    path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(record["held_out"], indent=1))
    print(
        f"wrote {path} ({record['positions']} positions of {record['games']} games, "
        f"{record['seconds']} s)"
    )
    return 0 if all(math.isfinite(v) for v in weights) else 1


def stopwatch() -> Callable[[], float]:
    """Seconds since the call, rounded to a tenth."""
    start = time.perf_counter()
    return lambda: round(time.perf_counter() - start, 1)

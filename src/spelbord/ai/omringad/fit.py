"""Fit Omringad's evaluation to game results (``spelbord.games.omringad.engine.fitted``); the
game's ``tuner`` extra.

``spelbord lab tune omringad --games 160 --seed 1`` (or ``python -m
spelbord.ai.omringad.fit --games 160 --seed 1``) plays games between the
scripted plans and random play (every ordered pair in turn, so each plays both seats),
takes a position every ``--every`` moves of each, and fits a logistic regression of the
result (seat 0 won: 1, lost: 0, a draw: 1/2) on ``fitted.features`` (the fitting is
shared by the games' tuners: ``spelbord.ai.fitting``). The last fifth of the games is held
out: the fit is judged there by log loss and accuracy (the sign of the prediction), next
to the hand-made ``heuristic_value`` read as a chance (``(v + 1) / 2``). The weights,
the data's size, those figures and this command are written to ``fitted.json``.
"""

from __future__ import annotations

from pathlib import Path

from spelbord.ai.fitting import fit_played, play, stopwatch, tuner_parser, write_fit
from spelbord.ai.scripted import plans_for
from spelbord.core import State

RIDGE = 1.0
"""The ridge penalty on the weights (the features are leads of a few to hundreds of points;
the data, a few thousand positions of correlated games)."""


def sample(state: State) -> tuple[list[float], float] | None:
    """A position's features and hand-made value for seat 0 (none during the set-up)."""
    from spelbord.games.omringad.engine.evaluation import heuristic_value
    from spelbord.games.omringad.engine.fitted import features
    from spelbord.games.omringad.position import OmringadData

    assert isinstance(state, OmringadData)
    if state.phase in ("setup", "pregame"):
        return None
    return features(state), heuristic_value(state)[0]


def main(argv: list[str] | None = None) -> int:
    args = tuner_parser("omringad", __doc__, games=160, every=8).parse_args(argv)
    from spelbord.games.omringad.engine import fitted

    opponents = [f"script:{p}" for p in plans_for("omringad")] + ["random"]
    seconds = stopwatch()
    played = play("omringad", opponents, args.games, args.every, args.seed, sample)
    weights, record = fit_played(played, fitted.feature_names(), RIDGE)
    record["opponents"] = opponents
    record["seconds"] = seconds()
    record["command"] = (
        f"spelbord lab tune omringad --games {args.games} --every {args.every} --seed {args.seed}"
    )
    path = args.out or Path(str(fitted.__file__)).with_name(fitted.WEIGHTS)
    return write_fit(path, record, weights)


if __name__ == "__main__":
    raise SystemExit(main())

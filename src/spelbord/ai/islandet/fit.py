"""Fit Islandet's evaluation to game results (``spelbord.games.islandet.fitted``); the
game's ``tuner`` extra.

``spelbord lab tune islandet --games 300 --seed 1`` plays games between ``--agents``
(by default the scripted plans, random play and a quick search, ``mcts:50it:cutoff=0``;
every ordered pair in turn, so each plays both seats), takes a position every ``--every``
moves of each, and fits a logistic regression of the result on ``fitted.FEATURES``
(``spelbord.ai.fitting``). The last fifth of the games is held out and judged, next to
the hand-made ``heuristic_value``. The weights, the data, those figures and the command
are written to ``fitted.json``.
"""

from __future__ import annotations

from pathlib import Path

from spelbord.ai.fitting import fit_played, play, stopwatch, tuner_parser, write_fit
from spelbord.ai.scripted import plans_for
from spelbord.core import State

RIDGE = 1.0
"""The ridge penalty on the weights (leads of a few units; thousands of positions)."""

SEARCH = "mcts:50it:cutoff=0"
"""The quick search among the default agents: positions as a search meets them."""


def sample(state: State) -> tuple[list[float], float] | None:
    """A position's features and hand-made value for seat 0 (none before both sides
    have units on the island, where every lead is the set-up's)."""
    from spelbord.games.islandet.evaluation import heuristic_value
    from spelbord.games.islandet.fitted import features
    from spelbord.games.islandet.state import IslandetState

    assert isinstance(state, IslandetState)
    pos = state.pos
    if not (pos.island_units(0) and pos.island_units(1)):
        return None
    return features(pos), heuristic_value(pos)[0]


def main(argv: list[str] | None = None) -> int:
    parser = tuner_parser("islandet", __doc__, games=300, every=5)
    parser.add_argument("--agents", nargs="+", default=None, metavar="SPEC")
    args = parser.parse_args(argv)
    from spelbord.games.islandet import fitted

    agents = args.agents or [*(f"script:{p}" for p in plans_for("islandet")), "random", SEARCH]
    seconds = stopwatch()
    played = play("islandet", agents, args.games, args.every, args.seed, sample)
    weights, record = fit_played(played, fitted.FEATURES, RIDGE)
    record["opponents"] = agents
    record["seconds"] = seconds()
    named = "" if args.agents is None else " --agents " + " ".join(args.agents)
    record["command"] = (
        f"spelbord lab tune islandet --games {args.games} --every {args.every} "
        f"--seed {args.seed}{named}"
    )
    path = args.out or Path(str(fitted.__file__)).with_name(fitted.WEIGHTS)
    return write_fit(path, record, weights)


if __name__ == "__main__":
    raise SystemExit(main())

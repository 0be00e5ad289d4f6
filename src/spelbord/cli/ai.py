"""``spelbord ai levels GAME``: the AI levels of a game and what was measured of them.

Examples::

    spelbord ai levels gunst        the levels, their agent specs, time per move, the Elo
                                    ladder of the stored round robin and measured matches
    spelbord ai levels coerceo      ... with each level's Elo from level-against-level games
                                    (Easy = 0) and its 95% interval
    spelbord ai levels islandet --run --games 2 --scale 0.1
                                    play the round robin again (levels and scripted plans,
                                    time budgets x0.1) and store it in spelbord/ai/ladders
    spelbord ai levels islandet --run --games 2 --processes 2
                                    ... at the real budgets, a pair's two games at once
                                    (one process a core: timed levels need their core)
"""

from __future__ import annotations

import argparse
from typing import Any

from spelbord.cli.common import EXIT_OK, EXIT_USAGE, CliError, examples

EXAMPLES = examples(__doc__)


def add_parser(sub: Any) -> None:
    """Register the ``ai`` subcommand (``ai levels GAME``)."""
    parser = sub.add_parser(
        "ai",
        help="the computer players: levels and their measured strength",
        description="Information about the AI: `ai levels GAME` prints the level ladder.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    inner = parser.add_subparsers(dest="ai_command", metavar="WHAT", required=True)
    levels = inner.add_parser("levels", help="the levels of a game (level:easy ... master)")
    levels.add_argument("game", metavar="GAME", help="a game name (see `spelbord games`)")
    levels.add_argument(
        "--run",
        dest="play_round_robin",
        action="store_true",
        help="play the round robin again and store it",
    )
    levels.add_argument("--games", type=int, help="with --run: games a pair (2)")
    levels.add_argument("--scale", type=float, help="with --run: time budgets times this (1)")
    levels.add_argument("--seed", type=int, help="with --run: seed of the round robin (0)")
    levels.add_argument(
        "--processes",
        type=int,
        help="with --run: a pair's games in this many worker processes (1; one a core)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from spelbord.ai.budget import AgentSpecError
    from spelbord.ai.ladder import report

    # None: not given (the round robin's own defaults apply, and only --run takes them)
    given = {
        name: value
        for name, value in (
            ("games", args.games),
            ("scale", args.scale),
            ("seed", args.seed),
            ("processes", args.processes),
        )
        if value is not None
    }
    if given and not args.play_round_robin:
        flags = ", ".join(f"--{name}" for name in given)
        raise CliError(f"{flags}: only with --run (they shape a round robin)", EXIT_USAGE)
    try:
        if args.play_round_robin:
            from spelbord.ai.ladder import store
            from spelbord.lab.levels import play_round_robin

            games = given.pop("games", 2)
            data = play_round_robin(args.game, games, progress=True, **given)
            path = store(data)
            print(f"stored {path}")
        print(report(args.game))
    except AgentSpecError as exc:
        raise CliError(str(exc), EXIT_USAGE) from None
    return EXIT_OK

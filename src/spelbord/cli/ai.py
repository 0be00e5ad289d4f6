"""``spelbord ai levels GAME``: the AI levels of a game and what was measured of them."""

from __future__ import annotations

import argparse
from typing import Any

from spelbord.cli.common import EXIT_OK, EXIT_USAGE, CliError

EXAMPLES = """\
examples:
  spelbord ai levels gunst        the levels, their agent specs and measured results
  spelbord ai levels coerceo      ... with each level's Elo (Easy = 0) and its 95% interval
"""


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
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from spelbord.ai.budget import AgentSpecError
    from spelbord.ai.levels import ladder
    from spelbord.lab.levels import ratings

    try:
        print(ladder(args.game, {r.level: r.text() for r in ratings(args.game)}))
    except AgentSpecError as exc:
        raise CliError(str(exc), EXIT_USAGE) from None
    return EXIT_OK

"""``spelbord odds``: the exact odds of a battle, from the game's own calculator tool
(``core.tools``; Omringad's is ``games/omringad/tools/odds.py``).

Examples::

    spelbord odds omringad --attack "2 mercenaries, 1 rider (damaged)" --defend GAA --terrain forest
    spelbord odds omringad --attack RRM --defend Z --policy cheapest
    spelbord odds omringad --attack GMMe --defend EEK --terrain castle --json

Units are the game's letters (M mercenary, E elite soldier, A archer, R rider, K catapult,
G general; special units D Z H I X W P S; lower case when damaged) or words with counts.
Casualty policies: computer (the computer players' rule: least worth first, cost + 5 when
damaged, special units 8) or cheapest (the cheapest unit first, damaged before undamaged).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from spelbord.cli.common import EXIT_OK, EXIT_USAGE, CliError, examples, load_game
from spelbord.core.errors import SpelbordError
from spelbord.core.registry import tools
from spelbord.core.tools import find_tool

EXAMPLES = examples(__doc__)

FIELDS = ("attack", "defend", "terrain", "policy", "step")


def add_parser(sub: Any) -> None:
    """Register the ``odds`` subcommand."""
    parser = sub.add_parser(
        "odds",
        help="exact battle odds (games with an odds tool)",
        description="The exact probability of each outcome of a battle and of each set of "
        "survivors, by dynamic programming over the battle's states (not sampling).",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", metavar="GAME", help="a game with a battle calculator")
    parser.add_argument("--attack", required=True, metavar="UNITS", help="the attacker's units")
    parser.add_argument("--defend", required=True, metavar="UNITS", help="the defender's units")
    parser.add_argument("--terrain", metavar="NAME", help="the battle's square (default bare)")
    parser.add_argument("--policy", metavar="NAME", help="who takes each hit (default computer)")
    parser.add_argument("--step", metavar="STEP", help="the step rolled first: ranged or melee")
    parser.add_argument("--fractions", action="store_true", help="print exact fractions too")
    parser.add_argument("--json", action="store_true", help="print the odds as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    game = load_game(args.game, {})
    try:
        tool = find_tool(tools(game.name), args.game, "odds")
    except SpelbordError as exc:
        raise CliError(str(exc), EXIT_USAGE) from None
    params = {f: getattr(args, f) for f in FIELDS if getattr(args, f) is not None}
    try:
        result = tool.call(params)
    except SpelbordError as exc:
        raise CliError(str(exc), EXIT_USAGE) from None
    if args.json:
        shown = {k: v for k, v in result.items() if not k.startswith("text")}
        print(json.dumps(shown, indent=2))
    else:
        print(result["text_fractions" if args.fractions else "text"])
        if not result.get("exact", True):
            print("(floats: the same chain without fractions, which grow slow for big battles)")
        if result.get("bound_error"):
            print(
                f"Exact for the battle without R92's bound of 200 steps without a hit; the "
                f"bound changes no figure by more than {result['bound_error']:.1e}."
            )
    return EXIT_OK

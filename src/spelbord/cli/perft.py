"""``spelbord perft``: move-generation counts depth by depth, with time and nodes/s.

Examples::

    spelbord perft coerceo --depth 4
    spelbord perft coerceo --variant ocius --depth 5
    spelbord perft coerceo --variant ocius --depth 4 --engine python
    spelbord perft coerceo --opt exchange_cost=1 --depth 3

Chance and simultaneous nodes count every outcome and every joint action. A game may
count with more than one engine (a compiled one, one in Python); every game has `api`,
the plain recursion over the game's public interface. The heading names the engine used.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from spelbord.cli.common import (
    EXIT_OK,
    EXIT_USAGE,
    CliError,
    describe_options,
    examples,
    format_rate,
    load_game,
    parse_options,
)
from spelbord.core.errors import PerftEngineError

MAX_DEPTH = 64
"""The deepest perft asked for (far beyond any that ends in a lifetime)."""

EXAMPLES = examples(__doc__)


def add_parser(sub: Any) -> None:
    """Register the ``perft`` subcommand."""
    parser = sub.add_parser(
        "perft",
        help="count the game tree's leaves depth by depth",
        description="Count the leaves of the game tree from the start, for every depth "
        "1..N, with the time taken and nodes per second (the game's state.perft).",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_game_arguments(parser)
    parser.add_argument(
        "--depth", type=int, required=True, metavar="N", help=f"deepest depth (1..{MAX_DEPTH})"
    )
    parser.add_argument(
        "--engine",
        metavar="NAME",
        help="the game's move generator to count with (default: its fastest here; "
        "an unknown name lists them)",
    )
    parser.set_defaults(run=run)


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """GAME, --variant and --opt (shared by perft and bench)."""
    parser.add_argument("game", metavar="GAME", help="a game name (see `spelbord games`)")
    parser.add_argument("--variant", help="shorthand for --opt variant=VARIANT")
    parser.add_argument(
        "--opt", action="append", metavar="KEY=VALUE", help="a game option (repeatable)"
    )


def game_options(args: argparse.Namespace) -> dict[str, str]:
    """The options given by --opt and --variant (which must not disagree)."""
    options = parse_options(args.opt)
    if args.variant is not None:
        if options.get("variant", args.variant) != args.variant:
            raise CliError("--variant and --opt variant=... disagree", EXIT_USAGE)
        options["variant"] = args.variant
    return options


def run(args: argparse.Namespace) -> int:
    if not 1 <= args.depth <= MAX_DEPTH:
        raise CliError(f"--depth must be 1..{MAX_DEPTH}", EXIT_USAGE)
    game = load_game(args.game, game_options(args))
    state = game.new_initial_state()
    engines = state.perft_engines()
    engine = engines[0] if args.engine is None else args.engine
    if engine not in engines:
        raise CliError(
            f"{game.name} has no perft engine {engine!r} here (it has: {', '.join(engines)})",
            EXIT_USAGE,
        )
    print(f"perft {describe_options(game)}, engine {engine}")
    print(f"{'depth':>5} {'nodes':>16} {'seconds':>10} {'nodes/s':>14}")
    total_nodes = 0
    total_seconds = 0.0
    for depth in range(1, args.depth + 1):
        start = time.perf_counter()
        try:
            nodes = state.perft(depth, engine)
        except PerftEngineError as exc:
            raise CliError(str(exc), EXIT_USAGE) from None
        seconds = time.perf_counter() - start
        total_nodes += nodes
        total_seconds += seconds
        print(f"{depth:>5} {nodes:>16,} {seconds:>10.4f} {format_rate(nodes, seconds):>14}")
    rate = format_rate(total_nodes, total_seconds)
    print(f"total {total_nodes:>16,} {total_seconds:>10.4f} {rate:>14}")
    return EXIT_OK

r"""``spelbord play``: a game in the terminal against agents or people at one keyboard.

Examples::

    spelbord play coerceo                              two people at one keyboard
    spelbord play coerceo --seat1 mcts:1s              you (seat 0) against MCTS, 1 s a move
    spelbord play coerceo --opt variant=ocius --seat0 random --seat1 human --seed 7
    spelbord play gunst --seat1 ismcts:1s              hidden information: IS-MCTS
    printf 'c2:1-c2:3\nresign\n' | spelbord play coerceo --opt variant=ocius

At your turn type a move in the game's notation; ? lists the legal moves, `help` the
commands, `resign` gives up, `quit` stops. Agent specs: random, mcts:1s, mcts:2000it,
ismcts:1s (see spelbord.ai).
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from spelbord.cli.common import (
    EXIT_OK,
    EXIT_USAGE,
    CliError,
    examples,
    load_game,
    missing_part,
    parse_options,
)
from spelbord.cli.terminal import HUMAN, Agent, Players, TerminalSession
from spelbord.core.game import State

MAX_SEATS = 4

EXAMPLES = examples(__doc__)


def add_parser(sub: Any) -> None:
    """Register the ``play`` subcommand."""
    parser = sub.add_parser(
        "play",
        help="play a game in the terminal",
        description="Play a game in the terminal: each seat is `human` (a person at this "
        "keyboard) or an agent spec. Chance is drawn from --seed.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", metavar="GAME", help="a game name (see `spelbord games`)")
    parser.add_argument(
        "--opt",
        action="append",
        metavar="KEY=VALUE",
        help="a game option (repeatable), e.g. --opt variant=ocius",
    )
    for seat in range(MAX_SEATS):
        parser.add_argument(
            f"--seat{seat}",
            metavar="SPEC",
            help=f"who plays seat {seat}: human (default) or an agent spec",
        )
    parser.add_argument("--seed", type=int, help="seed for chance and agents (default: random)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    game = load_game(args.game, parse_options(args.opt))
    seats = seat_specs(args, game.num_players())
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    session = TerminalSession(
        game,
        Players(tuple(seats), seed),
        agents=make_agent,
        view=seat_view,
        inp=sys.stdin,
        out=sys.stdout,
    )
    session.run()
    return EXIT_OK


def seat_specs(args: argparse.Namespace, num_players: int) -> list[str]:
    """The spec of every seat; a seat the game does not have is a usage error."""
    specs: list[str] = []
    for seat in range(MAX_SEATS):
        spec = getattr(args, f"seat{seat}")
        if seat >= num_players:
            if spec is not None:
                raise CliError(
                    f"--seat{seat}: this game has {num_players} seats (0-{num_players - 1})",
                    EXIT_USAGE,
                )
            continue
        spec = (spec or HUMAN).strip()
        if not spec:
            raise CliError(f"--seat{seat} needs a spec (human, random, mcts:1s, ...)", EXIT_USAGE)
        specs.append(spec)
    return specs


def make_agent(spec: str, seed: int) -> Agent:
    """An agent from ``spelbord.ai``; a bad spec is a usage error."""
    try:
        from spelbord.ai import make_agent as ai_make_agent
    except ModuleNotFoundError as exc:
        raise missing_part(exc, "spelbord.ai", f"the agent {spec!r}") from None
    try:
        return ai_make_agent(spec, seed)
    except ValueError as exc:
        raise CliError(f"agent {spec!r}: {exc}", EXIT_USAGE) from None


def seat_view(state: State, seat: int) -> Any:
    """``spelbord.ai.SeatView(state, seat)``: all an agent may see."""
    try:
        from spelbord.ai import SeatView
    except ModuleNotFoundError as exc:
        raise missing_part(exc, "spelbord.ai", "an agent's view") from None
    return SeatView(state, seat)

"""``spelbord match``: agent against agent, many games (``spelbord.lab.match.run_match``).

Examples::

    spelbord match coerceo mcts:1s random --games 20
    spelbord match coerceo mcts:500ms mcts:2000it --games 100 --processes 2 --seed 1
    spelbord match gunst ismcts:1s random --games 50

Give one spec per seat. The agents rotate over the seats from game to game, so each
plays first equally often. With --record NOTE a two-seat match is added to the game's
records (spelbord/ai/ladders/GAME.json: the command, the commit, the date and the note),
which `spelbord ai levels GAME` lists: a match of two levels (level:hard level:medium) as
a pairing, which rates the levels in the lobby, any other as a measured match. The
summary gives each agent's wins, draws and losses, its win rate and a 95% confidence
interval (Wilson). Chance and agent seeds derive from --seed; with iteration budgets
(mcts:2000it) a match repeats exactly.
"""

from __future__ import annotations

import argparse
import datetime
import shlex
import subprocess
from pathlib import Path
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

EXAMPLES = examples(__doc__)


def add_parser(sub: Any) -> None:
    """Register the ``match`` subcommand."""
    parser = sub.add_parser(
        "match",
        help="AI against AI: many games, win rates with confidence intervals",
        description="Play two agents against each other for many games (chance and "
        "agents seeded from --seed) and summarise the results.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", metavar="GAME", help="a game name (see `spelbord games`)")
    parser.add_argument(
        "specs", nargs="+", metavar="SPEC", help="one agent spec per seat (random, mcts:1s, ...)"
    )
    parser.add_argument(
        "--opt", action="append", metavar="KEY=VALUE", help="a game option (repeatable)"
    )
    parser.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    parser.add_argument("--processes", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole match")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument(
        "--record",
        metavar="NOTE",
        help="add the result to the game's records with this note (two seats; two levels: "
        "a pairing that rates them)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise CliError("--games must be at least 1", EXIT_USAGE)
    if args.processes < 1:
        raise CliError("--processes must be at least 1", EXIT_USAGE)
    game = load_game(args.game, parse_options(args.opt))
    if len(args.specs) != game.num_players():
        raise CliError(
            f"{game.name} has {game.num_players()} seats: give {game.num_players()} agent "
            f"specs, got {len(args.specs)}",
            EXIT_USAGE,
        )
    if args.record is not None and (len(args.specs) != 2 or not args.record.strip()):
        raise CliError("--record takes a note and a match of two seats", EXIT_USAGE)
    try:
        from spelbord.lab.match import run_match
    except ModuleNotFoundError as exc:
        raise missing_part(exc, "spelbord.lab.match", "`spelbord match`") from None
    try:
        result = run_match(
            game.name,
            dict(game.options),
            list(args.specs),
            games=args.games,
            seed=args.seed,
            progress=not args.no_progress,
            processes=args.processes,
        )
    except ValueError as exc:
        raise CliError(str(exc), EXIT_USAGE) from None
    print(result.summary())
    if args.record is not None:
        print(f"recorded in {record(args, result)}")
    return EXIT_OK


def command_of(args: argparse.Namespace) -> str:
    """The ``spelbord match`` command that plays this match again."""
    words = ["spelbord", "match", args.game, *args.specs]
    words += [w for opt in args.opt or () for w in ("--opt", opt)]
    words += ["--games", str(args.games), "--seed", str(args.seed)]
    if args.processes != 1:
        words += ["--processes", str(args.processes)]
    return " ".join(shlex.quote(w) for w in words)


def record(args: argparse.Namespace, result: Any) -> Path:
    """Add the match to the game's records (``spelbord.ai.ladder.record``): a match of two
    different levels at the game's usual options as a ``Pairing`` with the specs they
    played as, any other as a ``Measured`` match."""
    from spelbord.ai.ladder import Measured, Pairing
    from spelbord.ai.ladder import record as add_row
    from spelbord.ai.levels import LEVEL_NAMES, resolve

    first = result.entries[0]
    commit = _commit()
    date = datetime.date.today().isoformat()
    levels = [spec.split(":", 1)[1] if spec.startswith("level:") else "" for spec in args.specs]
    rated = not args.opt and levels[0] != levels[1]  # the levels as the lobby offers them
    if rated and all(level in LEVEL_NAMES for level in levels):
        pairing = Pairing(
            a=levels[0],
            b=levels[1],
            wins=first.wins,
            draws=first.draws,
            losses=first.losses,
            specs=(resolve(result.game, levels[0]), resolve(result.game, levels[1])),
            minutes=round(result.seconds / 60, 1),
            command=command_of(args),
            commit=commit,
            date=date,
            note=args.record.strip(),
        )
        return add_row(result.game, pairing)
    row = Measured(
        spec=args.specs[0],
        opponent=args.specs[1],
        games=first.games,
        score=first.wins + first.draws / 2,
        command=command_of(args),
        commit=commit,
        date=date,
        note=args.record.strip(),
    )
    return add_row(result.game, row)


def _commit() -> str | None:
    """The short hash of the checkout's commit, if this runs from a git checkout."""
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
            cwd=Path(__file__).parent,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        commit = ""
    return commit or None

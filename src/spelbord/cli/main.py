"""The ``spelbord`` command: argument parsing, dispatch, errors and exit codes.

Examples::

    spelbord games                                  the games, their facts and options
    spelbord rules coerceo                          the rules in English
    spelbord play coerceo --seat1 ab:1s             play against the computer
    spelbord analyse coerceo --time 2s              the engine's evaluation and best line
    spelbord puzzles mine coerceo --count 200       mine the shipped puzzles
    spelbord odds omringad --attack RRM --defend GAA --terrain forest   exact battle odds
    spelbord perft coerceo --depth 4                move-generation counts
    spelbord bench coerceo                          playouts/s, states/s, perft nodes/s
    spelbord match coerceo mcts:1s random --games 20 --processes 2
    spelbord lab run seats --games 100 --workers 2  a study: records, figures, report
    spelbord serve                                  the web game table on :8000
    spelbord tournament cancel ID                   stop a tournament (operators)
    spelbord worker --processes 4                   AI moves and analyses for the table
    spelbord ai levels gunst                        the AI levels and what was measured

  exit codes: 0 success, 1 failure while running, 2 bad command line, 130 interrupted.
  `spelbord COMMAND --help` explains each command.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Sequence

from spelbord import __version__
from spelbord.cli import (
    ai,
    analyse,
    bench,
    lab,
    listing,
    match,
    odds,
    perft,
    play,
    puzzles,
    rules,
    serve,
    tournament,
    worker,
)
from spelbord.cli.common import EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, CliError, examples

DESCRIPTION = """\
Spelbord: a digital game table for {games}.
Play in the terminal or the browser, read the rules, and study the games with AI."""

EPILOG = examples(__doc__)


def _titles() -> str:
    """The registered games' titles, as a sentence lists them."""
    from spelbord import games

    titles = [games.info(name).title for name in games.names()]
    return ", ".join(titles[:-1]) + " and " + titles[-1] if len(titles) > 1 else "".join(titles)


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser (one subparser per command)."""
    parser = argparse.ArgumentParser(
        prog="spelbord",
        description=DESCRIPTION.format(games=_titles()),
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"spelbord {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in (
        listing,
        play,
        rules,
        perft,
        bench,
        match,
        analyse,
        puzzles,
        odds,
        lab,
        serve,
        tournament,
        worker,
        ai,
    ):
        command.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a usage error argparse reported
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    if args.command is None:
        parser.print_help()
        return EXIT_USAGE
    try:
        code: int = args.run(args)
    except CliError as exc:
        sys.stdout.flush()
        print(f"spelbord {args.command}: error: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader stopped reading (`spelbord rules gunst | head`)
        _silence_stdout()
        return EXIT_OK
    return code


def _silence_stdout() -> None:
    """Point stdout at the null device so the interpreter's final flush cannot fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):
        pass

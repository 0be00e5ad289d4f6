"""``spelbord rules``: print a game's rules (docs/rules/<game>.md)."""

from __future__ import annotations

import argparse
import os
from importlib import resources
from pathlib import Path
from typing import Any

from spelbord.cli.common import EXIT_OK, EXIT_USAGE, CliError, game_names

RULES_DIR_ENV = "SPELBORD_RULES_DIR"

EXAMPLES = """\
examples:
  spelbord rules coerceo            the numbered rules, with every ruling
  spelbord rules coerceo --path     where the text was found
"""


def add_parser(sub: Any) -> None:
    """Register the ``rules`` subcommand."""
    parser = sub.add_parser(
        "rules",
        help="print a game's rules",
        description="Print a game's rules in English (numbered R1, R2, ...), from "
        "docs/rules/<game>.md in the checkout or the copy shipped in the game's package.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", metavar="GAME", help="a game name (see `spelbord games`)")
    parser.add_argument("--path", action="store_true", help="print only the file's location")
    parser.set_defaults(run=run)


def candidates(game: str) -> list[Path]:
    """Where the rules of ``game`` may be, best first.

    ``$SPELBORD_RULES_DIR/<game>.md`` when set (as the server reads it), the checkout's
    ``docs/rules/<game>.md`` (found from this file and from the working directory
    upwards), then ``rules.md`` inside the game's package (an installed wheel).
    """
    places: list[Path] = []
    override = os.environ.get(RULES_DIR_ENV)
    if override:
        places.append(Path(override) / f"{game}.md")
    for start in (Path(__file__).resolve(), Path.cwd().resolve()):
        for folder in (start, *start.parents):
            path = folder / "docs" / "rules" / f"{game}.md"
            if path not in places:
                places.append(path)
    try:
        packaged = resources.files("spelbord.games").joinpath(game, "rules.md")
        places.append(Path(str(packaged)))
    except (ModuleNotFoundError, ImportError):
        pass
    return places


def find_rules(game: str) -> Path:
    """The rules file of ``game``, or a ``CliError`` saying where it was looked for."""
    if not game or any(c in game for c in "/\\.") or game != game.strip():
        raise CliError(f"not a game name: {game!r}", EXIT_USAGE)
    for path in candidates(game):
        if path.is_file():
            return path
    known = game_names()
    if game not in known:
        raise CliError(f"no game named {game!r} (games: {', '.join(known) or 'none'})", EXIT_USAGE)
    raise CliError(f"no rules text for {game}: expected docs/rules/{game}.md in the checkout")


def run(args: argparse.Namespace) -> int:
    path = find_rules(args.game)
    if args.path:
        print(path)
    else:
        print(path.read_text(encoding="utf-8").rstrip("\n"))
    return EXIT_OK

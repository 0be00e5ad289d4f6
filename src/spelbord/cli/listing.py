"""``spelbord games``: the registry, each game with its facts and options.

Examples::

    spelbord games                 every game with its facts and options
    spelbord games coerceo         one game
    spelbord games --json          the same facts as JSON (as the web lobby gets them)
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from spelbord.cli.common import EXIT_OK, examples, game_info, game_names
from spelbord.core.info import GameInfo

EXAMPLES = examples(__doc__)


def add_parser(sub: Any) -> None:
    """Register the ``games`` subcommand."""
    parser = sub.add_parser(
        "games",
        help="list the games and their facts",
        description="List the registered games: seats, teams, chance, information, "
        "simultaneous moves, action count, maximum length and options.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("names", nargs="*", metavar="GAME", help="only these games")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    infos = [game_info(name) for name in (args.names or game_names())]
    if args.json:
        print(json.dumps([info.as_dict() for info in infos], indent=2))
        return EXIT_OK
    if not infos:
        print("no games are registered")
        return EXIT_OK
    print("\n\n".join(describe(info) for info in infos))
    return EXIT_OK


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def describe(info: GameInfo) -> str:
    """A game's facts as an indented text block."""
    seats = str(info.min_seats)
    if info.max_seats != info.min_seats:
        seats += f"-{info.max_seats}"
    lines = [f"{info.name}  {info.title}  (version {info.version})"]
    if info.summary:
        lines.append(f"  {info.summary}")
    facts = [
        ("seats", seats),
        ("teams", _yes(info.teams)),
        ("chance", _yes(info.chance)),
        ("information", info.information),
        ("simultaneous", _yes(info.simultaneous)),
        ("actions", str(info.num_distinct_actions)),
        ("max length", str(info.max_game_length)),
    ]
    lines.extend(f"  {key + ':':<14}{value}" for key, value in facts)
    if not info.options:
        lines.append(f"  {'options:':<14}none")
    else:
        lines.append("  options:")
        for opt in info.options:
            text = f"    {opt.name}={_value(opt.default)}"
            if opt.choices is not None:
                text += "  (" + " | ".join(_value(c) for c in opt.choices) + ")"
            if opt.help:
                text += f"  {opt.help}"
            lines.append(text)
    return "\n".join(lines)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)

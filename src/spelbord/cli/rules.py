"""``spelbord rules``: print a game's rules (docs/rules/<game>.md), or with ``--lang`` the
player guide in that language (docs/rules/guide/<game>[.<lang>].md) and then the rules.

Examples::

    spelbord rules coerceo            the numbered rules, with every ruling
    spelbord rules coerceo --path     where the text was found
    spelbord rules coerceo --lang sv  the player guide and the numbered rules in Swedish
"""

from __future__ import annotations

import argparse
import os
import sys
from importlib import resources
from pathlib import Path
from typing import Any

from spelbord.cli.common import EXIT_OK, EXIT_USAGE, CliError, examples, game_names, load_game
from spelbord.core import CHANCE
from spelbord.rulebook import (
    DIAGRAM,
    LANGUAGES,
    NAMES,
    ExampleError,
    load_examples,
    play_example,
    rules_text,
)

RULES_DIR_ENV = "SPELBORD_RULES_DIR"

EXAMPLES = examples(__doc__)

TRANSLATED_NOTE = {
    "en": "The numbered rules: the reference, with every ruling Spelbord makes.",
    "sv": "De numrerade reglerna nedan är referensen, med alla avgöranden Spelbord gör.",
    "da": "De nummererede regler nedenfor er opslagsværket, med alle afgørelser.",
    "nb": "De nummererte reglene nedenfor er oppslagsverket, med alle avgjørelser.",
}
"""The same line where the numbered rules are in the guide's language too."""

REFERENCE_NOTE = {
    "en": "The numbered rules: the reference, with every ruling Spelbord makes.",
    "sv": "De numrerade reglerna nedan är referensen. De finns bara på engelska.",
    "da": "De nummererede regler nedenfor er opslagsværket. De findes kun på engelsk.",
    "nb": "De nummererte reglene nedenfor er oppslagsverket. De finnes bare på engelsk.",
}
"""The line between a guide and the numbered rules, in the guide's language."""


def add_parser(sub: Any) -> None:
    """Register the ``rules`` subcommand."""
    parser = sub.add_parser(
        "rules",
        help="print a game's rules",
        description="Print a game's rules in English (numbered R1, R2, ...), from "
        "docs/rules/<game>.md in the checkout or the copy shipped in the game's package; "
        "with --lang, the player guide in that language first, and the numbered rules in it "
        "where they are translated (docs/rules/<lang>/<game>.md).",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", metavar="GAME", help="a game name (see `spelbord games`)")
    parser.add_argument("--path", action="store_true", help="print only the file's location")
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        help="print the player guide in this language first (English where the game has "
        "none in it), its example positions drawn as text, then the numbered rules (in "
        "that language where they are translated)",
    )
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


def drawing(folder: Path, game: str, example: str) -> str:
    """A guide's diagram as the terminal draws it: ``start`` (after any opening chance)
    or one of the game's example positions; empty for an example the game lacks."""
    loaded = load_game(game, {})
    if example == "start":
        state = loaded.new_initial_state()
        while state.current_player() == CHANCE:
            state.apply_action(state.chance_outcomes()[0][0])
        seat = 0
    else:
        found = load_examples(folder, game).get(example)
        if found is None:
            return ""
        try:
            state = play_example(loaded, found)
        except ExampleError as exc:
            raise CliError(str(exc)) from None
        seat = found.seat
    return "```\n" + state.observation_string(seat).rstrip("\n") + "\n```\n"


def guide_and_rules(path: Path, game: str, language: str) -> tuple[str, str | None]:
    """The guide of ``game`` in ``language`` (else English) with its diagrams drawn as
    text, then the numbered rules; and a note when the guide is not in ``language``."""
    if path.name != f"{game}.md":  # an installed package ships the rules only
        return path.read_text(encoding="utf-8").rstrip("\n"), f"no player guide for {game}"
    text = rules_text(path.parent, game, language)
    if not text.guide:
        return text.reference.rstrip("\n"), f"no player guide for {game}: the rules only"

    guide = DIAGRAM.sub(lambda m: drawing(path.parent, game, m.group(1)), text.guide)
    guide = guide.rstrip("\n")
    shown = text.language or "en"
    note = None
    if text.fell_back:
        note = f"no {NAMES[language]} guide for {game}: the English one"
    said = (TRANSLATED_NOTE if text.reference_language == shown else REFERENCE_NOTE)[shown]
    out = f"{guide}\n\n---\n\n{said}\n\n{text.reference.rstrip()}"
    return out, note


def run(args: argparse.Namespace) -> int:
    path = find_rules(args.game)
    if args.path:
        print(path)
    elif args.lang:
        out, note = guide_and_rules(path, args.game, args.lang)
        if note:
            print(note, file=sys.stderr)
        print(out)
    else:
        print(path.read_text(encoding="utf-8").rstrip("\n"))
    return EXIT_OK

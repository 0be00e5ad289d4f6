"""``spelbord rules``: print a game's numbered rules, or with ``--lang`` the player guide in
that language and then the rules. Both ship inside the game's package, in its folder
``rules/`` (``reference.<lang>.md``, ``guide.<lang>.md``; see ``spelbord.rulebook``).

Examples::

    spelbord rules coerceo            the numbered rules, with every ruling
    spelbord rules coerceo --path     where the text was found
    spelbord rules coerceo --lang sv  the player guide and the numbered rules in Swedish
"""

from __future__ import annotations

import argparse
import sys
from importlib.resources.abc import Traversable
from typing import Any

from spelbord.cli.common import EXIT_OK, EXIT_USAGE, CliError, examples, game_names, load_game
from spelbord.core import CHANCE
from spelbord.rulebook import (
    DIAGRAM,
    LANGUAGES,
    NAMES,
    ExampleError,
    NoDocumentsError,
    documents,
    load_examples,
    play_example,
    reference_path,
    rules_text,
)

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
        description="Print a game's rules in English (numbered R1, R2, ...), shipped in "
        "the game's package; with --lang, the player guide in that language first, and the "
        "numbered rules in it where they are translated.",
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


def find_rules(game: str) -> Traversable:
    """The documents folder of ``game`` (its package's ``rules/``), or a ``CliError``
    saying what is missing."""
    if not game or any(c in game for c in "/\\.") or game != game.strip():
        raise CliError(f"not a game name: {game!r}", EXIT_USAGE)
    known = game_names()
    if game not in known:
        raise CliError(f"no game named {game!r} (games: {', '.join(known) or 'none'})", EXIT_USAGE)
    try:
        folder = documents(game)
    except NoDocumentsError as exc:
        raise CliError(f"no rules text for {game}: {exc}") from None
    if not reference_path(folder, "en").is_file():
        raise CliError(f"no rules text for {game}: expected rules/reference.en.md in its package")
    return folder


def drawing(folder: Traversable, game: str, example: str) -> str:
    """A guide's diagram as the terminal draws it: ``start`` (after any opening chance)
    or one of the game's example positions; empty for an example the game lacks."""
    loaded = load_game(game, {})
    if example == "start":
        state = loaded.new_initial_state()
        while state.current_player() == CHANCE:
            state.apply_action(state.chance_outcomes()[0][0])
        seat = 0
    else:
        found = load_examples(folder).get(example)
        if found is None:
            return ""
        try:
            state = play_example(loaded, found)
        except ExampleError as exc:
            raise CliError(str(exc)) from None
        seat = found.seat
    return "```\n" + state.observation_string(seat).rstrip("\n") + "\n```\n"


def guide_and_rules(folder: Traversable, game: str, language: str) -> tuple[str, str | None]:
    """The guide of ``game`` in ``language`` (else English) with its diagrams drawn as
    text, then the numbered rules; and a note when the guide is not in ``language``."""
    text = rules_text(folder, game, language)
    if not text.guide:
        return text.reference.rstrip("\n"), f"no player guide for {game}: the rules only"

    guide = DIAGRAM.sub(lambda m: drawing(folder, game, m.group(1)), text.guide)
    guide = guide.rstrip("\n")
    shown = text.language or "en"
    note = None
    if text.fell_back:
        note = f"no {NAMES[language]} guide for {game}: the English one"
    said = (TRANSLATED_NOTE if text.reference_language == shown else REFERENCE_NOTE)[shown]
    out = f"{guide}\n\n---\n\n{said}\n\n{text.reference.rstrip()}"
    return out, note


def run(args: argparse.Namespace) -> int:
    folder = find_rules(args.game)
    if args.path:
        print(reference_path(folder, "en"))
    elif args.lang:
        out, note = guide_and_rules(folder, args.game, args.lang)
        if note:
            print(note, file=sys.stderr)
        print(out)
    else:
        print(reference_path(folder, "en").read_text(encoding="utf-8").rstrip("\n"))
    return EXIT_OK

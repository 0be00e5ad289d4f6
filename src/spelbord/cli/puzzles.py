"""``spelbord puzzles``: mine a game's shipped puzzle set from engine games.

It reaches the game's puzzles through the same hook as the server's ``/puzzles/GAME``
(the game's ``study`` extra): a puzzle book that is mined (``core.study.PuzzleMiner``)
says how its shipped set was made and mines it again.

Examples::

    spelbord puzzles mine coerceo                      the shipped set, into the package
    spelbord puzzles mine coerceo --count 20 --deep 0 --seed 7 --out /tmp/p.json

Each puzzle is a position from a seeded engine game where exactly one action wins
material (a piece) or the game by force, proven by searching every action 5 plies deep
(deeper when the engine needs more to find it). --deep N of them need search depth 3 or
more; those are rare and slow to mine (about a minute each on a busy 2-core machine).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from spelbord.cli.common import (
    EXIT_OK,
    EXIT_USAGE,
    CliError,
    command_parser,
    examples,
    verbs_of,
)
from spelbord.core import registry
from spelbord.core.study import NoStudyError, PuzzleMiner

EXAMPLES = examples(__doc__)


def add_parser(sub: Any) -> None:
    """Register the ``puzzles`` subcommand."""
    parser = command_parser(
        sub,
        "puzzles",
        help="mine puzzles from engine games (games whose puzzles are mined)",
        description="Mine puzzles: positions where exactly one move wins by force.",
        epilog=EXAMPLES,
    )
    mine = command_parser(verbs_of(parser), "mine", help="mine a puzzle set", epilog=EXAMPLES)
    mine.add_argument("game", help="a game with mined puzzles (see `spelbord games`)")
    mine.add_argument("--count", type=int, default=200, metavar="N", help="puzzles (default 200)")
    mine.add_argument("--seed", type=int, default=1, metavar="S", help="first game seed")
    mine.add_argument(
        "--deep",
        type=int,
        default=None,
        metavar="N",
        help="how many need a deeper search (default: as shipped)",
    )
    mine.add_argument(
        "--deep-seed",
        type=int,
        default=None,
        metavar="S",
        help="first deep game seed (default: as shipped)",
    )
    mine.add_argument(
        "--out",
        type=Path,
        default=None,
        metavar="FILE",
        help="where to write (default: the package's puzzles.json)",
    )
    mine.add_argument("--no-progress", action="store_true", help="no progress bar")
    mine.set_defaults(run=run_mine)


def run_mine(args: argparse.Namespace) -> int:
    try:
        book = registry.puzzle_book(args.game)
    except NoStudyError as exc:
        raise CliError(str(exc), EXIT_USAGE) from None
    if not isinstance(book, PuzzleMiner):
        raise CliError(f"{args.game}'s puzzles are not mined from engine games", EXIT_USAGE)
    if not 1 <= args.count <= 10000:
        raise CliError(f"--count must be 1..10000, got {args.count}", EXIT_USAGE)
    deep = book.shipped_deep if args.deep is None else args.deep
    if not 0 <= deep <= args.count:
        raise CliError(f"--deep must be 0..{args.count}, got {deep}", EXIT_USAGE)
    deep_seed = book.deep_seed if args.deep_seed is None else args.deep_seed
    from tqdm import tqdm

    out = args.out or book.shipped_file
    with tqdm(total=args.count, unit="puzzle", disable=args.no_progress) as bar:
        found = book.mine(
            args.count, deep, seed=args.seed, deep_seed=deep_seed, progress=lambda _: bar.update(1)
        )
    try:
        out.write_text(book.dump(found), encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot write {out}: {exc.strerror}") from None
    depths: dict[int, int] = {}
    for p in found:
        depths[p.depth] = depths.get(p.depth, 0) + 1
    spread = ", ".join(f"depth {d}: {n}" for d, n in sorted(depths.items()))
    print(f"{len(found)} puzzles written to {out} ({spread})")
    return EXIT_OK

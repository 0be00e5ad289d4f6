"""``spelbord puzzles``: mine the shipped puzzle set from engine games (Coerceo)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from spelbord.cli.common import EXIT_OK, EXIT_USAGE, CliError

SHIPPED_DEEP = 70
"""Deep puzzles of the shipped set (``puzzles.SHIPPED_DEEP``, kept equal by a test)."""
DEEP_SEED = 10001

PUZZLE_GAMES = ("coerceo",)

EXAMPLES = """\
examples:
  spelbord puzzles mine coerceo                      the shipped set, into the package
  spelbord puzzles mine coerceo --count 20 --deep 0 --seed 7 --out /tmp/p.json

Each puzzle is a position from a seeded engine game where exactly one action wins
material (a piece) or the game by force, proven by searching every action 5 plies deep
(deeper when the engine needs more to find it). --deep N of them need search depth 3 or
more; those are rare and slow to mine (about a minute each on a busy 2-core machine).
"""


def add_parser(sub: Any) -> None:
    """Register the ``puzzles`` subcommand."""
    parser = sub.add_parser(
        "puzzles",
        help="mine puzzles from engine games (Coerceo)",
        description="Mine puzzles: positions where exactly one move wins by force.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    verbs = parser.add_subparsers(dest="verb", metavar="VERB", required=True)
    mine = verbs.add_parser(
        "mine",
        help="mine a puzzle set",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    mine.add_argument("game", help="the game (coerceo)")
    mine.add_argument("--count", type=int, default=200, metavar="N", help="puzzles (default 200)")
    mine.add_argument("--seed", type=int, default=1, metavar="S", help="first game seed")
    mine.add_argument(
        "--deep",
        type=int,
        default=None,
        metavar="N",
        help=f"how many need depth 3+ (default: as shipped, {SHIPPED_DEEP})",
    )
    mine.add_argument(
        "--deep-seed", type=int, default=DEEP_SEED, metavar="S", help="first deep game seed"
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
    if args.game not in PUZZLE_GAMES:
        raise CliError(f"puzzles exist for {', '.join(PUZZLE_GAMES)}, not {args.game}", EXIT_USAGE)
    if not 1 <= args.count <= 10000:
        raise CliError(f"--count must be 1..10000, got {args.count}", EXIT_USAGE)
    deep = SHIPPED_DEEP if args.deep is None else args.deep
    if not 0 <= deep <= args.count:
        raise CliError(f"--deep must be 0..{args.count}, got {deep}", EXIT_USAGE)
    from tqdm import tqdm

    from spelbord.games.coerceo import puzzles

    out = args.out or Path(puzzles.__file__).with_name(puzzles.FILE)
    with tqdm(total=args.count, unit="puzzle", disable=args.no_progress) as bar:
        found = puzzles.mine_set(
            args.count,
            deep,
            seed=args.seed,
            deep_seed=args.deep_seed,
            progress=lambda _: bar.update(1),
        )
    try:
        out.write_text(puzzles.dump(found), encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot write {out}: {exc.strerror}") from None
    depths: dict[int, int] = {}
    for p in found:
        depths[p.depth] = depths.get(p.depth, 0) + 1
    spread = ", ".join(f"depth {d}: {n}" for d, n in sorted(depths.items()))
    print(f"{len(found)} puzzles written to {out} ({spread})")
    return EXIT_OK

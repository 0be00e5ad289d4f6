"""``spelbord analyse``: the engine's evaluation, best line and depth for a position.

It reaches a game's analysis board through the same hook as the server's
``/analysis/GAME`` (the game's ``study`` extra, ``core.study``): the board reads the
position text (``--fen``) and, where it can (``core.study.EngineReport``), writes its
engine's search depth by depth.

Examples::

    spelbord analyse coerceo                              the start position, 2 s
    spelbord analyse coerceo --time 500ms
    spelbord analyse coerceo --fen "white: c4:1 c4:5; black: c3:0; tiles: c3 c4"
    spelbord analyse coerceo --record game.json --ply 30 --depth 8
    spelbord analyse coerceo --record moves.txt --variant ocius

A position text (--fen) is what the game's analysis board reads and writes: the first
line printed for a position. A record is a state or match record (JSON, with its moves
and options) or a text file of moves in notation; --ply N replays its first N.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from spelbord.ai.budget import AgentSpecError, Budget
from spelbord.cli.common import EXIT_OK, EXIT_USAGE, CliError, examples, load_game
from spelbord.cli.perft import add_game_arguments, game_options
from spelbord.core import SpelbordError, registry
from spelbord.core.study import EngineReport, NoStudyError

EXAMPLES = examples(__doc__)


def add_parser(sub: Any) -> None:
    """Register the ``analyse`` subcommand."""
    parser = sub.add_parser(
        "analyse",
        help="evaluate a position with the game's engine (games with an analysis board)",
        description="Search a position with the engine of the game's analysis board: the "
        "evaluation, the best line and the depth reached, depth by depth.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_game_arguments(parser)
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--fen", metavar="TEXT", help="a position text (see below)")
    where.add_argument("--record", metavar="FILE", type=Path, help="a game record")
    parser.add_argument("--ply", type=int, metavar="N", help="replay the record's first N moves")
    parser.add_argument("--time", default=None, metavar="T", help="search time (default 2s)")
    parser.add_argument("--depth", type=int, metavar="N", help="search depth (plies)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.ply is not None and args.record is None:
        raise CliError("--ply needs --record", EXIT_USAGE)
    try:
        board = registry.analyser(args.game)
    except NoStudyError as exc:
        raise CliError(str(exc), EXIT_USAGE) from None
    seconds: float | None = None
    if args.time is not None or args.depth is None:
        try:
            budget = Budget.parse(args.time or "2s")
        except AgentSpecError as exc:
            raise CliError(str(exc), EXIT_USAGE) from None
        if budget.seconds is None:
            raise CliError("--time is a time (2s, 500ms)", EXIT_USAGE)
        seconds = budget.seconds
    options = game_options(args)
    try:
        if args.record is not None:
            state = _from_record(args.game, args.record, args.ply, options)
        else:
            game: Any = load_game(args.game, options)
            state = game.new_initial_state() if args.fen is None else board.parse(args.fen, game)
        if state.is_terminal():
            raise CliError(f"the game is over ({state.termination()}): nothing to analyse")
        print(board.text(state))
        print(state)
        if isinstance(board, EngineReport):
            print(board.report(state, seconds, args.depth))
        else:
            found = board.analyse(state, 2.0 if seconds is None else seconds)
            print(f"evaluation {found.get('evaluation', found['score'])}")
            print("line: " + " ".join(str(m) for m in found["line"]))
    except CliError:
        raise
    except SpelbordError as exc:
        raise CliError(str(exc)) from None
    return EXIT_OK


def _from_record(name: str, path: Path, ply: int | None, options: dict[str, str]) -> Any:
    """The state after the first ``ply`` moves (default: all) of a record file."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror}") from None
    moves: list[Any]
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        data = None
    if isinstance(data, dict):
        moves = list(data.get("history", data.get("moves")) or [])
        merged = {**{k: str(v).lower() for k, v in data.get("options", {}).items()}, **options}
        game = load_game(name, merged)
    else:
        game = load_game(name, options)
        moves = text.replace(",", " ").split()
    if ply is not None and not 0 <= ply <= len(moves):
        raise CliError(f"--ply must be 0..{len(moves)} for this record", EXIT_USAGE)
    state = game.new_initial_state()
    for i, move in enumerate(moves[:ply] if ply is not None else moves):
        try:
            action = move if isinstance(move, int) else state.string_to_action(str(move))
            state.apply_action(action)
        except SpelbordError as exc:
            raise CliError(f"{path}: move {i + 1} ({move!r}): {exc}") from None
    return state

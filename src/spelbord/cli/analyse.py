"""``spelbord analyse``: the engine's evaluation, best line and depth for a position."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from spelbord.ai.budget import AgentSpecError, Budget
from spelbord.cli.common import EXIT_OK, EXIT_USAGE, CliError, format_rate, load_game
from spelbord.cli.perft import add_game_arguments, game_options
from spelbord.core import SpelbordError

ENGINE_GAMES = ("coerceo",)

EXAMPLES = """\
examples:
  spelbord analyse coerceo                              the start position, 2 s
  spelbord analyse coerceo --time 500ms
  spelbord analyse coerceo --fen "white: c4:1 c4:5; black: c3:0; tiles: c3 c4"
  spelbord analyse coerceo --record game.json --ply 30 --depth 8
  spelbord analyse coerceo --record moves.txt --variant ocius

A position text (--fen) is `white: FIELDS; black: FIELDS; tiles: all|ocius|TILES;
collected: W B; move: white|black`. A record is a state or match record (JSON, with its
moves and options) or a text file of moves in notation; --ply N replays its first N.
"""


def add_parser(sub: Any) -> None:
    """Register the ``analyse`` subcommand."""
    parser = sub.add_parser(
        "analyse",
        help="evaluate a position with the engine (Coerceo)",
        description="Search a position with the alpha-beta engine: the evaluation, the best "
        "line and the depth reached, depth by depth. With a time budget (not --depth alone) "
        "the exact endgame tables are used: half the time builds the tables of an ending "
        "with few pieces on few tiles, and a table win or loss shows as 'win in N'.",
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
    if args.game not in ENGINE_GAMES:
        raise CliError(
            f"the engine analyses {', '.join(ENGINE_GAMES)}, not {args.game}", EXIT_USAGE
        )
    if args.ply is not None and args.record is None:
        raise CliError("--ply needs --record", EXIT_USAGE)
    seconds: float | None = None
    if args.time is not None or args.depth is None:
        try:
            budget = Budget.parse(args.time or "2s")
        except AgentSpecError as exc:
            raise CliError(str(exc), EXIT_USAGE) from None
        if budget.seconds is None:
            raise CliError("--time is a time (2s, 500ms)", EXIT_USAGE)
        seconds = budget.seconds
    from spelbord.games.coerceo.fen import parse_position, position_text
    from spelbord.games.coerceo.search import line_text, score_text, search

    options = game_options(args)
    try:
        if args.record is not None:
            state = _from_record(args.record, args.ply, options)
        else:
            game: Any = load_game(args.game, options)
            state = game.new_initial_state() if args.fen is None else parse_position(args.fen, game)
        if state.is_terminal():
            raise CliError(f"the game is over ({state.termination()}): nothing to analyse")
        print(position_text(state))
        print(state)
        result = search(state, depth=args.depth, seconds=seconds, tablebase=seconds is not None)
    except CliError:
        raise
    except SpelbordError as exc:
        raise CliError(str(exc)) from None
    side = ("white", "black")[state.side_to_move()]
    print(f"{'depth':>5} {'score':>10} {'nodes':>12} {'seconds':>8}  line")
    for it in result.iterations:
        line = " ".join(line_text(state, it.line))
        print(
            f"{it.depth:>5} {score_text(it.score):>10} {it.nodes:>12,} {it.seconds:>8.2f}  {line}"
        )
    core = "compiled core" if result.compiled else "pure-Python core"
    print(
        f"best {state.action_to_string(result.action)}  evaluation {score_text(result.score)} "
        f"for {side} (to move)  depth {result.depth}  {result.nodes:,} nodes in "
        f"{result.seconds:.2f} s ({format_rate(result.nodes, result.seconds)} nodes, {core})"
    )
    print("line: " + " ".join(line_text(state, result.line)))
    return EXIT_OK


def _from_record(path: Path, ply: int | None, options: dict[str, str]) -> Any:
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
        game = load_game("coerceo", merged)
    else:
        game = load_game("coerceo", options)
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

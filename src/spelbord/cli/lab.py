"""``spelbord lab``: run a study (built in or a TOML file) and write its report.

Examples::

    spelbord lab list                                 the built-in studies
    spelbord lab run seats --games 200 --workers 2    first-seat advantage in every game
    spelbord lab run ladder coerceo --games 40        the Elo ladder of Coerceo's agents
    spelbord lab run balance GAME                     fairness, draws, length, drama of a game
    spelbord lab run skill GAME                       mcts at 50..800 iterations: depth of skill
    spelbord lab run variants GAME                    the game's rule variants side by side
    spelbord lab run choices GAME                     what each choice is worth (barred play)
    spelbord lab run dominance GAME                   which scripted plan beats which
    spelbord lab run my-study.toml --ray auto         a study file, on Ray on this machine
    spelbord lab run seats --ray 10.0.0.5:6379        ... on a Ray cluster
    spelbord lab run seats --resume                   go on with an interrupted study
    spelbord lab tune coerceo --games 200 --verify 20 a game's own tuner (its weights)

Results go to OUT/STUDY/: records/*.parquet (one row per game), figures/, report.html,
summary.json, holes/ (record files of games worth a look).
Kinds (balance, skill, variants, choices, dominance) run at the size they state (about 385
games per arm: ±5 points on their headline figure) unless --games says otherwise.
--fast swaps search agents (mcts, ismcts, gunst-eq, ...) and levels that search on a clock for
the game's strongest level that answers without one (`spelbord ai levels GAME` lists them).
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path
from typing import Any

from spelbord.cli.common import (
    EXIT_OK,
    EXIT_USAGE,
    CliError,
    examples,
    missing_part,
    require_extra,
)

DEFAULT_OUT = "lab-results"

EXAMPLES = examples(__doc__)


def add_parser(sub: Any) -> None:
    """Register the ``lab`` subcommand (``lab run``, ``lab list``, ``lab tune``)."""
    parser = sub.add_parser(
        "lab",
        help="studies of the games by simulation: records, analyses, reports",
        description="Run a study (a built-in one or a TOML file) on local worker processes "
        "or Ray, record every game to Parquet, analyse and report.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    inner = parser.add_subparsers(dest="lab_command", metavar="WHAT", required=True)
    inner.add_parser("list", help="the built-in studies")
    run_parser = inner.add_parser(
        "run",
        help="run a study and write its report",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    run_parser.add_argument("study", metavar="STUDY", help="a built-in study or a .toml file")
    run_parser.add_argument(
        "game", metavar="GAME", nargs="?", help="the game of a per-game study or kind"
    )
    run_parser.add_argument("--games", type=int, default=None, help="games per arm")
    run_parser.add_argument("--seed", type=int, default=None, help="the study's seed")
    run_parser.add_argument("--workers", type=int, default=1, help="local worker processes")
    run_parser.add_argument(
        "--ray", metavar="auto|ADDRESS", default=None, help="run on Ray (auto: this machine)"
    )
    run_parser.add_argument("--out", default=DEFAULT_OUT, help=f"output folder ({DEFAULT_OUT})")
    run_parser.add_argument("--resume", action="store_true", help="continue a stopped study")
    run_parser.add_argument(
        "--opt",
        action="append",
        default=[],
        metavar="GAME.KEY=VALUE",
        help="a game option for every arm of GAME (repeatable), e.g. GAME.max_moves=200",
    )
    run_parser.add_argument("--fast", action="store_true", help="scripted plans for search agents")
    run_parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    tune = inner.add_parser(
        "tune",
        help="fit a game's own weights to game results (its tuner: lab tune GAME --help)",
        add_help=False,
    )
    tune.add_argument("game", metavar="GAME", help="a game with a tuner")
    tune.add_argument("rest", nargs=argparse.REMAINDER, help="the tuner's own arguments")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        from spelbord.lab import builtin as builtins
        from spelbord.lab import kinds
        from spelbord.lab.report import write_report
        from spelbord.lab.runner import run_study
        from spelbord.lab.study import StudyError
        from spelbord.lab.studyfile import load_study
    except ModuleNotFoundError as exc:
        raise missing_part(exc, "spelbord.lab.runner", "`spelbord lab`", "lab") from None
    if args.lab_command == "tune":
        return run_tuner(args.game, args.rest)
    if args.lab_command == "list":
        for name, line in [*builtins.listing(), *kinds.listing()]:
            print(f"  {name:<18} {line}")
        return EXIT_OK
    if args.games is not None and args.games < 1:
        raise CliError("--games must be at least 1", EXIT_USAGE)
    # A study writes its records as Parquet and draws its figures: checked before it plays.
    require_extra(
        "lab", ["pyarrow", "matplotlib", *(["ray"] if args.ray else [])], "`spelbord lab run`"
    )
    try:
        if args.study.endswith(".toml") or Path(args.study).is_file():
            if args.game is not None:
                raise StudyError(f"a study file takes no GAME (got {args.game!r})")
            study = load_study(args.study)
            if args.games is not None:
                from dataclasses import replace

                study = replace(study, games=args.games)
        elif builtins.is_builtin(args.study) or args.game is None:
            size = builtins.DEFAULT_SIZE if args.games is None else args.games
            study = builtins.builtin(args.study, args.game, size)
        else:
            found = kinds.game_study(args.study, args.game, args.games)
            if found is None:
                known = ", ".join(n for n, _ in [*builtins.listing(), *kinds.listing()])
                raise StudyError(f"unknown study {args.study!r} (built in: {known})")
            study = found
        if args.seed is not None:
            from dataclasses import replace

            study = replace(study, seed=args.seed)
        for game, options in _game_options(args.opt).items():
            study = study.with_options(game, options)
        if args.fast:
            study = study.with_fast_agents()
        command = "spelbord " + " ".join(shlex.quote(a) for a in sys.argv[1:])
        result = run_study(
            study,
            Path(args.out),
            workers=args.workers,
            ray=args.ray,
            resume=args.resume,
            progress=not args.no_progress,
            command=command if sys.argv[1:2] == ["lab"] else _command(args),
        )
    except StudyError as exc:
        raise CliError(str(exc), EXIT_USAGE) from None
    report = write_report(result.folder)
    rate = result.played / result.seconds if result.seconds > 0 else 0.0
    print(
        f"{study.name}: played {result.played} games ({result.total} recorded) on "
        f"{result.where} in {result.seconds:.1f} s ({rate:.2f} games/s)"
    )
    print(f"report: {report}")
    return EXIT_OK


def run_tuner(game: str, rest: list[str]) -> int:
    """The game's tuner (its ``tuner`` extra) with the rest of the command line."""
    from spelbord import games
    from spelbord.core.extras import NoExtraError

    try:
        tuner = games.extra(game, "tuner")
    except NoExtraError as exc:
        raise CliError(str(exc), EXIT_USAGE) from None
    code = tuner(rest)
    return EXIT_OK if code is None else int(code)


def _game_options(pairs: list[str]) -> dict[str, dict[str, str]]:
    """``["coerceo.max_moves=200"]`` as ``{"coerceo": {"max_moves": "200"}}``."""
    out: dict[str, dict[str, str]] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        game, dot, option = key.strip().partition(".")
        if not sep or not dot or not game or not option:
            raise CliError(f"--opt takes GAME.KEY=VALUE, got {pair!r}", EXIT_USAGE)
        out.setdefault(game, {})[option] = value.strip()
    return out


def _command(args: argparse.Namespace) -> str:
    """The command line that reproduces ``args`` (when not run from a shell)."""
    parts = ["spelbord", "lab", "run", args.study, *([args.game] if args.game else [])]
    for flag in ("games", "seed", "workers", "ray", "out"):
        value = getattr(args, flag)
        if value is not None:
            parts += [f"--{flag}", str(value)]
    parts += [p for pair in args.opt for p in ("--opt", pair)]
    parts += ["--resume"] * args.resume + ["--fast"] * args.fast
    return " ".join(shlex.quote(p) for p in parts)

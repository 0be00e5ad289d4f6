"""``spelbord bench``: how fast a game plays (random playouts, perft) or the server serves.

Examples::

    spelbord bench coerceo                  random playouts/s, states/s, perft nodes/s,
                                            the engine's depth and nodes/s in 100 ms and 1 s
                                            and the time to build a 4-tile endgame table
    spelbord bench coerceo --seconds 10 --variant ocius
    spelbord bench omringad                 ... and determinizations/s (determinize, the
                                            history resample) and IS-MCTS iterations/s
    spelbord bench omringad --levels        ... and each AI level's time per decision
                                            against its stated time per move (+20%)
    spelbord bench gunst --interop          steps/s natively and through the OpenSpiel and
                                            PettingZoo adapters (needs spelbord[openspiel]
                                            and spelbord[pettingzoo])
    spelbord bench server                   200 concurrent games against a real server:
                                            moves/s and round-trip latency (p50/p95/p99)
    spelbord bench server --games 50 --moves 20 --seconds 60
    spelbord bench server --views           every game's live frames over 300 random plies:
                                            bytes and build ms (median, p99, max)
    spelbord bench cluster                  real processes on their own PostgreSQL and Redis:
                                            moves/s with 1 and 2 web processes, 1000 tables
                                            at a human pace (p50/p99), the AI's wait in line
                                            with 2 and 3 workers, a GET during 4 analyses
    spelbord bench cluster --parts analysis --parts ai
    spelbord bench cluster --parts pace-split  the pace with each table's players on two
                                            processes (no proxy): the forwarded worst case
    spelbord bench lab                      a small study's games/s with 1 and 2 local
                                            workers and on Ray; parallel efficiency
    spelbord bench lab --games 40 --no-ray

Random playouts go through the public, legality-checked API (as the server does).
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass
from typing import Any

from spelbord.cli.common import (
    EXIT_OK,
    EXIT_USAGE,
    CliError,
    describe_options,
    examples,
    format_rate,
    load_game,
    missing_part,
)
from spelbord.cli.perft import add_game_arguments, game_options
from spelbord.core.chance import random_step
from spelbord.core.game import Game, State

SERVER = "server"
CLUSTER = "cluster"
CLUSTER_PARTS = ("throughput", "pace", "ai", "analysis")
"""The parts ``spelbord bench cluster`` measures unless told which."""
CLUSTER_CHOICES = (*CLUSTER_PARTS, "pace-split")
LAB = "lab"
LAB_GAMES = 8
DEFAULT_SECONDS = 3.0
SERVER_GAMES = 200
SERVER_MOVES = 40
VIEW_PLIES = 300

EXAMPLES = examples(__doc__)


@dataclass(frozen=True)
class PlayoutRate:
    """Random games played to the end within a time budget."""

    games: int
    states: int
    seconds: float


@dataclass(frozen=True)
class PerftRate:
    """The deepest perft that fit the time budget."""

    depth: int
    nodes: int
    seconds: float


def add_parser(sub: Any) -> None:
    """Register the ``bench`` subcommand."""
    parser = sub.add_parser(
        "bench",
        help="measure a game's speed, or the server's",
        description="Measure random playouts per second, states per second and perft "
        "nodes per second of a game (GAME), or the web server (`bench server`).",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_game_arguments(parser)
    parser.add_argument(
        "--seconds",
        type=float,
        default=None,
        help=f"time budget per measurement (default {DEFAULT_SECONDS:g}; "
        "server: bound on the playing time, default 180)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the random moves")
    parser.add_argument(
        "--interop",
        action="store_true",
        help="compare steps/s natively and through the OpenSpiel and PettingZoo adapters",
    )
    parser.add_argument(
        "--levels",
        action="store_true",
        help="also time every AI level's decisions against its stated time per move "
        "(+20%% allowed; exit status 1 if one is over)",
    )
    server = parser.add_argument_group("bench server")
    server.add_argument(
        "--games",
        type=int,
        default=None,
        help=f"concurrent games on the server (default {SERVER_GAMES})",
    )
    server.add_argument(
        "--moves", type=int, default=None, help=f"moves per game at most (default {SERVER_MOVES})"
    )
    lab = parser.add_argument_group("bench lab")
    lab.add_argument("--no-ray", action="store_true", help="skip the Ray measurement (bench lab)")
    lab.add_argument(
        "--workers", type=int, default=None, help="workers to compare with one (default 2)"
    )
    server.add_argument(
        "--server-game", metavar="GAME", default=None, help="the game played (default: the first)"
    )
    server.add_argument(
        "--views",
        action="store_true",
        help="measure the live frames instead: per game (or --server-game), their bytes and "
        f"build time over a random game of --moves plies (default {VIEW_PLIES})",
    )
    cluster = parser.add_argument_group("bench cluster")
    cluster.add_argument(
        "--parts",
        action="append",
        choices=CLUSTER_CHOICES,
        default=None,
        help="measure only these (repeat; default: all)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.seconds is not None and args.seconds <= 0:
        raise CliError("--seconds must be positive", EXIT_USAGE)
    if args.game == SERVER:
        return run_server(args)
    if args.game == CLUSTER:
        return run_cluster(args)
    if getattr(args, "parts", None):
        raise CliError("--parts applies to `spelbord bench cluster` only", EXIT_USAGE)
    if args.game == LAB:
        return run_lab(args)
    for flag in ("games", "moves", "server_game"):
        if getattr(args, flag) is not None:
            option = "--" + flag.replace("_", "-")
            raise CliError(f"{option} applies to `spelbord bench server` only", EXIT_USAGE)
    if args.views:
        raise CliError("--views applies to `spelbord bench server` only", EXIT_USAGE)
    if args.workers is not None or args.no_ray:
        raise CliError("--workers and --no-ray apply to `spelbord bench lab` only", EXIT_USAGE)
    seconds = DEFAULT_SECONDS if args.seconds is None else args.seconds
    game = load_game(args.game, game_options(args))
    if args.interop:
        return run_interop(game, seconds, args.seed)
    print(f"bench {describe_options(game)} ({seconds:g} s per measurement)")
    play = random_playouts(game, seconds, args.seed)
    print(
        f"random playouts: {play.games:,} games, {play.states:,} states in {play.seconds:.2f} s"
        f"  {format_rate(play.games, play.seconds)} games, "
        f"{format_rate(play.states, play.seconds)} states"
    )
    print_game_rows(game, seconds)
    print_search_speed(game, seconds, args.seed, levels=args.levels)
    if not has_fast_perft(game):
        print("perft: the game has no perft of its own (skipped)")
        return EXIT_OK
    perft = timed_perft(game, seconds)
    print(
        f"perft: depth {perft.depth}, {perft.nodes:,} nodes in {perft.seconds:.2f} s"
        f"  {format_rate(perft.nodes, perft.seconds)} nodes"
    )
    return EXIT_OK


INTEROP_PAIRS = (
    ("openspiel", "native"),
    ("openspiel+tensor", "native+obs"),
    ("pettingzoo", "native+obs"),
)
"""Each adapter loop and the native loop doing the same work (see ``interop.bench``)."""


def run_interop(game: Game, seconds: float, seed: int) -> int:
    """Steps/s of random games natively and through each adapter, and their ratios."""
    try:
        import spelbord.interop.openspiel
        import spelbord.interop.pettingzoo  # noqa: F401  (both adapters, checked up front)
        from spelbord.interop.bench import compare
    except ModuleNotFoundError as exc:
        raise missing_part(
            exc, "spelbord.interop", "`spelbord bench --interop`", "openspiel,pettingzoo"
        ) from None
    print(
        f"bench {describe_options(game)}: adapters ({seconds:g} s of CPU time per loop, 3 rounds)"
    )
    rates = {rate.api: rate for rate in compare(game, seconds, seed)}
    for rate in rates.values():
        print(
            f"{rate.api:<17} {rate.games:>7,} games {rate.steps:>10,} steps  "
            f"{format_rate(rate.steps, rate.seconds):>12} steps"
        )
    for adapter, native in INTEROP_PAIRS:
        cost = rates[native].per_second / max(rates[adapter].per_second, 1e-9)
        print(f"cost of {adapter} over {native}: {cost:.2f}x")
    return EXIT_OK


SEARCH_POSITIONS = 12
"""Decision positions of random games the search figures are measured on."""
LEVEL_DECISIONS = 8
"""Decisions timed per level with ``--levels``."""


def print_search_speed(game: Game, seconds: float, seed: int, levels: bool = False) -> None:
    """Determinizations/s (hidden information) and the generic search's iterations/s;
    with ``levels`` each level's time per decision (``spelbord.ai.speed``)."""
    from spelbord.ai import speed

    positions = speed.decision_positions(game, SEARCH_POSITIONS, seed)
    if not positions:
        print("search: no position with a choice in random games (skipped)")
        return
    if game.info.information != "perfect":
        for how in ("determinize", "resample"):
            rate = speed.draw_rate(positions, seconds / 2, how)
            print(
                f"{how}: {rate.count:,} calls in {rate.seconds:.2f} s  "
                f"{format_rate(rate.count, rate.seconds)} calls"
                f" ({1000 * rate.seconds / max(rate.count, 1):.2f} ms a call;"
                f" {format_rate(rate.count, rate.cpu)} per CPU second)"
            )
    spec = f"{speed.default_search(game)}:{max(round(1000 * seconds / SEARCH_POSITIONS), 50)}ms"
    print_search_row(spec, spec, positions, seconds)
    print_level_search(game, positions, seconds)
    if levels:
        print_level_times(game, positions[:LEVEL_DECISIONS])


def print_level_search(game: Game, positions: list[tuple[State, int]], seconds: float) -> None:
    """The Hard level's own search, where it is not the generic one (Omringad's portfolio:
    its iterations are sweeps over the plans' proposals), in iterations per CPU second."""
    from spelbord.ai import speed
    from spelbord.ai.levels import levels_of

    levels = levels_of(game.name)
    if levels is None:
        return
    spec = levels.spec("hard")
    if spec.split(":")[0] in ("script", "random", speed.default_search(game)):
        return
    print_search_row(f"level:hard ({spec})", spec, positions, seconds)


def print_search_row(
    label: str, spec: str, positions: list[tuple[State, int]], seconds: float
) -> None:
    """``spec``'s iterations per second (wall-clock and CPU) searching ``positions``."""
    from spelbord.ai import speed

    rate = speed.search_rate(spec, positions, seconds)
    if rate is None:
        print(f"search {label}: counts no iterations (`--levels` times its moves)")
        return
    print(
        f"search {label}: {rate.count:,} iterations in {rate.seconds:.2f} s  "
        f"{format_rate(rate.count, rate.seconds)} iterations"
        f" ({format_rate(rate.count, rate.cpu)} per CPU second)"
    )


def print_level_times(game: Game, positions: list[tuple[State, int]]) -> None:
    """Each level's measured time per decision against its stated time (+20%)."""
    from spelbord.ai import speed
    from spelbord.ai.levels import LEVEL_NAMES, levels_of, time_per_move

    levels = levels_of(game.name)
    if levels is None:
        print("levels: none for this game")
        return
    over = []
    for level in LEVEL_NAMES:
        stated = time_per_move(game.name, level)
        t = speed.decision_times(f"level:{level}", stated, positions)
        ok = t.within()
        if not ok:
            over.append(level)
        print(
            f"level {level:<7} {levels.spec(level):<22} stated {stated:g} s a move: "
            f"mean {t.mean:.3f} s, worst {t.worst:.3f} s over {len(t.seconds)} decisions"
            f"  {'ok' if ok else 'OVER +20%'}"
        )
    if over:
        raise CliError(f"levels over their stated time per move: {', '.join(over)}")


def print_game_rows(game: Game, seconds: float) -> None:
    """The game's own lines (its ``bench`` extra, ``core.extras.Bench``: an engine's
    speed ...), if it declares any."""
    from spelbord.core import registry
    from spelbord.core.extras import resolve

    path = registry.extras(game.name).bench.rows
    if path is not None:
        for line in resolve(path)(game, seconds):
            print(line)


def random_playouts(game: Game, seconds: float, seed: int) -> PlayoutRate:
    """Play random games (chance sampled) until ``seconds`` pass; at least one game."""
    rng = random.Random(seed)
    games = states = 0
    start = time.perf_counter()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            random_step(state, rng)
            states += 1
        games += 1
        elapsed = time.perf_counter() - start
    return PlayoutRate(games, states, elapsed)


def has_fast_perft(game: Game) -> bool:
    """Whether the game's states override ``State.perft`` with a move generator of their own."""
    return type(game.new_initial_state()).perft is not State.perft


def timed_perft(game: Game, seconds: float) -> PerftRate:
    """Perft at depth 1, 2, ... while the next depth is expected to fit in ``seconds``.

    The next depth's time is estimated from the last one and the growth in nodes; a tree
    that stops growing (every line has ended) stops the search.
    """
    state = game.new_initial_state()
    best = PerftRate(0, 0, 0.0)
    spent = 0.0
    depth = 0
    growth = 1.0
    while True:
        depth += 1
        start = time.perf_counter()
        nodes = state.perft(depth)
        taken = time.perf_counter() - start
        spent += taken
        exhausted = nodes == best.nodes
        if best.nodes:
            growth = max(1.0, nodes / best.nodes)
        best = PerftRate(depth, nodes, taken)
        if exhausted or state.is_terminal() or spent + taken * growth > seconds:
            return best


def run_lab(args: argparse.Namespace) -> int:
    """Delegate to ``spelbord.lab.bench``: the lab's games/s, local and on Ray."""
    games = LAB_GAMES if args.games is None else args.games
    workers = 2 if args.workers is None else args.workers
    if games < 1 or workers < 1:
        raise CliError("--games and --workers must be at least 1", EXIT_USAGE)
    if args.moves is not None or args.server_game is not None or args.variant or args.opt:
        raise CliError("bench lab takes --games, --workers and --no-ray only", EXIT_USAGE)
    try:
        from spelbord.lab.bench import measure, report, workload
    except ModuleNotFoundError as exc:
        raise missing_part(exc, "spelbord.lab.bench", "`spelbord bench lab`", "lab") from None
    use_ray = not args.no_ray
    if use_ray:
        try:
            import ray  # noqa: F401
        except ModuleNotFoundError:
            print("bench lab: Ray is not installed (pip install 'spelbord[lab]'); local only")
            use_ray = False
    arms = workload().arms
    print(
        f"bench lab: {games} games of each of {len(arms)} games, seats fixed "
        f"({'; '.join(f'{a.game}: {_seats(a.seats)}' for a in arms)})"
    )
    print(report(measure(games, use_ray, workers)))
    return EXIT_OK


def run_cluster(args: argparse.Namespace) -> int:
    """Delegate to ``spelbord.server.cluster.bench.run``: real processes of a cluster."""
    try:
        from spelbord.server.cluster.bench import run as run_bench
    except ModuleNotFoundError as exc:
        raise missing_part(
            exc, "spelbord.server.cluster.bench", "`spelbord bench cluster`"
        ) from None
    tables = SERVER_GAMES if args.games is None else args.games
    if tables < 1:
        raise CliError("--games must be at least 1", EXIT_USAGE)
    seconds = 15.0 if args.seconds is None else args.seconds
    parts = tuple(args.parts) if args.parts else CLUSTER_PARTS
    run_bench(tables=tables, seconds=seconds, parts=parts)
    return EXIT_OK


def _seats(seats: tuple[str, ...]) -> str:
    """An arm's seats as text: ``level:medium at every seat`` or ``a vs b``.

    >>> _seats(("level:medium",) * 4), _seats(("script:shooter", "random"))
    ('level:medium at every seat', 'script:shooter vs random')
    """
    if len(set(seats)) == 1:
        return f"{seats[0]} at every seat"
    return " vs ".join(seats)


def run_server(args: argparse.Namespace) -> int:
    """Delegate to ``spelbord.server.bench.run``: a real server and WebSocket clients.

    It prints its own report; errors seen by the clients make the command fail.
    """
    games = SERVER_GAMES if args.games is None else args.games
    moves = SERVER_MOVES if args.moves is None else args.moves
    if games < 1 or moves < 1:
        raise CliError("--games and --moves must be at least 1", EXIT_USAGE)
    if args.variant is not None or args.opt:
        raise CliError(
            "the server benchmark plays default options (no --variant, --opt)", EXIT_USAGE
        )
    if args.server_game is not None:
        load_game(args.server_game, {})
    try:
        import spelbord.server.bench  # noqa: F401  (the server's parts are installed)
    except ModuleNotFoundError as exc:
        raise missing_part(
            exc, "spelbord.server.bench", "`spelbord bench server`", "server"
        ) from None
    if args.views:
        from spelbord import games as registry
        from spelbord.server.bench import measure_views

        plies = VIEW_PLIES if args.moves is None else args.moves
        for name in [args.server_game] if args.server_game else registry.names():
            measure_views(name, plies, seed=args.seed)
        return EXIT_OK
    from spelbord.server.bench import run as run_bench

    result = run_bench(
        games=games,
        moves_per_game=moves,
        game=args.server_game,
        seed=args.seed,
        seconds=args.seconds,
    )
    if result.errors:
        raise CliError(f"the server benchmark saw {result.errors} errors")
    return EXIT_OK

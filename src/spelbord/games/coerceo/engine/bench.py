"""Speed figures for Coerceo: perft timing, random games per second, the engine's search
and the building of an endgame table; ``rows`` are the engine's lines in ``spelbord bench
coerceo`` (the game's ``bench`` extra).

Both go through the public game API (``perft`` is the state's fast override; random
games use ``legal_actions`` and ``apply_action`` as any agent would).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass

from spelbord.core import Game
from spelbord.games.coerceo.game import CoerceoGame


@dataclass(frozen=True)
class PerftTiming:
    """Leaves counted ``depth`` plies deep from the start, and the seconds it took."""

    variant: str
    depth: int
    nodes: int
    seconds: float


@dataclass(frozen=True)
class GameRate:
    """Complete random games played in ``seconds``, with their total plies."""

    variant: str
    games: int
    plies: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0


def perft_timing(depth: int, variant: str = "laurentius") -> PerftTiming:
    """Time ``perft(depth)`` from the start position.

    >>> perft_timing(2).nodes
    2304
    """
    state = CoerceoGame(variant=variant).new_initial_state()
    start = time.perf_counter()
    nodes = state.perft(depth)
    return PerftTiming(variant, depth, nodes, time.perf_counter() - start)


def random_games_per_second(seconds: float, variant: str = "laurentius", seed: int = 0) -> GameRate:
    """Play uniformly random complete games for about ``seconds`` and count them.

    At least one game is always finished.

    >>> random_games_per_second(0.0, variant="ocius").games
    1
    """
    game = CoerceoGame(variant=variant)
    rng = random.Random(seed)
    games = plies = 0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return GameRate(variant, games, plies, elapsed)


MIDGAME = (
    "white: a4:3 b2:1 b2:5 b3:1 b3:3 b3:5 b4:5 b5:3 c1:1 c4:1 c4:5 c5:1 c5:5 d1:1 d3:3 d4:5 "
    "e1:1 e1:3; black: a4:0 a5:0 a5:4 b2:4 b4:4 b5:4 c1:4 c2:2 c3:0 c3:4 d1:4 d2:0 d2:4 "
    "d3:0 d3:2 d4:2 e3:2 e3:4; tiles: a4 a5 b2 b3 b4 b5 c1 c2 c3 c4 c5 d1 d2 d3 d4 e1 e2 e3; "
    "collected: 1 0; move: white"
)
"""A middle game (ply 40 of an engine game on Laurentius) for the search benchmark."""


@dataclass(frozen=True)
class SearchTiming:
    """One timed alpha-beta search: the depth it completed and the nodes it visited."""

    position: str
    budget: float
    depth: int
    nodes: int
    seconds: float
    compiled: bool
    cpu_seconds: float
    """CPU time of this process during the search (less than ``seconds`` on a busy machine)."""

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


def search_timings(budgets: tuple[float, ...] = (0.1, 1.0)) -> list[SearchTiming]:
    """The engine's depth and nodes/s within each budget, from the Laurentius start and
    from ``MIDGAME``.

    >>> [t.position for t in search_timings((0.01,))]
    ['start', 'middle game']
    """
    from spelbord.games.coerceo.engine.search import search
    from spelbord.games.coerceo.position import parse_position

    positions = (
        ("start", CoerceoGame().new_initial_state()),
        ("middle game", parse_position(MIDGAME)),
    )
    # The transposition table is allocated once per process (as in play): not timed.
    search(positions[0][1], depth=1)
    out = []
    for name, state in positions:
        for budget in budgets:
            cpu = time.process_time()
            result = search(state, seconds=budget)
            cpu = time.process_time() - cpu
            out.append(
                SearchTiming(
                    name, budget, result.depth, result.nodes, result.seconds, result.compiled, cpu
                )
            )
    return out


TABLE_POSITION = (
    "white: b3:3 b3:5 c2:5 c3:3; black: c2:2 c3:4 c4:0 c4:2 c4:4; tiles: b3 c2 c3 c4; "
    "collected: 1 0; move: black"
)
"""A 4-tile Ocius ending (four against five, 784,080 positions in its table) for the
table benchmark."""


@dataclass(frozen=True)
class TableTiming:
    """The exact endgame table of one position built from an empty cache: the tables
    built (its own and every smaller one it needs), their positions and the seconds."""

    position: str
    tables: int
    positions: int
    seconds: float
    value: int | None


def table_build_timing(position: str = TABLE_POSITION) -> TableTiming | None:
    """Drop every table of the process, then time building the table of ``position`` with
    the compiled core (``None`` without it: the Python twin is far too slow for this).

    >>> timing = table_build_timing("white: c3:1 d3:5; black: c4:2; tiles: c3 c4 d3; move: white")
    >>> timing is None or (timing.value, timing.tables > 1, timing.positions > 0)
    (9, True, True)
    """
    from spelbord.games.coerceo.engine import cores, tablebase
    from spelbord.games.coerceo.position import parse_position

    if cores.C_CORE is None:
        return None
    state = parse_position(position, CoerceoGame(variant="ocius"))
    tablebase.clear_tables()
    start = time.perf_counter()
    value = tablebase.table_value(state)
    seconds = time.perf_counter() - start
    digest = tablebase.table_digest()
    tablebase.clear_tables()
    return TableTiming(position, len(digest), sum(n for _, n, _ in digest), seconds, value)


def _rate(count: float, seconds: float) -> str:
    return f"{count / seconds:,.0f}/s" if seconds > 0 else "-"


def rows(game: Game, seconds: float) -> Iterator[str]:
    """The engine's lines of ``spelbord bench coerceo`` (on Laurentius; none on Ocius):
    the build of a 4-tile endgame table from an empty cache (seconds and positions/s),
    then its depth and nodes/s in 100 ms and 1 s (start, middle game). ``seconds`` (the
    benchmark's budget per measurement) does not change these fixed measurements."""
    if game.options.get("variant") == "ocius":
        return
    table = table_build_timing()
    if table is None:
        yield "endgame table: skipped (the compiled core is not built)"
    else:
        yield (
            f"endgame table (4 tiles, 4 against 5, from an empty cache): {table.tables:,} tables,"
            f" {table.positions:,} positions in {table.seconds:.2f} s"
            f"  {_rate(table.positions, table.seconds)} positions"
        )
    for t in search_timings():
        core = "compiled" if t.compiled else "pure Python"
        yield (
            f"alpha-beta ({core}), {t.position}, {t.budget * 1000:g} ms: depth {t.depth}, "
            f"{t.nodes:,} nodes in {t.seconds:.2f} s  {_rate(t.nodes, t.seconds)} nodes"
            f" ({_rate(t.nodes, t.cpu_seconds)} per CPU second)"
        )

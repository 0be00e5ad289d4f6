"""Exact endgame tables for Coerceo: the value of every position with few pieces on few
tiles, built on demand by the engine core (``_ccore_tb.h``; its Python twin is
``pysearch.PyCore``'s ``tb_*`` methods) and kept for the life of the process.

A table holds every position of one signature: the tiles present, the pieces of each
colour, the tiles each side has collected (counted up to the exchange cost times the
opponent's pieces: more can never be spent) and the exchange cost. Turns that capture,
remove a tile or exchange lead to smaller signatures, built first. The value for the side
to move is ``+n`` when it takes the last opponent piece (R11) in ``n`` plies against any
defence (the shortest such win), ``-n`` when the opponent does (the longest defence), and
``0`` when neither can force it: a draw by repetition (R13) or stalemate (R12). The
winner's line never repeats a position, so a table win is a win under R13.

A table is built when it has at most ``TB_MAX_POS`` (2,097,152) positions (``C(F, white)
x C(F, black) x 2`` with ``F`` three times the tiles present): e.g. three pieces against
two on the 7 Ocius tiles (558,600 positions; with every smaller table it needs, about 30
s of one core), five against three on 4 tiles (348,480), six against four on 4 tiles
(914,760), every ending on 4 tiles (at most 1,707,552: six against six; five against five,
1,254,528 positions, took 9.5 s with its smaller tables under a load of 3.4, six against
five 15.7 s more); never the start of either board. The tables of a process, with the builds under
way, take at most 256 MiB; when three quarters are used they are all dropped before the next
build (a game's endings need few). A table is built in two phases: every position's turns
(those within the table listed, the others valued by the smaller tables), then a
retrograde pass from the decided positions back through predecessor lists, which gives
the values of the definition above exactly (``table_digest`` fingerprints the tables; the
tests compare whole tables with the Python twin). About 2 million positions a second are
built on this machine (the four-against-five table of ``bench.TABLE_POSITION``, 4.2
million positions with its 862 smaller tables: 1.6-2.4 s under a load of 2.5-3.7 on 2
cores, against 5.0-5.2 s before the retrograde pass).

The search (``search(..., tablebase=True)``, which the ``ab`` agent uses with its full
evaluation) builds the tables of the position and of the captures two plies on, within
half its time budget. Its own position's table is started (or continued) whatever its
size: a build the deadline interrupts keeps its progress and the next search goes on with
it (``table_progress``): the four-against-five table above was ready after 15-22 searches of
200 ms (under a load of 3.5 on 2 cores), where before it was never built; the other tables
are built only when they fit in the time left at a million positions a second; a table is
used only once finished, and the builds under way that the game can no longer reach (a
tile it lacks, more pieces) are dropped. It then scores every position it reaches whose
table is built: a win or loss exactly as ``WIN - plies``, so the fastest table win is
played and a table loss avoided, and a draw as a draw plus a quarter of the evaluation, so
that a side ahead keeps a position the tables do not prove drawn rather than entering one
they do (and the side behind heads for the proven draw). When the position searched is
itself a table draw, drawn positions are searched on with the evaluation: the opponent may
still go wrong.

Where the Ocius draws come from (measured before the tables, ``ab:200ms:openings=4``
against ``ab:200ms:eval=material:openings=4``, 6 games, seeds 1802-1807): 3 won, 3 drawn by
repetition after 269-952 plies. Replayed through the tables, each drawn game's first
position within their reach (4 tiles, plies 18-39: four against four; six against four
with 1 and 2 tiles collected; four against five) was already a table draw and every later
one stayed so: no table win was let slip; the board shrank early into really drawn
endings. Those 4-tile tables (490,000-915,000 positions) take 2.7 s (four against four,
with the 853 smaller tables it needs) and 13.7 s (six against four, 2,935 tables, 29 MB)
to build on a lightly loaded machine with the first builder (a level-by-level scan, and
no resumption): far more than half of a 200 ms budget, so at 200 ms a move the search
built only the smaller ones (up to about 100,000 positions a move) and the match result
did not change (+2 =18 -0 against +3 =17 -0, ``spelbord/ai/ladders/coerceo.json``); the
builds now carry on from move to move (above), and the same match gave +4 =16 -0.

What the tables do not give: a table draw is not lost by a material engine. Among the
moves that keep a table draw, playing the one that leaves the opponent the most replies
losing by the tables (deepest losses and captures weighing most) was tried on 20 table-drawn
4-tile Ocius positions from such games, each played out from both sides at 200 ms against
``ab:200ms:eval=material``: +1 =39 -0 with it, +2 =38 -0 without. The replies the tables
prove lost lose material within a few plies, which a material search sees at any depth
from 2 to 10; so that move choice was not adopted. The Ocius wins come from the middle
game, before the board is down to 4 tiles.

>>> from spelbord.games.coerceo.position import parse_position
>>> from spelbord.games.coerceo import CoerceoGame
>>> state = parse_position("white: c3:1 d3:5; black: c4:2; tiles: c3 c4 d3; move: white",
...                        CoerceoGame(variant="ocius"))
>>> table_value(state)
9
>>> table_value(CoerceoGame(variant="ocius").new_initial_state()) is None
True
"""

from __future__ import annotations

from typing import Any

from spelbord.games.coerceo.engine import cores
from spelbord.games.coerceo.engine.pysearch import TB_MAX_POS, TB_MAX_SIDE

__all__ = [
    "TB_MAX_POS",
    "TB_MAX_SIDE",
    "clear_tables",
    "table_digest",
    "table_progress",
    "table_stats",
    "table_value",
]


def table_value(state: Any, *, build: bool = True, compiled: bool = True) -> int | None:
    """The table value of ``state`` for the side to move (see the module doc), building
    its table (and the smaller ones it needs) unless ``build`` is false; ``None`` when the
    position has no table (too many pieces for its tiles, or not built)."""
    core = cores.CORE if compiled else cores.PY_CORE
    value = core.tb_value(*cores.core_args(state), 1 if build else 0)
    return None if value is None else int(value)


def table_stats(*, compiled: bool = True) -> tuple[int, int]:
    """``(tables built, bytes held)`` in this process (the values of the tables built, and
    the arrays of the compiled core's builds under way)."""
    core = cores.CORE if compiled else cores.PY_CORE
    built, size, _ = core.tb_stats()
    return int(built), int(size)


def table_progress(state: Any) -> float | None:
    """How much of the table of ``state`` the compiled core has built: ``1.0`` finished
    (``table_value`` answers), between 0 and 1 a build under way that the next search with
    tables goes on with, ``0.0`` not started, ``None`` out of reach (too many pieces for
    its tiles, or memory spent). Without the compiled core: 1.0 or 0.0 (the Python twin
    builds a table in one go).

    >>> from spelbord.games.coerceo import CoerceoGame
    >>> table_progress(CoerceoGame(variant="ocius").new_initial_state()) is None
    True
    """
    if cores.C_CORE is None:
        built = cores.PY_CORE.tb_value(*cores.core_args(state), 0) is not None
        return 1.0 if built else 0.0
    value = cores.C_CORE.tb_progress(*cores.core_args(state))
    return None if value is None else float(value)


def table_digest() -> list[tuple[int, int, int]]:
    """``(signature key, positions, hash of the values)`` of every table the compiled core
    has finished, sorted: two builders agree when their digests do (empty without it)."""
    if cores.C_CORE is None:
        return []
    return [(int(k), int(n), int(h)) for k, n, h in cores.C_CORE.tb_digest()]


def clear_tables(*, compiled: bool = True) -> None:
    """Drop every table (and build under way) of this process; they are built again on
    demand."""
    core = cores.CORE if compiled else cores.PY_CORE
    core.tb_clear()

"""Alpha-beta search for Coerceo: the best action of a position, its score and its line.

``search(state, depth=..., seconds=...)`` runs the engine core (``cores.CORE``: the
compiled ``_ccore`` when built, else its pure-Python twin) from ``state``: negamax with
iterative deepening to the depth or time budget, a Zobrist-keyed transposition table,
principal-variation (null-window) search with late-move reductions, move ordering (hash
move, captures and tile removals, exchanges, two killers, history) and a quiescence
search over captures (and exchanges at its first ply). Terminal positions are scored
exactly as the rules say: taking the last piece wins (R11), a side without an action is
stalemated (R12, a draw), the third occurrence of a position draws (R13, counted over the
game's own record plus the searched line) and so does the move limit (R15).

Scores are centipawns for the side to move (a piece is worth 100); a won or lost game is
``WIN - plies``. An evaluation that fades as the turns without a capture or removal add up
makes the side ahead prefer progress over repetition.

Won endings (R11 against R13): once a side has more pieces than the opponent and the
opponent has at most 3 left, an endgame term joins the evaluation (weights 10-13 in
``weights.py``; ``endgame_side`` in ``_ccore.c``, twinned in ``pysearch``). It scores the
side ahead by what brings the last captures nearer: few holes (free edge-neighbour
fields) around the defender's pieces, its pieces close to them (hex distance between
tiles), few moves for the defender, and a board of at least 5 tiles, since on 2 or 3 tiles
there is nothing left to collect for the exchange that takes the last piece (R10) and a
capture is rare. Material, collected tiles and the exchange threat keep their weights, so
collecting tiles and exchanging stay the way to convert. The middle game is scored as
before.

Exact endgame tables (``tablebase``; ``tablebase=True``, which the ``ab`` agent passes):
for few pieces on few tiles the value of every position is computed on demand and kept
(win or loss in so many plies, or a draw against perfect play). Building takes at most
half the time budget: the root's own table is started or continued whatever its size (a
build the deadline interrupts is continued by the next search, so a large table gets
built over a few moves), the tables two plies on only when they fit in the time left; a
table is probed only once finished. A build that runs over its half (a busy machine)
leaves the search its own half all the same. The search scores every
position it reaches whose table is built exactly when it is a win or a loss, so a table
win is converted by the fastest line and a table loss avoided; a table draw scores as a
draw plus a quarter of the evaluation, so the side ahead keeps a position the tables do
not prove drawn rather than entering one they do. A win (or loss) found does not end the
deepening while a shorter one could lie beyond the depth searched: a table's win in 9
plies seen at depth 1 gives way to the win in 7 that depth 7 finds. In a position that
is itself a table draw the search plays on by the evaluation: the opponent may still go
wrong.

Strength (measured: ``spelbord/ai/ladders/coerceo.json``; the ``ab`` agent's tables, contempt):
against the public engines' class (``plain=True`` with the material weights, which goes as
deep as they do at equal time) at equal time, on Laurentius +10 =0 -0 at 200 ms and +6 =0
-0 at 1 s; on Ocius +5 =15 -0 at 200 ms and +3 =13 -0 at 1 s, where most games reach
4-tile endings that the tables prove drawn. Against the full search with the material
weights (stronger than that class) Laurentius is won as clearly, Ocius +4 =16 -0 at 200
ms and drawn at 1 s.

>>> from spelbord.games.coerceo import CoerceoGame
>>> state = CoerceoGame().from_position([(0, 0, 1), (0, 1, 3)], [(0, 0, 0)], tiles=[(0, 0), (0, 1)])
>>> result = search(state, depth=3)
>>> result.mate_in, state.action_to_string(result.action)
(1, 'c4:3-c3:5')
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from spelbord.core import SpelbordError
from spelbord.games.coerceo.engine import cores
from spelbord.games.coerceo.engine.pysearch import WIN, WIN_BOUND
from spelbord.games.coerceo.engine.weights import WEIGHTS
from spelbord.games.coerceo.state import CoerceoState

MATERIAL_WEIGHTS: tuple[int, ...] = (100, 50)
"""The plain material evaluation of the public engines: 100 a piece, 50 a collected tile."""

DEFAULT_TT_BITS = 20
"""Transposition-table entries: 2**20 (16 MiB)."""

MAX_DEPTH = 64


_table_owner: tuple[int, int] | None = None
"""Who left the transposition table as it is (see ``search``'s ``table_owner``)."""


class SearchError(SpelbordError, ValueError):
    """A search that cannot run: a finished game, or no budget at all."""


@dataclass(frozen=True)
class Iteration:
    """One completed depth of the iterative deepening."""

    depth: int
    score: int
    nodes: int
    seconds: float
    line: tuple[int, ...]
    """The principal variation, as action ids."""


@dataclass(frozen=True)
class SearchResult:
    """What a search found: the best action and how sure it is."""

    action: int
    score: int
    """Centipawns for the side to move (``WIN - n`` when it wins in ``n`` plies)."""
    depth: int
    nodes: int
    seconds: float
    line: tuple[int, ...]
    iterations: tuple[Iteration, ...] = field(default=())
    compiled: bool = True

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0

    @property
    def mate_in(self) -> int | None:
        """Turns of the side to move until it wins (positive) or loses (negative)."""
        if self.score > WIN_BOUND:
            return (WIN - self.score + 1) // 2
        if self.score < -WIN_BOUND:
            return -((WIN + self.score) // 2)
        return None


def search(
    state: CoerceoState,
    *,
    depth: int | None = None,
    seconds: float | None = None,
    weights: Sequence[int] = WEIGHTS,
    tt_bits: int = DEFAULT_TT_BITS,
    compiled: bool = True,
    table_owner: object | None = None,
    contempt: int = 0,
    tablebase: bool = False,
    plain: bool = False,
) -> SearchResult:
    """Search ``state`` to ``depth`` plies or for ``seconds`` (whichever ends first).

    Depth 1 is always completed, even when the time runs out first. ``compiled=False``
    uses the pure-Python core (the same results, far slower). ``table_owner`` (e.g. an
    agent) keeps the transposition table between its searches, as long as no other owner
    searched in between (its next position usually lies in it, scored by its weights);
    without it the search starts afresh and its result depends on the position only.
    ``contempt`` (centipawns) scores every draw as that much worse than nothing for the
    side to move at the root, so that a player does not settle for repetitions it need
    not accept (0: the objective score, for analysis). ``tablebase`` uses the exact
    endgame tables (``tablebase`` module): built for the position (continued across
    searches when it takes longer) and the captures two plies on where small enough,
    within half the time budget, then probed by the search (finished tables only).
    ``plain`` searches as the public engines do, for comparison: plain alpha-beta, every
    move with the full window, without null moves, late-move reductions, killers or
    history (the transposition table, iterative deepening, captures first and the
    quiescence search stay).
    """
    if state.is_terminal():
        raise SearchError("the game is over: there is nothing to search")
    if depth is None and seconds is None:
        raise SearchError("give a depth, a time in seconds, or both")
    if depth is not None and not 1 <= depth <= MAX_DEPTH:
        raise SearchError(f"depth must be 1..{MAX_DEPTH}, got {depth}")
    if seconds is not None and not seconds > 0:
        raise SearchError(f"seconds must be positive, got {seconds}")
    core = cores.CORE if compiled else cores.PY_CORE
    with _core_lock:  # the weights and the kept table are the core's: one search at a time
        return _search_locked(
            state, core, depth, seconds, weights, tt_bits, table_owner, contempt, tablebase, plain
        )


_core_lock = threading.Lock()
"""Held by one search at a time (the compiled search lets go of the GIL while it runs, so
other threads go on meanwhile; a second search waits here without holding the GIL)."""


def _search_locked(
    state: CoerceoState,
    core: Any,
    depth: int | None,
    seconds: float | None,
    weights: Sequence[int],
    tt_bits: int,
    table_owner: object | None,
    contempt: int,
    tablebase: bool,
    plain: bool,
) -> SearchResult:
    core.set_weights(list(weights))
    args = cores.core_args(state)
    side = args[5]
    common = (
        *args,
        state.moves_left(),
        1 if state.repetition_draw() else 0,
        cores.history_hashes(state, core),
    )
    max_depth = MAX_DEPTH if depth is None else depth
    global _table_owner
    keep_table = table_owner is not None and _table_owner == (id(table_owner), id(core))
    _table_owner = None if table_owner is None else (id(table_owner), id(core))
    tb = 1 if tablebase else 0
    done, nodes, spent, partial = core.search(
        *common, max_depth, seconds or 0.0, tt_bits, not keep_table, contempt, tb, int(plain)
    )
    if not done:
        # (tb 2: probe the tables built so far, build none: no time is left for it)
        more, extra, took, _ = core.search(
            *common, 1, 0.0, tt_bits, False, contempt, 2 * tb, int(plain)
        )
        done, nodes, spent, partial = more, nodes + extra, spent + took, None
    iterations = tuple(Iteration(d, v, n, s, _actions(line, side)) for d, v, n, s, line in done)
    last = iterations[-1]
    best_line, best_score = last.line, last.score
    if partial is not None:
        # The unfinished iteration searched the last best move first: a move it found
        # better since then is better still.
        best_line, best_score = _actions(partial[2], side), partial[1]
    return SearchResult(
        action=best_line[0],
        score=best_score,
        depth=last.depth,
        nodes=nodes,
        seconds=spent,
        line=best_line,
        iterations=iterations,
        compiled=core is not cores.PY_CORE,
    )


def _actions(codes: Sequence[int], side: int) -> tuple[int, ...]:
    out = []
    for i, code in enumerate(codes):
        out.append(cores.action_of(code, side if i % 2 == 0 else 1 - side))
    return tuple(out)


def line_text(state: CoerceoState, line: Sequence[int]) -> list[str]:
    """The notation of a line of actions from ``state`` (played on a copy)."""
    copy = state.clone()
    out = []
    for action in line:
        if copy.is_terminal():
            break
        out.append(copy.action_to_string(action))
        copy.apply_action(action)
    return out


def score_parts(score: int) -> dict[str, Any]:
    """``score_text`` as data, for a page that words it in its own language: ``{"kind":
    "win"`` or ``"loss", "turns": n}`` or ``{"kind": "pieces", "pieces": 1.25}``.

    >>> score_parts(WIN - 5), score_parts(-WIN + 4), score_parts(125)
    ({'kind': 'win', 'turns': 3}, {'kind': 'loss', 'turns': 2}, {'kind': 'pieces', 'pieces': 1.25})
    """
    if score > WIN_BOUND:
        return {"kind": "win", "turns": (WIN - score + 1) // 2}
    if score < -WIN_BOUND:
        return {"kind": "loss", "turns": (WIN + score) // 2}
    return {"kind": "pieces", "pieces": round(score / 100, 2)}


def score_text(score: int) -> str:
    """``+1.25`` (pieces) or ``win in 3`` / ``loss in 2`` (turns of the side to move)."""
    if score > WIN_BOUND:
        return f"win in {(WIN - score + 1) // 2}"
    if score < -WIN_BOUND:
        return f"loss in {(WIN + score) // 2}"
    return f"{score / 100:+.2f}"

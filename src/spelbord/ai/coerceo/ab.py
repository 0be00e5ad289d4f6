"""The alpha-beta agent (``ab``): the Coerceo engine's search as a player.

Spec: ``ab[:budget][:depth=N][:eval=full|material][:search=full|plain][:openings=N]
[:tables=on|off]``, e.g. ``ab:1s``, ``ab:200ms``, ``ab:depth=6``, ``ab:1s:depth=8``
(whichever ends first). Without a budget or a depth it searches for one second.
``eval=material`` is the plain material evaluation of the public engines (100 a piece, 50
a collected tile), for comparison matches. ``search=plain`` searches as they do: plain
alpha-beta with iterative deepening, a transposition table, captures first and a capture
quiescence, but no null-window search, reductions, null moves, killers or history, and a
draw scored as nothing (no contempt). ``ab:1s:eval=material:search=plain`` is that class
of engine: our core searches about a third of their nodes a second, but its transposition
table and move ordering still take it as deep (from the Laurentius start depth 7 in 200 ms
and 8 in 1 s on this 2-core machine; theirs 6 and 7).
``openings=N`` varies the first N plies of a game: there the agent picks at random (from
its seeded generator) among the moves that a depth-2 look scores within
``OPENING_MARGIN`` of the best, so that matches between deterministic engines do not
repeat one game. ``tables`` uses the exact endgame tables
(``spelbord.games.coerceo.engine.tablebase``): by default ``on`` with the full evaluation and a time
budget (a table is built only when it fits the time left), ``off`` with a depth alone (a
build can take seconds, more than a fixed-depth level may spend on a move) and always
``off`` with the material evaluation.

The agent searches the state its ``SeatView`` resamples, which in Coerceo (perfect
information) is a copy of the position itself with its repetition record.

>>> from spelbord.ai.spec import make_agent
>>> make_agent("ab:200ms").name
'ab:200ms'
>>> make_agent("ab:depth=6:eval=material").name
'ab:depth=6:eval=material'
"""

from __future__ import annotations

from typing import Any

from spelbord.ai.agent import Agent, decision_actions
from spelbord.ai.budget import AgentSpecError, Budget
from spelbord.ai.spec import AgentSpec, agent_kind
from spelbord.ai.view import SeatView
from spelbord.core import seeded

ENGINE_GAMES = ("coerceo",)
"""Games the alpha-beta engine plays."""

EVALUATIONS = ("full", "material")
SEARCHES = ("full", "plain")
MAX_OPENINGS = 100
"""The most opening plies a spec may vary (``openings=``)."""
OPENING_MARGIN = 25
"""Centipawns: opening moves this close to the best are equally likely."""

DEFAULT_SECONDS = 1.0
CONTEMPT = 30
"""Centipawns: the agent scores a draw this much below equality, so it avoids early
repetitions (which the rules make draws, R13) unless it stands worse."""


class AlphaBetaAgent(Agent):
    """Iterative-deepening alpha-beta (``spelbord.games.coerceo.engine.search``)."""

    def __init__(
        self,
        seconds: float | None = None,
        depth: int | None = None,
        seed: int | None = None,
        evaluation: str = "full",
        openings: int = 0,
        tables: bool | None = None,
        searcher: str = "full",
    ) -> None:
        if evaluation not in EVALUATIONS:
            raise AgentSpecError(f"unknown eval {evaluation!r} (evals: {', '.join(EVALUATIONS)})")
        if searcher not in SEARCHES:
            raise AgentSpecError(f"unknown search {searcher!r} (searches: {', '.join(SEARCHES)})")
        if depth is not None and not 1 <= depth <= 64:
            raise AgentSpecError(f"depth must be 1..64, got {depth}")
        if not 0 <= openings <= MAX_OPENINGS:
            raise AgentSpecError(f"openings must be 0..{MAX_OPENINGS}, got {openings}")
        if seconds is None and depth is None:
            seconds = DEFAULT_SECONDS
        self.seconds = seconds
        self.depth = depth
        self.evaluation = evaluation
        self.searcher = searcher
        self.openings = openings
        default_tables = seconds is not None
        if tables is None:
            tables = default_tables
        self.tables = tables and evaluation == "full"
        parts = ["ab"]
        if seconds is not None:
            parts.append(str(Budget(seconds=seconds)))
        if depth is not None:
            parts.append(f"depth={depth}")
        if evaluation != "full":
            parts.append(f"eval={evaluation}")
        if searcher != "full":
            parts.append(f"search={searcher}")
        if openings:
            parts.append(f"openings={openings}")
        if tables != default_tables and evaluation == "full":
            parts.append(f"tables={'on' if tables else 'off'}")
        self.name = ":".join(parts)
        self._rng = seeded(seed)
        self.last_result: Any = None
        """The ``SearchResult`` of the last step (``None`` before it or with one choice)."""

    def _weights(self) -> tuple[int, ...]:
        from spelbord.games.coerceo.engine.search import MATERIAL_WEIGHTS
        from spelbord.games.coerceo.engine.weights import WEIGHTS

        return MATERIAL_WEIGHTS if self.evaluation == "material" else WEIGHTS

    def step(self, view: SeatView) -> int:
        if view.game.name not in ENGINE_GAMES:
            raise AgentSpecError(
                f"the ab agent plays {', '.join(ENGINE_GAMES)}, not {view.game.name}"
            )
        legal = decision_actions(view)
        if len(legal) == 1:
            self.last_result = None
            return legal[0]
        from spelbord.games.coerceo.engine.search import search

        state: Any = view.resample(self._rng)
        weights = self._weights()
        plain = self.searcher == "plain"
        if state.plies() < self.openings:
            return self._opening_move(state, legal, weights)
        self.last_result = search(
            state,
            depth=self.depth,
            seconds=self.seconds,
            weights=weights,
            table_owner=self,
            contempt=0 if plain else CONTEMPT,
            tablebase=self.tables,
            plain=plain,
        )
        return int(self.last_result.action)

    def _opening_move(self, state: Any, legal: list[int], weights: tuple[int, ...]) -> int:
        from spelbord.games.coerceo.engine.search import search

        scored = []
        for action in legal:
            child = state.clone()
            child.apply_action(action)
            if child.is_terminal():
                value = 0 if child.returns()[state.side_to_move()] == 0 else 100000
            else:
                value = -search(child, depth=2, weights=weights).score
            scored.append((value, action))
        best = max(v for v, _ in scored)
        return self._rng.choice([a for v, a in scored if v >= best - OPENING_MARGIN])


def parse_alphabeta(spec: str, parts: list[str], seed: int | None) -> AlphaBetaAgent:
    """The ``ab`` agent from the parts of its spec after ``ab`` (see the module doc)."""
    seconds: float | None = None
    depth: int | None = None
    evaluation = "full"
    openings = 0
    tables: bool | None = None
    searcher = "full"
    if parts and "=" not in parts[0]:
        budget = Budget.parse(parts.pop(0))
        if budget.seconds is None:
            raise AgentSpecError(
                f"the ab agent's budget is a time (1s, 200ms), not iterations: {spec!r}"
            )
        seconds = budget.seconds
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep:
            raise AgentSpecError(f"expected key=value, got {part!r} in {spec!r}")
        try:
            if key == "depth":
                depth = int(value)
            elif key == "eval":
                evaluation = value
            elif key == "search":
                searcher = value
            elif key == "openings":
                openings = int(value)
            elif key == "tables":
                if value not in ("on", "off"):
                    raise AgentSpecError(f"tables is on or off, got {value!r} in {spec!r}")
                tables = value == "on"
            else:
                raise AgentSpecError(
                    f"unknown option {key!r} in {spec!r} "
                    "(ab options: depth, eval, search, openings, tables)"
                )
        except AgentSpecError:
            raise
        except ValueError:
            raise AgentSpecError(f"bad value {value!r} for {key!r} in {spec!r}") from None
    return AlphaBetaAgent(seconds, depth, seed, evaluation, openings, tables, searcher)


@agent_kind("ab", games=ENGINE_GAMES)
def make_alphabeta(spec: AgentSpec, seed: int | None = None) -> AlphaBetaAgent:
    """The Coerceo engine as an agent (see the module for the spec)."""
    return parse_alphabeta(str(spec), list(spec.parts), seed)

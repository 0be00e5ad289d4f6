"""The effective time bound of an agent spec within the server's per-move cap.

Every job the worker tier runs ends within a bound: a spec with a time budget gets that
budget (cut down to the cap), any other (an iteration budget, a fixed depth, a level, a
script) gets the cap. A search with a fixed ``depth=`` stops at whichever comes first of
its depth and its time (``spelbord.ai.spec.PerMove``), so a depth search without a time is
given the cap as its time (``ab:depth=64`` runs as ``ab:10s:depth=64``); every other spec
is held to its bound by its worker, which stops a job that overruns it
(``tables.workers.AgentPool``).

These two functions read a spec through ``spelbord.ai.spec`` (``AgentSpec``, ``PerMove``)
only: what each kind means is the agents' business.

>>> time_bound("mcts:1.5s", cap=10), time_bound("mcts:30s", cap=10), time_bound("ab:depth=64", 10)
(1.5, 10.0, 10.0)
>>> bounded_spec("ab:depth=64", cap=10), bounded_spec("ab:depth=6:eval=material", cap=2.5)
('ab:10s:depth=64', 'ab:2.5s:depth=6:eval=material')
>>> bounded_spec("ab:300ms:depth=9", cap=10), bounded_spec("mcts:2000it", cap=10)
('ab:300ms:depth=9', 'mcts:2000it')
"""

from __future__ import annotations

from spelbord.ai.budget import Budget
from spelbord.ai.spec import AgentSpec, PerMove


def time_bound(spec: str, cap: float) -> float:
    """The seconds a move of ``spec`` may take at most: its time budget, else ``cap``."""
    seconds = PerMove.of(spec).seconds
    return float(min(seconds, cap) if seconds is not None else cap)


def bounded_spec(spec: str, cap: float) -> str:
    """``spec`` as a worker runs it: a search that would stop only at a depth is given
    ``cap`` seconds as well (it stops at whichever comes first)."""
    parsed = AgentSpec.parse(spec)
    bound = PerMove.of(parsed)
    if bound.budget is not None or bound.depth is None:
        return spec
    return str(parsed.with_budget(Budget(seconds=float(cap))))

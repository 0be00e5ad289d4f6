"""The effective time bound of an agent spec within the server's per-move cap.

Every job the worker tier runs ends within a bound: a spec with a time budget gets that
budget (cut down to the cap), any other (an iteration budget, a fixed depth, a level, a
script) gets the cap. The Coerceo alpha-beta engine stops by itself at whichever comes
first of a depth and a time, so a depth search is given the cap as its time
(``ab:depth=64`` runs as ``ab:10s:depth=64``); every other spec is held to its bound by
its worker, which stops a job that overruns it (``tables.workers.AgentPool``).

These two functions read a spec through ``spelbord.ai.budget.PerMove`` only; the spec
grammar itself belongs to the agents (``spelbord.ai.spec``).

>>> time_bound("mcts:1.5s", cap=10), time_bound("mcts:30s", cap=10), time_bound("ab:depth=64", 10)
(1.5, 10.0, 10.0)
>>> bounded_spec("ab:depth=64", cap=10), bounded_spec("ab:depth=6:eval=material", cap=2.5)
('ab:10s:depth=64', 'ab:2.5s:depth=6:eval=material')
>>> bounded_spec("ab:300ms:depth=9", cap=10), bounded_spec("mcts:2000it", cap=10)
('ab:300ms:depth=9', 'mcts:2000it')
"""

from __future__ import annotations

from spelbord.ai.budget import PerMove

STOPS_AT_A_TIME = ("ab",)
"""Agents whose spec takes a time beside a depth and stops at whichever comes first."""


def time_bound(spec: str, cap: float) -> float:
    """The seconds a move of ``spec`` may take at most: its time budget, else ``cap``."""
    seconds = PerMove.of(spec).seconds
    return min(seconds, cap) if seconds is not None else float(cap)


def bounded_spec(spec: str, cap: float) -> str:
    """``spec`` as a worker runs it: a search that would stop only at a depth is given
    ``cap`` seconds as well (it stops at whichever comes first)."""
    kind, _, rest = spec.partition(":")
    if kind not in STOPS_AT_A_TIME or PerMove.of(spec).budget is not None:
        return spec
    budget = f"{cap:g}s"
    return f"{kind}:{budget}:{rest}" if rest else f"{kind}:{budget}"

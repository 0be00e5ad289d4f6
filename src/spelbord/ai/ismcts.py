"""Single-observer information-set MCTS (SO-ISMCTS, Cowling, Powley & Whitehouse 2012).

The searching seat never sees the true state. Each iteration draws a determinization with
``view.determinize(rng)`` (a full state consistent with what the seat knows; unlike
``resample`` its history need not replay, which makes it cheap) and walks one
shared tree whose nodes are the seat's information: edges are keyed by the acting seat and
its action, and a chance event by what the searching seat observes after it (outcomes it
cannot tell apart share a child). Only the actions legal in the current determinization
compete; UCB uses each action's availability count instead of the parent's visits.
Simultaneous nodes are decoupled: each seat picks by its own statistics. Rollouts are cut
off as in ``MCTSAgent``.

Option ``determinizations`` (spec ``dets=K``): a step draws at most K determinizations, the
first K iterations one each, and later iterations search copies of them in turn. Every one
still comes from ``view.determinize``, so the agent knows no more; it only spends less where
a determinization costs far more than an iteration. Option ``history`` (spec
``history=on``) draws with ``view.resample`` instead, whose states come with a history that
replays (R82 in Omringad; 10-90 ms a call there, against about 0.1 ms): kept to compare.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from spelbord.ai.budget import AgentSpecError, Budget
from spelbord.ai.mcts import (
    DEFAULT_CUTOFF,
    DEFAULT_EXPLORATION,
    SearchAgent,
    SearchOptions,
    check_evaluation,
)
from spelbord.ai.spec import AgentSpec, agent_kind
from spelbord.ai.tree import Node
from spelbord.ai.view import SeatView
from spelbord.core import CHANCE, State

MAX_DETERMINIZATIONS = 10_000
"""The most determinizations a step may keep (``dets=``)."""


class ISMCTSAgent(SearchAgent):
    """SO-ISMCTS within a ``Budget``; plays the most visited root action.

    >>> from spelbord.ai.budget import Budget
    >>> ISMCTSAgent(Budget(seconds=1.0)).name
    'ismcts:1s'
    """

    kind = "ismcts"

    def __init__(
        self,
        budget: Budget,
        seed: int | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        rollout_cutoff: int | None = DEFAULT_CUTOFF,
        determinizations: int | None = None,
        history: bool = False,
        evaluation: str | None = None,
    ) -> None:
        if determinizations is not None and determinizations < 1:
            raise AgentSpecError(f"determinizations must be at least 1, got {determinizations}")
        super().__init__(budget, seed, exploration, rollout_cutoff, evaluation)
        self.determinizations = determinizations
        """At most this many determinizations per step, reused in turn (``None``: no cap)."""
        if determinizations is not None:
            self.name += f":dets={determinizations}"
        self.history = history
        """Draw with ``view.resample`` (a history that replays) instead of ``determinize``."""
        if history:
            self.name += ":history=on"

    def _search(self, view: SeatView, root: Node) -> Callable[[], None]:
        """A determinization per iteration; chance children keyed by what the seat sees."""
        samples: list[State] = []
        observer = view.seat

        def seen(state: State, outcome: int) -> tuple[int, str]:
            """Outcomes the searching seat cannot tell apart share a child."""
            return (CHANCE, json.dumps(state.observation(observer), sort_keys=True))

        return lambda: self._iterate(root, self._determinization(view, root, samples), True, seen)

    def _determinization(self, view: SeatView, root: Node, samples: list[State]) -> State:
        """A fresh determinization, or with a cap a copy of the sample whose turn it is."""
        k = self.determinizations
        draw = view.resample if self.history else view.determinize
        if k is None:
            return draw(self._rng)
        if len(samples) < k:
            state = draw(self._rng)
            samples.append(state.clone())
            return state
        return samples[root.visits % k].clone()


@agent_kind("ismcts", check=check_evaluation, searches=True)
def make_ismcts(spec: AgentSpec, seed: int | None = None) -> ISMCTSAgent:
    """``ismcts[:budget][:c=C][:cutoff=N|none][:eval=NAME][:dets=K][:history=on|off]``."""
    found = SearchOptions.of(spec, own=("dets", "history"))
    dets: int | None = None
    history = False
    for key, value in found.rest.items():
        try:
            if key == "history":
                if value not in ("on", "off"):
                    raise ValueError(value)
                history = value == "on"
            else:
                dets = int(value)
                if not 1 <= dets <= MAX_DETERMINIZATIONS:
                    raise ValueError(value)
        except ValueError:
            raise AgentSpecError(f"bad value {value!r} for {key!r} in {str(spec)!r}") from None
    return ISMCTSAgent(
        found.budget,
        seed,
        exploration=found.exploration,
        rollout_cutoff=found.cutoff,
        determinizations=dets,
        history=history,
        evaluation=found.evaluation,
    )

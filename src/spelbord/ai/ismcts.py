"""Single-observer information-set MCTS (SO-ISMCTS, Cowling, Powley & Whitehouse 2012).

The searching seat never sees the true state. Each iteration draws a determinization with
``view.resample(rng)`` (a full state consistent with what the seat knows) and walks one
shared tree whose nodes are the seat's information: edges are keyed by the acting seat and
its action, and a chance event by what the searching seat observes after it (outcomes it
cannot tell apart share a child). Only the actions legal in the current determinization
compete; UCB uses each action's availability count instead of the parent's visits.
Simultaneous nodes are decoupled: each seat picks by its own statistics. Rollouts are cut
off as in ``MCTSAgent``.

Option ``determinizations`` (spec ``dets=K``): a step draws at most K determinizations, the
first K iterations one each, and later iterations search copies of them in turn. Every one
still comes from ``view.resample``, so the agent knows no more; it only spends less where
resampling costs far more than an iteration (Omringad's history-consistent resample).
"""

from __future__ import annotations

import json

from spelbord.ai.agent import Agent, decision_actions
from spelbord.ai.budget import AgentSpecError, Budget, SearchStats
from spelbord.ai.mcts import DEFAULT_CUTOFF, DEFAULT_EXPLORATION, search_name
from spelbord.ai.tree import Node, backpropagate, rollout
from spelbord.ai.view import SeatView
from spelbord.core import CHANCE, SIMULTANEOUS, TERMINAL, State, sample_outcome, seeded


class ISMCTSAgent(Agent):
    """SO-ISMCTS within a ``Budget``; plays the most visited root action.

    >>> from spelbord.ai.budget import Budget
    >>> ISMCTSAgent(Budget(seconds=1.0)).name
    'ismcts:1s'
    """

    def __init__(
        self,
        budget: Budget,
        seed: int | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        rollout_cutoff: int | None = DEFAULT_CUTOFF,
        determinizations: int | None = None,
    ) -> None:
        if determinizations is not None and determinizations < 1:
            raise AgentSpecError(f"determinizations must be at least 1, got {determinizations}")
        self.budget = budget
        self.exploration = exploration
        self.rollout_cutoff = rollout_cutoff
        self.determinizations = determinizations
        """At most this many ``resample`` calls per step, reused in turn (``None``: no cap)."""
        self.name = search_name("ismcts", budget, exploration, rollout_cutoff)
        if determinizations is not None:
            self.name += f":dets={determinizations}"
        self._rng = seeded(seed)
        self.last_stats: SearchStats | None = None
        """What the last ``step`` spent (``None`` before it, or when it had one choice)."""

    def step(self, view: SeatView) -> int:
        legal = decision_actions(view)
        if len(legal) == 1:
            self.last_stats = None
            return legal[0]
        root = Node()
        samples: list[State] = []
        self.last_stats = self.budget.run(lambda: self._iterate(view, root, samples))
        return root.best_action(view.seat, legal)

    def _determinization(self, view: SeatView, root: Node, samples: list[State]) -> State:
        """A fresh ``resample``, or with a cap a copy of the sample whose turn it is."""
        k = self.determinizations
        if k is None:
            return view.resample(self._rng)
        if len(samples) < k:
            state = view.resample(self._rng)
            samples.append(state.clone())
            return state
        return samples[root.visits % k].clone()

    def _iterate(self, view: SeatView, root: Node, samples: list[State]) -> None:
        rng = self._rng
        observer = view.seat
        state = self._determinization(view, root, samples)
        node = root
        path: list[tuple[Node, list[tuple[int, int]]]] = []
        while True:
            player = state.current_player()
            if player == TERMINAL:
                path.append((node, []))
                values = [float(v) for v in state.returns()]
                break
            choices: list[tuple[int, int]] = []
            key: tuple[object, ...]
            if player == CHANCE:
                state.apply_action(sample_outcome(state.chance_outcomes(), rng))
                seen = json.dumps(state.observation(observer), sort_keys=True)
                key = (CHANCE, seen)
            elif player == SIMULTANEOUS:
                joint = [
                    node.choose(seat, state.legal_actions(seat), rng, self.exploration, True)
                    for seat in range(state.num_players())
                ]
                state.apply_actions(joint)
                choices = list(enumerate(joint))
                key = (SIMULTANEOUS, *joint)
            else:
                action = node.choose(player, state.legal_actions(), rng, self.exploration, True)
                state.apply_action(action)
                choices = [(player, action)]
                key = (player, action)
            path.append((node, choices))
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node()
                path.append((child, []))
                values = rollout(state, rng, self.rollout_cutoff)
                break
            node = child
        backpropagate(path, values)

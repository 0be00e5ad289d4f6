"""The uniform random agent (the baseline every other agent must beat)."""

from __future__ import annotations

from spelbord.ai.agent import Agent, decision_actions
from spelbord.ai.budget import AgentSpecError
from spelbord.ai.spec import AgentSpec, agent_kind
from spelbord.ai.view import SeatView
from spelbord.core import seeded


class RandomAgent(Agent):
    """Picks uniformly among the seat's legal actions, from its own seeded generator.

    >>> from spelbord.ai.random_agent import RandomAgent
    >>> RandomAgent(seed=1).name
    'random'
    """

    def __init__(self, seed: int | None = None) -> None:
        self.name = "random"
        self._rng = seeded(seed)

    def step(self, view: SeatView) -> int:
        return self._rng.choice(decision_actions(view))


@agent_kind("random")
def make_random(spec: AgentSpec, seed: int | None = None) -> RandomAgent:
    """``random``: no budget, no options."""
    if spec.parts:
        raise AgentSpecError(f"the random agent takes no budget or options: {str(spec)!r}")
    return RandomAgent(seed)

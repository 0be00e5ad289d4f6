"""``ScriptedAgent``: a fixed plan a thoughtful beginner would follow, for one game.

A plan decides from what its seat sees (the observation, the legal actions and their
notation) and never searches. Where the plan has nothing to say (a decision it does not
know, e.g. one added to the rules after it was written) it falls back to ``fallback``: a
seeded uniformly random legal action, so a plan always plays on to the end of the game.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from typing import ClassVar

from spelbord.ai.agent import Agent, decision_actions
from spelbord.ai.budget import AgentSpecError
from spelbord.ai.view import SeatView
from spelbord.core import seeded


class ScriptedAgent(Agent):
    """A plan for ``game`` named ``plan`` (its spec is ``script:<plan>``)."""

    game: ClassVar[str]
    plan: ClassVar[str]
    summary: ClassVar[str]

    def __init__(self, seed: int | None = None) -> None:
        self.name = f"script:{self.plan}"
        self.rng: random.Random = seeded(seed)

    def step(self, view: SeatView) -> int:
        if view.game.name != self.game:
            raise AgentSpecError(f"the plan {self.plan!r} plays {self.game}, not {view.game.name}")
        actions = decision_actions(view)
        if len(actions) == 1:
            return actions[0]
        choice = self.choose(view, actions)
        if choice is None or choice not in actions:
            return self.fallback(view, actions)
        return choice

    @abstractmethod
    def choose(self, view: SeatView, actions: list[int]) -> int | None:
        """The plan's action among ``actions`` (``None``: no opinion, use the fallback)."""

    def fallback(self, view: SeatView, actions: list[int]) -> int:
        """A legal action when the plan has no opinion: uniformly random (seeded)."""
        return self.rng.choice(actions)

    def pick(self, actions: list[int], score: dict[int, float]) -> int | None:
        """The action of highest ``score`` (ties broken at random), ``None`` if none scored."""
        scored = [a for a in actions if a in score]
        if not scored:
            return None
        best = max(score[a] for a in scored)
        return self.rng.choice([a for a in scored if score[a] == best])

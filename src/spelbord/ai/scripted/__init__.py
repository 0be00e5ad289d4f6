"""Scripted baselines: fixed plans per game, the gauntlet every AI runs (``script:NAME``).

>>> sorted(p for p, cls in PLANS.items() if cls.game == "gunst")
['all-in', 'banisher', 'deity-rush', 'hoarder', 'trickle']
>>> make_plan("hoarder", seed=1).name
'script:hoarder'
"""

from __future__ import annotations

from spelbord.ai.budget import AgentSpecError
from spelbord.ai.coerceo import script as coerceo
from spelbord.ai.gunst import script as gunst
from spelbord.ai.islandet import script as islandet
from spelbord.ai.omringad import script as omringad
from spelbord.ai.scripted.base import ScriptedAgent

PLANS: dict[str, type[ScriptedAgent]] = {
    cls.plan: cls for module in (gunst, omringad, islandet, coerceo) for cls in module.PLANS
}


def plans_for(game: str) -> list[str]:
    """The plan names for ``game``, in the order they are listed."""
    return [name for name, cls in PLANS.items() if cls.game == game]


def make_plan(plan: str, seed: int | None = None) -> ScriptedAgent:
    """The scripted agent ``plan`` (``AgentSpecError`` for an unknown name)."""
    cls = PLANS.get(plan)
    if cls is None:
        raise AgentSpecError(f"unknown plan {plan!r} (plans: {', '.join(PLANS)})")
    return cls(seed)


__all__ = ["PLANS", "ScriptedAgent", "make_plan", "plans_for"]

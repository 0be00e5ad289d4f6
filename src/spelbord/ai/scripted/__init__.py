"""Scripted baselines: fixed plans per game, the gauntlet every AI runs (``script:PLAN``).

A game's plans live with its other agents (``spelbord.ai.<game>.script``) and register
themselves with ``register_plans``; the ``script`` kind finds them here by name, loading
the game's agents (its ``agents`` extra) the first time they are asked for.

>>> plans_for("gunst")
['hoarder', 'trickle', 'all-in', 'deity-rush', 'banisher']
>>> make_plan("hoarder", seed=1).name
'script:hoarder'
>>> from spelbord.ai import make_agent
>>> make_agent("script:hoarder", game="coerceo")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
spelbord.ai.spec.AgentGameError: 'script:hoarder' is a plan for gunst, not coerceo
"""

from __future__ import annotations

from spelbord.ai.budget import AgentSpecError
from spelbord.ai.scripted.base import ScriptedAgent
from spelbord.ai.spec import AgentGameError, AgentSpec, agent_kind, load_game_agents

_PLANS: dict[str, type[ScriptedAgent]] = {}
_UNLISTED: set[str] = set()


def register_plans(*plans: type[ScriptedAgent], listed: bool = True) -> None:
    """Make each plan a ``script:PLAN`` agent of its game (plan names are unique). An
    unlisted plan (``listed=False``) plays as ``script:PLAN`` (a level may name it) but is
    not one of the game's plans (``plans_for``: the gauntlet, the round robin's entrants)."""
    for cls in plans:
        existing = _PLANS.get(cls.plan)
        if existing is not None and existing is not cls:
            raise ValueError(f"plan {cls.plan!r} is already registered for {existing.game}")
        _PLANS[cls.plan] = cls
        if not listed:
            _UNLISTED.add(cls.plan)


def all_plans() -> dict[str, type[ScriptedAgent]]:
    """Every plan of every registered game, by name."""
    load_game_agents()
    return dict(_PLANS)


def plans_for(game: str) -> list[str]:
    """The plan names for ``game``, in the order they are listed (unlisted ones left out)."""
    load_game_agents(game)
    return [name for name, cls in _PLANS.items() if cls.game == game and name not in _UNLISTED]


def plan_class(plan: str) -> type[ScriptedAgent]:
    """The plan named ``plan`` (``AgentSpecError`` for an unknown name)."""
    if plan not in _PLANS:
        load_game_agents()
    cls = _PLANS.get(plan)
    if cls is None:
        raise AgentSpecError(f"unknown plan {plan!r} (plans: {', '.join(_PLANS)})")
    return cls


def make_plan(plan: str, seed: int | None = None) -> ScriptedAgent:
    """The scripted agent ``plan`` (``AgentSpecError`` for an unknown name)."""
    return plan_class(plan)(seed)


def _plays(spec: AgentSpec, game: str) -> None:
    if spec.argument is None:
        return  # make_agent says what is wrong
    load_game_agents(game)
    cls = plan_class(spec.argument)
    if cls.game != game:
        raise AgentGameError(f"{str(spec)!r} is a plan for {cls.game}, not {game}")


@agent_kind("script", check=_plays)
def make_script(spec: AgentSpec, seed: int | None = None) -> ScriptedAgent:
    """``script:PLAN``: the scripted plan ``PLAN``."""
    if spec.argument is None or spec.budget is not None or spec.options:
        raise AgentSpecError(f"a scripted agent is script:PLAN, got {str(spec)!r}")
    return make_plan(spec.argument, seed)


__all__ = [
    "ScriptedAgent",
    "all_plans",
    "make_plan",
    "plan_class",
    "plans_for",
    "register_plans",
]

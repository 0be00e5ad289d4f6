"""Scripted plans (``script:NAME``): each plays legal moves to the end and does what its
name says."""

from __future__ import annotations

from typing import Any

import pytest

from spelbord import games
from spelbord.ai import Agent, SeatView, make_agent
from spelbord.ai.budget import AgentSpecError
from spelbord.ai.scripted import PLANS, plans_for
from spelbord.lab import play_game

GAMES_PER_PLAN = {"gunst": 30, "omringad": 2, "islandet": 4, "coerceo": 1}


class Recorder(Agent):
    """Wraps an agent and records (observation, legal texts, chosen text) per decision."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.name = inner.name
        self.log: list[tuple[dict[str, Any], list[str], str]] = []

    def step(self, view: SeatView) -> int:
        action = self.inner.step(view)
        legal = view.legal_actions()
        assert action in legal
        texts = [view.action_to_string(a) for a in legal]
        self.log.append((view.observation(), texts, view.action_to_string(action)))
        return action


def record(game_name: str, plan: str, seed: int, seat: int = 0, other: str = "random"):
    game = games.load(game_name)
    me = Recorder(make_agent(f"script:{plan}", seed=seed))
    them = make_agent(other, seed=seed + 1)
    agents = [me, them] if seat == 0 else [them, me]
    record = play_game(game, agents, seed)
    return me, record


@pytest.mark.parametrize("plan", sorted(PLANS))
def test_every_plan_plays_seeded_games_to_the_end(plan: str) -> None:
    game_name = PLANS[plan].game
    for i in range(GAMES_PER_PLAN[game_name]):
        _, rec = record(game_name, plan, seed=100 + i, seat=i % 2)
        assert rec.termination


def test_plans_cover_every_game_and_bad_names_fail() -> None:
    assert plans_for("gunst") == ["hoarder", "trickle", "all-in", "deity-rush"]
    assert plans_for("omringad") == ["conqueror", "turtle", "bidder", "rush"]
    assert plans_for("islandet") == ["shooter", "block-avoider", "pad-hoarder"]
    assert plans_for("coerceo") == ["material"]
    with pytest.raises(AgentSpecError):
        make_agent("script:nonsense")
    with pytest.raises(AgentSpecError):
        make_agent("script")
    state = games.load("coerceo").new_initial_state()
    with pytest.raises(AgentSpecError):
        make_agent("script:hoarder").step(SeatView(state, 0))

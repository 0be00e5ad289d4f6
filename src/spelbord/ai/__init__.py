"""Agents: programs that play a seat, seeing only what that seat may see.

``make_agent(spec, seed, game=...)`` builds one from a spec (``spelbord.ai.spec``: the one
grammar and the registry of kinds): ``random``, ``mcts:1s``, ``mcts:500ms``,
``mcts:2000it``, ``ismcts:1s``, ``ismcts:1000it``, ``script:PLAN`` (a game's scripted
plan), ``portfolio:1s`` (a search over the scripted plans), ``level:NAME`` (a level of the
game), and each game's own kinds (``spelbord.ai.<game>``, found through the game's
``agents`` extra); ``agent.step(SeatView(state, seat))`` returns the seat's action, at its
own turn and at simultaneous nodes. Importing this package registers the generic kinds.
"""

from spelbord.ai import levels, portfolio, random_agent, scripted
from spelbord.ai.agent import Agent
from spelbord.ai.budget import AgentSpecError, Budget, SearchStats
from spelbord.ai.ismcts import ISMCTSAgent
from spelbord.ai.mcts import MCTSAgent
from spelbord.ai.random_agent import RandomAgent
from spelbord.ai.spec import AgentGameError, AgentSpec, agent_kind, make_agent
from spelbord.ai.view import SeatView

__all__ = [
    "Agent",
    "AgentGameError",
    "AgentSpec",
    "AgentSpecError",
    "Budget",
    "ISMCTSAgent",
    "MCTSAgent",
    "RandomAgent",
    "SearchStats",
    "SeatView",
    "agent_kind",
    "levels",
    "make_agent",
    "portfolio",
    "random_agent",
    "scripted",
]

"""Agents: programs that play a seat, seeing only what that seat may see.

``make_agent(spec, seed)`` builds one from a spec (``random``, ``mcts:1s``, ``mcts:500ms``,
``mcts:2000it``, ``ismcts:1s``, ``ismcts:1000it``, ``portfolio:1s`` (a search over the
scripted plans, ``spelbord.ai.portfolio``), and for Coerceo the alpha-beta engine
``ab:1s``); ``agent.step(SeatView(state, seat))`` returns the seat's action, at its own
turn and at simultaneous nodes.
"""

from spelbord.ai.agent import Agent
from spelbord.ai.budget import AgentSpecError, Budget, SearchStats
from spelbord.ai.coerceo.ab import AlphaBetaAgent
from spelbord.ai.ismcts import ISMCTSAgent
from spelbord.ai.mcts import MCTSAgent
from spelbord.ai.random_agent import RandomAgent
from spelbord.ai.spec import make_agent
from spelbord.ai.view import SeatView

__all__ = [
    "Agent",
    "AgentSpecError",
    "AlphaBetaAgent",
    "Budget",
    "ISMCTSAgent",
    "MCTSAgent",
    "RandomAgent",
    "SearchStats",
    "SeatView",
    "make_agent",
]

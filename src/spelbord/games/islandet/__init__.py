"""Slag for Islandet ("Battle for the Island"): rules engine, notation and rendering.

>>> from spelbord.games.islandet import IslandetGame
>>> state = IslandetGame().new_initial_state()
>>> state.chance_outcomes()
[(0, 0.5), (1, 0.5)]
"""

from spelbord.games.islandet.game import IslandetGame
from spelbord.games.islandet.state import IslandetState

__all__ = ["IslandetGame", "IslandetState"]

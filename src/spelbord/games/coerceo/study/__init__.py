"""Coerceo's study features (``core.study``): the analysis board (``analysis``) and the
shipped puzzles with their miner (``puzzles``, ``puzzles.json``).

``CoerceoGame.extras`` declares the two by path; importing this package loads the engine.
"""

from spelbord.games.coerceo.study.analysis import CoerceoAnalysis
from spelbord.games.coerceo.study.puzzles import CoerceoPuzzles

__all__ = ["CoerceoAnalysis", "CoerceoPuzzles"]

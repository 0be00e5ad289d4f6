"""Coerceo: capture every enemy piece on a board of hexagons that shrinks as you play.

Importing this package registers the game as ``"coerceo"``; the rules are restated in
rules/reference.en.md (R1-R17).
"""

from spelbord.games.coerceo.game import CoerceoGame
from spelbord.games.coerceo.state import CoerceoState

__all__ = ["CoerceoGame", "CoerceoState"]

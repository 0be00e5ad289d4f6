"""Gunst, the Fladlandssaga kin game: two families, four seasons, secret Tinge.

>>> from spelbord.games.gunst import GunstGame
>>> GunstGame().new_initial_state().is_simultaneous_node()
True
"""

from spelbord.games.gunst.game import GunstGame
from spelbord.games.gunst.state import GunstState

__all__ = ["GunstGame", "GunstState"]

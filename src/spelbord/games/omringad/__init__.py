"""Omringad (goblin edition): the wargame on square countries sewn like a pillow.

Importing this package registers the two-player base game as ``"omringad"``. Built in
layers: the maps (``map``), the terrain and unit tables (``terrain``, ``units``), the battle
procedure (``battle``), sieges (``siege``), scoring and income (``scoring``), movement
(``movement``), the game itself (``rules``), what each seat sees (``hidden``) and
resampling whole histories for a seat (``infoset``). The rules are restated and numbered in
``docs/rules/omringad.md``.
"""

from spelbord.games.omringad.rules import OmringadGame, OmringadState

__all__ = ["OmringadGame", "OmringadState"]

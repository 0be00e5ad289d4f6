"""Omringad (goblin edition): the wargame on square countries sewn like a pillow.

Importing this package registers the two-player base game as ``"omringad"``. Built in
layers, by rulebook chapter: the maps (``map``), the terrain and unit tables (``terrain``,
``units``), the battle procedure (``battle``), sieges (``siege``), scoring and income
(``scoring``), movement (``movement``), the special units (``specials``), the auction's
values (``auction``); the data of a position (``position``), the phases played on it
(``phases/``), the round's flow (``rules``), the protocol (``state``) and the game
(``game``); what each seat sees and resampling (``hidden/``), the evaluation, odds and
determinization (``engine/``) and the odds calculator (``tools/``). The rules are
restated and numbered in the package's ``rules/reference.en.md``.
"""

from spelbord.games.omringad.game import OmringadGame
from spelbord.games.omringad.state import OmringadState

__all__ = ["OmringadGame", "OmringadState"]

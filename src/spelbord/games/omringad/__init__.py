"""Omringad (goblin edition): the two- and four-player wargame on sewn square countries.

Work in progress, built in layers: the maps (``map``), the terrain and unit tables
(``terrain``, ``units``), the battle procedure (``battle``), sieges (``siege``), scoring and
income (``scoring``) and movement (``movement``). The game is not registered in
``spelbord.games.GAME_PACKAGES`` until the full two-player base game passes conformance.
The rules are restated and numbered in ``docs/rules/omringad.md``.
"""

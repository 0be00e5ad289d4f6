"""Text rendering of an Omringad observation (never more than the seat may see).

Each square shows its terrain letter (``.`` bare, C castle, V village, L lake, F forest,
M mountain, ``?`` unrevealed), a ``*`` when the other country's player controls it, and
its stacks as owner letter, unit count and top unit (``A3G``).

>>> from spelbord.games.omringad.rules import OmringadGame
>>> print(render(OmringadGame().new_initial_state().observation(0)).splitlines()[0])
round 0  setup  gold A 0 B 0  score A 0 B 0
"""

from __future__ import annotations

from typing import Any

from spelbord.games.omringad.map import PILLOW, GameMap

_CELL = 9


def _cell(obs: dict[str, Any], game_map: GameMap, square: int) -> str:
    text = obs["terrain"][square]
    if obs["control"][square] != game_map.country_of(square):
        text += "*"
    for s in obs["stacks"]:
        if s["square"] == square:
            owner = "-" if s["owner"] < 0 else game_map.letters[s["owner"]]  # "-": the dragon
            text += f" {owner}{s['count']}{s['top']}"
    return text.ljust(_CELL)[:_CELL]


def render(obs: dict[str, Any], game_map: GameMap = PILLOW) -> str:
    """The board and the public figures of an observation, as lines of text."""
    letters = game_map.letters
    n = len(obs["gold"])
    gold = " ".join(f"{letters[p]} {obs['gold'][p]}" for p in range(n))
    score = " ".join(f"{letters[p]} {obs['score'][p]}" for p in range(n))
    lines = [f"round {obs['round']}  {obs['phase']}  gold {gold}  score {score}"]
    size = game_map.size
    header = "   " + "".join(chr(ord("a") + c).ljust(_CELL) for c in range(size))
    for country in range(game_map.num_countries):
        lines.append(f"country {letters[country]}")
        lines.append(header.rstrip())
        for row in range(size):
            cells = [
                _cell(obs, game_map, game_map.square_id(country, row, col)) for col in range(size)
            ]
            lines.append(f"{row + 1}  " + "".join(cells).rstrip())
    if "pool" in obs:
        lines.append(f"pool {obs['pool']}  bought {obs['bought']}")
    return "\n".join(lines)

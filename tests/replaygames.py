"""Short finished games of every registered game, for the replay tests (server and browser).

Each is played to its end by seeded random moves (chance outcomes drawn with their odds),
with options that keep it short, and exported as a ``spelbord-record/1`` the server can
import.

>>> state, record = finished_game("gunst")
>>> state.is_terminal() and record["moves"] == [
...     m if isinstance(m, int) else list(m) for m in state.history()
... ]
True
"""

from __future__ import annotations

import random
from typing import Any

from spelbord import games
from spelbord.core import CHANCE, Move, State, random_step
from spelbord.server.tables import views

__all__ = ["SHORT", "finished_game", "notation"]

#: Options and a seed per game that give a short but complete game (every kind of move:
#: chance, joint actions at simultaneous nodes, hidden moves where the game has them).
SHORT: dict[str, tuple[dict[str, Any], int]] = {
    "coerceo": ({"variant": "ocius", "max_moves": 16}, 1),
    "gunst": ({}, 41),
    "islandet": ({"goal": "quick", "turn_limit": 60}, 46),
    "omringad": ({"specials": False}, 16),
}


def finished_game(name: str) -> tuple[State, dict[str, Any]]:
    """The final state of ``name``'s short game and its exported record."""
    options, seed = SHORT[name]
    game = games.load(name, **options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        random_step(state, rng)
    record = views.export_record(
        game=game,
        seed=seed,
        history=state.history(),
        finished=True,
        resigned=None,
        result=views.result_of(state),
    )
    return state, record


def notation(before: State, move: Move) -> str:
    """A move's full notation in ``before``, worked out from the game alone: a joint
    action's parts joined by ``"; "`` in seat order."""
    if isinstance(move, int):
        player = before.current_player()
        return before.action_to_string(move, CHANCE if player == CHANCE else player)
    return "; ".join(before.action_to_string(a, seat) for seat, a in enumerate(move))

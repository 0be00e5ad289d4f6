"""What Omringad's move list marks about a move (``State.move_marks``): ``attack`` for a
move that brings a group onto a square where enemy units stand (a battle will be fought
there, R40), ``conquest`` for a move, hit or roll after which a square is controlled by
another player than before (R36, R46, R118).

Both are read off the position before and after the move, played on a copy; neither says
more than the board shows everyone once the move is played (stacks and control are
public, R83).
"""

from __future__ import annotations

from spelbord.core import CHANCE, SIMULTANEOUS
from spelbord.games.omringad.position import OmringadData
from spelbord.games.omringad.siege import enemies


def contested(state: OmringadData) -> int:
    """How many squares hold units of two players who are enemies."""
    count = 0
    for stacks in state.board:
        owners = [s[0] for s in stacks]
        if any(enemies(a, b, state.teams) for i, a in enumerate(owners) for b in owners[i + 1 :]):
            count += 1
    return count


def move_marks(state: OmringadData, action: int, player: int) -> tuple[str, ...]:
    """The marks of ``action`` by ``player`` in ``state`` (which it does not change); a part
    of a simultaneous step has none (its effect is the whole step's)."""
    now = state.current_player()
    if now == SIMULTANEOUS or now != player or (player < 0 and player != CHANCE):
        return ()
    if state.phase != "battle" and not (state.phase == "move" and state.path):
        return ()  # only a walking group's steps and stop, and the battles, are played out
    after = state.clone()
    after.apply_action(action)
    marks: list[str] = []
    if contested(after) > contested(state) and after.phase == "move":
        marks.append("attack")
    if after.control != state.control:
        marks.append("conquest")
    return tuple(marks)

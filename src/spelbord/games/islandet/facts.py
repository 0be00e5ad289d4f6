"""The lab's facts about an Islandet game (``IslandetState.game_facts``): removals by cause.

Replays the history once and sorts every unit lost (``Position.lost``) by what removed it:
``shot`` (a shot's target and the units it caught on the way, R9-R12), ``blast`` (a live
block going off, R17-R18), ``free`` (the opponent's free removal, R8/R13, a unit or a pad
slot), ``other`` (anything else).

>>> from spelbord.games.islandet.game import IslandetGame
>>> facts(IslandetGame().new_initial_state())["s0_lost_shot"]
0
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from spelbord.core import CHANCE
from spelbord.games.islandet import rules
from spelbord.games.islandet.actions import decode

if TYPE_CHECKING:
    from spelbord.games.islandet.state import IslandetState

CAUSES = ("shot", "blast", "free", "other")


def facts(state: IslandetState) -> dict[str, int | float | str]:
    """Per seat, units lost by each cause (``s0_lost_shot`` ...), and the turns played."""
    lost = {(seat, cause): 0 for seat in (0, 1) for cause in CAUSES}
    replay = cast("IslandetState", state.game.new_initial_state())
    for move in state.history():
        assert isinstance(move, int)
        pos = replay.pos
        before = list(pos.lost)
        causes: list[str] = []
        if replay.current_player() == CHANCE:
            causes = ["blast"] if pos.phase == "reveal" else []
        else:
            a = decode(move)
            if a.kind == "shoot":
                hit = rules.shot(pos, a.square)
                if hit is not None:
                    target, caught = hit
                    causes = ["shot"] * (len(caught) + (target not in pos.blocks))
            elif a.kind in ("remove", "removepad"):
                causes = ["free"]
        replay.apply_action(move)
        for seat in (0, 1):
            for _ in range(replay.pos.lost[seat] - before[seat]):
                # a shot's own removals come first; what a block set off adds is a blast
                cause = causes.pop(0) if causes else ("blast" if _any_shot(move) else "other")
                lost[seat, cause] += 1
    out: dict[str, int | float | str] = {
        f"s{seat}_lost_{cause}": n for (seat, cause), n in lost.items()
    }
    out["moves"] = len(state.history())
    return out


def _any_shot(move: int) -> bool:
    return decode(move).kind == "shoot"

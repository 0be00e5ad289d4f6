"""The end of a game as a value: who won and why.

>>> o = Outcome(returns=(1.0, -1.0), termination="capture-all")
>>> o.winners()
(0,)
>>> o.result()
'1-0'
>>> Outcome(returns=(0.0, 0.0), termination="stalemate").result()
'1/2-1/2'
>>> four = Outcome(returns=(1.0, -1.0, -1.0, 1.0), termination="target")
>>> four.words(("Ivory", "Slate", "Crimson", "Azure"), "Azure reached the target")
'Ivory and Azure win: Azure reached the target'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """Final returns per seat (+1 win, -1 loss, 0 draw unless a game says otherwise)."""

    returns: tuple[float, ...]
    termination: str

    def winners(self) -> tuple[int, ...]:
        """Seats with the best return, or () when every seat has the same return."""
        best = max(self.returns)
        if all(r == best for r in self.returns):
            return ()
        return tuple(seat for seat, r in enumerate(self.returns) if r == best)

    def is_draw(self) -> bool:
        return not self.winners()

    def result(self) -> str:
        """A short result text: ``1-0``, ``0-1``, ``1/2-1/2`` (two seats) or ``winners 0,2``."""
        win = self.winners()
        if len(self.returns) == 2:
            if not win:
                return "1/2-1/2"
            return "1-0" if win == (0,) else "0-1"
        if not win:
            return "draw"
        return "winners " + ",".join(str(s) for s in win)

    def words(self, names: Sequence[str], reason: str = "") -> str:
        """The result in English words, seats named by ``names``: ``Ivory wins``, ``Ivory
        and Azure win: Azure reached the target``, ``Draw``; ``reason`` (why it ended, in
        words) after a colon where given.

        >>> Outcome((0.0, 0.0), "stalemate").words(("White", "Black"), "stalemate")
        'Draw: stalemate'
        >>> Outcome((-1.0, 1.0, 1.0), "resign").words(("A", "B", "C"), "A resigned")
        'B and C win: A resigned'
        """
        win = self.winners()
        if not win:
            said = "Draw"
        else:
            who = [names[s] if s < len(names) else f"Seat {s + 1}" for s in win]
            joined = who[0] if len(who) == 1 else ", ".join(who[:-1]) + " and " + who[-1]
            drawn = all(self.returns[s] == 0 for s in win)
            verb = "draw" if drawn else ("wins" if len(win) == 1 else "win")
            said = f"{joined} {verb}"
        return f"{said}: {reason}" if reason else said

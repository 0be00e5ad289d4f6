"""A result that came from play, or not: the moves the server made for a seat.

A seat's move is its player's, or the agent's it sat there. When the server has to move
for a seat anyway, the move is irregular: the AI pool failed (a server fault), the agent
gave no answer (it ran past its time or its worker died), it answered an illegal action
(each then played a random legal action), or an AI seat's decision clock ran out (the
clock's action). A person whose clock runs out is not irregular: that is play.

The first irregular move of a table is stored with that move (``spelbord_tables.irregular``,
in the transaction of the move) and goes into its result when the game ends
(``result["irregular"]``); a rated table whose game had one is not rated
(``players.ratings``), and the table view, the result and the player's history say so.

>>> irr = Irregularity(AGENT_NO_ANSWER, seat=1, ply=14)
>>> irr.as_dict()["text"]
'the server moved for seat 1 at ply 14: its AI gave no answer in time; the result is not rated'
>>> Irregularity.parse(irr.as_dict()) == irr
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

AGENT_FAILED = "agent_failed"
"""The AI pool raised instead of answering: a server fault."""
AGENT_NO_ANSWER = "agent_no_answer"
"""The agent gave no answer (it ran past its time, failed, or its worker died)."""
AGENT_ILLEGAL = "agent_illegal"
"""The agent answered an action that is not legal."""
AGENT_TIMEOUT = "agent_timeout"
"""An AI seat's decision clock ran out: the clock's action was played for it."""

WHY = {
    AGENT_FAILED: "the AI service failed",
    AGENT_NO_ANSWER: "its AI gave no answer in time",
    AGENT_ILLEGAL: "its AI answered an illegal move",
    AGENT_TIMEOUT: "its AI's clock ran out",
}


@dataclass(frozen=True)
class Irregularity:
    """The server moved for ``seat`` at ``ply`` because of ``reason`` (one of ``WHY``)."""

    reason: str
    seat: int
    ply: int

    def __post_init__(self) -> None:
        if self.reason not in WHY:
            raise ValueError(f"unknown irregularity {self.reason!r} ({', '.join(WHY)})")

    def text(self) -> str:
        return (
            f"the server moved for seat {self.seat} at ply {self.ply}: {WHY[self.reason]}; "
            "the result is not rated"
        )

    def as_dict(self) -> dict[str, Any]:
        """As stored and shown (``text``: the English sentence; pages translate ``reason``)."""
        return {"reason": self.reason, "seat": self.seat, "ply": self.ply, "text": self.text()}

    @classmethod
    def parse(cls, data: Any) -> Irregularity:
        """The value ``as_dict`` made."""
        if not isinstance(data, dict):
            raise ValueError(f"not an irregularity: {data!r}")
        return cls(str(data["reason"]), int(data["seat"]), int(data["ply"]))

"""The ``Agent`` interface: given a ``SeatView``, choose that seat's action."""

from __future__ import annotations

from abc import ABC, abstractmethod

from spelbord.ai.view import SeatView
from spelbord.core.errors import OutOfTurnError


class Agent(ABC):
    """A player program. It sees the game only through the ``SeatView`` it is given.

    ``step`` is called whenever ``view.seat`` has a decision: at its own turn and at
    simultaneous nodes (where every seat's agent is asked separately). Agents keep their own
    seeded random generator, so a seeded agent repeats its choices exactly.
    """

    name: str

    @abstractmethod
    def step(self, view: SeatView) -> int:
        """The action ``view.seat`` takes now (one of ``view.legal_actions()``)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def decision_actions(view: SeatView) -> list[int]:
    """``view.legal_actions()``, or ``OutOfTurnError`` when the seat has nothing to decide."""
    actions = view.legal_actions()
    if not actions:
        raise OutOfTurnError(f"seat {view.seat} has no decision to make now")
    return actions

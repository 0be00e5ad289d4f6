"""What the people at a table agree on beside the moves: draw offers, takebacks and
rematches (issue 28 item 10; the rules in ``docs/time-controls.md``).

Each offer and each answer is a log entry of its own (kind ``offer``, stored before it is
shown, like every change of a table), so a table read back after a restart has the same
offers standing. ``Offers`` is what they add up to, folded entry by entry together with
the moves (a move lapses the offers it answers): ``Offers.fold`` is used both live and
when a table's log is replayed, so the two can never disagree. The checks here are pure:
``LiveTable`` asks them, raises what they say, and only then stores anything.

>>> offers = Offers(people=(0, 1))
>>> offers = offers.fold(Offer("draw", "offer", 0))
>>> offers.draw
DrawOffer(by=0, accepted=frozenset())
>>> offers.draw_refusal(0, running=True)
'you have offered a draw already: wait for the answer'
>>> offers.moved((1,)).draw is None  # the opponent moved: the offer lapsed
True
>>> Offer.parse({"offer": "rematch", "do": "accept"})
Offer(what='rematch', do='accept', seat=None, to=None, table=None)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from spelbord.server.errors import BadRequestError

WHATS = ("draw", "takeback", "rematch")
DOS = ("offer", "accept", "decline")

DRAW_OFFERS = 5
"""Draw offers a seat may make in one game."""
DRAW_GAP = 2
"""Moves of its own a seat makes after a draw offer before it may offer again."""
TAKEBACKS = 3
"""Takebacks a seat may have granted in one game."""
TAKEBACK_ASKS = 6
"""Takebacks a seat may ask for in one game (granted or not)."""
REMATCH_OFFERS = 3
"""Rematch offers a seat may make after one game."""


@dataclass(frozen=True)
class Offer:
    """One offer or answer: ``what`` (draw, takeback, rematch) and ``do`` (offer, accept,
    decline), by ``seat`` (set when it is stored). ``to``: the ply a granted takeback
    returned to; ``table``: the rematch's new table."""

    what: str
    do: str
    seat: int | None = None
    to: int | None = None
    table: str | None = None

    def __str__(self) -> str:
        return f"{self.what} {self.do}"

    @classmethod
    def parse(cls, data: Any, what: str | None = None) -> Offer:
        """An offer from a request body or a WebSocket message (``what`` given by the
        route, else read from ``"offer"``); anything else is a ``BadRequestError``."""
        if not isinstance(data, dict):
            raise BadRequestError("an offer must be a JSON object")
        what = what or data.get("offer")
        if what not in WHATS:
            raise BadRequestError("'offer' is one of draw, takeback, rematch")
        do = data.get("do", "offer")
        if do not in DOS:
            raise BadRequestError("'do' is one of offer, accept, decline")
        return cls(str(what), str(do))

    def as_payload(self) -> dict[str, Any]:
        """The log entry's payload."""
        out: dict[str, Any] = {"offer": self.what, "do": self.do}
        if self.to is not None:
            out["to"] = self.to
        if self.table is not None:
            out["table"] = self.table
        return out

    @classmethod
    def stored(cls, seat: int | None, payload: dict[str, Any]) -> Offer:
        return cls(payload["offer"], payload["do"], seat, payload.get("to"), payload.get("table"))


@dataclass(frozen=True)
class DrawOffer:
    """A standing draw offer: who made it and which other people have accepted."""

    by: int
    accepted: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Offers:
    """Every offer of one table as it stands (see the module).

    ``people``: the seats people play (AI seats never offer nor answer).
    """

    people: tuple[int, ...]
    draw: DrawOffer | None = None
    draws_made: dict[int, int] = field(default_factory=dict)
    since_draw: dict[int, int] = field(default_factory=dict)
    """Per seat that offered a draw: its own moves since its last offer."""
    takeback: int | None = None
    """The seat whose takeback request stands."""
    takebacks: dict[int, int] = field(default_factory=dict)
    takeback_asks: dict[int, int] = field(default_factory=dict)
    asked_at: dict[int, int] = field(default_factory=dict)
    """Per seat: its own move count when it last asked for a takeback."""
    own_moves: dict[int, int] = field(default_factory=dict)
    rematch: frozenset[int] = frozenset()
    """The people who want a rematch (empty: no offer stands)."""
    rematches_made: dict[int, int] = field(default_factory=dict)
    rematch_table: str | None = None

    # ------------------------------------------------------------------ folding
    def fold(self, offer: Offer) -> Offers:
        """The offers after ``offer`` (already checked; ``seat`` set unless in a doctest)."""
        seat = 0 if offer.seat is None else offer.seat
        if offer.what == "draw":
            if offer.do == "offer":
                return dataclasses.replace(
                    self,
                    draw=DrawOffer(seat),
                    draws_made=_plus(self.draws_made, seat),
                    since_draw={**self.since_draw, seat: 0},
                )
            if offer.do == "decline" or self.draw is None:
                return dataclasses.replace(self, draw=None)
            return dataclasses.replace(
                self, draw=DrawOffer(self.draw.by, self.draw.accepted | {seat})
            )
        if offer.what == "takeback":
            if offer.do == "offer":
                return dataclasses.replace(
                    self,
                    takeback=seat,
                    takeback_asks=_plus(self.takeback_asks, seat),
                    asked_at={**self.asked_at, seat: self.own_moves.get(seat, 0)},
                )
            if offer.do == "accept" and self.takeback is not None:
                # the moves taken back no longer count as moved; the draw offer made
                # before them stands no longer either
                return dataclasses.replace(
                    self, takeback=None, takebacks=_plus(self.takebacks, self.takeback), draw=None
                )
            return dataclasses.replace(self, takeback=None)
        # rematch
        if offer.table is not None:
            return dataclasses.replace(self, rematch=frozenset(), rematch_table=offer.table)
        if offer.do == "decline":
            return dataclasses.replace(self, rematch=frozenset())
        made = _plus(self.rematches_made, seat) if offer.do == "offer" else self.rematches_made
        return dataclasses.replace(self, rematch=self.rematch | {seat}, rematches_made=made)

    def moved(self, seats: Collection[int]) -> Offers:
        """The offers after a move of ``seats`` (one seat, or every seat of a joint
        action): a draw offer lapses when a person who has not accepted it moves (the
        offerer's own moves keep it), a takeback request at any move."""
        draw = self.draw
        if draw is not None and any(
            s != draw.by and s not in draw.accepted and s in self.people for s in seats
        ):
            draw = None
        since = {s: n + (1 if s in seats else 0) for s, n in self.since_draw.items()}
        own = dict(self.own_moves)
        for s in seats:
            own[s] = own.get(s, 0) + 1
        return dataclasses.replace(self, draw=draw, since_draw=since, own_moves=own, takeback=None)

    # ------------------------------------------------------------------ checks
    def others(self, seat: int) -> tuple[int, ...]:
        """The other people at the table (who must agree with ``seat``)."""
        return tuple(s for s in self.people if s != seat)

    def draw_refusal(self, seat: int, running: bool) -> str | None:
        """Why ``seat`` may not offer a draw now (``None``: it may)."""
        if not running:
            return "draw offers are made while the game is played"
        if not self.others(seat):
            return "the computer does not agree to draws: there is nobody to offer one to"
        if self.draw is not None:
            if self.draw.by == seat:
                return "you have offered a draw already: wait for the answer"
            return "a draw is offered to you already: accept or decline it"
        if self.draws_made.get(seat, 0) >= DRAW_OFFERS:
            return f"you have offered a draw {DRAW_OFFERS} times in this game: no more"
        if seat in self.since_draw and self.since_draw[seat] < DRAW_GAP:
            return f"you may offer a draw again after {DRAW_GAP} moves of your own"
        return None

    def draw_answer_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not accept or decline a draw now."""
        if self.draw is None:
            return "there is no draw offer to answer"
        if self.draw.by == seat:
            return "that draw offer is your own"
        if seat in self.draw.accepted:
            return "you have accepted that draw offer already"
        return None

    def draw_agreed(self) -> bool:
        """Whether every other person has accepted the standing draw offer."""
        draw = self.draw
        return draw is not None and all(s in draw.accepted for s in self.others(draw.by))

    def takeback_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not ask for a takeback now (the bounds; the position's own
        checks are ``LiveTable``'s)."""
        if self.takeback is not None:
            if self.takeback == seat:
                return "you have asked for a takeback already: wait for the answer"
            return "a takeback is asked of you already: accept or decline it"
        if self.takebacks.get(seat, 0) >= TAKEBACKS:
            return f"you have taken back {TAKEBACKS} moves in this game: no more"
        if self.takeback_asks.get(seat, 0) >= TAKEBACK_ASKS:
            return f"you have asked for {TAKEBACK_ASKS} takebacks in this game: no more"
        if seat in self.asked_at and self.own_moves.get(seat, 0) <= self.asked_at[seat]:
            return "you may ask for a takeback again after your next move"
        return None

    def takeback_answer_refusal(self, seat: int) -> str | None:
        if self.takeback is None:
            return "there is no takeback request to answer"
        if self.takeback == seat:
            return "that takeback request is your own"
        return None

    def rematch_refusal(self, seat: int, do: str) -> str | None:
        """Why ``seat`` may not offer (or accept, decline) a rematch now."""
        if self.rematch_table is not None:
            return f"the rematch is made already: table {self.rematch_table}"
        if do == "offer":
            if seat in self.rematch:
                return "you have offered a rematch already: wait for the answer"
            if self.rematch:
                return "a rematch is offered to you already: accept or decline it"
            if self.rematches_made.get(seat, 0) >= REMATCH_OFFERS:
                return f"you have offered a rematch {REMATCH_OFFERS} times: no more"
            return None
        if not self.rematch:
            return "there is no rematch offer to answer"
        if seat in self.rematch:
            return "that rematch offer is your own"
        return None

    def rematch_agreed(self) -> bool:
        return bool(self.rematch) and all(s in self.rematch for s in self.people)

    # ------------------------------------------------------------------ shown
    def as_view(self) -> dict[str, Any]:
        """What every viewer sees of the offers (nothing here is hidden)."""
        draw = self.draw
        return {
            "draw": None
            if draw is None
            else {
                "by": draw.by,
                "accepted": sorted(draw.accepted),
                "waiting": [s for s in self.others(draw.by) if s not in draw.accepted],
            },
            "takeback": None if self.takeback is None else {"by": self.takeback},
            "rematch": None
            if not self.rematch
            else {
                "by": sorted(self.rematch),
                "waiting": [s for s in self.people if s not in self.rematch],
            },
            "rematch_table": self.rematch_table,
        }


def _plus(counts: dict[int, int], seat: int) -> dict[int, int]:
    return {**counts, seat: counts.get(seat, 0) + 1}


def rotation(teams: list[tuple[int, ...]], n: int) -> int:
    """How far the seats move on in a rematch: the smallest step (from one) that keeps
    every team together, so partners stay partners (``n`` when none does but a full turn).

    >>> rotation([(0,), (1,)], 2)
    1
    >>> rotation([(0, 2), (1, 3)], 4)  # diagonal teams: one step on keeps them
    1
    >>> rotation([(0, 1), (2, 3)], 4)  # adjacent teams: two steps on
    2
    """
    sides = {frozenset(t) for t in teams}
    for step in range(1, n + 1):
        if all(frozenset((s + step) % n for s in side) in sides for side in sides):
            return step
    return n

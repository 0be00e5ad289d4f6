"""Time controls of games between people: a game clock per seat, lichess-style.

A table may be made with a time control (``docs/time-controls.md``):

- ``TimeControl.parse("5+3")``: 5 minutes per seat for the game, 3 seconds more after each
  move the seat makes (Fischer increment); ``"30s+0"``: a base under a minute, in seconds;
- ``TimeControl.parse("d2")``: correspondence, 2 days for each move (the time left resets
  at every new decision of the seat);
- no time control (``None``): nobody's time runs out.

A seat's clock runs only while that seat has a decision to make, and only for a person:
never during an AI's decision, another seat's or a chance outcome. At a simultaneous node
(Gunst's secret choices) every seat still to choose has its clock running at once. A seat
whose time is used up has lost on time (its "flag fell"); the table ends the game as a
``timeout`` through ``LiveTable.finish``.

``GameClock`` is the clock's state as stored with the table (``as_stored``/``stored``): the
time left per seat and when the running clocks last started; the time a seat used is
charged at each stored change, so a table read back after a restart resumes exactly.

>>> tc = TimeControl.parse("5+3")
>>> tc, str(tc), str(TimeControl.parse("30s+2"))
(TimeControl(seconds=300, increment=3, days=0), '5+3', '30s+2')
>>> clock = GameClock.start(tc, 2, running=(0,), now=100.0)
>>> clock = clock.charged(now=110.0, running=(1,))  # seat 0 moved after 10 s: +3 s
>>> clock.remaining
(293.0, 300.0)
>>> clock.left(1, now=410.0), clock.flagged(now=410.0)
(0.0, (1,))
>>> TimeControl.parse("d2").per_move
172800
>>> TimeControl.parse("d15")
Traceback (most recent call last):
...
spelbord.server.tables.timecontrol.TimeControlError: days must be from 1 to 14 (got 15)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from spelbord.server.errors import BadRequestError

MIN_SECONDS = 15
"""The shortest game time per seat, in seconds."""
MAX_MINUTES = 180
"""The longest game time per seat, in minutes."""
MAX_INCREMENT = 180
"""The largest increment per move, in seconds."""
MAX_DAYS = 14
"""The longest correspondence time per move, in days."""
DAY = 86400

_TEXT = re.compile(r"^(?:(\d{1,5})(s?)\+(\d{1,5})|d(\d{1,3}))$")


class TimeControlError(BadRequestError):
    """A time control out of its bounds or not in its form: nothing was made (400)."""


@dataclass(frozen=True)
class TimeControl:
    """``seconds`` per seat for the game + ``increment`` (seconds per move), or ``days``
    per move (correspondence; then seconds and increment are 0). Text form ``5+3`` (whole
    minutes), ``30s+0`` (seconds) or ``d2``."""

    seconds: int = 0
    increment: int = 0
    days: int = 0

    def __post_init__(self) -> None:
        if self.days:
            if self.seconds or self.increment:
                raise TimeControlError("a time control is minutes + increment, or days per move")
            if not 1 <= self.days <= MAX_DAYS:
                raise TimeControlError(f"days must be from 1 to {MAX_DAYS} (got {self.days})")
            return
        if not MIN_SECONDS <= self.seconds <= MAX_MINUTES * 60:
            raise TimeControlError(
                f"the time per seat must be from {MIN_SECONDS} seconds to {MAX_MINUTES} "
                f"minutes (got {self.seconds} s)"
            )
        if not 0 <= self.increment <= MAX_INCREMENT:
            raise TimeControlError(
                f"increment must be from 0 to {MAX_INCREMENT} seconds (got {self.increment})"
            )

    def __str__(self) -> str:
        if self.days:
            return f"d{self.days}"
        if self.seconds % 60:
            return f"{self.seconds}s+{self.increment}"
        return f"{self.seconds // 60}+{self.increment}"

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """``"5+3"`` or ``"d2"``."""
        match = _TEXT.match(text.strip()) if isinstance(text, str) else None
        if match is None:
            raise TimeControlError(
                f"a time control reads like '5+3' (minutes + seconds per move), '30s+0' or "
                f"'d2' (days per move), not {str(text)[:20]!r}"
            )
        if match.group(4):
            return cls(days=int(match.group(4)))
        base = int(match.group(1)) * (1 if match.group(2) else 60)
        return cls(seconds=base, increment=int(match.group(3)))

    @classmethod
    def from_request(cls, raw: Any) -> TimeControl | None:
        """A create request's ``time_control``: ``null``/``"none"``, a text form, or
        ``{"minutes" or "seconds", "increment"}`` / ``{"days"}``.

        >>> TimeControl.from_request({"minutes": 3, "increment": 2})
        TimeControl(seconds=180, increment=2, days=0)
        >>> TimeControl.from_request({"days": 99})
        Traceback (most recent call last):
        ...
        spelbord.server.tables.timecontrol.TimeControlError: days must be from 1 to 14 (got 99)
        """
        if raw is None or raw == "none":
            return None
        if isinstance(raw, str):
            return cls.parse(raw)
        keys = {"minutes", "seconds", "increment", "days"}
        if not isinstance(raw, dict) or not raw or set(raw) - keys:
            raise TimeControlError(
                "'time_control' is null, '5+3', 'd2', an object of minutes and increment, "
                "or an object of days"
            )
        values = {}
        for key in sorted(keys):
            value = raw.get(key, 0)
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10**6:
                raise TimeControlError(f"time_control: {key!r} must be a whole number from 0 up")
            values[key] = value
        if values["minutes"] and values["seconds"]:
            raise TimeControlError("time_control: give 'minutes' or 'seconds', not both")
        seconds = values["seconds"] + 60 * values["minutes"]
        return cls(seconds=seconds, increment=values["increment"], days=values["days"])

    @property
    def correspondence(self) -> bool:
        return self.days > 0

    @property
    def initial(self) -> int:
        """Seconds on a seat's clock at the start (correspondence: per move)."""
        return self.days * DAY if self.days else self.seconds

    @property
    def per_move(self) -> int:
        """Correspondence: the seconds each move may take (0: not correspondence)."""
        return self.days * DAY

    def as_dict(self) -> dict[str, Any]:
        return {
            "text": str(self),
            "seconds": self.seconds,
            "increment": self.increment,
            "days": self.days,
        }


@dataclass(frozen=True)
class GameClock:
    """The game clocks of one table: ``remaining`` seconds per seat as of ``since``
    (epoch seconds) for the seats in ``running``; every other seat's clock stands."""

    control: TimeControl
    remaining: tuple[float, ...]
    running: tuple[int, ...]
    since: float

    @classmethod
    def start(
        cls, control: TimeControl, seats: int, running: tuple[int, ...], now: float
    ) -> GameClock:
        """Full clocks for every seat; ``running`` start counting at ``now``."""
        return cls(control, (float(control.initial),) * seats, tuple(sorted(running)), now)

    def left(self, seat: int, now: float) -> float:
        """Seconds ``seat`` has left at ``now`` (never below 0)."""
        spent = max(0.0, now - self.since) if seat in self.running else 0.0
        return max(0.0, self.remaining[seat] - spent)

    def flagged(self, now: float) -> tuple[int, ...]:
        """The running seats whose time is used up at ``now``."""
        return tuple(s for s in self.running if self.left(s, now) <= 0.0)

    def next_flag(self, now: float) -> float | None:
        """Seconds until the first running clock runs out (``None``: none runs)."""
        if not self.running:
            return None
        return min(self.left(s, now) for s in self.running)

    def charged(self, now: float, running: tuple[int, ...]) -> GameClock:
        """The clocks after a change at ``now``: each running seat is charged the time it
        used; a seat that stops (it decided) gets the increment, and with correspondence
        a seat that starts a new decision gets the full time per move."""
        running = tuple(sorted(running))
        remaining = [self.left(s, now) for s in range(len(self.remaining))]
        for seat in self.running:
            if seat not in running:
                remaining[seat] += self.control.increment
        if self.control.correspondence:
            for seat in running:
                if seat not in self.running:
                    remaining[seat] = float(self.control.per_move)
        return GameClock(self.control, tuple(round(r, 3) for r in remaining), running, now)

    def taken_back(self, now: float, running: tuple[int, ...]) -> GameClock:
        """The clocks after a takeback at ``now``: the running seats are charged the time
        they used, nobody gets an increment (no decision was made), and the clocks of
        ``running`` run from now (with correspondence, a new decision has the full time).

        >>> clock = GameClock(TimeControl.parse("5+3"), (300.0, 300.0), (1,), 0.0)
        >>> clock.taken_back(10.0, (0,)).remaining
        (300.0, 290.0)
        """
        running = tuple(sorted(running))
        remaining = [self.left(s, now) for s in range(len(self.remaining))]
        if self.control.correspondence:
            for seat in running:
                if seat not in self.running:
                    remaining[seat] = float(self.control.per_move)
        return GameClock(self.control, tuple(round(r, 3) for r in remaining), running, now)

    def stopped(self, now: float) -> GameClock:
        """Every clock stands (the game is over), with the time used charged."""
        remaining = tuple(round(self.left(s, now), 3) for s in range(len(self.remaining)))
        return GameClock(self.control, remaining, (), now)

    def as_stored(self) -> dict[str, Any]:
        return {
            "control": str(self.control),
            "remaining": list(self.remaining),
            "running": list(self.running),
            "since": self.since,
        }

    @classmethod
    def stored(cls, data: dict[str, Any]) -> GameClock:
        """The clock as ``as_stored`` wrote it."""
        return cls(
            TimeControl.parse(data["control"]),
            tuple(float(r) for r in data["remaining"]),
            tuple(int(s) for s in data["running"]),
            float(data["since"]),
        )

    def as_view(self, now: float) -> dict[str, Any]:
        """The VIEW's ``game_clock``: the control, seconds left per seat now, the seats
        whose clock runs (a client counts those down from when the view arrived)."""
        return {
            "control": self.control.as_dict(),
            "remaining": [round(self.left(s, now), 3) for s in range(len(self.remaining))],
            "running": list(self.running),
        }

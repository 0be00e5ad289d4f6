"""``Clock``: a decision the rules put on a timer (e.g. Omringad's ten-second bid clock).

The rules layer has no clock of its own; a state only *declares* that the decision of a
seat is timed and which action the table takes for a seat that lets the time run out. The
server (the only layer with clocks) counts it down and applies ``on_timeout``.

>>> c = Clock(seconds=10.0, on_timeout=0)
>>> c, str(c)
(Clock(seconds=10.0, on_timeout=0), '10 s, then action 0')
>>> Clock(seconds=0, on_timeout=0)
Traceback (most recent call last):
...
ValueError: a clock needs a positive number of seconds, not 0
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Clock:
    """``seconds`` to decide; then the table applies the legal action ``on_timeout``."""

    seconds: float
    on_timeout: int

    def __post_init__(self) -> None:
        if not self.seconds > 0:
            raise ValueError(f"a clock needs a positive number of seconds, not {self.seconds}")

    def __str__(self) -> str:
        return f"{self.seconds:g} s, then action {self.on_timeout}"

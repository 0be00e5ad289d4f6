"""Search budgets (``1s``, ``500ms``, ``2000it``) and what a search actually spent.

>>> Budget.parse("500ms")
Budget(seconds=0.5, iterations=None)
>>> str(Budget.parse("2000it"))
'2000it'
>>> Budget.parse("2000000000it")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
spelbord.ai.budget.AgentSpecError: an iteration budget is at most 1000000000, got 2000000000
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from spelbord.core.errors import SpelbordError


class AgentSpecError(SpelbordError):
    """An agent spec or budget that does not parse (e.g. ``mcts:fast``)."""


_BUDGET = re.compile(r"^(?P<num>\d+(?:\.\d+)?)(?P<unit>s|ms|it)$")


@dataclass(frozen=True)
class Budget:
    """How long one search may run: wall-clock ``seconds`` or exact ``iterations``."""

    seconds: float | None = None
    iterations: int | None = None

    MAX_SECONDS: ClassVar[float] = 1_000_000.0
    """The longest time budget a spec may name (a bound, not a sensible value: the server
    and the lab cap what they run far lower)."""
    MAX_ITERATIONS: ClassVar[int] = 1_000_000_000
    """The largest iteration budget a spec may name."""

    def __post_init__(self) -> None:
        if (self.seconds is None) == (self.iterations is None):
            raise AgentSpecError("a budget is either seconds or iterations (exactly one)")
        if self.seconds is not None and not self.seconds > 0:
            raise AgentSpecError(f"a time budget must be positive, got {self.seconds}")
        if self.seconds is not None and self.seconds > self.MAX_SECONDS:
            raise AgentSpecError(
                f"a time budget is at most {self.MAX_SECONDS:.0f} s, got {self.seconds}"
            )
        if self.iterations is not None and self.iterations < 1:
            raise AgentSpecError(f"an iteration budget must be at least 1, got {self.iterations}")
        if self.iterations is not None and self.iterations > self.MAX_ITERATIONS:
            raise AgentSpecError(
                f"an iteration budget is at most {self.MAX_ITERATIONS}, got {self.iterations}"
            )

    @classmethod
    def parse(cls, text: str) -> Budget:
        """Read ``1s``, ``0.25s``, ``500ms`` or ``2000it``."""
        match = _BUDGET.match(text.strip())
        if match is None:
            raise AgentSpecError(
                f"bad budget {text!r}: use seconds (1s, 0.5s), milliseconds (500ms) "
                "or iterations (2000it)"
            )
        num, unit = match["num"], match["unit"]
        if unit == "it":
            if "." in num:
                raise AgentSpecError(f"bad budget {text!r}: iterations are a whole number")
            return cls(iterations=int(num))
        seconds = float(num) / (1000.0 if unit == "ms" else 1.0)
        return cls(seconds=seconds)

    def run(self, iterate: Callable[[], None]) -> SearchStats:
        """Call ``iterate`` until the budget is spent (at least once); report the spending.

        An iteration budget runs exactly that many iterations. A time budget checks the
        clock after each iteration, so it overshoots by at most one iteration.
        """
        start = time.perf_counter()
        if self.iterations is not None:
            for _ in range(self.iterations):
                iterate()
            done = self.iterations
        else:
            assert self.seconds is not None
            deadline = start + self.seconds
            done = 0
            while True:
                iterate()
                done += 1
                if time.perf_counter() >= deadline:
                    break
        return SearchStats(iterations=done, seconds=time.perf_counter() - start)

    def __str__(self) -> str:
        if self.iterations is not None:
            return f"{self.iterations}it"
        assert self.seconds is not None
        if self.seconds < 1:
            return f"{self.seconds * 1000:g}ms"
        return f"{self.seconds:g}s"


@dataclass(frozen=True)
class SearchStats:
    """What one search spent: iterations run and wall-clock seconds."""

    iterations: int
    seconds: float

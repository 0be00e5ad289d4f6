"""Search budgets (``1s``, ``500ms``, ``2000it``) and what a search actually spent.

>>> Budget.parse("500ms")
Budget(seconds=0.5, iterations=None)
>>> str(Budget.parse("2000it"))
'2000it'
>>> [str(PerMove.of(s)) for s in ("ab:depth=3", "ab:300ms", "ismcts:4s", "mcts:200it", "random")]
['3 plies deep', '0.3 s', '4 s', '200 iterations', 'instant']
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass

from spelbord.core.errors import SpelbordError


class AgentSpecError(SpelbordError):
    """An agent spec or budget that does not parse (e.g. ``mcts:fast``)."""


_BUDGET = re.compile(r"^(?P<num>\d+(?:\.\d+)?)(?P<unit>s|ms|it)$")


@dataclass(frozen=True)
class Budget:
    """How long one search may run: wall-clock ``seconds`` or exact ``iterations``."""

    seconds: float | None = None
    iterations: int | None = None

    def __post_init__(self) -> None:
        if (self.seconds is None) == (self.iterations is None):
            raise AgentSpecError("a budget is either seconds or iterations (exactly one)")
        if self.seconds is not None and not self.seconds > 0:
            raise AgentSpecError(f"a time budget must be positive, got {self.seconds}")
        if self.iterations is not None and self.iterations < 1:
            raise AgentSpecError(f"an iteration budget must be at least 1, got {self.iterations}")

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
class PerMove:
    """What an agent spec lets its agent spend on a move: its search ``budget`` and its
    fixed search ``depth`` (the first of each among its parts; ``ab:1s:depth=8`` stops at
    whichever ends first), or neither (it answers at once).

    >>> PerMove.of("ab:depth=1:openings=4"), PerMove.of("script:turtle").as_dict()
    (PerMove(budget=None, depth=1), {})
    >>> str(PerMove.of("ab:1s:depth=8"))
    '1 s'
    """

    budget: Budget | None = None
    depth: int | None = None

    @classmethod
    def of(cls, spec: str) -> PerMove:
        """Read it from an agent spec (``ismcts:1s``, ``ab:depth=3``); parts that are
        neither a budget nor a depth are passed over."""
        budget = depth = None
        for part in spec.split(":")[1:]:
            plies = part.removeprefix("depth=")
            if plies != part and plies.isdigit():
                depth = int(plies) if depth is None else depth
                continue
            try:
                budget = Budget.parse(part) if budget is None else budget
            except AgentSpecError:
                continue
        return cls(budget, depth)

    @property
    def seconds(self) -> float | None:
        """The time budget in seconds (``None`` without one)."""
        return None if self.budget is None else self.budget.seconds

    def as_dict(self) -> dict[str, float]:
        """The bound the lobby shows: ``{"seconds": 0.3}`` or ``{"iterations": 200}`` (a
        budget), else ``{"depth": 3}``, else ``{}``."""
        if self.budget is not None and self.budget.iterations is not None:
            return {"iterations": self.budget.iterations}
        if self.budget is not None and self.budget.seconds is not None:
            return {"seconds": self.budget.seconds}
        return {} if self.depth is None else {"depth": self.depth}

    def __str__(self) -> str:
        """As the lobby says it: ``0.3 s``, ``200 iterations``, ``3 plies deep``, ``instant``."""
        shown = self.as_dict()
        if "seconds" in shown:
            return f"{shown['seconds']:g} s"
        if "iterations" in shown:
            return f"{shown['iterations']:g} iterations"
        if "depth" in shown:
            return f"{shown['depth']:g} {'ply' if shown['depth'] == 1 else 'plies'} deep"
        return "instant"


@dataclass(frozen=True)
class SearchStats:
    """What one search spent: iterations run and wall-clock seconds."""

    iterations: int
    seconds: float

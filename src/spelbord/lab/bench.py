"""``spelbord bench lab``: games per second of a fixed small study, played with 1 and 2
local worker processes and on Ray, and the parallel efficiency.

The workload (``workload``) is one arm per game that declares seats for it (its
``bench`` extra, ``core.extras.Bench.lab_seats``: scripted plans, fast), recorded to
Parquet as a real study is (the records go to a temporary folder). Efficiency is the rate
with ``n`` workers over ``n`` times the rate with one.
"""

from __future__ import annotations

import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from spelbord.lab.runner import run_study
from spelbord.lab.study import Arm, Study


def workload(games: int = 20) -> Study:
    """The benchmark's study: ``games`` a game between the seats each game declares."""
    from spelbord import games as registry

    arms = tuple(
        Arm(name, name, {}, registry.extras(name).bench.lab_seats)
        for name in registry.names()
        if registry.extras(name).bench.lab_seats
    )
    return Study("bench", arms, games=games, record=("facts",), analyses=())


@dataclass(frozen=True)
class Measurement:
    """One way of running the workload: games played, seconds, start-up seconds."""

    label: str
    workers: int
    games: int
    seconds: float
    startup: float = 0.0

    @property
    def rate(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0


def measure(games: int, ray: bool, workers: int = 2) -> list[Measurement]:
    """Play the workload (``games`` per arm) with 1 and ``workers`` local workers and,
    when ``ray``, on a local Ray instance with ``workers`` CPUs."""
    study = workload(games)
    out = []
    with tempfile.TemporaryDirectory(prefix="spelbord-bench-lab-") as tmp:
        for n in sorted({1, workers}):
            result = run_study(study, Path(tmp) / f"local{n}", workers=n, progress=False)
            out.append(Measurement(f"{n} local worker(s)", n, result.played, result.seconds))
        if ray:
            import ray as ray_module

            start = time.perf_counter()
            from spelbord.lab.ray_exec import ray_executor

            ray_executor("auto", workers)
            startup = time.perf_counter() - start
            try:
                result = run_study(
                    study, Path(tmp) / "ray", workers=workers, ray="auto", progress=False
                )
            finally:
                ray_module.shutdown()
            out.append(
                Measurement(
                    f"ray ({workers} CPUs)", workers, result.played, result.seconds, startup
                )
            )
    return out


def report(measurements: list[Measurement]) -> str:
    """A text table: games/s, games/s per worker, efficiency against one worker."""
    base = next(m.rate for m in measurements if m.workers == 1)
    head = ("how", "games", "seconds", "games/s", "per worker", "efficiency")
    lines = ["{:<20} {:>6} {:>8} {:>8} {:>10} {:>10}".format(*head)]
    for m in measurements:
        efficiency = m.rate / (m.workers * base) if base else 0.0
        extra = f"   (+{m.startup:.1f} s to start Ray)" if m.startup else ""
        lines.append(
            f"{m.label:<20} {m.games:>6} {m.seconds:>8.2f} {m.rate:>8.2f} "
            f"{m.rate / m.workers:>10.2f} {efficiency:>10.0%}{extra}"
        )
    return "\n".join(lines)

"""``spelbord bench lab``: games per second of a fixed study, played with 1 and 2 local
worker processes and on Ray, the speed-up and the parallel efficiency.

The workload (``workload``) is every registered game, each between the seats it declares
for it (its ``bench`` extra, ``core.extras.Bench.lab_seats``: a game whose medium level
searches for a stated time declares a plan) or else played by its ``level:medium`` at
every seat (``random`` in a game without levels), seats fixed, recorded to Parquet as a
real study is (the records go to a temporary folder). The speed-up is the rate with
``n`` workers over the rate with one; the efficiency is the speed-up over ``n`` (100%:
linear). Ray's start-up is timed apart and left out of its rate.
"""

from __future__ import annotations

import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from spelbord.lab.runner import run_study
from spelbord.lab.study import Arm, Study
from spelbord.lab.tasks import tasks, warm

SPEC = "level:medium"


def workload(games: int = 20) -> Study:
    """``games`` games per registered game between the seats the game declares for the
    benchmark (its ``bench`` extra), else ``SPEC`` at every seat; seats fixed."""
    from spelbord import games as registry

    arms = []
    for name in registry.names():
        seats = registry.extras(name).bench.lab_seats
        if not seats:
            seats = (_spec(name),) * registry.load(name).num_players()
        arms.append(Arm(name, name, {}, seats, rotate=False))
    return Study("bench", tuple(arms), games=games, record=("facts",), analyses=())


def _spec(game: str) -> str:
    """``SPEC`` where the game has levels, else ``random``."""
    from spelbord.ai.levels import levels_of

    return "random" if levels_of(game) is None else SPEC


@dataclass(frozen=True)
class Measurement:
    """One way of running the workload: games played, seconds, start-up seconds."""

    label: str
    workers: int
    games: int
    seconds: float
    startup: float = 0.0
    cpu: float | None = None
    """CPU seconds this process and its worker processes spent (``None``: not known, Ray)."""

    @property
    def cpu_per_game(self) -> float | None:
        return self.cpu / self.games if self.cpu is not None and self.games else None

    @property
    def rate(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0


def measure(games: int, ray: bool, workers: int = 2) -> list[Measurement]:
    """Play the workload (``games`` per arm) with 1 and ``workers`` local workers and,
    when ``ray``, on a local Ray instance with ``workers`` CPUs."""
    study = workload(games)
    warm(tasks(study))  # every measurement starts with the modules imported
    out = []
    with tempfile.TemporaryDirectory(prefix="spelbord-bench-lab-") as tmp:
        for n in sorted({1, workers}):
            before = _cpu()
            result = run_study(study, Path(tmp) / f"local{n}", workers=n, progress=False)
            out.append(
                Measurement(
                    f"{n} local worker(s)", n, result.played, result.seconds, cpu=_cpu() - before
                )
            )
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


def _cpu() -> float:
    """CPU seconds of this process and of its finished (waited-for) child processes."""
    import resource

    own, children = (
        resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
    )
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def report(measurements: list[Measurement]) -> str:
    """A text table: games/s, games/s per worker, speed-up and efficiency against one
    worker, and CPU seconds per game (its growth with workers is the lab's own overhead:
    on a machine whose cores are busy with other work, the speed-up cannot show)."""
    base = next(m.rate for m in measurements if m.workers == 1)
    head = (
        "how",
        "games",
        "seconds",
        "games/s",
        "per worker",
        "speed-up",
        "efficiency",
        "CPU s/game",
    )
    lines = ["{:<20} {:>6} {:>8} {:>8} {:>10} {:>9} {:>10} {:>10}".format(*head)]
    for m in measurements:
        speedup = m.rate / base if base else 0.0
        extra = f"   (+{m.startup:.1f} s to start Ray)" if m.startup else ""
        cpu = "–" if m.cpu_per_game is None else f"{m.cpu_per_game:.3f}"
        lines.append(
            f"{m.label:<20} {m.games:>6} {m.seconds:>8.2f} {m.rate:>8.2f} "
            f"{m.rate / m.workers:>10.2f} {speedup:>8.2f}x {speedup / m.workers:>10.0%} "
            f"{cpu:>10}{extra}"
        )
    return "\n".join(lines)

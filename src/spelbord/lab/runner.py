"""Running a study: its games as tasks, played here, in worker processes, or on Ray.

Every game's chance and agent seeds derive from the study seed, the arm and the game's
index alone, so the records are the same whoever plays which game in which order (agents
with time budgets excepted: how far a search gets in a second depends on the machine).

Results go to ``OUT/STUDY/``: ``records/`` (``spelbord.lab.records``), ``study.json`` (the
study as run) and ``run.json`` (command, versions, status); the report comes after.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm import tqdm

from spelbord.lab.records import RecordWriter, read_records
from spelbord.lab.study import Study, StudyError
from spelbord.lab.tasks import local_executor, tasks


@dataclass(frozen=True)
class RunResult:
    """What ``run_study`` did: the output folder, games played now and in all, seconds."""

    folder: Path
    played: int
    total: int
    seconds: float
    where: str


def run_study(
    study: Study,
    out: Path,
    *,
    workers: int = 1,
    ray: str | None = None,
    resume: bool = False,
    progress: bool = True,
    command: str = "",
    on_row: Callable[[dict[str, Any]], None] | None = None,
) -> RunResult:
    """Play ``study``'s games not yet recorded in ``out / study.name``, recording each.

    Without ``resume`` the folder must hold no records yet; with it, the stored study must
    play the same games (``Study.same_plan``; more games per arm are fine).
    """
    if workers < 1:
        raise StudyError(f"--workers must be at least 1, got {workers}")
    folder = out / study.name
    stored = folder / "study.json"
    existing = read_records(folder / "records")
    if existing and not resume:
        raise StudyError(
            f"{folder} already holds {len(existing)} games of a study: add --resume to go on "
            "with it, or choose another --out"
        )
    if resume and stored.exists():
        previous = Study.from_dict(json.loads(stored.read_text(encoding="utf-8")))
        if not previous.same_plan(study):
            raise StudyError(
                f"{folder} holds a different study (other arms, seed or records): "
                "--resume continues the same study only"
            )
    if ray is not None:
        from spelbord.lab.ray_exec import ray_executor

        executor, where = ray_executor(ray, workers)
    else:
        executor, where = local_executor(workers), f"{workers} local worker(s)"
    folder.mkdir(parents=True, exist_ok=True)
    stored.write_text(json.dumps(study.to_dict(), indent=1), encoding="utf-8")
    done = {(row["arm"], row["game_index"]) for row in existing}
    todo = tasks(study, done)
    _write_run(folder, study, command, where, "running", len(done))
    writer = RecordWriter(folder / "records")
    bar = tqdm(
        total=study.total_games,
        initial=len(done),
        desc=study.name,
        unit="game",
        disable=not progress,
        file=sys.stderr,
        smoothing=0.1,
    )
    start = time.perf_counter()
    played = 0
    status = "interrupted"
    try:
        for row in executor(todo):
            writer.add(row)
            played += 1
            bar.update(1)
            if on_row is not None:
                on_row(row)
        status = "finished"
    finally:
        bar.close()
        writer.close()
        _write_run(folder, study, command, where, status, len(done) + played)
    return RunResult(folder, played, len(done) + played, time.perf_counter() - start, where)


def versions(extra: Iterable[str] = ()) -> dict[str, str]:
    """Versions of Python, Spelbord and the libraries a study uses."""
    import platform
    from importlib import metadata

    from spelbord import __version__

    out = {"python": platform.python_version(), "spelbord": __version__}
    for name in ("numpy", "scipy", "pyarrow", "matplotlib", *extra):
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
    return out


def _write_run(
    folder: Path, study: Study, command: str, where: str, status: str, games: int
) -> None:
    from spelbord import games as registry

    rules = {arm.game: registry.load(arm.game).rules_version for arm in study.arms}
    info = {
        "study": study.name,
        "command": command,
        "where": where,
        "status": status,
        "games": games,
        "planned": study.total_games,
        "updated": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "versions": versions(["ray"] if where.startswith("ray") else []),
        "rules_versions": rules,
    }
    (folder / "run.json").write_text(json.dumps(info, indent=1), encoding="utf-8")

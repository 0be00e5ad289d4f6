"""Running a study: its games as tasks, played here, in worker processes, or on Ray.

Every game's chance and agent seeds derive from the study seed, the arm and the game's
index alone, so the records are the same whoever plays which game in which order (agents
with time budgets excepted: how far a search gets in a second depends on the machine).

Results go to ``OUT/STUDY/``: ``records/`` (``spelbord.lab.records``), ``study.json`` (the
study as run) and ``run.json`` (command, versions, status); the report comes after.
"""

from __future__ import annotations

import json
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm import tqdm

from spelbord.lab.records import FACT_PREFIX, RecordWriter, read_records
from spelbord.lab.study import Study, StudyError


@dataclass(frozen=True)
class Task:
    """One game of a study, everything a worker needs to play it."""

    study: str
    arm: str
    index: int
    game: str
    options: dict[str, Any]
    seats: tuple[str, ...]
    chance_seed: int
    agent_seeds: tuple[int, ...]
    record: tuple[str, ...]
    rules_version: int | None = None


def tasks(study: Study, done: set[tuple[str, int]] | None = None) -> list[Task]:
    """The study's games not in ``done`` (``(arm label, game index)`` pairs), game by
    game across the arms (game 0 of every arm, then game 1, ...), so a study stopped
    early holds arms alike in size.

    An arm's seeds come from the study seed, the arm's ``pairing`` (else its label) and
    the game's index, so arms that share a pairing play game ``i`` from the same seeds.
    """
    out = []
    for index in range(study.games):
        for arm in study.arms:
            if done and (arm.label, index) in done:
                continue
            seeds = random.Random(f"spelbord-lab:{study.seed}:{arm.pairing or arm.label}:{index}")
            chance = seeds.getrandbits(63)
            agent_seeds = tuple(seeds.getrandbits(63) for _ in arm.seats)
            out.append(
                Task(
                    study.name,
                    arm.label,
                    index,
                    arm.game,
                    dict(arm.options),
                    arm.seating(index),
                    chance,
                    agent_seeds,
                    study.record,
                    arm.rules_version,
                )
            )
    return out


def play_task(task: Task) -> dict[str, Any]:
    """Play one game; its row (see ``spelbord.lab.records.COLUMNS``)."""
    from spelbord import games
    from spelbord.lab.gamedata import lab_data
    from spelbord.lab.playout import LOOP_SEEN, play_measured
    from spelbord.lab.restrict import counts_of, make_seat_agent

    game = games.load(task.game, rules_version=task.rules_version, **task.options)
    data = lab_data(task.game)
    agents = [
        make_seat_agent(spec, task.game, seed)
        for spec, seed in zip(task.seats, task.agent_seeds, strict=True)
    ]
    start = time.perf_counter()
    played = play_measured(game, agents, task.chance_seed, data)
    seconds = time.perf_counter() - start
    state = played.state
    winners = sorted(state.outcome().winners()) if played.finished else []  # type: ignore[union-attr]
    if not played.finished:
        result = "none"
    else:
        result = "draw" if not winners or len(winners) == len(task.seats) else "win"
    row: dict[str, Any] = {
        "study": task.study,
        "arm": task.arm,
        "game_index": task.index,
        "game": task.game,
        "options": json.dumps(dict(game.options), sort_keys=True),
        "rules_version": game.rules_version,
        "seed": task.chance_seed,
        "agents": list(task.seats),
        "result": result,
        "winners": winners if result == "win" else [],
        "returns": list(played.returns),
        "length": state.move_number(),
        "termination": played.termination,
        "seconds": round(seconds, 4),
        "first": played.first,
        "branching": played.branching,
        "hole": played.hole,
    }
    for key in ("lead", "lead_team", "repeats", "max_seen", "loop_ply"):
        value = getattr(played, key)
        if value is not None:
            row[key] = value
    if played.note:
        row["note"] = played.note
    counts = [counts_of(agent) for agent in agents]
    if any(c is not None for c in counts):
        for key in ("chances", "forced", "overrides"):
            row[f"bar_{key}"] = [c[key] if c is not None else 0 for c in counts]
    facts: dict[str, Any] = {}
    if "facts" in task.record or data.cap_facts or data.first_fact:
        try:
            facts = state.game_facts()
            more = data.more_facts()
            if more is not None:
                facts = {**facts, **more(state)}
        except Exception as exc:  # a game's facts failing is a hole of its own
            row["hole"] = row["hole"] or "facts-error"
            row["note"] = f"game_facts: {type(exc).__name__}: {exc}"
    if data.first_fact and isinstance(facts.get(data.first_fact), int):
        row["first"] = int(facts[data.first_fact])
    if "facts" in task.record:
        for key, value in facts.items():
            row[FACT_PREFIX + key] = value
    worth_a_look = (
        bool(row["hole"])
        or data.is_cap(played.termination)
        or any(facts.get(name) for name in data.cap_facts)
        or (played.max_seen or 0) >= LOOP_SEEN
    )
    if "moves" in task.record or worth_a_look:
        row["moves"] = json.dumps([m if isinstance(m, int) else list(m) for m in state.history()])
    return row


def play_batch(batch: list[Task]) -> list[dict[str, Any]]:
    """Play several games in a row (the unit of work a Ray worker pulls)."""
    return [play_task(task) for task in batch]


def warm(todo: list[Task]) -> None:
    """Build each game and agent of ``todo`` once here, so the modules they need are
    imported before worker processes fork (each worker would import them again)."""
    from spelbord import games
    from spelbord.lab import playout  # noqa: F401  (imported for the workers)
    from spelbord.lab.restrict import make_seat_agent

    seen: set[object] = set()
    for task in todo:
        if task.game not in seen:
            seen.add(task.game)
            game = games.load(task.game, rules_version=task.rules_version, **task.options)
            game.new_initial_state().game_facts()
        for spec in task.seats:
            if (task.game, spec) not in seen:
                seen.add((task.game, spec))
                agent = make_seat_agent(spec, task.game, 0)
                resolve = getattr(getattr(agent, "inner", agent), "resolved", None)
                if callable(resolve):  # an agent that builds its game's own agent lazily
                    resolve(task.game)


# ---------------------------------------------------------------------- executors
Executor = Callable[[list[Task]], Iterator[dict[str, Any]]]


def local_executor(workers: int) -> Executor:
    """Play in this process (``workers == 1``) or in a pool of worker processes."""

    def run(todo: list[Task]) -> Iterator[dict[str, Any]]:
        if workers == 1 or len(todo) <= 1:
            yield from map(play_task, todo)
            return
        warm(todo)
        with multiprocessing.Pool(min(workers, len(todo))) as pool:
            yield from pool.imap_unordered(play_task, todo)

    return run


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

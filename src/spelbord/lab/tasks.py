"""A study's games as tasks, and the executors that play them: here, or in a pool of
worker processes (``ray_exec`` plays them on Ray).

Every game's chance and agent seeds derive from the study seed, the arm and the game's
index alone, so the records are the same whoever plays which game in which order (agents
with time budgets excepted: how far a search gets in a second depends on the machine).
"""

from __future__ import annotations

import json
import multiprocessing
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from spelbord.lab.records import FACT_PREFIX
from spelbord.lab.study import Study


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

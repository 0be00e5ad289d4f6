"""AI seats think in worker processes, never on the event loop.

``AgentPool`` keeps a few worker processes (spawned, so they share nothing with the
server). Each job carries the full state as JSON; the worker builds the agent with
``make_agent(spec, seed)`` and asks ``agent.step(SeatView(state, seat))`` (the agent sees
only what its seat may see). A job that runs past its budget plus a grace period, or whose
worker crashes, gets ``None`` back; that worker is killed and replaced, and the caller
falls back to a random legal action. One bad job never stalls or corrupts another game.

Specs are read with the one grammar of the agents (``spelbord.ai.spec.AgentSpec``), and
an agent is checked against its table's game when a seat gets it (``check_spec``: a
``gunst-eq`` at an Omringad table is refused then, never played at random later). Every
job is bounded on the server: a spec asking for more than ``max_seconds`` of thinking or
``max_iterations`` iterations per move is refused (``AgentLimitError``), and a stored spec
from before a lower limit is cut down to it (``capped``). Workers watch their parent and
exit when the server dies (even by ``kill -9``).

>>> budget_seconds("mcts:1.5s"), budget_seconds("ismcts:250ms"), budget_seconds("mcts:2000it")
(1.5, 0.25, None)
>>> budget_iterations("mcts:2000it"), budget_iterations("mcts:2s")
(2000, None)
>>> WorkerConfig(max_seconds=5).capped("mcts:100000s:c=1.4")
'mcts:5s:c=1.4'
>>> WorkerConfig(max_iterations=500).capped("ismcts:9000it:c=1.4")
'ismcts:500it:c=1.4'
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import importlib
import logging
import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from spelbord.ai.budget import AgentSpecError, Budget
from spelbord.ai.spec import AgentSpec

log = logging.getLogger(__name__)


def _budget(spec: str) -> Budget | None:
    try:
        return AgentSpec.parse(spec).budget
    except AgentSpecError:
        return None


def budget_seconds(spec: str) -> float | None:
    """The thinking time an agent spec asks for (``None``: no time budget)."""
    budget = _budget(spec)
    return None if budget is None else budget.seconds


def budget_iterations(spec: str) -> int | None:
    """The iterations an agent spec asks for (``None``: no iteration budget)."""
    budget = _budget(spec)
    return None if budget is None else budget.iterations


class AgentLimitError(ValueError):
    """An agent spec asks for more thinking per move than this server allows."""


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from the table seed, ply and seat (stable across runs)."""
    digest = hashlib.sha256(":".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def resolve(path: str) -> Any:
    """``"package.module:attribute"`` -> the attribute."""
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)


@dataclass(frozen=True)
class WorkerConfig:
    """How workers are started and how long a job may take.

    ``preload`` modules are imported first in every worker (they register the games);
    ``sys_path`` entries are added before that. A job may run for its spec's budget plus
    ``grace`` seconds, or ``default_timeout`` when the spec names no time;
    ``start_timeout`` bounds a worker's start and a job's wait for a free worker.
    ``max_seconds`` and ``max_iterations`` bound what one move may ask for.
    """

    agent_factory: str = "spelbord.ai:make_agent"
    seat_view: str = "spelbord.ai:SeatView"
    preload: tuple[str, ...] = ("spelbord.games",)
    sys_path: tuple[str, ...] = ()
    workers: int = 2
    grace: float = 2.0
    default_timeout: float = 20.0
    start_timeout: float = 60.0
    max_seconds: float = 10.0
    max_iterations: int = 50_000
    nice: int = 10
    """How much lower the agent processes' CPU priority is than their parent's: a web
    process that runs its own workers (the embedded server) answers its sockets first."""

    @classmethod
    def from_env(cls) -> WorkerConfig:
        """The defaults, with ``SPELBORD_AI_MAX_SECONDS`` and ``SPELBORD_AI_MAX_ITERATIONS``
        (the most one move may ask for) when set, and ``SPELBORD_AI_PRELOAD`` (modules,
        comma-separated, each worker imports after the installed games: a game that is not
        installed as a distribution) with ``SPELBORD_AI_PATH`` (folders for them, separated
        as in ``PATH``)."""
        config = cls()
        extra = [m.strip() for m in os.environ.get("SPELBORD_AI_PRELOAD", "").split(",")]
        folders = [f for f in os.environ.get("SPELBORD_AI_PATH", "").split(os.pathsep) if f]
        if any(extra) or folders:
            config = dataclasses.replace(
                config,
                preload=(*config.preload, *(m for m in extra if m)),
                sys_path=(*config.sys_path, *folders),
            )
        seconds = os.environ.get("SPELBORD_AI_MAX_SECONDS")
        iterations = os.environ.get("SPELBORD_AI_MAX_ITERATIONS")
        if seconds:
            config = dataclasses.replace(config, max_seconds=float(seconds))
        if iterations:
            config = dataclasses.replace(config, max_iterations=int(iterations))
        return config

    def timeout(self, spec: str) -> float:
        budget = budget_seconds(spec)
        if budget is None:
            return self.default_timeout
        return min(budget, self.max_seconds) * 1.5 + self.grace

    def check_limits(self, spec: str) -> None:
        """Raise ``AgentLimitError`` if ``spec`` asks for more than one move may take."""
        seconds = budget_seconds(spec)
        if seconds is not None and seconds > self.max_seconds:
            raise AgentLimitError(
                f"agent {spec!r} asks for {seconds:g} s a move; this server allows at most "
                f"{self.max_seconds:g} s"
            )
        iterations = budget_iterations(spec)
        if iterations is not None and iterations > self.max_iterations:
            raise AgentLimitError(
                f"agent {spec!r} asks for {iterations} iterations a move; this server allows "
                f"at most {self.max_iterations}"
            )

    def capped(self, spec: str) -> str:
        """``spec`` with its budget cut down to the limits (a table stored earlier); a spec
        that does not parse is left for the worker to refuse."""
        try:
            parsed = AgentSpec.parse(spec)
        except AgentSpecError:
            return spec
        budget = parsed.budget
        if budget is None:
            return spec
        if budget.iterations is not None and budget.iterations > self.max_iterations:
            return str(parsed.with_budget(Budget(iterations=self.max_iterations)))
        if budget.seconds is not None and budget.seconds > self.max_seconds:
            return str(parsed.with_budget(Budget(seconds=self.max_seconds)))
        return spec


@dataclass(frozen=True)
class ThinkJob:
    """One decision for one AI seat (``rules_version``: the game's; ``None``: the newest).

    ``table``, ``ply`` and ``client`` say whose decision it is (the job queue keys a job by
    table, ply and seat, and orders jobs fairly by client); the worker reads none of them.
    """

    game: str
    options: dict[str, Any]
    state_json: str
    seat: int
    spec: str
    seed: int
    rules_version: int | None = None
    table: str | None = None
    ply: int | None = None
    client: str = "?"


@dataclass(frozen=True)
class Answer:
    """An AI seat's answer: the ``action`` (``None``: none came) and the seconds the agent
    ``thought``, from a worker taking the job to its answer, when the worker tier measured
    them (``None``: the table's own clock, started when the decision began, judges alone).

    A job that waited in line is on no clock (the table starts one when it hears a worker
    took the job, up to a second late): the measured time still holds it to its clock.

    >>> Answer(3, 0.25).late(1.0), Answer(3, 1.5).late(1.0), Answer(3).late(1.0)
    (False, True, False)
    """

    action: int | None
    thought: float | None = None

    def late(self, seconds: float) -> bool:
        """Whether the agent thought longer than a clock of ``seconds`` allowed."""
        return self.thought is not None and self.thought > seconds


@dataclass(frozen=True)
class CallJob:
    """Any other work for a worker process: ``path`` (``"package.module:function"``) called
    with ``kwargs`` (JSON values), answering JSON; stopped after ``timeout`` seconds."""

    path: str
    kwargs: dict[str, Any]
    timeout: float


class CallFailedError(RuntimeError):
    """A ``CallJob`` raised, crashed its worker or ran out of time (the message says which)."""


def _watch_parent(parent: int, every: float = 0.5) -> None:
    """Exit this process as soon as ``parent`` is gone (the server was killed)."""
    while True:
        time.sleep(every)
        if os.getppid() != parent:
            os._exit(0)


def _worker_main(conn: Connection, config: WorkerConfig, parent: int) -> None:
    """A worker: load games and agents, then answer jobs until told to stop.

    A watcher thread ends the worker once ``parent`` (the server) dies, even in the middle
    of a job: a killed server leaves no agent thinking on.
    """
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    if config.nice > 0 and hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(config.nice)
    sys.path[:0] = list(config.sys_path)
    for module in config.preload:
        importlib.import_module(module)
    from spelbord.core.registry import load

    make_agent: Callable[..., Any] = resolve(config.agent_factory)
    seat_view: Callable[[Any, int], Any] = resolve(config.seat_view)
    conn.send(("ready", None))
    while True:
        try:
            job = conn.recv()
        except EOFError:
            return
        if job is None:
            return
        if isinstance(job, CallJob):
            try:
                conn.send(("ok", resolve(job.path)(**job.kwargs)))
            except Exception as exc:
                conn.send(("error", f"{type(exc).__name__}: {exc}"))
            continue
        try:
            game = load(job.game, rules_version=job.rules_version, **job.options)
            state = game.from_json(job.state_json)
            agent = make_agent(job.spec, job.seed, game=job.game)
            conn.send(("ok", int(agent.step(seat_view(state, job.seat)))))
        except Exception as exc:
            conn.send(("error", f"{type(exc).__name__}: {exc}"))


class _Worker:
    """One worker process and our end of its pipe."""

    def __init__(self, config: WorkerConfig) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.process: BaseProcess = ctx.Process(
            target=_worker_main,
            args=(child, config, os.getpid()),
            daemon=True,
            name="spelbord-ai",
        )
        self.process.start()
        child.close()
        self._kill_lock = threading.Lock()
        self._killed = False

    def wait_ready(self, timeout: float) -> bool:
        try:
            return bool(self.conn.poll(timeout)) and self.conn.recv()[0] == "ready"
        except (EOFError, OSError):
            return False

    def kill(self) -> None:
        """Close our end of the pipe and stop the process, once: the pool may retire a
        worker (a timeout, a crash) while it shuts down, from two threads."""
        with self._kill_lock:
            if self._killed:
                return
            self._killed = True
        try:
            with contextlib.suppress(OSError):
                self.conn.close()
        finally:
            if self.process.is_alive():
                self.process.kill()
            self.process.join(timeout=5)


class AgentPool:
    """A small pool of agent worker processes, used from the event loop."""

    def __init__(self, config: WorkerConfig | None = None) -> None:
        self.config = config or WorkerConfig()
        self._idle: asyncio.Queue[_Worker] | None = None
        self._starting: asyncio.Task[asyncio.Queue[_Worker]] | None = None
        self._all: set[_Worker] = set()
        self._closed = False
        self.crashes = 0
        self.timeouts = 0

    def check_spec(self, spec: str, game: str | None = None) -> str:
        """Return ``spec`` if it parses, keeps to the limits and the agent factory accepts
        it for ``game`` (``None``: any game), else raise ``ValueError`` (an
        ``AgentGameError`` when the agent plays another game)."""
        AgentSpec.parse(spec)  # AgentSpecError (a ValueError) naming what is wrong
        self.config.check_limits(spec)
        try:
            factory = resolve(self.config.agent_factory)
        except (ImportError, AttributeError):
            return spec
        if game is None:
            factory(spec, 0)
        else:
            factory(spec, 0, game=game)
        return spec

    async def _spawn(self) -> _Worker | None:
        worker = await asyncio.to_thread(_Worker, self.config)
        if await asyncio.to_thread(worker.wait_ready, self.config.start_timeout):
            self._all.add(worker)
            return worker
        log.error("an AI worker failed to start")
        await asyncio.to_thread(worker.kill)
        return None

    async def _start(self) -> asyncio.Queue[_Worker]:
        """The queue of idle workers, once the first ones have started.

        Every caller waits for the same start-up (jobs that arrive while the workers are
        still starting must not find the pool empty and give up).
        """
        if self._starting is None:
            self._starting = asyncio.get_running_loop().create_task(self._start_workers())
        return await asyncio.shield(self._starting)

    async def _start_workers(self) -> asyncio.Queue[_Worker]:
        idle: asyncio.Queue[_Worker] = asyncio.Queue()
        for _ in range(max(1, self.config.workers)):
            worker = await self._spawn()
            if worker is not None:
                idle.put_nowait(worker)
        self._idle = idle
        if self._closed:  # closed while starting: stop what has just started
            await self.close()
        return idle

    async def think(self, job: ThinkJob) -> int | None:
        """The agent's action, or ``None`` when it failed, crashed or ran out of time."""
        job = dataclasses.replace(job, spec=self.config.capped(job.spec))
        status, value = await self._run(job, self.config.timeout(job.spec), job.game)
        if status != "ok":
            if status == "error":
                log.warning("agent %s failed: %s", job.spec, value)
            return None
        return int(value)

    async def call(self, job: CallJob) -> Any:
        """The answer of a ``CallJob`` (``CallFailedError`` when it failed)."""
        status, value = await self._run(job, job.timeout, job.path)
        if status != "ok":
            raise CallFailedError(str(value))
        return value

    async def _run(self, job: ThinkJob | CallJob, timeout: float, what: str) -> tuple[str, Any]:
        """Send ``job`` to an idle worker and wait at most ``timeout`` seconds for its
        answer: ``("ok", value)``, ``("error", text)``, ``("timeout" | "crash" | "none",
        text)``. A worker that times out or crashes is replaced."""
        if self._closed:
            return "none", "the pool is closed"
        idle = await self._start()
        if not self._all:
            return "none", "no worker could be started"
        try:  # all workers busy: wait, but not forever
            worker = await asyncio.wait_for(idle.get(), self.config.start_timeout)
        except TimeoutError:
            log.warning("no AI worker came free for %s", what)
            return "none", "no worker came free"
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        fd = worker.conn.fileno()

        def on_readable() -> None:
            if not ready.done():
                ready.set_result(None)

        try:
            worker.conn.send(job)
            loop.add_reader(fd, on_readable)
            try:
                await asyncio.wait_for(ready, timeout)
            finally:
                loop.remove_reader(fd)
            # uvloop leaves a watched descriptor non-blocking: an answer larger than the
            # pipe's buffer (an analysis) would then be read only in part.
            os.set_blocking(fd, True)
            status, value = worker.conn.recv()
        except TimeoutError:
            self.timeouts += 1
            log.warning("%s timed out after %g s", what, timeout)
            await self._replace(worker)
            return "timeout", f"no answer within {timeout:g} s"
        except (EOFError, OSError, BrokenPipeError):
            self.crashes += 1
            log.warning("a worker process crashed (%s)", what)
            await self._replace(worker)
            return "crash", "the worker process crashed"
        except asyncio.CancelledError:
            await asyncio.shield(self._replace(worker))
            raise
        idle.put_nowait(worker)
        return status, value

    async def _replace(self, worker: _Worker) -> None:
        self._all.discard(worker)
        await asyncio.to_thread(worker.kill)
        if self._closed or self._idle is None:
            return
        fresh = await self._spawn()
        if fresh is not None:
            self._idle.put_nowait(fresh)

    async def close(self) -> None:
        """Stop every worker."""
        self._closed = True
        for worker in list(self._all):
            with contextlib.suppress(OSError, BrokenPipeError):
                worker.conn.send(None)
            await asyncio.to_thread(worker.kill)
        self._all.clear()

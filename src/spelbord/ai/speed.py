"""How fast the search agents work: determinizations and iterations per second, and the
time each AI level actually takes a decision (``spelbord bench GAME``).

Every figure is measured on decision positions drawn from random games (a seat to move
with at least two legal actions), the same positions for every measurement.

>>> from spelbord import games
>>> game = games.load("islandet")
>>> positions = decision_positions(game, 3, seed=1)
>>> len(positions), all(len(s.legal_actions(seat)) > 1 for s, seat in positions)
(3, True)
>>> draw_rate(positions, 0.01, "determinize").count > 0
True
>>> default_search(game)
'mcts'
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from spelbord.ai.spec import make_agent
from spelbord.ai.view import SeatView
from spelbord.core import CHANCE, SIMULTANEOUS, Game, State, random_step

Draw = Literal["resample", "determinize"]
MAX_GAMES = 50
"""Random games ``decision_positions`` plays at most."""
EVERY = 15
"""``decision_positions`` takes one decision in this many."""


@dataclass(frozen=True)
class Rate:
    """``count`` things done in ``seconds`` of wall-clock time (``cpu``: of this process's
    CPU time, which a busy shared machine does not stretch)."""

    count: int
    seconds: float
    cpu: float = 0.0

    @property
    def per_second(self) -> float:
        return self.count / self.seconds if self.seconds > 0 else 0.0

    @property
    def per_cpu_second(self) -> float:
        return self.count / self.cpu if self.cpu > 0 else 0.0


@dataclass(frozen=True)
class DecisionTimes:
    """The seconds of each decision an agent took, against its stated time (wall-clock
    seconds, or the process's CPU seconds: ``decision_times``)."""

    spec: str
    stated: float
    seconds: tuple[float, ...]

    @property
    def mean(self) -> float:
        return sum(self.seconds) / len(self.seconds)

    @property
    def worst(self) -> float:
        return max(self.seconds)

    def within(self, slack: float = 0.2) -> bool:
        """Whether every decision kept within the stated time plus ``slack`` of it."""
        return self.worst <= self.stated * (1.0 + slack)


def default_search(game: Game) -> str:
    """The generic search of ``game``: ``ismcts`` with hidden information, else ``mcts``."""
    return "mcts" if game.info.information == "perfect" else "ismcts"


def decision_positions(game: Game, count: int, seed: int = 0) -> list[tuple[State, int]]:
    """``count`` positions ``(state, seat)`` where ``seat`` has a choice, from random games.

    Positions are taken spread over whole games (every ``EVERY``-th decision), in as many games
    as it takes, at most ``MAX_GAMES`` (a game with few choices may give fewer).
    """
    rng = random.Random(seed)
    out: list[tuple[State, int]] = []
    for _ in range(MAX_GAMES):
        if len(out) >= count:
            break
        state = game.new_initial_state()
        seen = 0
        while not state.is_terminal() and len(out) < count:
            player = state.current_player()
            seats = range(state.num_players()) if player == SIMULTANEOUS else [player]
            if player != CHANCE:
                for seat in seats:
                    if len(state.legal_actions(seat)) > 1:
                        seen += 1
                        if seen % EVERY == 0:
                            out.append((state.clone(), seat))
                        break
            random_step(state, rng)
    return out


def draw_rate(positions: list[tuple[State, int]], seconds: float, how: Draw) -> Rate:
    """Calls of ``State.resample`` or ``State.determinize`` per second over ``positions``."""
    rng = random.Random(0)
    done = 0
    start, cpu = time.perf_counter(), time.process_time()
    while True:
        state, seat = positions[done % len(positions)]
        getattr(state, how)(seat, rng)
        done += 1
        elapsed = time.perf_counter() - start
        if (elapsed >= seconds and done >= len(positions)) or elapsed >= 10 * seconds:
            return Rate(done, elapsed, time.process_time() - cpu)


def search_rate(spec: str, positions: list[tuple[State, int]], seconds: float) -> Rate | None:
    """Iterations per second of the agent ``spec`` searching ``positions`` in turn; None if
    the agent does not count its iterations (alpha-beta, an equilibrium solver: their own
    figures say how fast they are)."""
    agent = make_agent(spec, seed=0)
    if not hasattr(agent, "last_stats"):
        return None
    iterations = 0
    spent = 0.0
    cpu = time.process_time()
    for k in range(len(positions) * 100):
        state, seat = positions[k % len(positions)]
        agent.step(SeatView(state.clone(), seat))
        stats = getattr(agent, "last_stats", None)
        if stats is not None:
            iterations += stats.iterations
            spent += stats.seconds
        if spent >= seconds:
            break
    return Rate(iterations, spent, time.process_time() - cpu)


def decision_times(
    spec: str,
    stated: float,
    positions: list[tuple[State, int]],
    clock: Callable[[], float] = time.perf_counter,
) -> DecisionTimes:
    """The time ``spec`` takes for each decision at ``positions`` (``SeatView.step``), by
    ``clock``: wall-clock seconds (what a player waits, on a quiet machine), or
    ``time.process_time`` (the work the agent did: on a busy machine wall time also counts
    the time other processes held the cores).
    """
    agent = make_agent(spec, seed=0)
    out = []
    for state, seat in positions:
        view = SeatView(state.clone(), seat)
        start = clock()
        agent.step(view)
        out.append(clock() - start)
    return DecisionTimes(spec, stated, tuple(out))

"""One game of a study, played and measured: the moves, and what a designer asks of them.

``play_measured`` plays like ``spelbord.lab.match.play_game`` (the same seeds give the
same moves) and records, beside the moves:

- ``branching``: the number of legal actions at every decision (at a simultaneous node,
  one entry per seat that decides);
- ``lead`` (and ``lead_team`` when seats play in teams): who leads after each move, by
  the game's own ``heuristic_value`` (else ``margin``; the game's lab data may choose),
  kept compactly as change points ``[ply, leader, ply, leader, ...]`` (leader ``-1``: a
  tie); at the end the returns decide the lead, so the winner leads the last ply;
- ``repeats``/``max_seen``/``loop_ply`` when the game declares a position key: how often
  a position (with the same seat to move) recurred, and where one was seen a third time;
- a **hole** when the game cannot go on as the rules promise: a seat (or chance) with no
  legal action, the rules raising an error, an agent raising one or choosing an illegal
  action, or more moves than the game's ``max_game_length``. The game then stops there
  with termination ``lab:<hole>``; its moves replay up to the hole.

>>> lead_changes([3, 0, 5, -1, 6, 1])
1
>>> lead_changes([1, 0, 2, -1, 3, 0])
0
>>> settled_at([3, 0, 5, -1, 6, 1], length=10, winner=1)
0.6
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from spelbord.ai import Agent, SeatView
from spelbord.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    IllegalActionError,
    State,
    sample_outcome,
    seeded,
)
from spelbord.lab.gamedata import LabData

LAB_PREFIX = "lab:"
"""Terminations the lab gives a game that stopped at a hole: ``lab:no-legal-action`` ..."""
NO_LEGAL = "no-legal-action"
RULES_ERROR = "rules-error"
AGENT_ERROR = "agent-error"
MAX_LENGTH = "max-length"
HOLES = (NO_LEGAL, RULES_ERROR, AGENT_ERROR, MAX_LENGTH)
LOOP_SEEN = 3
"""A position seen this often in one game is a repetition loop."""


@dataclass
class Playout:
    """A game as ``play_measured`` left it (see the module)."""

    state: State
    returns: tuple[float, ...]
    termination: str
    first: int = -1
    """The seat of the first decision (``-1``: simultaneous, or none)."""
    branching: list[int] = field(default_factory=list)
    lead: list[int] | None = None
    lead_team: list[int] | None = None
    repeats: int | None = None
    max_seen: int | None = None
    loop_ply: int | None = None
    hole: str = ""
    note: str = ""

    @property
    def finished(self) -> bool:
        return not self.hole


class _Hole(Exception):
    def __init__(self, kind: str, note: str) -> None:
        super().__init__(note)
        self.kind = kind
        self.note = note


def leader(values: Sequence[float]) -> int:
    """The index of the strictly largest value, ``-1`` for a tie at the top."""
    best = max(values)
    top = [i for i, v in enumerate(values) if v == best]
    return top[0] if len(top) == 1 else -1


def lead_changes(points: Sequence[int]) -> int:
    """How often the lead passed from one side to another (ties in between skipped)."""
    leaders = [points[i + 1] for i in range(0, len(points), 2) if points[i + 1] >= 0]
    return sum(1 for a, b in itertools.pairwise(leaders) if a != b)


def settled_at(points: Sequence[int], length: int, winner: int) -> float | None:
    """The share of the game played when ``winner`` took the lead for good (``None`` if
    it never led at the end: no lead measured, or the last change point is another's)."""
    if not points or length <= 0 or points[-1] != winner:
        return None
    return points[-2] / length


class _Lead:
    """Change points of the leader by seat (and by team) as the game goes on."""

    def __init__(self, game: Game, how: str) -> None:
        self.how = how
        teams = game.teams()
        self.teams = teams if any(len(t) > 1 for t in teams) else None
        self.points: list[int] = []
        self.team_points: list[int] = []
        self.active = how != "none"

    def values(self, state: State) -> list[float] | None:
        if state.is_terminal():
            return [float(r) for r in state.returns()]
        if self.how == "margin":
            return state.margin()
        value = state.heuristic_value()
        if value is None and self.how == "auto":
            value = state.margin()
        return value

    def observe(self, state: State, ply: int) -> None:
        if not self.active:
            return
        values = self.values(state)
        if values is None:
            return
        _mark(self.points, ply, leader(values))
        if self.teams is not None:
            team_values = [sum(values[s] for s in team) for team in self.teams]
            _mark(self.team_points, ply, leader(team_values))


def _mark(points: list[int], ply: int, who: int) -> None:
    if not points or points[-1] != who:
        points.extend((ply, who))


class _Loops:
    """How often each position recurs (with the same seat to move)."""

    def __init__(self, key: Callable[[State], Any] | None) -> None:
        self.key = key
        self.seen: dict[Any, int] = {}
        self.repeats = 0
        self.max_seen = 0
        self.loop_ply: int | None = None

    def observe(self, state: State, ply: int) -> None:
        if self.key is None or state.is_terminal():
            return
        position = (self.key(state), state.current_player())
        count = self.seen.get(position, 0) + 1
        self.seen[position] = count
        if count > 1:
            self.repeats += 1
        self.max_seen = max(self.max_seen, count)
        if count == LOOP_SEEN and self.loop_ply is None:
            self.loop_ply = ply


def play_measured(game: Game, agents: Sequence[Agent], seed: int, data: LabData) -> Playout:
    """Play one game to its end (or to a hole), measuring it (see the module)."""
    n = game.num_players()
    if len(agents) != n:
        raise ValueError(f"{game.name} needs {n} agents, got {len(agents)}")
    rng = seeded(seed)
    state = game.new_initial_state()
    views = [SeatView(state, seat) for seat in range(n)]
    lead = _Lead(game, data.lead)
    loops = _Loops(data.key_function())
    branching: list[int] = []
    first: int | None = None
    limit = game.max_game_length()
    hole, note = "", ""
    try:
        _rules(lead.observe, state, 0)
        _rules(loops.observe, state, 0)
        ply = 0
        while True:
            player = _rules(state.current_player)
            if player == TERMINAL:
                break
            if ply >= limit:
                raise _Hole(MAX_LENGTH, f"still going after {limit} moves (max_game_length)")
            if player == CHANCE:
                outcomes = _rules(state.chance_outcomes)
                if not outcomes:
                    raise _Hole(NO_LEGAL, f"a chance node with no outcome at move {ply}")
                _rules(state.apply_action, sample_outcome(outcomes, rng))
            elif player == SIMULTANEOUS:
                counts = [len(_rules(state.legal_actions, seat)) for seat in range(n)]
                if not all(counts):
                    stuck = counts.index(0)
                    raise _Hole(NO_LEGAL, f"seat {stuck} has no legal action at move {ply}")
                branching.extend(counts)
                first = -1 if first is None else first
                joint = [_agent(agents[seat], views[seat]) for seat in range(n)]
                _apply(f"joint action {joint}", state.apply_actions, joint)
            else:
                count = len(_rules(state.legal_actions, player))
                if not count:
                    raise _Hole(NO_LEGAL, f"seat {player} has no legal action at move {ply}")
                branching.append(count)
                first = player if first is None else first
                action = _agent(agents[player], views[player])
                _apply(f"seat {player} action {action}", state.apply_action, action)
            ply += 1
            _rules(lead.observe, state, ply)
            _rules(loops.observe, state, ply)
    except _Hole as found:
        hole, note = found.kind, found.note
    finished = not hole
    returns = tuple(float(r) for r in state.returns()) if finished else (0.0,) * n
    return Playout(
        state=state,
        returns=returns,
        termination=state.termination() if finished else LAB_PREFIX + hole,
        first=-1 if first is None else first,
        branching=branching,
        lead=lead.points if lead.active else None,
        lead_team=lead.team_points if lead.active and lead.teams is not None else None,
        repeats=loops.repeats if loops.key is not None else None,
        max_seen=loops.max_seen if loops.key is not None else None,
        loop_ply=loops.loop_ply,
        hole=hole,
        note=note,
    )


def _rules(call: Callable[..., Any], *args: Any) -> Any:
    """``call(*args)``; an exception from the rules becomes a ``rules-error`` hole."""
    try:
        return call(*args)
    except _Hole:
        raise
    except Exception as exc:
        raise _Hole(RULES_ERROR, f"{type(exc).__name__}: {exc}") from exc


def _agent(agent: Agent, view: SeatView) -> int:
    try:
        return agent.step(view)
    except Exception as exc:
        raise _Hole(AGENT_ERROR, f"{agent.name}: {type(exc).__name__}: {exc}") from exc


def _apply(what: str, call: Callable[..., None], move: Any) -> None:
    """Apply a move: an illegal one is the agent's fault, any other error the rules'."""
    try:
        call(move)
    except IllegalActionError as exc:
        raise _Hole(AGENT_ERROR, f"{what} refused: {exc}") from exc
    except Exception as exc:
        raise _Hole(RULES_ERROR, f"{what}: {type(exc).__name__}: {exc}") from exc

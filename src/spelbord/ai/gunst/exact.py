"""Exact solving of Gunst's last season: its value, an equilibrium, and exact best replies.

After the Tinge selections are revealed a Gunst round is a game of perfect information
with chance (the coin of R5) and two seats of opposite interest (R22: +1, 0, -1), so from
a revealed position of the last season the exact value is plain expectimax (minimax at
decisions, the average at the coin), memoised on the position (the event log aside). Three
exact simplifications hold in the last season only (the game ends with the round, so only
life stones count, and a deity off the field can never act again): a farmer's or
scholar's raise (R18) and the favour (R7) change nothing, so one deity moved stands for
all; positions that differ only in where deities off the field stand on the track (R2)
are one (``memo.last_season_key``); and a scholar row that strikes (R20) is never worse
for its owner than one that raises, so only striking is searched. Same matrices, cell for
cell, as the search without the first two on 40 random last seasons (6,134 cells), in
about half the time.

The last season's Tinge is then one matrix game: every legal selection of each seat (R4)
against every one of the other's, each cell the exact value of the round. Its LP solution
(``spelbord.ai.matrixgame``) is an equilibrium of the whole last season, and
``exploitability`` measures a mixed selection against it: what the best reply of the
opponent (any selection, then best in-round play) takes off the game's value. The best
reply can also answer a given in-round policy (``RoundPolicy``) instead of best play, so
an agent's whole last season is measured, its single-seat decisions included.

>>> from spelbord.games.gunst.position import Table
>>> t = Table(); t.season = 4; t.hand = [[0, 1, 0, 0, 0], [0, 0, 0, 0, 0]]
>>> t.life = [1, 1]
>>> solve_last_season(t, 0).value  # one warrior against nothing: it strikes the last stone
1.0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from spelbord import games
from spelbord.ai import matrixgame
from spelbord.ai.agent import Agent
from spelbord.ai.gunst.memo import last_season_key
from spelbord.ai.view import SeatView
from spelbord.core.errors import SpelbordError
from spelbord.games.gunst import actions as A
from spelbord.games.gunst import rules
from spelbord.games.gunst.pieces import SEASONS
from spelbord.games.gunst.position import COIN, FAVOUR, MODE, OVER, RAISE, TINGE, Table

RoundPolicy = Callable[[Table], int]
"""A seat's in-round decisions: the action it takes at a table where it decides."""

MAX_CELLS = 250_000
"""The largest last-season matrix (selections times selections) solved exactly."""


class ExactSolveError(SpelbordError):
    """An exact solve asked for where it does not apply (not the last season's Tinge, or a
    matrix larger than ``MAX_CELLS``)."""


def _result(t: Table, seat: int) -> float:
    if t.loser < 0:
        return 0.0
    return -1.0 if t.loser == seat else 1.0


class RoundSolver:
    """Exact values of revealed positions of the last season for ``seat``.

    ``policies`` fixes a seat's in-round decisions (a seat absent from it plays best:
    ``seat`` maximises, the other minimises). Values are memoised on
    ``memo.last_season_key``, so a policy is taken to decide alike wherever the deities off
    the field stand, as one that scores its choices by the life stones they leave does
    (``gunst-eq``'s own play: its last-season gaps with its own play are the same as
    before the key, 0.000 on ``POSITIONS``)."""

    def __init__(self, seat: int, policies: dict[int, RoundPolicy] | None = None) -> None:
        self.seat = seat
        self.policies = dict(policies or {})
        self.memo: dict[tuple[Any, ...], float] = {}

    def value(self, t: Table) -> float:
        """``seat``'s exact expected return from the revealed position ``t`` (left as it is)."""
        own = t.clone()
        own.log = []
        return self._value(own)

    def _value(self, t: Table) -> float:
        """``value`` of a copy this search owns: a forced step is played on it in place."""
        if t.phase == OVER:
            return _result(t, self.seat)
        if t.phase == TINGE:
            raise ExactSolveError("the round has ended without ending the game")
        key = last_season_key(t)
        known = self.memo.get(key)
        if known is not None:
            return known
        if t.phase == COIN:
            value = 0.0
            for outcome in (0, 1):
                child = t.clone()
                child.log = []
                rules.toss(child, outcome)
                value += 0.5 * self._value(child)
        else:
            value = self._decision(t)
        self.memo[key] = value
        return value

    def _decision(self, t: Table) -> float:
        actor = t.actor
        policy = self.policies.get(actor)
        if policy is not None:
            actions = [policy(t)]
        else:
            actions = rules.legal_decisions(t, actor)
            if t.phase in (RAISE, FAVOUR):  # the last season: moving a deity changes nothing
                actions = actions[:1]
            elif t.phase == MODE:  # the last season: striking dominates raising
                actions = [A.MODE_STRIKE]
        if len(actions) == 1:  # a forced step: ``t`` is this search's own copy, play on it
            rules.decide(t, actions[0])
            return self._value(t)
        values = []
        for action in actions:
            child = t.clone()
            child.log = []
            rules.decide(child, action)
            values.append(self._value(child))
        return max(values) if actor == self.seat or policy is not None else min(values)


def _check_last_tinge(table: Table) -> None:
    if table.phase != TINGE or table.season != SEASONS:
        raise ExactSolveError(
            f"an exact solve starts at the last season's Tinge, not season {table.season} "
            f"phase {table.phase!r}"
        )


def every_selection(table: Table, seat: int) -> list[int]:
    """Every legal selection of ``seat`` at this Tinge (R4)."""
    return list(rules.selections(tuple(table.hand[seat]), table.ready_mask(seat)))


def cell(table: Table, seat: int, mine: int, theirs: int, solver: RoundSolver) -> float:
    """``seat``'s exact value of the last season when it brings ``mine`` and the other
    ``theirs``."""
    child = table.clone()
    child.log = []
    rules.reveal(child, [mine, theirs] if seat == 0 else [theirs, mine])
    return solver.value(child)


def last_season_matrix(
    table: Table, seat: int, mine: Sequence[int], theirs: Sequence[int], solver: RoundSolver
) -> list[list[float]]:
    """The payoff matrix of the last Tinge for ``seat`` (rows its selections)."""
    return [[cell(table, seat, a, b, solver) for b in theirs] for a in mine]


@dataclass(frozen=True)
class LastSeason:
    """The exact solution of the last season from ``seat``'s side: every selection of
    both seats, an equilibrium mix of each, and the value."""

    mine: tuple[int, ...]
    theirs: tuple[int, ...]
    row: tuple[float, ...]
    col: tuple[float, ...]
    value: float


def solve_last_season(table: Table, seat: int) -> LastSeason:
    """The exact equilibrium of the last season at its Tinge (every selection, exact play)."""
    _check_last_tinge(table)
    mine, theirs = every_selection(table, seat), every_selection(table, 1 - seat)
    if len(mine) * len(theirs) > MAX_CELLS:
        raise ExactSolveError(f"{len(mine)} x {len(theirs)} selections: too many to solve")
    payoff = last_season_matrix(table, seat, mine, theirs, RoundSolver(seat))
    eq = matrixgame.solve(payoff)
    return LastSeason(tuple(mine), tuple(theirs), eq.row, eq.col, eq.value)


@dataclass(frozen=True)
class Exploitability:
    """How much a seat's last season gives away: ``value`` the game's (exact equilibrium,
    for the seat), ``guaranteed`` what the seat's play earns against the opponent's exact
    best reply; ``gap`` = value - guaranteed, and ``of_range`` the gap over the value
    range 2."""

    value: float
    guaranteed: float
    reply: int

    @property
    def gap(self) -> float:
        return self.value - self.guaranteed

    @property
    def of_range(self) -> float:
        return self.gap / 2.0


def exploitability(
    table: Table,
    seat: int,
    mix: dict[int, float],
    policy: RoundPolicy | None = None,
    value: float | None = None,
) -> Exploitability:
    """The exact exploitability of ``seat``'s last season: its Tinge ``mix`` (selection ->
    probability) and, when given, its in-round ``policy`` (else best play), against the
    opponent's best selection and best in-round play. ``value``: the game's value if known
    (else solved here)."""
    _check_last_tinge(table)
    if value is None:
        value = solve_last_season(table, seat).value
    solver = RoundSolver(seat, {seat: policy} if policy is not None else None)
    support = [(a, p) for a, p in mix.items() if p > 0]
    worst, reply = 2.0, -1
    for b in every_selection(table, 1 - seat):
        earned = sum(p * cell(table, seat, a, b, solver) for a, p in support)
        if earned < worst:
            worst, reply = earned, b
    return Exploitability(value, worst, reply)


def agent_policy(agent: Agent, seat: int) -> RoundPolicy:
    """An agent's in-round decisions as a ``RoundPolicy`` (it sees the table as a state
    with no history: every Gunst position is public, R23)."""
    game = games.load("gunst")

    def policy(table: Table) -> int:
        state = game.new_initial_state()
        state.table = table.clone()  # type: ignore[attr-defined]
        return agent.step(SeatView(state, seat))

    return policy


POSITIONS: tuple[
    tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[int, int]], ...
] = (
    (((1, 2, 1, 1, 0), (0, 2, 1, 1, 1)), ((0, 0, 0, 0), (0, 0, 0, 0)), (6, 6)),
    (((1, 1, 1, 1, 1), (1, 2, 1, 0, 1)), ((3, 0, 0, 0), (0, 0, 3, 0)), (5, 4)),
    (((0, 2, 2, 1, 1), (1, 1, 2, 1, 0)), ((0, 3, 0, 0), (0, 0, 0, 0)), (3, 3)),
)
"""Hand-made last-season Tinges of middling size (hands, deity tracks, life) measured by
``main``: part-hoarded hands, up to 48 x 48 selections."""


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m spelbord.ai.gunst.exact [SPEC]``: the exact last-season exploitability
    of an agent (default ``gunst-eq:model=off``) from seat 0 of each of ``POSITIONS``:
    its Tinge mix with exact in-round play, then with its own in-round play."""
    import sys
    import time

    from spelbord.ai import make_agent

    args = list(sys.argv[1:] if argv is None else argv)
    spec = args[0] if args else "gunst-eq:model=off"
    for hands, deities, life in POSITIONS:
        table = Table()
        table.season = SEASONS
        table.hand = [list(h) for h in hands]
        table.deity = [list(d) for d in deities]
        table.life = list(life)
        started = time.process_time()
        solved = solve_last_season(table, 0)
        agent = make_agent(spec, seed=1, game="gunst")
        tinge = getattr(agent, "tinge_policy", None)
        if tinge is None:
            raise ExactSolveError(f"{spec} shows no Tinge mix (tinge_policy)")
        codes, probs = tinge(table, 0)
        mix = dict(zip(codes, probs, strict=True))
        best = exploitability(table, 0, mix, value=solved.value)
        own = exploitability(table, 0, mix, agent_policy(agent, 0), solved.value)
        print(
            f"hands {hands} deities {deities} life {life}: "
            f"{len(solved.mine)} x {len(solved.theirs)} selections, value {solved.value:+.4f}; "
            f"{spec} mix gap {best.of_range:.4f} of the range, with its own play "
            f"{own.of_range:.4f}; {time.process_time() - started:.0f} s CPU",
            flush=True,
        )


if __name__ == "__main__":
    main()

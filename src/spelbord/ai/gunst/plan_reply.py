"""The exact best reply to a scripted Gunst plan: how much a fixed plan can be beaten by.

A scripted plan (``spelbord.ai.gunst.script``) never searches, so against it Gunst is a
one-player game with chance: the coin of equal counts (R5) and the plan's own tie-breaks
(``ScriptedAgent.pick`` and ``fallback`` choose uniformly at random among equals). This
module searches that game exactly: every legal selection of the replying seat at every
Tinge (R4), every decision it makes in the round (R24), the coin and the plan's ties in
expectation, positions memoised (the event log aside). The plan itself decides as it does
in play, through its real ``choose`` on the position's observation.

The value is the replying seat's expected return (+1 win, 0 draw, -1 loss, R22) under
best play; a search stops early at a branch that wins for certain.

>>> reply = best_reply("hoarder", seat=0)
>>> reply.value
1.0
>>> reply.selection.kin  # season 1: bring nothing, like the hoarder
(0, 0, 0, 0, 0)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from spelbord import games
from spelbord.ai.budget import AgentSpecError
from spelbord.ai.gunst.memo import table_key
from spelbord.ai.gunst.script import GunstPlan
from spelbord.ai.scripted import make_plan
from spelbord.ai.view import SeatView
from spelbord.core.errors import SpelbordError
from spelbord.games.gunst import rules
from spelbord.games.gunst.pieces import Selection
from spelbord.games.gunst.position import COIN, OVER, TINGE, Table
from spelbord.games.gunst.state import GunstState

if TYPE_CHECKING:
    from _typeshed import SupportsLenAndGetItem

T = TypeVar("T")


class PlanReplyError(SpelbordError):
    """A best reply asked for where there is none: no Tinge, or no such seat."""


WIN = 1.0


@dataclass(frozen=True)
class PlanReply:
    """The best reply's value (the replying seat's expected return) and its selection at
    the position searched (a Tinge)."""

    value: float
    selection: Selection
    positions: int


class _Enumerator(random.Random):
    """A stand-in for a plan's random generator: ``choice`` takes the ``pick``-th item
    and records how many there were, so every tie can be followed in turn."""

    def __init__(self) -> None:
        super().__init__(0)
        self.pick = 0
        self.width = 1

    def choice(self, seq: SupportsLenAndGetItem[T]) -> T:
        self.width = len(seq)
        return seq[self.pick]


class PlanReplier:
    """The exact best reply of ``seat`` to the Gunst plan ``plan`` (memoised search)."""

    def __init__(self, plan: str, seat: int) -> None:
        if seat not in (0, 1):
            raise PlanReplyError(f"Gunst has seats 0 and 1, not {seat!r}")
        agent = make_plan(plan, seed=0)
        if not isinstance(agent, GunstPlan):
            raise AgentSpecError(f"{plan!r} is not a Gunst plan")
        self.agent = agent
        self.rng = _Enumerator()
        agent.rng = self.rng
        self.seat = seat
        self.other = 1 - seat
        state = games.load("gunst").new_initial_state()
        assert isinstance(state, GunstState)
        self.state: GunstState = state
        self.memo: dict[tuple[Any, ...], float] = {}

    def plan_moves(self, table: Table, actions: list[int]) -> list[tuple[int, float]]:
        """The plan's decision as a distribution over its tie-breaks."""
        if len(actions) == 1:
            return [(actions[0], 1.0)]
        self.state.table = table
        view = SeatView(self.state, self.other)
        moves: dict[int, float] = {}
        self.rng.pick, self.rng.width = 0, 1
        first = self.agent.choose(view, actions)
        width = self.rng.width
        for pick in range(width):
            self.rng.pick = pick
            choice = first if pick == 0 else self.agent.choose(view, actions)
            if choice is None or choice not in actions:
                return [(a, 1.0 / len(actions)) for a in actions]  # the plan's fallback
            moves[choice] = moves.get(choice, 0.0) + 1.0 / width
        return list(moves.items())

    def tinge(self, table: Table) -> list[tuple[float, int]]:
        """(value, selection) of every selection of the replying seat at this Tinge."""
        self.state.table = table
        view = SeatView(self.state, self.other)
        theirs = self.agent.bring(view.observation(), self.other)
        out = []
        best = -2.0
        for code in rules.selections(tuple(table.hand[self.seat]), table.ready_mask(self.seat)):
            child = table.clone()
            child.log = []
            rules.reveal(child, [code, theirs] if self.seat == 0 else [theirs, code])
            value = self.value(child)
            out.append((value, code))
            best = max(best, value)
            if best >= WIN:
                break
        return out

    def action(self, table: Table) -> int:
        """The best action of the replying seat where it decides (a Tinge or its own
        single-seat decision)."""
        if table.phase == TINGE:
            return max(self.tinge(table))[1]
        if table.actor != self.seat or table.phase in (OVER, COIN):
            raise PlanReplyError(f"seat {self.seat} does not decide in phase {table.phase!r}")
        scored = []
        for action in rules.legal_decisions(table, self.seat):
            child = table.clone()
            rules.decide(child, action)
            scored.append((self.value(child), -action))
        return -max(scored)[1]

    def value(self, t: Table) -> float:
        """The replying seat's expected return from ``t`` under best reply."""
        if t.phase == OVER:
            return 0.0 if t.loser < 0 else (1.0 if t.loser == self.other else -1.0)
        key = table_key(t)
        known = self.memo.get(key)
        if known is not None:
            return known
        if t.phase == TINGE:
            value = max(v for v, _ in self.tinge(t))
        elif t.phase == COIN:
            value = 0.0
            for outcome in (0, 1):
                child = t.clone()
                rules.toss(child, outcome)
                value += 0.5 * self.value(child)
        else:
            actions = rules.legal_decisions(t, t.actor)
            if t.actor == self.seat:
                value = -2.0
                for action in actions:
                    child = t.clone()
                    rules.decide(child, action)
                    value = max(value, self.value(child))
                    if value >= WIN:
                        break
            else:
                value = 0.0
                for action, p in self.plan_moves(t, actions):
                    child = t.clone()
                    rules.decide(child, action)
                    value += p * self.value(child)
        self.memo[key] = value
        return value


def best_reply(plan: str, seat: int = 0, table: Table | None = None) -> PlanReply:
    """The exact best reply of ``seat`` to the Gunst plan ``plan`` at a Tinge (default:
    the start of the game): its expected return and its selection there."""
    start = Table() if table is None else table.clone()
    if start.phase != TINGE:
        raise PlanReplyError(f"a best reply starts at a Tinge, not in phase {start.phase!r}")
    search = PlanReplier(plan, seat)
    scored = search.tinge(start)
    value, code = max(scored)
    return PlanReply(value, Selection.decode(code), len(search.memo))

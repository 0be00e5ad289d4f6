"""``gunst-smmcts``: simultaneous-move MCTS with regret matching for Gunst.

Gunst is public except for the secret Tinge selection (its rules R4, R23), so
the search runs on the position itself (``view.resample`` is a copy). The method is
SM-MCTS with regret matching (Lanctot, Lisy, Winands 2013; Lisy et al. 2013), which in
simultaneous-move games approaches a Nash equilibrium where decoupled UCT does not:

* at a Tinge node each seat keeps its own regrets over a *menu* of selections (up to a
  few dozen sensible kin sets times the ready-deity sets, see ``menu``); it samples from
  regret matching mixed with ``gamma`` uniform exploration and updates the regrets with
  importance-weighted outcomes; the mixed strategy it plays is the average strategy;
* at a single-seat decision (who goes first, the favour, a deity's row, ...) the seat to
  act picks by UCT on its own return; the coin is sampled;
* the leaf is played out to the end (menus at the Tinge, a plain greedy policy in the
  round, ``rollout_epsilon`` random), scored by the real returns (+1, 0, -1).

At the root Tinge the agent samples its selection from its average strategy there; at a
single-seat decision it plays the most visited action.

>>> make_gunst_smmcts(["200it"], seed=1).name
'gunst-smmcts:200it'
"""

from __future__ import annotations

import math
import random
from typing import Any

from spelbord.ai.agent import Agent, decision_actions
from spelbord.ai.budget import AgentSpecError, Budget, SearchStats
from spelbord.ai.spec import AgentSpec, agent_kind
from spelbord.ai.view import SeatView
from spelbord.core import seeded
from spelbord.games.gunst import actions as A
from spelbord.games.gunst import rules
from spelbord.games.gunst.pieces import (
    ARCHIMEDES,
    EURIKA,
    EXTAZIA,
    SEASONS,
    VANDRINGSMANDEN,
    WARRIOR,
    Selection,
)
from spelbord.games.gunst.position import COIN, OVER, TINGE, Table

DEFAULT_BUDGET = Budget(seconds=1.0)
DEFAULT_GAMMA = 0.1
UCT_C = 1.4

# Kin sets a player may consider, as functions of the hand (K, W, F, T, S).
_KIN_SETS = (
    lambda h: (0, 0, 0, 0, 0),  # nothing: take the favour
    lambda h: tuple(h),  # everything
    lambda h: (0, min(1, h[1]), 0, 0, 0),  # one warrior
    lambda h: (0, h[1], 0, 0, h[4]),  # warriors and scholars: damage
    lambda h: (0, 0, h[2], 0, 0),  # farmers: raise deities
    lambda h: (0, 0, h[2], 0, h[4]),  # farmers and scholars
    lambda h: (h[0], h[1], 0, h[3], h[4]),  # all but the farmers
)


def menu(table: Table, seat: int) -> list[int]:
    """The selections the search considers for ``seat`` at a Tinge (sorted codes).

    Kin: nothing, everything, one warrior, warriors with scholars, farmers (with or
    without scholars), everything but the farmers. Deities: none, or every ready one; with
    two or more ready, also each single ready deity alongside everything / all but the
    farmers. Every code is a legal selection.
    """
    hand = tuple(table.hand[seat])
    ready = table.ready_mask(seat)
    kins = {f(hand) for f in _KIN_SETS}
    codes = {Selection(k, m).code for k in kins for m in {0, ready}}
    if bin(ready).count("1") >= 2:
        for d in range(4):
            if ready >> d & 1:
                codes.add(Selection(hand, 1 << d).code)
                codes.add(Selection((hand[0], hand[1], 0, hand[3], hand[4]), 1 << d).code)
    return sorted(codes)


ROW_WEIGHT = (0.8, 1.0, 0.3, 0.2, 0.9)


LEAVE_SCORE = 0.0
"""What leaving the rows as they are is worth to the greedy policy (R12, rules version 3):
Archimedes moves a row only when some move scores more, so it leaves a lone warrior row
where it is (a moved warrior row would stop striking)."""


def greedy_decision(table: Table, seat: int, actions: list[int], rng: random.Random) -> int:
    """A plain in-round policy for playouts: deities on the rows that hurt most, strike;
    Archimedes leaves the rows as they are when no move gains (rules version 3)."""
    phase = table.phase
    if phase == "order":
        return A.FIRST + seat
    if phase == "mode":
        late = table.season >= SEASONS or not table.movable_deities(seat)
        return A.MODE_STRIKE if late or rng.random() < 0.5 else A.MODE_RAISE
    if phase in ("favour", "raise", "invoke"):
        order = (ARCHIMEDES, EXTAZIA, VANDRINGSMANDEN, EURIKA)
        for d in order:
            if A.DEITY + d in actions:
                return A.DEITY + d
    if phase in ("target", "dest"):
        mine, theirs = table.rows[seat], table.rows[1 - seat]
        deity = table.deity_in_use
        best, best_score = actions[0], -math.inf
        for a in actions:
            r = a - A.ROW
            if a == A.LEAVE:
                score = LEAVE_SCORE
            elif phase == "dest":
                score = 2.0 if r == table.doubled[seat] else float(r == WARRIOR)
            elif deity == EXTAZIA:
                score = len(mine[r]) * ROW_WEIGHT[r]
            elif deity in (VANDRINGSMANDEN, EURIKA):
                score = len(theirs[r]) * ROW_WEIGHT[r]
            else:
                score = len(mine[r]) - 10.0 * (r == WARRIOR)
            if score > best_score:
                best, best_score = a, score
        return best
    return rng.choice(actions)


def _everything(table: Table, seat: int, rng: random.Random) -> int:
    return Selection(tuple(table.hand[seat]), table.ready_mask(seat)).code


def _hoard(table: Table, seat: int, rng: random.Random) -> int:
    if table.season >= SEASONS:
        return _everything(table, seat, rng)
    return Selection((0, 0, 0, 0, 0), 0).code


def _trickle(table: Table, seat: int, rng: random.Random) -> int:
    hand = table.hand[seat]
    if table.season >= SEASONS:
        return _everything(table, seat, rng)
    kin = [0] * 5
    for kind in (WARRIOR, 4, 0, 2, 3):
        if hand[kind]:
            kin[kind] = 1
            break
    return Selection(tuple(kin), 0).code


def _raise_first(table: Table, seat: int, rng: random.Random) -> int:
    hand = table.hand[seat]
    ready = bin(table.ready_mask(seat)).count("1")
    if table.season < SEASONS and ready < 2 and hand[2] + hand[4] > 0:
        return Selection((0, 0, hand[2], 0, hand[4]), 0).code
    return _everything(table, seat, rng)


def _banish(table: Table, seat: int, rng: random.Random) -> int:
    hand = table.hand[seat]
    if table.season == 1:
        return Selection((0, 0, hand[2], 0, 0), 0).code
    if table.season < SEASONS:
        return Selection((0, 0, 0, 0, 0), 0).code
    return Selection((hand[0], hand[1], 0, hand[3], hand[4]), table.ready_mask(seat)).code


def _menu_random(table: Table, seat: int, rng: random.Random) -> int:
    return rng.choice(menu(table, seat))


ROLLOUT_PLANS = (_hoard, _everything, _trickle, _raise_first, _banish, _menu_random)
"""Whole-game Tinge plans a playout gives each seat (one drawn per seat per playout)."""


def returns(table: Table) -> tuple[float, float]:
    if table.loser < 0:
        return 0.0, 0.0
    return (-1.0, 1.0) if table.loser == 0 else (1.0, -1.0)


class _Node:
    __slots__ = ("children", "mean", "menus", "regret", "strategy_sum", "value", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.value = [0.0, 0.0]  # sum of returns (per seat) through this node
        self.menus: list[list[int]] = []
        self.regret: list[list[float]] = []
        self.strategy_sum: list[list[float]] = []
        self.mean: list[float] = []


def _matching(regret: list[float], gamma: float) -> list[float]:
    positive = [max(0.0, r) for r in regret]
    total = sum(positive)
    n = len(regret)
    if total <= 0:
        return [1.0 / n] * n
    return [(1 - gamma) * p / total + gamma / n for p in positive]


class GunstEqAgent(Agent):
    """SM-MCTS with regret matching over Gunst's selection menus (see the module text)."""

    def __init__(
        self,
        budget: Budget = DEFAULT_BUDGET,
        seed: int | None = None,
        gamma: float = DEFAULT_GAMMA,
        rollout_epsilon: float = 0.2,
    ) -> None:
        self.budget = budget
        self.gamma = gamma
        self.rollout_epsilon = rollout_epsilon
        self.rng = seeded(seed)
        name = f"gunst-smmcts:{budget}"
        if gamma != DEFAULT_GAMMA:
            name += f":gamma={gamma:g}"
        self.name = name
        self.last_stats: SearchStats | None = None
        self.last_strategy: dict[int, float] = {}

    def step(self, view: SeatView) -> int:
        if view.game.name != "gunst":
            raise AgentSpecError(f"gunst-smmcts plays gunst, not {view.game.name}")
        actions = decision_actions(view)
        if len(actions) == 1:
            return actions[0]
        state = view.resample(self.rng)
        table: Table = state.table  # type: ignore[attr-defined]
        seat = view.seat
        root = _Node()
        self.last_stats = self.budget.run(lambda: self._search(root, table))
        if table.phase == TINGE:
            menu_ = root.menus[seat]
            sums = root.strategy_sum[seat]
            total = sum(sums)
            self.last_strategy = {c: s / total for c, s in zip(menu_, sums, strict=True)}
            pick = self.rng.random() * total
            for code, s in zip(menu_, sums, strict=True):
                pick -= s
                if pick <= 0:
                    return code
            return menu_[-1]
        best = max(root.children.items(), key=lambda kv: kv[1].visits)
        return int(best[0])

    # ------------------------------------------------------------------ the search
    def _search(self, root: _Node, table: Table) -> None:
        self._iterate(root, table.clone())

    def _iterate(self, node: _Node, table: Table) -> tuple[float, float]:
        if table.phase == OVER:  # counted like any node, so a won end is the most visited
            result = returns(table)
        elif table.phase == COIN:
            outcome = self.rng.randrange(2)
            rules.toss(table, outcome)
            child = node.children.setdefault(outcome, _Node())
            result = self._descend(child, table)
        elif table.phase == TINGE:
            result = self._tinge(node, table)
        else:
            result = self._decision(node, table)
        node.visits += 1
        node.value[0] += result[0]
        node.value[1] += result[1]
        return result

    def _descend(self, child: _Node, table: Table) -> tuple[float, float]:
        if child.visits == 0:
            result = self._rollout(table)
            child.visits += 1
            child.value[0] += result[0]
            child.value[1] += result[1]
            return result
        return self._iterate(child, table)

    def _tinge(self, node: _Node, table: Table) -> tuple[float, float]:
        if not node.menus:
            node.menus = [menu(table, s) for s in (0, 1)]
            node.regret = [[0.0] * len(m) for m in node.menus]
            node.strategy_sum = [[0.0] * len(m) for m in node.menus]
        picks, probs = [], []
        for s in (0, 1):
            sigma = _matching(node.regret[s], self.gamma)
            for i, p in enumerate(sigma):
                node.strategy_sum[s][i] += p
            r = self.rng.random()
            i = 0
            while i < len(sigma) - 1 and r >= sigma[i]:
                r -= sigma[i]
                i += 1
            picks.append(i)
            probs.append(sigma)
        codes = [node.menus[0][picks[0]], node.menus[1][picks[1]]]
        rules.reveal(table, codes)
        child = node.children.setdefault((codes[0], codes[1]), _Node())
        result = self._descend(child, table)
        for s in (0, 1):
            u = result[s]
            i = picks[s]
            regret = node.regret[s]
            estimate = u / probs[s][i]
            for j in range(len(regret)):
                regret[j] += (estimate if j == i else 0.0) - u
        return result

    def _decision(self, node: _Node, table: Table) -> tuple[float, float]:
        seat = table.actor
        actions = rules.legal_decisions(table, seat)
        untried = [a for a in actions if a not in node.children]
        if untried:
            action = self.rng.choice(untried)
        else:
            log_n = math.log(max(1, node.visits))

            def ucb(a: int) -> float:
                child = node.children[a]
                return child.value[seat] / child.visits + UCT_C * math.sqrt(log_n / child.visits)

            action = max(actions, key=ucb)
        rules.decide(table, action)
        child = node.children.setdefault(action, _Node())
        return self._descend(child, table)

    def _rollout(self, table: Table) -> tuple[float, float]:
        rng = self.rng
        plans = [rng.randrange(len(ROLLOUT_PLANS)), rng.randrange(len(ROLLOUT_PLANS))]
        while table.phase != OVER:
            if table.phase == TINGE:
                rules.reveal(table, [ROLLOUT_PLANS[plans[s]](table, s, rng) for s in (0, 1)])
            elif table.phase == COIN:
                rules.toss(table, rng.randrange(2))
            else:
                seat = table.actor
                actions = rules.legal_decisions(table, seat)
                if table.phase == "order" or rng.random() < self.rollout_epsilon:
                    action = rng.choice(actions)
                else:
                    action = greedy_decision(table, seat, actions, rng)
                rules.decide(table, action)
        return returns(table)


def make_gunst_smmcts(parts: list[str], seed: int | None = None) -> GunstEqAgent:
    """The agent of a spec's parts after ``gunst-smmcts``: ``[budget][:gamma=G]``."""
    parts = list(parts)
    budget = DEFAULT_BUDGET
    if parts and "=" not in parts[0]:
        budget = Budget.parse(parts.pop(0))
    gamma = DEFAULT_GAMMA
    for part in parts:
        key, sep, value = part.partition("=")
        if key != "gamma" or not sep:
            raise AgentSpecError(f"unknown option {part!r} for gunst-smmcts (options: gamma)")
        try:
            gamma = float(value)
        except ValueError:
            raise AgentSpecError(f"bad value {value!r} for gamma") from None
        if not 0 < gamma <= 1:
            raise AgentSpecError(f"gamma is in (0, 1], got {gamma}")
    return GunstEqAgent(budget, seed, gamma=gamma)


@agent_kind("gunst-smmcts", games=("gunst",))
def gunst_smmcts(spec: AgentSpec, seed: int | None = None) -> GunstEqAgent:
    """``gunst-smmcts[:budget][:gamma=G]`` (``make_gunst_smmcts``)."""
    return make_gunst_smmcts(list(spec.parts), seed)

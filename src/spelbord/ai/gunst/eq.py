"""``gunst-eq``: depth-limited solving of Gunst with a matrix game at each secret choice.

Gunst is public except for the Tinge selection both seats make at once (its rules
R4, R23). At a Tinge the agent builds the matrix game of this season: rows are its
selections, columns the opponent's (``menu``: the sensible kin sets times the ready-deity
sets). Each cell plays the round out (the coin of R5 in expectation, the chooser's order
choice of R6 both ways, taking the chooser's better, the other decisions by a plain greedy
policy) and values the position at the next season by a *leaf game* (depth-limited
solving in the manner of Brown, Sandholm and Amos 2018): from there each seat picks one
of a few whole-game continuation plans (``CONTINUATIONS``), each pair is played out, and
the leaf is worth the value of that small matrix game. Every matrix game is solved
exactly by linear programming (``spelbord.ai.matrixgame``, scipy's HiGHS), and the agent
draws its selection from the equilibrium mix. In season 4 every cell is played to the
end, and a double oracle grows both menus with best replies taken from every legal
selection (when there are at most ``ORACLE_CAP``) until no reply gains (or
``ORACLE_SECONDS`` pass), so the last matrix is solved over the whole selection space up
to the greedy in-round play.

Opponent modelling (``model=on``, the default) is *safe exploitation*: the continuation
plans that chose every selection the opponent has revealed so far are its model (trust
1 - 2**-k after k matching seasons). Every position then has two values: *safe* (the
opponent plays the equilibrium of every later matrix game) and *expected* (leaning
toward the model's plans). At a Tinge the agent plays the mix that scores best in
expectation against the equilibrium column mixed with the model's prediction, among the
mixes that still guarantee the game's safe value minus a slack against every column
(``matrixgame.safe_reply``, one LP): ``safety`` in seasons 1-3 (default 0.025 in the
value range -1..1), ``safety4`` in season 4 (default 0.4, ``DEFAULT_LAST_SAFETY``); a
single-seat decision takes the best expected action among those of the best safe value.

Why season 4 has its own slack: every scripted plan loses for certain to its exact best
reply (``spelbord.ai.gunst.plan_reply``: value +1 from either seat for the hoarder,
banisher, trickle, all-in and deity-rush), e.g. against the hoarder: bring nothing
three times, then everything but one scholar (10 pieces against 11 makes the reply the
chooser, R5). But after three seasons of ``bring nothing`` the season-4 frontier is a
line: a mix gains against ``bring everything`` exactly what it can lose to the best
answer to it. With one slack of 0.025 gunst-eq drew 39 of 40 against the hoarder
(``--seed 11``, before f91f68d); a season-4 slack of 0.25 won 8 and drew 32 (60%, seed
21); 0.4 buys the floor with a margin at the price of a mimic (``gunst-br:mimic=hoard``)
that turns in season 4.
Measured at commit f91f68d, 24 November 2026 (``spelbord/ai/ladders/gunst.json``): against
the hoarder 30 of 40 (20 wins, 20 draws), banisher 37, trickle, all-in and deity-rush 40
of 40; the best reply ``gunst-br`` scored 12 of 20 against it (mean return +0.2: 0.1 of
the value range 2) and ``gunst-br:mimic=hoard`` 13 of 20 (+0.3: 0.15 of the range).

Closer to equilibrium before the last season (issue 31, options for Master). Without
the model, the whole-game probe (``spelbord.ai.gunst.probe``, every mix and coin followed)
found the loss in season 3: with full hands both seats bring nothing, and a reply of one
or two warriors (two is outside the menus) took 0.33-0.43 a game, because a season-4 leaf
was valued by the 7 x 7 menu game, which never sees the reply that wins season 4.
``solve4=on`` values such a leaf as the agent solves that Tinge, by the double oracle over
every legal selection (``LEAF_ORACLE_SECONDS`` per leaf); ``favour=search`` then lets the
favoured seat spend a playout's favour as suits it (the greedy policy always moved
Archimedes, which hid a season 4 lost for certain after three farmers against nothing).
``wide=on`` grows seasons 1-3's menus by a double oracle over every legal selection too
(at the start of the game it adds nothing: no selection beats ``bring nothing`` by the
agent's own evaluation).
None of them closes the gap: a reply of a farmer and a thief in season 1 still wins for
certain against ``model=off`` with or without ``favour=search``, and ``solve4=on`` with
``favour=search`` made season 3 more exploitable, not less. ``solve4=on:think=5`` (half a
second for each leaf's oracle, which then finishes) is Master: a third of Hard's loss
to that reply, and +0.33 a game against Hard (``spelbord.ai.gunst.levels`` has the
figures).

Single-seat decisions (who goes first, the favour, a deity's row, Archimedes leaving the
rows as they are under rules version 3, the scholars' mode, a raise) are chosen by the
same evaluation: each legal action, the rest of the round greedy (``greedy_decision``),
the leaf game at the next season. Every search copies the table with its rules version,
so it plays the rules of the game it is in (a deity that has acted is spent on the field
until the round ends under version 3, and no farmer raises it).

Time: at most 2 s of CPU a decision (the season-4 searches stop at ``ORACLE_SECONDS``
plus ``REPLY_SECONDS``; seasons 1-3 are bounded by the menus). Measured, November 2026:
at most 0.69 s of CPU over 48 Tinge and 92 single-seat decisions against three plans
(wall time on the shared 2-core machine at load 15-18: up to 13.5 s).

>>> make_gunst_eq([], seed=1).name
'gunst-eq'
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from spelbord.ai import matrixgame
from spelbord.ai.agent import Agent, decision_actions
from spelbord.ai.budget import AgentSpecError
from spelbord.ai.gunst.memo import round_key
from spelbord.ai.gunst.smmcts import greedy_decision, menu
from spelbord.ai.spec import AgentSpec, agent_kind
from spelbord.ai.view import SeatView
from spelbord.core import State, seeded
from spelbord.games.gunst import actions as A
from spelbord.games.gunst import rules
from spelbord.games.gunst.pieces import NUM_SELECTIONS, SEASONS, Selection
from spelbord.games.gunst.position import COIN, FAVOUR, OVER, TINGE, Table

Plan = Callable[[Table, int], int]
LAST_SEASON_CAP = 96
"""In season 4 every selection is considered from the start when a seat has at most this many."""
ORACLE_CAP = 2400
"""Season 4's double oracle searches a seat's every selection when it has at most this many."""
ORACLE_SECONDS = 1.0
"""Season 4's double oracle stops growing the menus after this much CPU time (process
time, so that the work done, and the strength, do not depend on the machine's load)."""
LEAF_ORACLE_SECONDS = 0.1
"""``solve4=on``: the CPU time of the double oracle that values each leaf at the start of
season 4 (times ``think``)."""
WIDE_SECONDS = 4.0
"""``wide=on``: seasons 1-3's double oracle stops growing the menus after this much CPU
time (times ``think``)."""
LEAF_CELLS = 100
"""A leaf at the start of season 4 is solved as its own matrix game when the two menus
make at most this many cells (else the continuation plans value it)."""
REPLY_ROWS = 8
"""Season 4: how many own selections best against the prediction the safe reply adds."""
REPLY_SECONDS = 0.6
REPLY_ROUNDS = 12
"""Season 4: the safe reply's rounds of adding columns that break its floor (and its time)."""
OWN_LAST_SEASON_CAP = NUM_SELECTIONS
"""The best reply ``gunst-br`` searches every own selection in season 4."""
NOTHING = Selection((0, 0, 0, 0, 0), 0).code
DEFAULT_SAFETY = 0.025
"""How far (in the value range -1..1) the model may lead a Tinge below the equilibrium's
guarantee: at most four Tinges a game, so at most 0.1 a game."""
DEFAULT_LAST_SAFETY = 0.4
"""The ``safety`` of season 4's Tinge, where the model predicts a plan's last selection.
On the position after three seasons of ``bring nothing`` every mix's gain against the
hoarder's ``bring everything`` equals its loss against the worst reply (the frontier is
the line from the equilibrium, 0, to the pure best reply: +1 against the plan, -1
against its answer), so a mimic that turns in season 4 can win what the hoarder loses.
0.4 buys an expected 70% score against the hoarder (the issue's floor is 60%; 0.25
measured exactly 60%) at a cost of at most 0.4 a game (of the value range 2) to a mimic.
"""
TIE = 1e-9
"""Single-seat decisions follow the model only among actions of equal safe value."""


def _everything(table: Table, seat: int) -> int:
    return Selection(tuple(table.hand[seat]), table.ready_mask(seat)).code


def _hoard(table: Table, seat: int) -> int:
    return _everything(table, seat) if table.season >= SEASONS else NOTHING


def _trickle(table: Table, seat: int) -> int:
    if table.season >= SEASONS:
        return _everything(table, seat)
    hand = table.hand[seat]
    for kind in (1, 4, 0, 2, 3):
        if hand[kind]:
            kin = [0] * 5
            kin[kind] = 1
            return Selection(tuple(kin), 0).code
    return NOTHING


def _raise_first(table: Table, seat: int) -> int:
    hand = table.hand[seat]
    ready = bin(table.ready_mask(seat)).count("1")
    if table.season < SEASONS and ready < 2 and hand[2] + hand[4] > 0:
        return Selection((0, 0, hand[2], 0, hand[4]), 0).code
    return _everything(table, seat)


def _banish(table: Table, seat: int) -> int:
    hand = table.hand[seat]
    if table.season >= SEASONS:
        return Selection((hand[0], hand[1], 0, hand[3], hand[4]), table.ready_mask(seat)).code
    if hand[2] and not table.ready_mask(seat):
        return Selection((0, 0, hand[2], 0, 0), 0).code
    return NOTHING


def _damage(table: Table, seat: int) -> int:
    hand = table.hand[seat]
    if table.season >= SEASONS:
        return _everything(table, seat)
    return Selection((0, hand[1], 0, 0, hand[4]), table.ready_mask(seat)).code


CONTINUATIONS: tuple[tuple[str, Plan, bool], ...] = (
    ("hoard", _hoard, True),
    ("everything", _everything, True),
    ("trickle", _trickle, True),
    ("raise-first", _raise_first, True),
    ("banish", _banish, False),
    ("damage", _damage, True),
)
"""Whole-game plans a seat may switch to at a leaf: (name, Tinge choice, goes first)."""


def _value(table: Table, seat: int) -> float:
    if table.loser < 0:
        return 0.0
    return -1.0 if table.loser == seat else 1.0


Value = tuple[float, float]
"""A position's worth to the agent: (safe, expected). *safe* assumes the opponent plays
the equilibrium of every later matrix game (the worst case the agent guards); *expected*
leans toward the opponent model's prediction (equal to *safe* without a model)."""


def _pick(values: Sequence[Value], slack: float) -> int:
    """The index of the best expected value among those within ``slack`` of the best safe
    value (safe exploitation of a single-seat choice)."""
    best_safe = max(v[0] for v in values)
    allowed = [i for i, v in enumerate(values) if v[0] >= best_safe - slack]
    return max(allowed, key=lambda i: values[i][1])


class GunstSolver(Agent):
    """Depth-limited matrix-game solving for Gunst (see the module text)."""

    def __init__(
        self,
        seed: int | None = None,
        exploit: bool = True,
        safety: float = DEFAULT_SAFETY,
        last_safety: float = DEFAULT_LAST_SAFETY,
        think: float = 1.0,
        wide: bool = False,
        solve4: bool = False,
        raises: bool = False,
    ) -> None:
        self.name = "gunst-eq"
        self.think = think
        self.wide = wide
        self.solve4 = solve4
        self.raises = raises
        self._round_cache: dict[tuple[object, ...], Value] = {}
        self.rng = seeded(seed)
        self.safety = safety
        self.last_safety = last_safety
        self._leaf_cache: dict[tuple[object, ...], Value] = {}
        self._cells: dict[tuple[int, int], Value] = {}
        self.last_strategy: dict[int, float] = {}
        self.last_value = 0.0
        self.exploit = exploit
        self._model: list[int] = []  # indices into CONTINUATIONS the opponent matches
        self._trust = 0.0  # weight of the model against the equilibrium (0: none)

    # ------------------------------------------------------------------ the agent
    def step(self, view: SeatView) -> int:
        if view.game.name != "gunst":
            raise AgentSpecError(f"gunst-eq plays gunst, not {view.game.name}")
        actions = decision_actions(view)
        if len(actions) == 1:
            return actions[0]
        state = view.resample(self.rng)
        table: Table = state.table  # type: ignore[attr-defined]
        seat = view.seat
        self._leaf_cache.clear()
        self._round_cache.clear()
        self.fit_model(state, 1 - seat)
        if table.phase == TINGE:
            return self._tinge(table, seat)
        values = []
        for action in actions:
            child = table.clone()
            rules.decide(child, action)
            values.append(self._finish_round(child, seat))
        best = _pick(values, TIE)
        self.last_value = values[best][0]
        return actions[best]

    def _choices(self, table: Table, seat: int, cap: int = LAST_SEASON_CAP) -> list[int]:
        """The selections considered: all of them in the last season when at most ``cap``,
        else the menu."""
        if table.season >= SEASONS:
            every = rules.selections(tuple(table.hand[seat]), table.ready_mask(seat))
            if len(every) <= cap:
                return list(every)
        return menu(table, seat)

    def fit_model(self, state: State, opponent: int) -> None:
        """The continuation plans that chose every selection the opponent has revealed.

        The history is public (R23): replaying it gives the table at each past Tinge. Trust
        in the model grows with the evidence: 1 - 2**-k after k matching seasons.
        """
        self._model, self._trust = [], 0.0
        if not self.exploit:
            return
        replay = state.game.new_initial_state()
        seen: list[tuple[Table, int]] = []
        for move in state.history():
            if isinstance(move, int):
                replay.apply_action(move)
            else:
                seen.append((replay.table.clone(), move[opponent]))  # type: ignore[attr-defined]
                replay.apply_actions(list(move))
        if not seen:
            return
        self._model = [
            i
            for i, (_, plan, _) in enumerate(CONTINUATIONS)
            if all(plan(t, opponent) == code for t, code in seen)
        ]
        if self._model:
            self._trust = 1.0 - 0.5 ** len(seen)

    def _tinge(self, table: Table, seat: int) -> int:
        codes, probs = self.tinge_policy(table, seat)
        pick = self.rng.random()
        for code, p in zip(codes, probs, strict=True):
            pick -= p
            if pick <= 0:
                return code
        return codes[-1]

    def tinge_policy(self, table: Table, seat: int) -> tuple[list[int], list[float]]:
        """The mixed selection of ``seat`` at this Tinge.

        Without a fitted model: the equilibrium of the season's matrix game (solved by LP).
        With one: the safe reply (``matrixgame.safe_reply``) that scores best against the
        equilibrium column mixed with the model's prediction, among the mixes that
        guarantee the game's value minus ``safety`` against every column."""
        theirs = self._choices(table, 1 - seat)
        mine = self._choices(table, seat)
        predicted = sorted({CONTINUATIONS[i][1](table, 1 - seat) for i in self._model})
        theirs = sorted(set(theirs) | set(predicted))
        self._cells = {}
        if table.season >= SEASONS:
            deadline = time.process_time() + ORACLE_SECONDS * self.think
            mine, theirs = self._double_oracle(table, seat, mine, theirs, deadline)
        elif self.wide:
            deadline = time.process_time() + WIDE_SECONDS * self.think
            mine, theirs = self._double_oracle(table, seat, mine, theirs, deadline)
        safe = self.payoff(table, seat, mine, theirs)
        eq = matrixgame.solve(safe)
        x = list(eq.row)
        self.last_value = eq.value
        if predicted and self._trust > 0:
            q = [(1 - self._trust) * p for p in eq.col]
            for code in predicted:
                q[theirs.index(code)] += self._trust / len(predicted)
            if table.season >= SEASONS:
                return self._safe_last_season(table, seat, mine, theirs, predicted, eq)
            expected = self.payoff(table, seat, mine, theirs, expected=True)
            gain = [sum(r[j] * q[j] for j in range(len(q))) for r in expected]
            x = list(matrixgame.safe_reply(safe, gain, eq.value - self.safety))
            self.last_value = matrixgame.Equilibrium.worst(safe, x)
        self.last_strategy = dict(zip(mine, x, strict=True))
        return mine, x

    def _safe_last_season(
        self,
        table: Table,
        seat: int,
        mine: list[int],
        theirs: list[int],
        predicted: list[int],
        eq: matrixgame.Equilibrium,
    ) -> tuple[list[int], list[float]]:
        """Season 4's safe reply over the whole selection space: the ``REPLY_ROWS`` own
        selections that score best against the prediction join the rows; after each safe
        reply the opponent's best column among all its selections joins the columns if it
        breaks the floor (the value minus ``safety``), and the reply is solved again."""
        deadline = time.process_time() + REPLY_SECONDS * self.think
        every = [
            list(rules.selections(tuple(table.hand[s]), table.ready_mask(s)))
            for s in (seat, 1 - seat)
        ]
        small = max(len(e) for e in every) <= ORACLE_CAP
        theirs = list(theirs)
        for _ in range(REPLY_ROUNDS):
            x, q = self._reply(table, seat, mine, theirs, predicted, eq)
            if not small:
                break
            cols = [(b, p) for b, p in zip(theirs, q, strict=True) if p > 1e-6]
            scored = self._scores(table, seat, every[0], cols, True, 1, deadline)
            if scored is None:
                break
            ranked = sorted(range(len(scored)), key=lambda i: -scored[i])
            mine = mine + [every[0][i] for i in ranked[:REPLY_ROWS] if every[0][i] not in mine]
            eq = matrixgame.solve(self.payoff(table, seat, mine, theirs))
            x, q = self._reply(table, seat, mine, theirs, predicted, eq)
            rows = [(a, p) for a, p in zip(mine, x, strict=True) if p > 1e-6]
            against = self._scores(table, seat, every[1], rows, False, 0, deadline)
            if against is None:
                break
            worst = min(against)
            worst_b = every[1][against.index(worst)]
            if worst >= eq.value - self._slack(table) - 1e-6 or worst_b in theirs:
                break
            theirs.append(worst_b)
            eq = matrixgame.solve(self.payoff(table, seat, mine, theirs))
        x, _ = self._reply(table, seat, mine, theirs, predicted, eq)
        safe = self.payoff(table, seat, mine, theirs)
        self.last_value = matrixgame.Equilibrium.worst(safe, x)
        self.last_strategy = dict(zip(mine, x, strict=True))
        return mine, x

    def _reply(
        self,
        table: Table,
        seat: int,
        mine: list[int],
        theirs: list[int],
        predicted: list[int],
        eq: matrixgame.Equilibrium,
    ) -> tuple[list[float], list[float]]:
        """The safe reply on the current menus and the column mix ``q`` it answers (the
        equilibrium column mixed with the model's prediction)."""
        q = [(1 - self._trust) * p for p in eq.col]
        for code in predicted:
            q[theirs.index(code)] += self._trust / len(predicted)
        safe = self.payoff(table, seat, mine, theirs)
        expected = self.payoff(table, seat, mine, theirs, expected=True)
        gain = [sum(r[j] * q[j] for j in range(len(q))) for r in expected]
        return list(matrixgame.safe_reply(safe, gain, eq.value - self._slack(table))), q

    def _slack(self, table: Table) -> float:
        """How far below the equilibrium's guarantee this Tinge's safe reply may go:
        ``last_safety`` in season 4, ``safety`` before."""
        return self.last_safety if table.season >= SEASONS else self.safety

    def _scores(
        self,
        table: Table,
        seat: int,
        candidates: Sequence[int],
        mix: Sequence[tuple[int, float]],
        own: bool,
        k: int,
        deadline: float,
    ) -> list[float] | None:
        """The value (``k``: 0 safe, 1 expected) of each own candidate against the column
        ``mix`` (``own``) or of each opponent candidate against the row ``mix``; ``None``
        when the ``deadline`` passes before every candidate is scored."""
        out = []
        for i, c in enumerate(candidates):
            if i % 16 == 0 and time.process_time() > deadline:
                return None
            if own:
                out.append(sum(p * self._cell(table, seat, c, b)[k] for b, p in mix))
            else:
                out.append(sum(p * self._cell(table, seat, a, c)[k] for a, p in mix))
        return out

    def _double_oracle(
        self, table: Table, seat: int, mine: list[int], theirs: list[int], deadline: float
    ) -> tuple[list[int], list[int]]:
        """Season 4: grow both menus by best replies from every legal selection (double
        oracle, McMahan et al. 2003) until neither side's reply gains, a seat has more
        than ``ORACLE_CAP`` selections, or the ``deadline`` passes."""
        full = [
            list(rules.selections(tuple(table.hand[s]), table.ready_mask(s)))
            for s in (seat, 1 - seat)
        ]
        mine, theirs = list(mine), list(theirs)
        if max(len(f) for f in full) > ORACLE_CAP:
            return mine, theirs
        while time.process_time() < deadline:
            eq = matrixgame.solve(self.payoff(table, seat, mine, theirs))
            cols = [(b, q) for b, q in zip(theirs, eq.col, strict=True) if q > 1e-6]
            rows = [(a, p) for a, p in zip(mine, eq.row, strict=True) if p > 1e-6]
            gains = self._scores(table, seat, full[0], cols, True, 0, deadline)
            losses = self._scores(table, seat, full[1], rows, False, 0, deadline)
            if gains is None or losses is None:
                break
            gain, loss = max(gains), min(losses)
            best_a, best_b = full[0][gains.index(gain)], full[1][losses.index(loss)]
            grown = False
            if best_a not in mine and gain > eq.value + 1e-6:
                mine.append(best_a)
                grown = True
            if best_b not in theirs and loss < eq.value - 1e-6:
                theirs.append(best_b)
                grown = True
            if not grown:
                break
        return mine, theirs

    def _cell(self, table: Table, seat: int, a: int, b: int) -> Value:
        value = self._cells.get((a, b))
        if value is None:
            child = table.clone()
            rules.reveal(child, [a, b] if seat == 0 else [b, a])
            value = self._cells[(a, b)] = self._after_reveal(child, seat)
        return value

    def payoff(
        self,
        table: Table,
        seat: int,
        mine: Sequence[int],
        theirs: Sequence[int],
        expected: bool = False,
    ) -> list[list[float]]:
        """``seat``'s value of every pair of selections (rows its own, columns the other's):
        the safe values, or with ``expected`` the values that lean toward the model."""
        k = 1 if expected else 0
        return [[self._cell(table, seat, a, b)[k] for b in theirs] for a in mine]

    # ------------------------------------------------------------------ evaluation
    def _after_reveal(self, table: Table, seat: int) -> Value:
        """Value for ``seat`` just after a reveal: the coin in expectation, then the round."""
        if table.phase == COIN:
            safe = expected = 0.0
            for outcome in (0, 1):
                child = table.clone()
                rules.toss(child, outcome)
                s, e = self._order(child, seat)
                safe += 0.5 * s
                expected += 0.5 * e
            return safe, expected
        return self._order(table, seat)

    def _order(self, table: Table, seat: int) -> Value:
        """The chooser names who goes first (R6): the agent as ``step`` would choose, the
        opponent the order worst for the agent."""
        if table.phase != "order":
            return self._finish_round(table, seat)
        values = []
        for first in (0, 1):
            child = table.clone()
            rules.decide(child, A.FIRST + first)
            values.append(self._finish_round(child, seat))
        if table.actor == seat:
            return values[_pick(values, TIE)]
        return min(v[0] for v in values), min(v[1] for v in values)

    def _finish_round(self, table: Table, seat: int) -> Value:
        """Greedy play to the end of the round, then the leaf game (or the result).

        With ``favour=search`` the favour's deity before the last season (R7, up to three
        steps toward the hand) is chosen by search, not greedily: the favoured seat moves
        the deity whose outcome is best for it (memoised on the position). A search of
        the farmers' and scholars' single raises too (R18, R20) took 45 s of CPU for one
        season-3 Tinge, so they stay greedy."""
        season = table.season
        rng = random.Random(0)
        while table.phase not in (OVER, TINGE) and table.season == season:
            if table.phase == COIN:
                rules.toss(table, rng.randrange(2))
                continue
            actor = table.actor
            acts = rules.legal_decisions(table, actor)
            if self.raises and table.phase == FAVOUR and season < SEASONS:
                return self._search_raise(table, seat, acts)
            rules.decide(table, greedy_decision(table, actor, acts, rng))
        if table.phase == OVER:
            v = _value(table, seat)
            return v, v
        return self._leaf(table, seat)

    def _search_raise(self, table: Table, seat: int, acts: Sequence[int]) -> Value:
        key = (seat, table.season, tuple(map(tuple, table.hand)), *round_key(table))
        known = self._round_cache.get(key)
        if known is not None:
            return known
        values = []
        for action in acts:
            child = table.clone()
            rules.decide(child, action)
            values.append(self._finish_round(child, seat))
        if table.actor == seat:
            value = values[_pick(values, TIE)]
        else:
            value = min(values, key=lambda v: v[0])
        self._round_cache[key] = value
        return value

    def _leaf(self, table: Table, seat: int) -> Value:
        """The value of the leaf game: each seat picks a continuation plan (matrix game,
        solved by LP); the expected value leans toward the model's plans."""
        key = (
            table.season,
            tuple(table.life),
            tuple(map(tuple, table.hand)),
            tuple(map(tuple, table.deity)),
        )
        cached = self._leaf_cache.get(key)
        if cached is not None:
            return cached
        if table.season >= SEASONS and self.solve4:
            value = self._solved_last_season_leaf(table, seat)
        elif table.season >= SEASONS and len(menu(table, 0)) * len(menu(table, 1)) <= LEAF_CELLS:
            value = self._last_season_leaf(table, seat)
        else:
            payoff = [
                [self._playout(table, seat, mine, theirs) for theirs in CONTINUATIONS]
                for mine in CONTINUATIONS
            ]
            safe = expected = matrixgame.solve(payoff).value
            if self._model and self._trust > 0:
                exploit = max(sum(row[i] for i in self._model) / len(self._model) for row in payoff)
                expected = (1 - self._trust) * safe + self._trust * exploit
            value = (safe, expected)
        self._leaf_cache[key] = value
        return value

    def _solved_last_season_leaf(self, table: Table, seat: int) -> Value:
        """``solve4=on``: a leaf at the start of season 4 is worth the value of season 4's
        matrix game as the agent solves it at that Tinge: both menus grown by the double
        oracle over every legal selection (for ``LEAF_ORACLE_SECONDS``), every cell
        played to the end. The menus alone leave a best reply outside them unseen: after
        three seasons a reply of two warriors against ``bring nothing`` took 0.21 of the
        value range from the menu-valued leaves (``spelbord.ai.gunst.probe``)."""
        saved, self._cells = self._cells, {}
        try:
            deadline = time.process_time() + LEAF_ORACLE_SECONDS * self.think
            mine, theirs = self._double_oracle(
                table, seat, menu(table, seat), menu(table, 1 - seat), deadline
            )
            value = matrixgame.solve(self.payoff(table, seat, mine, theirs)).value
        finally:
            self._cells = saved
        return value, value

    def _last_season_leaf(self, table: Table, seat: int) -> Value:
        """A leaf at the start of season 4 is worth the value of its own matrix game over
        both seats' menus, every cell played to the end (rather than whole-game plans,
        whose fixed last selections a reply would beat)."""
        mine, theirs = menu(table, seat), menu(table, 1 - seat)
        predicted = sorted({CONTINUATIONS[i][1](table, 1 - seat) for i in self._model})
        theirs = sorted(set(theirs) | set(predicted))
        cells = []
        for a in mine:
            row = []
            for b in theirs:
                child = table.clone()
                rules.reveal(child, [a, b] if seat == 0 else [b, a])
                row.append(self._after_reveal(child, seat))
            cells.append(row)
        safe = matrixgame.solve([[c[0] for c in row] for row in cells]).value
        expected = safe
        if predicted and self._trust > 0:
            cols = [theirs.index(code) for code in predicted]
            exploit = max(sum(row[j][1] for j in cols) / len(cols) for row in cells)
            expected = (1 - self._trust) * safe + self._trust * exploit
        return safe, expected

    @staticmethod
    def _playout(
        table: Table,
        seat: int,
        mine: tuple[str, Plan, bool],
        theirs: tuple[str, Plan, bool],
    ) -> float:
        plans = {seat: mine, 1 - seat: theirs}
        rng = random.Random(1)
        t = table.clone()
        while t.phase != OVER:
            if t.phase == TINGE:
                rules.reveal(t, [plans[0][1](t, 0), plans[1][1](t, 1)])
            elif t.phase == COIN:
                rules.toss(t, rng.randrange(2))
            elif t.phase == "order":
                actor = t.actor
                goes_first = plans[actor][2]
                rules.decide(t, A.FIRST + (actor if goes_first else 1 - actor))
            else:
                actor = t.actor
                acts = rules.legal_decisions(t, actor)
                rules.decide(t, greedy_decision(t, actor, acts, rng))
        return _value(t, seat)


def safety_value(key: str, value: str) -> float:
    """A safety option's value: a float in [0, 2] (the value range)."""
    try:
        number = float(value)
    except ValueError:
        raise AgentSpecError(f"bad value {value!r} for {key}") from None
    if not 0 <= number <= 2:
        raise AgentSpecError(f"{key} is in [0, 2] (the value range), got {number}")
    return number


def think_value(value: str) -> float:
    """A ``think`` option's value: a float in [0.1, 20] (a factor on season 4's times)."""
    try:
        number = float(value)
    except ValueError:
        raise AgentSpecError(f"bad value {value!r} for think") from None
    if not 0.1 <= number <= 20:
        raise AgentSpecError(f"think is in [0.1, 20], got {number}")
    return number


def make_gunst_eq(parts: list[str], seed: int | None = None) -> Agent:
    """The agent of a spec's parts after ``gunst-eq``: ``think=F`` (season 4's search
    times, ``ORACLE_SECONDS`` and ``REPLY_SECONDS``, times F, 0.1 to 20, default 1),
    ``wide=on|off`` (seasons 1-3's Tinges too grow both menus by a double oracle over
    every legal selection, for ``WIDE_SECONDS`` times F; default off), ``solve4=on|off``
    (a leaf at the start of season 4 is valued by season 4's double oracle,
    ``LEAF_ORACLE_SECONDS`` times F; default off), ``favour=search|greedy`` (how a
    playout spends the favour before season 4: by search, as suits the favoured seat, or
    greedily; default greedy),
    ``model=on|off`` (opponent
    modelling, default on; off: the pure equilibrium), ``safety=E`` (how much below
    the equilibrium's guarantee the model may lead a Tinge of seasons 1-3, 0 to 2, default
    ``DEFAULT_SAFETY``) and ``safety4=E`` (the same for season 4, default
    ``DEFAULT_LAST_SAFETY``)."""
    exploit, safety, last, think = True, DEFAULT_SAFETY, DEFAULT_LAST_SAFETY, 1.0
    wide = solve4 = raises = False
    for part in parts:
        key, sep, value = part.partition("=")
        if key == "think" and sep:
            think = think_value(value)
        elif key == "wide" and value in ("on", "off"):
            wide = value == "on"
        elif key == "solve4" and value in ("on", "off"):
            solve4 = value == "on"
        elif key == "favour" and value in ("search", "greedy"):
            raises = value == "search"
        elif key == "model" and value in ("on", "off"):
            exploit = value == "on"
        elif key == "safety" and sep:
            safety = safety_value(key, value)
        elif key == "safety4" and sep:
            last = safety_value(key, value)
        else:
            raise AgentSpecError(
                f"bad option {part!r} for gunst-eq (options: think=F, wide=on|off, "
                "solve4=on|off, favour=search|greedy, model=on|off, safety=E, safety4=E)"
            )
    agent = GunstSolver(seed, exploit, safety, last, think, wide, solve4, raises)
    suffix = "".join(
        [
            f":think={think:g}" if think != 1.0 else "",
            ":wide=on" if wide else "",
            ":solve4=on" if solve4 else "",
            ":favour=search" if raises else "",
            "" if exploit else ":model=off",
            f":safety={safety:g}" if exploit and safety != DEFAULT_SAFETY else "",
            f":safety4={last:g}" if exploit and last != DEFAULT_LAST_SAFETY else "",
        ]
    )
    agent.name = f"gunst-eq{suffix}"
    return agent


@agent_kind("gunst-eq", games=("gunst",), searches=True)
def gunst_eq(spec: AgentSpec, seed: int | None = None) -> Agent:
    """``gunst-eq[:think=F][:wide=on|off][:solve4=on|off][:favour=search|greedy]
    [:model=on|off][:safety=E][:safety4=E]``
    (``make_gunst_eq``)."""
    return make_gunst_eq(list(spec.parts), seed)

"""``gunst-eq``: depth-limited solving of Gunst with a matrix game at each secret choice.

Gunst is public except for the Tinge selection both seats make at once (docs/rules/gunst.md
R4, R23). At a Tinge the agent builds the matrix game of this season: rows are its
selections, columns the opponent's (``menu``: the sensible kin sets times the ready-deity
sets). Each cell plays the round out (the coin of R5 in expectation, the chooser's order
choice of R6 both ways, taking the chooser's better, the other decisions by a plain greedy
policy) and values the position at the next season by a *leaf game* (depth-limited
solving in the manner of Brown, Sandholm and Amos 2018): from there each seat picks one
of a few whole-game continuation plans (``CONTINUATIONS``), each pair is played out, and
the leaf is worth the value of that small matrix game. The season's matrix is then solved
by regret matching (RM+, averaged), and the agent draws its selection from the equilibrium
mix. In season 4 every cell is played to the end, and a double oracle grows both menus
with best replies taken from every legal selection (when there are at most
``ORACLE_CAP``), so the last matrix is solved over the whole selection space up to the
greedy in-round play.

Opponent modelling (``model=on``, the default): the continuation plans that chose every
selection the opponent has revealed so far are its model; at a Tinge the agent then plays
the best reply to the equilibrium column mixed with the model's prediction (trust
1 - 2**-k after k matching seasons), and leaf games lean the same way. This beats fixed
plans, at a price (measured, November 2026): an opponent that mimics a plan for three
seasons and replies best in season 4 (``gunst-br:mimic=hoard``) won 20 of 20, whereas
against ``model=off`` the best-reply search ``gunst-br:model=off`` scored 9 of 20.

Single-seat decisions (who goes first, the favour, a deity's row, the scholars' mode, a
raise) are chosen by the same evaluation: each legal action, the rest of the round greedy,
the leaf game at the next season.

>>> make_gunst_eq([], seed=1).name
'gunst-eq'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from spelbord.ai.agent import Agent, decision_actions
from spelbord.ai.budget import AgentSpecError
from spelbord.ai.gunst_eq import greedy_decision, menu
from spelbord.ai.view import SeatView
from spelbord.core import State, seeded
from spelbord.games.gunst import actions as A
from spelbord.games.gunst import rules
from spelbord.games.gunst.pieces import SEASONS, Selection
from spelbord.games.gunst.table import COIN, OVER, TINGE, Table

Plan = Callable[[Table, int], int]
LAST_SEASON_CAP = 96
"""In season 4 every selection is considered when a seat has at most this many."""
ORACLE_CAP = 200
"""Season 4's double oracle searches a seat's every selection when it has at most this many."""
ORACLE_ROUNDS = 3
OWN_LAST_SEASON_CAP = 300
"""... and every own selection (any hand) when the opponent's plan is modelled."""
NOTHING = Selection((0, 0, 0, 0, 0), 0).code


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


def solve_matrix(
    payoff: Sequence[Sequence[float]], iterations: int = 300
) -> tuple[list[float], list[float], float]:
    """Average RM+ strategies of a zero-sum matrix game (row player maximises) and the
    value of the row strategy against the column player's best reply."""
    rows, cols = len(payoff), len(payoff[0])
    reg_r, reg_c = [0.0] * rows, [0.0] * cols
    sum_r, sum_c = [0.0] * rows, [0.0] * cols
    for t in range(1, iterations + 1):
        pos = sum(reg_r)
        x = [r / pos for r in reg_r] if pos > 0 else [1.0 / rows] * rows
        pos = sum(reg_c)
        y = [c / pos for c in reg_c] if pos > 0 else [1.0 / cols] * cols
        row_vals = [sum(payoff[i][j] * y[j] for j in range(cols)) for i in range(rows)]
        col_vals = [sum(payoff[i][j] * x[i] for i in range(rows)) for j in range(cols)]
        v = sum(x[i] * row_vals[i] for i in range(rows))
        for i in range(rows):
            reg_r[i] = max(0.0, reg_r[i] + row_vals[i] - v)
            sum_r[i] += t * x[i]
        for j in range(cols):
            reg_c[j] = max(0.0, reg_c[j] + v - col_vals[j])
            sum_c[j] += t * y[j]
    tr, tc = sum(sum_r), sum(sum_c)
    x = [s / tr for s in sum_r]
    y = [s / tc for s in sum_c]
    guaranteed = min(sum(payoff[i][j] * x[i] for i in range(rows)) for j in range(cols))
    return x, y, guaranteed


class GunstSolver(Agent):
    """Depth-limited matrix-game solving for Gunst (see the module text)."""

    def __init__(
        self, seed: int | None = None, iterations: int = 300, exploit: bool = True
    ) -> None:
        self.name = "gunst-eq"
        self.rng = seeded(seed)
        self.iterations = iterations
        self._leaf_cache: dict[tuple[object, ...], float] = {}
        self._cells: dict[tuple[int, int], float] = {}
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
        self.fit_model(state, 1 - seat)
        if table.phase == TINGE:
            return self._tinge(table, seat)
        best, best_value = actions[0], -2.0
        for action in actions:
            child = table.clone()
            rules.decide(child, action)
            value = self._finish_round(child, seat)
            if value > best_value + 1e-9:
                best, best_value = action, value
        self.last_value = best_value
        return best

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
        """The mixed selection of ``seat`` at this Tinge: the equilibrium of the season's
        matrix game, or with a fitted opponent model the best replies (uniform among ties)
        to the equilibrium column mixed with the model's prediction."""
        theirs = self._choices(table, 1 - seat)
        mine = self._choices(table, seat, OWN_LAST_SEASON_CAP if self._model else LAST_SEASON_CAP)
        predicted = sorted({CONTINUATIONS[i][1](table, 1 - seat) for i in self._model})
        theirs = sorted(set(theirs) | set(predicted))
        self._cells = {}
        if table.season >= SEASONS:
            mine, theirs = self._double_oracle(table, seat, mine, theirs)
        payoff = self.payoff(table, seat, mine, theirs)
        x, y, value = solve_matrix(payoff, self.iterations)
        self.last_strategy = dict(zip(mine, x, strict=True))
        self.last_value = value
        if predicted and self._trust > 0:
            q = [(1 - self._trust) * p for p in y]
            for code in predicted:
                q[theirs.index(code)] += self._trust / len(predicted)
            scores = [sum(r[j] * q[j] for j in range(len(q))) for r in payoff]
            best = max(scores)
            top = [a for a, v in zip(mine, scores, strict=True) if v >= best - 1e-9]
            return top, [1.0 / len(top)] * len(top)
        return mine, x

    def _double_oracle(
        self, table: Table, seat: int, mine: list[int], theirs: list[int]
    ) -> tuple[list[int], list[int]]:
        """Season 4: grow both menus by best replies from every legal selection (double
        oracle, McMahan et al. 2003) while a reply gains and the sets stay small."""
        full = [
            list(rules.selections(tuple(table.hand[s]), table.ready_mask(s)))
            for s in (seat, 1 - seat)
        ]
        mine, theirs = list(mine), list(theirs)
        for _ in range(ORACLE_ROUNDS):
            payoff = self.payoff(table, seat, mine, theirs)
            x, y, value = solve_matrix(payoff, self.iterations)
            grown = False
            cols = [(b, q) for b, q in zip(theirs, y, strict=True) if q > 1e-3]
            rows = [(a, p) for a, p in zip(mine, x, strict=True) if p > 1e-3]
            if len(full[0]) <= ORACLE_CAP:
                best_a = max(
                    full[0], key=lambda a: sum(q * self._cell(table, seat, a, b) for b, q in cols)
                )
                gain = sum(q * self._cell(table, seat, best_a, b) for b, q in cols)
                if best_a not in mine and gain > value + 1e-3:
                    mine.append(best_a)
                    grown = True
            if len(full[1]) <= ORACLE_CAP:
                best_b = min(
                    full[1], key=lambda b: sum(p * self._cell(table, seat, a, b) for a, p in rows)
                )
                loss = sum(p * self._cell(table, seat, a, best_b) for a, p in rows)
                if best_b not in theirs and loss < value - 1e-3:
                    theirs.append(best_b)
                    grown = True
            if not grown:
                break
        return mine, theirs

    def _cell(self, table: Table, seat: int, a: int, b: int) -> float:
        value = self._cells.get((a, b))
        if value is None:
            child = table.clone()
            rules.reveal(child, [a, b] if seat == 0 else [b, a])
            value = self._cells[(a, b)] = self._after_reveal(child, seat)
        return value

    def payoff(
        self, table: Table, seat: int, mine: Sequence[int], theirs: Sequence[int]
    ) -> list[list[float]]:
        """``seat``'s value of every pair of selections (rows its own, columns the other's)."""
        return [[self._cell(table, seat, a, b) for b in theirs] for a in mine]

    # ------------------------------------------------------------------ evaluation
    def _after_reveal(self, table: Table, seat: int) -> float:
        """Value for ``seat`` just after a reveal: the coin in expectation, then the round."""
        if table.phase == COIN:
            total = 0.0
            for outcome in (0, 1):
                child = table.clone()
                rules.toss(child, outcome)
                total += 0.5 * self._order(child, seat)
            return total
        return self._order(table, seat)

    def _order(self, table: Table, seat: int) -> float:
        """The chooser names who goes first (R6), taking the better order for itself."""
        if table.phase != "order":
            return self._finish_round(table, seat)
        chooser = table.actor
        values = []
        for first in (0, 1):
            child = table.clone()
            rules.decide(child, A.FIRST + first)
            values.append(self._finish_round(child, seat))
        return max(values) if chooser == seat else min(values)

    def _finish_round(self, table: Table, seat: int) -> float:
        """Greedy play to the end of the round, then the leaf game (or the result)."""
        season = table.season
        rng = random.Random(0)
        while table.phase not in (OVER, TINGE) and table.season == season:
            if table.phase == COIN:
                rules.toss(table, rng.randrange(2))
                continue
            actor = table.actor
            acts = rules.legal_decisions(table, actor)
            rules.decide(table, greedy_decision(table, actor, acts, rng))
        if table.phase == OVER:
            return _value(table, seat)
        return self._leaf(table, seat)

    def _leaf(self, table: Table, seat: int) -> float:
        """The value of the leaf game: each seat picks a continuation plan (matrix game)."""
        key = (
            table.season,
            tuple(table.life),
            tuple(map(tuple, table.hand)),
            tuple(map(tuple, table.deity)),
        )
        cached = self._leaf_cache.get(key)
        if cached is not None:
            return cached
        payoff = [
            [self._playout(table, seat, mine, theirs) for theirs in CONTINUATIONS]
            for mine in CONTINUATIONS
        ]
        _, _, value = solve_matrix(payoff, 100)
        if self._model and self._trust > 0:
            exploit = max(sum(row[i] for i in self._model) / len(self._model) for row in payoff)
            value = (1 - self._trust) * value + self._trust * exploit
        self._leaf_cache[key] = value
        return value

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


def make_gunst_eq(parts: list[str], seed: int | None = None) -> Agent:
    """The agent of a spec's parts after ``gunst-eq``: ``it=N`` (RM+ iterations, default
    300) and ``model=on|off`` (opponent modelling, default on; off: the pure equilibrium)."""
    iterations, exploit = 300, True
    for part in parts:
        key, sep, value = part.partition("=")
        if key == "it" and sep and value.isdigit() and int(value) >= 1:
            iterations = int(value)
        elif key == "model" and value in ("on", "off"):
            exploit = value == "on"
        else:
            raise AgentSpecError(f"bad option {part!r} for gunst-eq (options: it=N, model=on|off)")
    agent = GunstSolver(seed, iterations, exploit)
    suffix = "".join(
        [f":it={iterations}" if iterations != 300 else "", "" if exploit else ":model=off"]
    )
    agent.name = f"gunst-eq{suffix}"
    return agent

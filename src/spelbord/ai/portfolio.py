"""Portfolio search: choose among scripted plans by simulating them (``portfolio:1s``).

A turn of Omringad is many small decisions (each step of a group, each unit bought), so a
search over single actions with random playouts learns little per second. This agent
searches over *plans* instead (Portfolio Greedy Search, Churchill & Buro 2013; script-based
Monte Carlo): at each decision every plan of the portfolio (the game's scripted plans,
``spelbord.ai.scripted``, and for Omringad three stronger variants that buy archers first,
one of them keeping garrisons, ``VARIANTS`` there) proposes its action. When they all agree
the agent plays it at once; otherwise each distinct proposal is an arm, and the agent
simulates: on a determinization of what its seat knows (``SeatView.determinize``) it plays
the arm's action, then follows the plan that proposed it, while the opponent follows the
plan the agent believes it plays, for ``horizon`` round ends (or to the end of the game),
scored by the game's fitted evaluation (``eval=fitted`` of ``spelbord.ai.mcts``) or the
result. Every arm is played on the same determinization and the same chance seed in each
sweep (common random numbers), so their difference is measured with little noise. The
default plan (``DEFAULT_PLAN``: for Omringad the garrison conqueror, the strongest plan in
scripted play) is played unless another arm beats it by more than ``guard`` standard errors
of the paired differences; then the best such arm. The plan chosen is followed for the rest
of that round's phase without searching again (``commit=on``), so the simulations and the
play agree and most small decisions cost nothing.

Opponent model (``model=on``): a belief over which plan the opponent follows, a weight per
plan, updated from public evidence at each of the agent's decisions (Omringad):

* the opening purchase (R70: 25 gold from a full pool, every unit on the board once the
  stacks are revealed) against what each plan's shopping list buys: the four plans buy
  6, 7, 12 and 5 units;
* the number of units the opponent bought in a later round (public, R73) against what each
  plan buys with the opponent's gold from the pool of a determinization (a plan matches if
  it does on any of ``PURCHASE_DRAWS`` of them; the pool is a guess, so a mismatch costs
  only the factor ``PURCHASE_MISMATCH``);
* bids and passes in a visible auction (R102): only the bidder bids;
* any opponent stack away from its settlements or an attack it made: the turtle never moves;
* a group the opponent moved since the agent's last decision (moves alternate, R30) that
  did not walk towards the castle it would march on: the rush loses weight (factor
  ``MARCH_MISMATCH``). This tells the conqueror from the rush, which buy alike (the
  conqueror's target changes as its walk conquers squares, R36, so it is not tested).

Matching evidence keeps a plan's weight, a mismatch multiplies it by ``MISMATCH``; each
rollout draws the opponent's plan from the belief with a floor ``FLOOR`` per plan, so the
agent is never tuned to one plan only. With ``model=off`` the opponent's plan is uniform.
The agent reads nothing but its ``SeatView``: the plans see the determinization through a
``SeatView`` of their seat inside it.

Options: a time or iteration budget (default ``1s``; an iteration is one sweep over the
arms), ``horizon=H`` round ends to simulate (0 to 20, default ``DEFAULT_HORIZON``; 0: to
the end of the game), ``guard=Z`` (0 to 5, default 1), ``model=on|off`` (the opponent
model), ``commit=on|off``.

>>> make_portfolio(["200ms", "horizon=1"], seed=1).name
'portfolio:200ms:horizon=1'
>>> make_portfolio(["horizon=99"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
spelbord.ai.budget.AgentSpecError: horizon must be 0..20, got 99 in 'portfolio:horizon=99'

Run a match from a shell::

    spelbord match omringad portfolio:200ms script:rush --games 10 --processes 1
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from spelbord.ai.agent import Agent, decision_actions
from spelbord.ai.budget import AgentSpecError, Budget, SearchStats
from spelbord.ai.view import SeatView
from spelbord.core import CHANCE, SIMULTANEOUS, State, sample_outcome, seeded
from spelbord.core.errors import SpelbordError

if TYPE_CHECKING:
    from spelbord.ai.omringad.script import Variant

DEFAULT_BUDGET = Budget(seconds=1.0)
DEFAULT_HORIZON = 2
"""Round ends a rollout plays before the evaluation scores it."""
MAX_HORIZON = 20
MISMATCH = 0.15
"""Factor on a plan's weight when the opponent did what that plan would not do."""
OPENING_GOLD = 25
"""What every player spends on the opening purchase (R70)."""
PURCHASE_MISMATCH = 0.6
"""The factor for a later purchase, whose prediction rests on a guessed pool."""
PURCHASE_DRAWS = 6
"""Determinizations a purchase is checked on (its pool is hidden)."""
MARCH_MISMATCH = 0.5
"""The same for a group's walk that does not head for the plan's target (a softer test:
the target is recomputed from what this seat saw before the move)."""
FLOOR = 0.05
"""Least chance a rollout gives each plan as the opponent's (the belief is never certain)."""
DEFAULT_GUARD = 1.0
MAX_GUARD = 5.0
MAX_SWEEPS = 1000
"""Most sweeps an iteration budget may ask for (a sweep plays a rollout of every proposal,
far more work than one ``ismcts`` iteration, so the server's iteration cap is too loose)."""
DEFAULT_PLAN = {"omringad": "garrison-conqueror"}
"""The plan played unless another proposal measures better (else the game's first plan):
the strongest in scripted play (``spelbord.ai.omringad.script.VARIANTS``)."""
STEP_LIMIT = 5000
"""Safety bound on the moves of one rollout."""

Value = Callable[[State], list[float] | None]


def make_portfolio(parts: list[str], seed: int | None = None) -> PortfolioAgent:
    """The agent of ``portfolio[:budget][:horizon=H][:model=on|off][:commit=on|off]``."""
    spec = ":".join(["portfolio", *parts])
    budget = DEFAULT_BUDGET
    if parts and "=" not in parts[0]:
        budget = Budget.parse(parts.pop(0))
        if budget.iterations is not None and budget.iterations > MAX_SWEEPS:
            raise AgentSpecError(
                f"portfolio runs at most {MAX_SWEEPS} sweeps a decision, got {budget} in {spec!r}"
            )
    horizon = DEFAULT_HORIZON
    model = True
    commit = True
    guard = DEFAULT_GUARD
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep:
            raise AgentSpecError(f"expected key=value, got {part!r} in {spec!r}")
        if key == "horizon":
            if not value.isdigit() or not 0 <= int(value) <= MAX_HORIZON:
                raise AgentSpecError(f"horizon must be 0..{MAX_HORIZON}, got {value} in {spec!r}")
            horizon = int(value)
        elif key == "guard":
            try:
                guard = float(value)
            except ValueError:
                guard = -1.0
            if not 0 <= guard <= MAX_GUARD:
                raise AgentSpecError(f"guard must be 0..{MAX_GUARD:g}, got {value} in {spec!r}")
        elif key in ("model", "commit"):
            if value not in ("on", "off"):
                raise AgentSpecError(f"{key} is on or off, got {value!r} in {spec!r}")
            if key == "model":
                model = value == "on"
            else:
                commit = value == "on"
        else:
            raise AgentSpecError(
                f"unknown option {key!r} in {spec!r} (options: horizon, guard, model, commit)"
            )
    return PortfolioAgent(budget, seed, horizon=horizon, model=model, commit=commit, guard=guard)


@dataclass
class Arm:
    """One distinct proposal: its action, the plans that proposed it, what it scored."""

    action: int
    plans: list[str]
    total: float = 0.0
    runs: int = 0
    by_plan: dict[str, list[float]] = field(default_factory=dict)
    """Per proposing plan: [total, runs] of the rollouts that continued with it."""
    values: dict[int, float] = field(default_factory=dict)
    """Each sweep's value (sweeps share a determinization and chance seed across arms)."""

    @property
    def mean(self) -> float:
        return self.total / self.runs if self.runs else float("-inf")

    def add(self, sweep: int, plan: str, value: float) -> None:
        self.values[sweep] = value
        self.total += value
        self.runs += 1
        row = self.by_plan.setdefault(plan, [0.0, 0])
        row[0] += value
        row[1] += 1

    def best_plan(self) -> str:
        """The proposing plan whose continuations scored best (the first if none ran)."""
        ran = {p: t / n for p, (t, n) in self.by_plan.items() if n}
        return max(ran, key=ran.__getitem__) if ran else self.plans[0]


@dataclass
class Belief:
    """Weights over the opponent's plans and the evidence already counted."""

    weights: dict[str, float]
    seen: set[tuple[Any, ...]] = field(default_factory=set)

    def update(self, key: tuple[Any, ...], matching: set[str], factor: float = MISMATCH) -> None:
        """Count evidence ``key`` once: plans not in ``matching`` lose weight (x ``factor``)."""
        if key in self.seen or not matching:
            return
        self.seen.add(key)
        for plan in self.weights:
            if plan not in matching:
                self.weights[plan] *= factor
        total = sum(self.weights.values())
        for plan in self.weights:
            self.weights[plan] /= total

    def sample(self, rng: random.Random) -> str:
        plans = sorted(self.weights)
        mixed = [FLOOR + (1 - FLOOR * len(plans)) * self.weights[p] for p in plans]
        return rng.choices(plans, weights=mixed)[0]


class PortfolioAgent(Agent):
    """Plays the best of its plans' proposals by simulation (see the module).

    >>> PortfolioAgent(Budget(seconds=0.5), horizon=0, model=False).name
    'portfolio:500ms:horizon=0:model=off'
    """

    def __init__(
        self,
        budget: Budget = DEFAULT_BUDGET,
        seed: int | None = None,
        horizon: int = DEFAULT_HORIZON,
        model: bool = True,
        commit: bool = True,
        guard: float = DEFAULT_GUARD,
    ) -> None:
        if not 0 <= horizon <= MAX_HORIZON:
            raise AgentSpecError(f"horizon must be 0..{MAX_HORIZON}, got {horizon}")
        self.budget = budget
        self.horizon = horizon
        self.model = model
        self.name = f"portfolio:{budget}"
        if horizon != DEFAULT_HORIZON:
            self.name += f":horizon={horizon}"
        if not model:
            self.name += ":model=off"
        self.commit = commit
        """Follow the plan chosen at a phase's first search for the rest of that phase."""
        if not commit:
            self.name += ":commit=off"
        self._committed: tuple[tuple[int, str], str] | None = None
        self._last_obs: dict[str, Any] | None = None
        if not 0 <= guard <= MAX_GUARD:
            raise AgentSpecError(f"guard must be 0..{MAX_GUARD}, got {guard}")
        self.guard = guard
        """Standard errors by which a proposal must beat the default plan's to be played."""
        if guard != DEFAULT_GUARD:
            self.name += f":guard={guard:g}"
        self._default = ""
        self._rng = seeded(seed)
        self._game: str | None = None
        self._plans: dict[str, Agent] = {}
        self._own: list[str] = []
        """The plans this agent chooses among: the game's plans and ``variants``."""
        self._belief: Belief | None = None
        self._value: Value | None = None
        self.last_stats: SearchStats | None = None
        """What the last searched decision spent (``None``: the plans agreed)."""
        self.searched = 0
        """Decisions where the plans disagreed and the agent simulated."""
        self.failed = 0
        """Sweeps dropped because the rules refused a rollout on the determinization."""
        self.failures: list[tuple[str, str]] = []
        """The first three of them: (the error, the determinization's JSON)."""

    # ------------------------------------------------------------------ set-up
    def _setup(self, view: SeatView) -> None:
        game = view.game.name
        if self._game == game:
            return
        from spelbord.ai.scripted import make_plan, plans_for

        names = plans_for(game)
        if not names:
            raise AgentSpecError(f"the portfolio agent needs scripted plans; {game} has none")
        self._plans = {name: make_plan(name, self._rng.getrandbits(63)) for name in names}
        self._own = list(names)
        for variant in variants(game):
            self._plans[variant.plan] = variant(self._rng.getrandbits(63))
            self._own.append(variant.plan)
        self._belief = Belief({name: 1.0 / len(names) for name in names})
        self._default = DEFAULT_PLAN.get(game, names[0])
        self._value = _evaluation(game)
        self._game = game

    # ------------------------------------------------------------------ decisions
    def step(self, view: SeatView) -> int:
        legal = decision_actions(view)
        self._setup(view)
        if self.model:
            self._observe(view)
        if len(legal) == 1:
            self.last_stats = None
            return legal[0]
        phase = _phase(view)
        if self.commit and self._committed is not None and self._committed[0] == phase:
            self.last_stats = None
            return self._plans[self._committed[1]].step(view)
        arms: dict[int, Arm] = {}
        for name in self._own:
            action = self._plans[name].step(view)
            arms.setdefault(action, Arm(action, [])).plans.append(name)
        if len(arms) == 1:
            self.last_stats = None
            return next(iter(arms))
        self.searched += 1
        ordered = list(arms.values())
        self.last_stats = self._search(view, ordered)
        if not any(a.runs for a in ordered):  # every rollout failed: trust the first plan
            return ordered[0].action
        default = next(a for a in ordered if self._default in a.plans)
        better = [a for a in ordered if a is default or _beats(a, default, self.guard)]
        top = max(a.mean for a in better)
        chosen = self._rng.choice([a for a in better if a.mean == top])
        plan = self._default if chosen is default else chosen.best_plan()
        self._committed = (phase, plan)
        return chosen.action

    def _search(self, view: SeatView, arms: list[Arm]) -> SearchStats:
        """Sweeps over the arms (one determinization and chance seed each) within budget."""
        start = time.perf_counter()
        limit = self.budget.seconds
        sweeps = 0
        while True:
            self._sweep(view, arms, sweeps, start, limit)
            sweeps += 1
            elapsed = time.perf_counter() - start
            if self.budget.iterations is not None:
                if sweeps >= self.budget.iterations:
                    break
            else:
                assert limit is not None
                if elapsed + elapsed / sweeps > limit:
                    break
        return SearchStats(iterations=sweeps, seconds=time.perf_counter() - start)

    def _sweep(
        self, view: SeatView, arms: list[Arm], sweep: int, start: float, limit: float | None
    ) -> None:
        seat = view.seat
        det = view.determinize(self._rng)
        opponent = self._opponent_plan()
        chance_seed = self._rng.getrandbits(63)
        results: list[tuple[Arm, float]] = []
        for arm in arms:
            if limit is not None and sweep > 0 and time.perf_counter() - start > limit:
                break  # this sweep would overrun the budget: the arms played so far count
            mine = arm.plans[sweep % len(arm.plans)]
            state = det.clone()
            try:
                value = self._rollout(state, seat, arm.action, mine, opponent, chance_seed)
            except (AssertionError, SpelbordError, LookupError, ValueError) as error:
                # An imagined state the rules cannot play on: drop the whole sweep (so the
                # arms stay paired) and keep the state for a bug report.
                self.failed += 1
                if len(self.failures) < 3:
                    self.failures.append((repr(error), det.to_json()))
                return
            results.append((arm, value))
        for arm, value in results:
            arm.add(sweep, arm.plans[sweep % len(arm.plans)], value)

    def _opponent_plan(self) -> str:
        assert self._belief is not None
        if not self.model:
            return self._rng.choice(sorted(self._belief.weights))
        return self._belief.sample(self._rng)

    def _rollout(
        self, state: State, seat: int, first: int, mine: str, theirs: str, chance_seed: int
    ) -> float:
        """Play ``first``, then ``mine`` for ``seat`` and ``theirs`` for every other seat,
        for ``horizon`` round ends; ``seat``'s value."""
        rng = random.Random(chance_seed)
        plans = [self._plans[mine if s == seat else theirs] for s in range(state.num_players())]
        stop = _round(state) + self.horizon if self.horizon else None
        pending: int | None = first
        for _ in range(STEP_LIMIT):
            if state.is_terminal() or (stop is not None and _round(state) >= stop):
                break
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            elif player == SIMULTANEOUS:
                joint = []
                for s in range(state.num_players()):
                    if s == seat and pending is not None:
                        joint.append(pending)
                        pending = None
                    else:
                        joint.append(plans[s].step(SeatView(state, s)))
                state.apply_actions(joint)
            elif player == seat and pending is not None:
                state.apply_action(pending)
                pending = None
            else:
                state.apply_action(plans[player].step(SeatView(state, player)))
        if state.is_terminal():
            return float(state.returns()[seat])
        assert self._value is not None
        values = self._value(state)
        return 0.0 if values is None else float(values[seat])

    # ------------------------------------------------------------------ opponent model
    def _observe(self, view: SeatView) -> None:
        """Update the belief from what this seat sees now (Omringad evidence only)."""
        if view.game.name != "omringad" or view.num_players() != 2:
            return
        assert self._belief is not None
        obs = view.observation()
        seat = view.seat
        other = 1 - seat
        rnd = obs["round"]
        belief = self._belief
        auction = obs.get("auction")
        if auction:
            standing = 0
            for k, (who, amount) in enumerate(auction["bids"]):
                if who == other and amount > 0:
                    belief.update(("bid", rnd, k), {"bidder"})
                elif who == other and standing < obs["gold"][other]:
                    belief.update(("pass", rnd, k), {p for p in belief.weights if p != "bidder"})
                standing = max(standing, amount)
        phase = obs["phase"]
        if rnd >= 1 and ("opening",) not in belief.seen:
            self._observe_opening(obs, other)
        if phase in ("move", "battle") and rnd >= 2:
            self._observe_purchase(view, obs, other, rnd)
        if phase in ("move", "battle", "reinforce"):
            moved = any(e[1] == other for e in obs.get("entries", []))
            terrain = obs["terrain"]
            away = any(
                st["owner"] == other and terrain[st["square"]] not in ("C", "V")
                for st in obs["stacks"]
            )
            if moved or away:
                belief.update(("moves", rnd), {p for p in belief.weights if p != "turtle"})
        if phase == "move":
            self._observe_march(obs, other, rnd)
        self._last_obs = obs

    def _observe_march(self, obs: dict[str, Any], other: int, rnd: int) -> None:
        """The opponent moved one group since this seat's last decision (moves alternate,
        R30): which plans' targets (``OmringadPlan.target``) did it walk towards?"""
        assert self._belief is not None
        last = self._last_obs
        if last is None or last["phase"] != "move" or last["round"] != rnd:
            return
        from spelbord.ai.omringad.script import OmringadPlan, Rush, distances

        before, after = _counts(last, other), _counts(obs, other)
        left = [sq for sq, n in before.items() if after.get(sq, 0) < n]
        came = [sq for sq, n in after.items() if before.get(sq, 0) < n]
        if len(left) != 1 or len(came) != 1:
            return  # no move, or more than one: nothing to tell them apart
        origin, end = left[0], came[0]
        matching = set()
        for name in self._belief.weights:
            plan = self._plans[name]
            if not isinstance(plan, OmringadPlan) or not plan.moves:
                continue
            goal = plan.target(last, other, origin) if isinstance(plan, Rush) else None
            if goal is None:  # a target that moves as the walk conquers: no test
                matching.add(name)
                continue
            dist = distances(last, goal)
            if dist.get(end, 99) < dist.get(origin, 99):
                matching.add(name)
        if matching and len(matching) < len(self._belief.weights):
            self._belief.update(("march", rnd, origin, end), matching, MARCH_MISMATCH)

    def _observe_opening(self, obs: dict[str, Any], other: int) -> None:
        """The opening purchase (R70: 25 gold, a full pool) is every unit the opponent has
        on the board once the stacks are revealed: each plan's shopping list predicts it."""
        assert self._belief is not None
        from spelbord.games.omringad.units import Pool

        count = sum(_counts(obs, other).values())
        full = list(Pool.full().counts)
        matching = {
            name
            for name in self._belief.weights
            if _shopping_count(getattr(self._plans[name], "shopping", ""), full, OPENING_GOLD)
            == count
        }
        self._belief.update(("opening",), matching)

    def _observe_purchase(self, view: SeatView, obs: dict[str, Any], other: int, rnd: int) -> None:
        """What each plan would have bought against the opponent's public purchase count."""
        assert self._belief is not None
        if ("buy", rnd) in self._belief.seen:
            return
        count = obs["bought_count"][other]
        budget = obs["budget"][other]
        matching: set[str] = set()
        for _ in range(PURCHASE_DRAWS):  # the pool is hidden: a plan matches on any draw
            det = view.determinize(self._rng)
            pool = list(getattr(det, "pool", [[]])[other])
            bought = getattr(det, "bought", None)
            if not pool or bought is None:
                return
            for kind in bought[other]:
                if 0 <= kind < len(pool):
                    pool[kind] += 1
            matching |= {
                name
                for name, plan in self._plans.items()
                if name in self._belief.weights
                and _shopping_count(getattr(plan, "shopping", ""), pool, budget) == count
            }
        self._belief.update(("buy", rnd), matching, PURCHASE_MISMATCH)


def variants(game: str) -> tuple[Variant, ...]:
    """Plans beyond the gauntlet the agent may follow itself (not modelled as opponents)."""
    if game == "omringad":
        from spelbord.ai.omringad.script import VARIANTS

        return VARIANTS
    return ()


def _shopping_count(shopping: str, pool: list[int], gold: int) -> int:
    """Units an Omringad plan buys: always the first of ``shopping`` it can afford (R73)."""
    from spelbord.ai.omringad.script import COST
    from spelbord.games.omringad.units import BASE_KINDS, KIND_CODES

    letters = [KIND_CODES[k] for k in BASE_KINDS]
    left = pool[:]
    count = 0
    while True:
        for letter in shopping:
            i = letters.index(letter) if letter in letters else -1
            if i >= 0 and left[i] > 0 and COST[letter] <= gold:
                left[i] -= 1
                gold -= COST[letter]
                count += 1
                break
        else:
            return count


def _counts(obs: dict[str, Any], seat: int) -> dict[int, int]:
    """Units of ``seat`` per square in an Omringad observation."""
    out: dict[int, int] = {}
    for st in obs["stacks"]:
        if st["owner"] == seat:
            out[st["square"]] = out.get(st["square"], 0) + st["count"]
    return out


def _beats(arm: Arm, default: Arm, guard: float) -> bool:
    """Whether ``arm`` beats ``default`` by more than ``guard`` standard errors of their
    paired differences (sweeps both ran; at least two)."""
    diffs = [v - default.values[k] for k, v in arm.values.items() if k in default.values]
    n = len(diffs)
    if n < 2:
        return False
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > guard * math.sqrt(var / n)


def _phase(view: SeatView) -> tuple[int, str]:
    """The round and phase a plan is committed to (Omringad; other games: one phase)."""
    obs = view.observation()
    if isinstance(obs, dict):
        return (int(obs.get("round", 0)), str(obs.get("phase", "")))
    return (0, "")


def _round(state: State) -> int:
    return int(getattr(state, "round", 0))


def _evaluation(game: str) -> Value:
    """The game's fitted evaluation where there is one, else its ``heuristic_value``."""
    from spelbord.ai.mcts import EVALUATIONS, evaluation

    if game in EVALUATIONS["fitted"]:
        return evaluation("fitted", game)
    return lambda state: state.heuristic_value()


__all__ = ["PortfolioAgent", "make_portfolio"]

"""Portfolio search: choose among scripted plans by simulating them (``portfolio:1s``).

A turn of a game like Omringad is many small decisions (each step of a group, each unit
bought), so a search over single actions with random playouts learns little per second.
This agent searches over *plans* instead (Portfolio Greedy Search, Churchill & Buro 2013;
script-based Monte Carlo): at each decision every plan of the portfolio (the game's
scripted plans, ``spelbord.ai.scripted``, and the variants the game's knowledge adds,
``GameKnowledge``) proposes its action. When they all agree the agent plays it at once;
otherwise each distinct proposal is an arm, and the agent simulates: on a determinization
of what its seat knows (``SeatView.determinize``) it plays the arm's action, then follows
the plan that proposed it, while the opponent follows the plan the agent believes it
plays, for ``horizon`` round ends (or to the end of the game), scored by the game's fitted
evaluation (its ``fitted`` evaluation extra, else its ``heuristic_value``) or the result.
Every arm is played on the same determinization and the same chance seed in each sweep
(common random numbers), so their difference is measured with little noise. The default
plan (the game's knowledge names it, else its first plan) is played unless another arm
beats it by more than ``guard`` standard errors of the paired differences; then the best
such arm. The plan chosen is followed for the rest of that round's phase without searching
again (``commit=on``), so the simulations and the play agree and most small decisions
cost nothing.

Widened phases (``wide=PHASE``): where the plans agree, the search above has nothing to
choose, and in a game whose plans share their tactics (Omringad's all walk the same way)
that is nearly every decision of a phase. At each decision of a phase named in ``wide``
the arms are instead every legal action (the default plan's proposal first, then the
others up to ``WIDE_ARMS`` in all), each continued by the default plan: rollout policy
improvement over that plan (Tesauro & Galperin 1996; Bertsekas et al. 1997), with the
same paired sweeps and guard, never committed. It searches at every decision of those
phases, so it spends its budget far more often.

Opponent model (``model=on``): a belief over which plan the opponent follows, a weight per
plan, updated from public evidence at each of the agent's decisions by the game's own
observer (``GameKnowledge.observe``; Omringad's is ``spelbord.ai.omringad.portfolio``).
Matching evidence keeps a plan's weight, a mismatch multiplies it by ``MISMATCH`` (or the
observer's own factor); each rollout draws the opponent's plan from the belief with a
floor ``FLOOR`` per plan, so the agent is never tuned to one plan only. With
``model=off`` the opponent's plan is uniform. The agent reads nothing but its
``SeatView``: the plans see the determinization through a ``RolloutView`` of their seat
inside it (the same window, cheap: entries of the observation computed when read, the
legal actions kept for the decision), and their actions, taken from the state's own legal
actions, are applied without a second check (``State.apply_legal_action``).

What the agent knows of a game beyond its plans a game's agents register with ``teach``
(``spelbord.ai.<game>``, found through the game's ``agents`` extra).

Options: a time or iteration budget (default ``1s``; an iteration is one sweep over the
arms; a time budget holds inside a sweep too: a rollout looks at the clock, a sweep the
time cut short is dropped, and when none finished the default plan's proposal is played),
``horizon=H`` round ends to simulate (0 to 20, default ``DEFAULT_HORIZON``; 0: to
the end of the game), ``guard=Z`` (0 to 5, default 1), ``model=on|off`` (the opponent
model), ``commit=on|off``, ``wide=PHASE[+PHASE...]`` (phases as the game's observation
names them, at most ``MAX_WIDE``).

>>> make_portfolio(["200ms", "horizon=1"], seed=1).name
'portfolio:200ms:horizon=1'
>>> make_portfolio(["2s", "wide=move"], seed=1).name
'portfolio:2s:wide=move'
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
from typing import Any

from spelbord.ai.agent import Agent, decision_actions
from spelbord.ai.budget import AgentSpecError, Budget, SearchStats
from spelbord.ai.spec import AgentGameError, AgentSpec, agent_kind, load_game_agents
from spelbord.ai.view import RolloutView, SeatView
from spelbord.core import CHANCE, SIMULTANEOUS, State, sample_outcome, seeded
from spelbord.core.errors import SpelbordError

DEFAULT_BUDGET = Budget(seconds=1.0)
DEFAULT_HORIZON = 2
"""Round ends a rollout plays before the evaluation scores it."""
MAX_HORIZON = 20
MISMATCH = 0.15
"""Factor on a plan's weight when the opponent did what that plan would not do."""
FLOOR = 0.05
"""Least chance a rollout gives each plan as the opponent's (the belief is never certain)."""
DEFAULT_GUARD = 1.0
MAX_GUARD = 5.0
MAX_SWEEPS = 1000
"""Most sweeps an iteration budget may ask for (a sweep plays a rollout of every proposal,
far more work than one ``ismcts`` iteration, so the server's iteration cap is too loose)."""
STEP_LIMIT = 5000
"""Safety bound on the moves of one rollout."""
WIDE_ARMS = 12
"""Most arms of a widened decision: the default plan's proposal and the first other legal
actions in their order."""
MAX_WIDE = 8
"""Most phases ``wide`` may name."""
CLOCK_EVERY = 16
"""Moves of a rollout between two looks at the clock (a time budget is kept within a few
milliseconds, however long one sweep takes)."""


class _OutOfTime(Exception):
    """A rollout passed the decision's deadline."""


Value = Callable[[State], list[float] | None]


@dataclass(frozen=True)
class GameKnowledge:
    """What the agent knows of a game beyond its scripted plans: the plan it plays unless
    another measures better (``default_plan``; ``None``: the game's first), further plans
    it may follow itself but never models as the opponent's (``variants``: each called
    with a seed makes the agent, and has a ``plan`` name), and the opponent model's
    ``observe(agent, view)``, which updates ``agent.belief`` from public evidence."""

    default_plan: str | None = None
    plans: tuple[str, ...] | None = None
    """The scripted plans the agent follows and models (``None``: every plan of the game;
    a game keeps plans written to test the agent out of it)."""
    variants: tuple[Any, ...] = ()
    models_variants: bool = False
    """Whether the opponent model counts the ``variants`` among the opponent's possible
    plans too (an opponent may play as well as the agent's own plans)."""
    observe: Callable[[PortfolioAgent, SeatView], None] | None = None


_KNOWLEDGE: dict[str, GameKnowledge] = {}


def teach(game: str, knowledge: GameKnowledge) -> None:
    """Register what the agent knows of ``game`` (a game's agents module calls this)."""
    _KNOWLEDGE[game] = knowledge


def knowledge_of(game: str) -> GameKnowledge:
    """What the agent knows of ``game`` (nothing beyond its plans by default)."""
    load_game_agents(game)
    return _KNOWLEDGE.get(game, GameKnowledge())


def _has_plans(spec: AgentSpec, game: str) -> None:
    from spelbord.ai.scripted import plans_for

    if not plans_for(game):
        raise AgentGameError(f"the portfolio agent needs scripted plans; {game} has none")


@agent_kind("portfolio", check=_has_plans)
def portfolio(spec: AgentSpec, seed: int | None = None) -> PortfolioAgent:
    """``portfolio[:budget][:horizon=H][:guard=Z][:model=on|off][:commit=on|off][:wide=P+Q]``."""
    return make_portfolio(list(spec.parts), seed)


def make_portfolio(parts: list[str], seed: int | None = None) -> PortfolioAgent:
    """The agent of ``portfolio[:budget][:horizon=H][:guard=Z][:model=on|off][:commit=on|off]
    [:wide=P+Q]``."""
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
    wide: tuple[str, ...] = ()
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
        elif key == "wide":
            wide = tuple(value.split("+"))
            if not 1 <= len(wide) <= MAX_WIDE or not all(_phase_name(p) for p in wide):
                raise AgentSpecError(
                    f"wide is up to {MAX_WIDE} phase names joined by +, got {value!r} in {spec!r}"
                )
        elif key in ("model", "commit"):
            if value not in ("on", "off"):
                raise AgentSpecError(f"{key} is on or off, got {value!r} in {spec!r}")
            if key == "model":
                model = value == "on"
            else:
                commit = value == "on"
        else:
            raise AgentSpecError(
                f"unknown option {key!r} in {spec!r} (options: horizon, guard, model, commit, wide)"
            )
    return PortfolioAgent(
        budget, seed, horizon=horizon, model=model, commit=commit, guard=guard, wide=wide
    )


def _phase_name(text: str) -> bool:
    """Whether ``text`` can be a phase's name: 1 to 20 lower-case letters or hyphens."""
    return 1 <= len(text) <= 20 and all(c.islower() or c == "-" for c in text)


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
        wide: tuple[str, ...] = (),
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
        self.last_observation: dict[str, Any] | None = None
        """What this seat saw at its last decision (the opponent model's to keep)."""
        if not 0 <= guard <= MAX_GUARD:
            raise AgentSpecError(f"guard must be 0..{MAX_GUARD}, got {guard}")
        self.guard = guard
        """Standard errors by which a proposal must beat the default plan's to be played."""
        if guard != DEFAULT_GUARD:
            self.name += f":guard={guard:g}"
        self.wide = frozenset(wide)
        """The phases at whose decisions every legal action is an arm (``wide=``)."""
        if wide:
            self.name += ":wide=" + "+".join(wide)
        self._default = ""
        self.rng = seeded(seed)
        """The agent's own seeded generator (an opponent model draws from it too)."""
        self._game: str | None = None
        self._knowledge = GameKnowledge()
        self.plans: dict[str, Agent] = {}
        """Every plan by name: the game's plans, then its ``variants``."""
        self._own: list[str] = []
        """The plans this agent chooses among: the game's plans and ``variants``."""
        self.belief: Belief | None = None
        """The weights over the opponent's plans (set up at the first decision)."""
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
        self._knowledge = knowledge_of(game)
        if self._knowledge.plans is not None:
            names = [n for n in names if n in self._knowledge.plans]
        self.plans = {name: make_plan(name, self.rng.getrandbits(63)) for name in names}
        self._own = list(names)
        for variant in self._knowledge.variants:
            self.plans[variant.plan] = variant(self.rng.getrandbits(63))
            self._own.append(variant.plan)
        modelled = self._own if self._knowledge.models_variants else names
        self.belief = Belief({name: 1.0 / len(modelled) for name in modelled})
        self._default = self._knowledge.default_plan or names[0]
        self._value = _evaluation(game)
        self._game = game

    # ------------------------------------------------------------------ decisions
    def step(self, view: SeatView) -> int:
        legal = decision_actions(view)
        self._setup(view)
        if self.model and self._knowledge.observe is not None:
            self._knowledge.observe(self, view)
        if len(legal) == 1:
            self.last_stats = None
            return legal[0]
        phase = _phase(view)
        if phase[1] in self.wide:
            return self._widened(view, legal)
        if self.commit and self._committed is not None and self._committed[0] == phase:
            self.last_stats = None
            return self.plans[self._committed[1]].step(view)
        arms: dict[int, Arm] = {}
        for name in self._own:
            action = self.plans[name].step(view)
            arms.setdefault(action, Arm(action, [])).plans.append(name)
        if len(arms) == 1:
            self.last_stats = None
            return next(iter(arms))
        self.searched += 1
        ordered = list(arms.values())
        self.last_stats = self._search(view, ordered)
        default = next(a for a in ordered if self._default in a.plans)
        if not any(a.runs for a in ordered):  # no sweep finished in time: the default plan
            return default.action
        chosen = self.rng.choice(_best(ordered, default, self.guard))
        plan = self._default if chosen is default else chosen.best_plan()
        self._committed = (phase, plan)
        return chosen.action

    def _widened(self, view: SeatView, legal: list[int]) -> int:
        """A decision of a ``wide`` phase: every legal action (up to ``WIDE_ARMS``), each
        continued by the default plan; the default plan's own unless another beats it by
        the guard (ties: the earlier arm). A plan committed to in a phase that comes back
        within the round (a battle between two moves) is searched for afresh after it."""
        self._committed = None
        proposal = self.plans[self._default].step(view)
        others = [a for a in legal if a != proposal][: WIDE_ARMS - 1]
        arms = [Arm(a, [self._default]) for a in [proposal, *others]]
        self.searched += 1
        self.last_stats = self._search(view, arms)
        return _best(arms, arms[0], self.guard)[0].action

    def _search(self, view: SeatView, arms: list[Arm]) -> SearchStats:
        """Sweeps over the arms (one determinization and chance seed each) within budget."""
        start = time.perf_counter()
        limit = self.budget.seconds
        sweeps = 0
        while True:
            if not self._sweep(view, arms, sweeps, start, limit):
                break  # out of time inside a sweep: the sweeps before it count
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
    ) -> bool:
        """One rollout of every arm on one determinization and chance seed; ``False`` when
        the time ran out first (the sweep is dropped: its arms would not be paired)."""
        seat = view.seat
        deadline = None if limit is None else start + limit
        det = view.determinize(self.rng)
        opponent = self._opponent_plan()
        chance_seed = self.rng.getrandbits(63)
        results: list[tuple[Arm, float]] = []
        for arm in arms:
            mine = arm.plans[sweep % len(arm.plans)]
            state = det.clone()
            try:
                value = self._rollout(
                    state, seat, arm.action, mine, opponent, chance_seed, deadline
                )
            except _OutOfTime:
                return False
            except (AssertionError, SpelbordError, LookupError, ValueError) as error:
                # An imagined state the rules cannot play on: drop the whole sweep (so the
                # arms stay paired) and keep the state for a bug report.
                self.failed += 1
                if len(self.failures) < 3:
                    self.failures.append((repr(error), det.to_json()))
                return True
            results.append((arm, value))
        for arm, value in results:
            arm.add(sweep, arm.plans[sweep % len(arm.plans)], value)
        return True

    def _opponent_plan(self) -> str:
        assert self.belief is not None
        if not self.model:
            return self.rng.choice(sorted(self.belief.weights))
        return self.belief.sample(self.rng)

    def _rollout(
        self,
        state: State,
        seat: int,
        first: int,
        mine: str,
        theirs: str,
        chance_seed: int,
        deadline: float | None = None,
    ) -> float:
        """Play ``first``, then ``mine`` for ``seat`` and ``theirs`` for every other seat,
        for ``horizon`` round ends; ``seat``'s value (``_OutOfTime`` past ``deadline``,
        looked at every ``CLOCK_EVERY`` moves)."""
        rng = random.Random(chance_seed)
        plans = [self.plans[mine if s == seat else theirs] for s in range(state.num_players())]
        stop = _round(state) + self.horizon if self.horizon else None
        pending: int | None = first
        for step in range(STEP_LIMIT):
            if deadline is not None and step % CLOCK_EVERY == 0 and time.perf_counter() > deadline:
                raise _OutOfTime
            if state.is_terminal() or (stop is not None and _round(state) >= stop):
                break
            player = state.current_player()
            # The plans' actions come from the state's own legal actions (and chance's
            # from its outcomes): applied without a second check. The first action, the
            # real position's, is checked (the determinization may differ).
            if player == CHANCE:
                state.apply_legal_action(sample_outcome(state.chance_outcomes(), rng))
            elif player == SIMULTANEOUS:
                joint = []
                checked = False
                for s in range(state.num_players()):
                    if s == seat and pending is not None:
                        joint.append(pending)
                        pending = None
                        checked = True
                    else:
                        joint.append(plans[s].step(RolloutView(state, s)))
                if checked:
                    state.apply_actions(joint)
                else:
                    state.apply_legal_actions(joint)
            elif player == seat and pending is not None:
                state.apply_action(pending)
                pending = None
            else:
                state.apply_legal_action(plans[player].step(RolloutView(state, player)))
        if state.is_terminal():
            return float(state.returns()[seat])
        assert self._value is not None
        values = self._value(state)
        return 0.0 if values is None else float(values[seat])


def _best(arms: list[Arm], default: Arm, guard: float) -> list[Arm]:
    """The arms with the top mean among ``default`` and those that beat it by ``guard``
    (``_beats``), in their order; just ``default`` when no sweep ran."""
    better = [a for a in arms if a is default or _beats(a, default, guard)]
    top = max(a.mean for a in better)
    return [a for a in better if a.mean == top]


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
    """The round and phase a plan is committed to, where the observation names them (a
    game without: one phase)."""
    obs = view.observation()
    if isinstance(obs, dict):
        return (int(obs.get("round", 0)), str(obs.get("phase", "")))
    return (0, "")


def _round(state: State) -> int:
    return int(getattr(state, "round", 0))


def _evaluation(game: str) -> Value:
    """The game's fitted evaluation where there is one, else its ``heuristic_value``."""
    from spelbord import games

    if "fitted" in games.extras(game).evaluations:
        found: Value = games.evaluation(game, "fitted")
        return found
    return lambda state: state.heuristic_value()


__all__ = ["GameKnowledge", "PortfolioAgent", "knowledge_of", "make_portfolio", "teach"]

"""An exploiter's expected gain against a Gunst solver, computed without sampling.

Matches of a few games cannot tell a gap of 0.05 of the value range from none (a game's
return is +1, 0 or -1, so 10 games leave a standard error near 0.3). This module computes
the expectation instead: it walks the whole game tree that an exploiter and a frozen
target (``gunst-eq``, ``GunstSolver`` without an opponent model, whose Tinge mix depends
only on the position) reach together, every selection of the target's Tinge mix with its
probability (R4), both outcomes of every coin (R5), and every single-seat decision as
the deciding agent makes it (R24). Exploiters:

* ``mimic=PLAN``: in seasons 1-3 the continuation plan ``PLAN`` of ``spelbord.ai.gunst.eq``
  (``hoard``, ``everything``, ``trickle``, ...), like ``gunst-br:mimic=PLAN``;
* ``br``: in seasons 1-3 the selection of its own menu that scores best against the
  target's mix, cells valued by the target's own evaluation (``gunst-br``'s rule);
* ``deep`` (or ``deep=SEASONS``, e.g. ``deep=13``; ``deep`` is ``deep=3``): ``br``, but
  in the seasons named a best reply searched on the true continuation: the
  ``DEEP_CANDIDATES`` best of *every* legal selection by its own evaluation are each
  followed through the rest of the game as this probe follows it (the target's real
  later mixes, the exploiter's later replies, the exact-scored season-4 reply), and the
  best in expectation is taken;
* any of these with ``:plain`` (e.g. ``deep:plain``) evaluates its own cells (which
  selections it follows, its in-round decisions) as plain ``gunst-eq`` does, not as the
  target does: much cheaper against a target whose evaluation is slow;

and in season 4 all of them take the best reply to the target's mix over every legal selection:
the few best by the target's cells (greedy rounds), then scored exactly (the round by
expectimax, ``spelbord.ai.gunst.exact.RoundSolver``: the exploiter plays best, the target
its own in-round decisions). In seasons 1-3 the exploiter's in-round decisions are the
target's evaluation from its own seat. Besides the exploiters:

* ``as=SPEC``: not an exploiter but a rival ``gunst-eq`` with ``model=off`` playing its
  own mix at every Tinge and its own in-round decisions: the expected result of a
  head-to-head match, every mix and coin followed.

The result is the exploiter's expected return from each seat (+1 win, -1 loss, R22);
Gunst is symmetric up to the coin, so the game's value is 0 and their mean is a lower
bound on the target's exploitability (half of it over the value range 2).

>>> from spelbord.games.gunst.position import Table
>>> t = Table(); t.season = 4; t.life = [1, 1]
>>> t.hand = [[0, 1, 0, 0, 0], [0, 0, 0, 0, 0]]
>>> probe = Probe(make_target("gunst-eq:model=off"), "br", seat=1)
>>> probe.value(t)  # seat 1 holds nothing; the target's warrior strikes its last stone
-1.0
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from spelbord import games
from spelbord.ai import make_agent
from spelbord.ai.budget import AgentSpecError
from spelbord.ai.gunst.eq import CONTINUATIONS, NOTHING, GunstSolver
from spelbord.ai.gunst.exact import RoundSolver, agent_policy, cell
from spelbord.ai.gunst.smmcts import greedy_decision, menu
from spelbord.games.gunst import rules
from spelbord.games.gunst.pieces import SEASONS
from spelbord.games.gunst.position import COIN, OVER, TINGE, Table

SUPPORT = 1e-3
"""Selections the target plays with less probability than this are left out (their mass
is reported as ``pruned``)."""
EXACT_REPLIES = 3
"""Season 4: how many of the best replies by the target's cells are scored exactly."""
DEEP_CANDIDATES = {1: 8, 2: 8, 3: 24}
"""``deep``: how many selections of each season are followed to the end of the game."""


def make_target(spec: str) -> GunstSolver:
    """The frozen target: a ``gunst-eq`` spec without an opponent model."""
    agent = make_agent(spec, seed=0, game="gunst")
    if not isinstance(agent, GunstSolver) or agent.exploit:
        raise AgentSpecError(f"the target is a gunst-eq with model=off, not {spec!r}")
    return agent


@dataclass(frozen=True)
class ProbeResult:
    """The exploiter's expected return from ``seat``, the probability mass left out, and
    how many positions (Tinges) were expanded."""

    seat: int
    value: float
    pruned: float
    tinges: int


class Probe:
    """The expected return of ``exploiter`` (``br`` or ``mimic=PLAN``) playing ``seat``
    against ``target`` playing the other seat."""

    def __init__(self, target: GunstSolver, exploiter: str, seat: int) -> None:
        plans = {name: plan for name, plan, _ in CONTINUATIONS}
        plain = exploiter.endswith(":plain")
        exploiter = exploiter.removesuffix(":plain")
        kind, _, plan = exploiter.partition("=")
        seasons = plan if kind == "deep" and plan else "3"
        self.rival = make_target(plan) if kind == "as" else None
        if not (
            exploiter == "br"
            or self.rival is not None
            or (kind == "mimic" and plan in plans)
            or (kind == "deep" and seasons.isdigit() and set(seasons) <= set("123"))
        ):
            raise AgentSpecError(
                f"unknown exploiter {exploiter!r} (br, deep[=SEASONS], as=SPEC, or mimic=PLAN: "
                f"{', '.join(plans)})"
            )
        self.mimic = plans[plan] if kind == "mimic" else None
        self.deep = {int(c) for c in seasons} if kind == "deep" else set()
        self.target = target
        self.seat = seat
        self.other = 1 - seat
        self.own = GunstSolver(seed=0, exploit=False)
        if not plain:
            self.own.__dict__.update({k: v for k, v in target.__dict__.items() if k in _EVALUATION})
        self.policies = {
            seat: agent_policy(self.own if self.rival is None else self.rival, seat),
            self.other: agent_policy(target, self.other),
        }
        self.pruned = 0.0
        self.tinges = 0
        self.memo: dict[tuple[object, ...], tuple[float, float]] = {}

    def value(self, table: Table, weight: float = 1.0) -> float:
        """The exploiter's expected return from ``table`` (``weight``: the probability of
        reaching it, for the pruned mass)."""
        t = table.clone()
        while t.phase not in (OVER, TINGE, COIN):
            rules.decide(t, self.policies[t.actor](t))
        if t.phase == OVER:
            return 0.0 if t.loser < 0 else (-1.0 if t.loser == self.seat else 1.0)
        if t.phase == COIN:
            total = 0.0
            for outcome in (0, 1):
                child = t.clone()
                rules.toss(child, outcome)
                total += 0.5 * self.value(child, weight * 0.5)
            return total
        key = (t.season, tuple(t.life), tuple(map(tuple, t.hand)), tuple(map(tuple, t.deity)))
        known = self.memo.get(key)
        if known is not None:
            self.pruned += weight * known[1]
            return known[0]
        before = self.pruned
        value = self._tinge(t, weight)
        self.memo[key] = (value, (self.pruned - before) / weight if weight > 0 else 0.0)
        return value

    def _tinge(self, t: Table, weight: float) -> float:
        """The exploiter's expected return from the Tinge ``t`` (a position met before is
        looked up: a Tinge is its season, life, hands and deity tracks)."""
        self.tinges += 1
        codes, probs = self.target.tinge_policy(t, self.other)
        mix = [(c, p) for c, p in zip(codes, probs, strict=True) if p > SUPPORT]
        kept = sum(p for _, p in mix)
        self.pruned += weight * (1.0 - kept)
        mix = [(c, p / kept) for c, p in mix]
        if self.rival is not None:
            return self._rival_tinge(t, mix, weight)
        if t.season >= SEASONS:
            return self._last_season(t, mix)
        if t.season in self.deep:
            candidates = self._ranked(t, mix)[: DEEP_CANDIDATES[t.season]]
            return max(self._follow(t, mine, mix, weight) for mine in candidates)
        return self._follow(t, self._choose(t, mix), mix, weight)

    def _rival_tinge(self, t: Table, mix: Sequence[tuple[int, float]], weight: float) -> float:
        """``as=SPEC``: the rival's own mix against the target's, every pair followed (a
        head-to-head match in expectation)."""
        assert self.rival is not None
        codes, probs = self.rival.tinge_policy(t, self.seat)
        total = 0.0
        for mine, q in zip(codes, probs, strict=True):
            if q > SUPPORT:
                total += q * self._follow(t, mine, mix, weight * q)
        return total

    def _follow(
        self, t: Table, mine: int, mix: Sequence[tuple[int, float]], weight: float
    ) -> float:
        total = 0.0
        for code, p in mix:
            child = t.clone()
            rules.reveal(child, [mine, code] if self.seat == 0 else [code, mine])
            total += p * self.value(child, weight * p)
        return total

    def _ranked(self, t: Table, mix: Sequence[tuple[int, float]]) -> list[int]:
        """Every legal selection of the exploiter, best first by its own evaluation."""
        self.own._leaf_cache.clear()
        self.own._cells = {}
        every = list(rules.selections(tuple(t.hand[self.seat]), t.ready_mask(self.seat)))
        scores = self.own._scores(t, self.seat, every, mix, True, 0, float("inf"))
        assert scores is not None
        return [every[i] for i in sorted(range(len(every)), key=lambda i: -scores[i])]

    def _choose(self, t: Table, mix: Sequence[tuple[int, float]]) -> int:
        if self.mimic is not None:
            return self.mimic(t, self.seat)
        self.own._leaf_cache.clear()
        self.own._cells = {}
        mine = self.own._choices(t, self.seat)
        payoff = self.own.payoff(t, self.seat, mine, [c for c, _ in mix])
        scores = [sum(r[j] * p for j, (_, p) in enumerate(mix)) for r in payoff]
        return mine[scores.index(max(scores))]

    def _last_season(self, t: Table, mix: Sequence[tuple[int, float]]) -> float:
        ranked = self._ranked(t, mix)[:EXACT_REPLIES]
        solver = RoundSolver(self.seat, {self.other: self.policies[self.other]})
        return max(sum(p * cell(t, self.seat, a, code, solver) for code, p in mix) for a in ranked)


_EVALUATION = ("think", "safety", "last_safety", "wide", "solve4", "raises")


def probe(
    target: str, exploiter: str, seat: int, start: Table | None = None, version: int | None = None
) -> ProbeResult:
    """The exploiter's expected return from ``seat`` against ``target`` (a ``gunst-eq``
    spec with ``model=off``) from ``start`` (a Tinge; default the start of the game)."""
    if start is None:
        state = games.load("gunst", rules_version=version).new_initial_state()
        start = state.table  # type: ignore[attr-defined]
    search = Probe(make_target(target), exploiter, seat)
    value = search.value(start)
    return ProbeResult(seat, value, search.pruned, search.tinges)


def random_tinges(season: int, count: int, seed: int) -> list[Table]:
    """``count`` Tinges of ``season`` reached by random play (selections drawn from each
    seat's menu, ``spelbord.ai.gunst.smmcts.menu``, other decisions and coins uniform),
    skipping games that end earlier: off the equilibrium's path, where a target's
    evaluation is tried hardest."""
    rng = random.Random(seed)
    found: list[Table] = []
    while len(found) < count:
        t = Table()
        while t.phase != OVER and not (t.phase == TINGE and t.season == season):
            if t.phase == TINGE:
                rules.reveal(t, [rng.choice(menu(t, 0)), rng.choice(menu(t, 1))])
            elif t.phase == COIN:
                rules.toss(t, rng.randrange(2))
            else:
                rules.decide(t, rng.choice(rules.legal_decisions(t, t.actor)))
        if t.phase == TINGE:
            t.log = []
            found.append(t)
    return found


def after_nothing(season: int) -> Table:
    """The Tinge of ``season`` after both seats brought nothing in every season before
    (R4; the rounds' decisions by the greedy policy, ``smmcts.greedy_decision``, its
    coins seeded 0): with full hands, where the searched replies of season 3 gain most.

    >>> t = after_nothing(3)
    >>> t.season, t.phase == TINGE, t.life, t.hand == [[1, 3, 3, 2, 2], [1, 3, 3, 2, 2]]
    (3, True, [12, 12], True)
    """
    if not 1 <= season <= SEASONS:
        raise ValueError(f"a season is 1..{SEASONS}, got {season}")
    rng = random.Random(0)
    t = Table()
    while not (t.phase == TINGE and t.season == season):
        if t.phase == TINGE:
            rules.reveal(t, [NOTHING, NOTHING])
        elif t.phase == COIN:
            rules.toss(t, rng.randrange(2))
        else:
            rules.decide(t, greedy_decision(t, t.actor, rules.legal_decisions(t, t.actor), rng))
    t.log = []
    return t


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m spelbord.ai.gunst.probe TARGET EXPLOITER... [--from SEASON COUNT SEED]
    [--after-nothing SEASON]``: each exploiter's expected return against ``TARGET`` from
    both seats, their mean, and the CPU time; from the start of the game, from each of
    ``COUNT`` Tinges of ``SEASON`` reached by random play (``random_tinges``, seeded by
    ``SEED``), or from ``SEASON``'s Tinge after both seats brought nothing before it
    (``after_nothing``)."""
    args = list(sys.argv[1:] if argv is None else argv)
    starts: list[Table | None] = [None]
    usage = (
        "usage: python -m spelbord.ai.gunst.probe TARGET EXPLOITER... [--from S N SEED] "
        "[--after-nothing S]"
    )
    if "--after-nothing" in args and "--from" in args:
        raise SystemExit(f"{usage} (one start: --from or --after-nothing)")
    try:
        if "--after-nothing" in args:
            at = args.index("--after-nothing")
            starts = [after_nothing(int(args[at + 1]))]
            del args[at : at + 2]
        if "--from" in args:
            at = args.index("--from")
            season, count, seed = (int(a) for a in args[at + 1 : at + 4])
            starts = list(random_tinges(season, count, seed))
            del args[at : at + 4]
    except (IndexError, ValueError) as exc:
        raise SystemExit(f"{usage} ({exc})") from None
    if len(args) < 2:
        raise SystemExit(usage)
    target, exploiters = args[0], args[1:]
    for n, start in enumerate(starts):
        where = (
            "the start"
            if start is None
            else (
                f"Tinge {n} (season {start.season}, life {start.life}, hands {start.hand}, "
                f"deities {start.deity})"
            )
        )
        for exploiter in exploiters:
            started = time.process_time()
            results = [probe(target, exploiter, seat, start) for seat in (0, 1)]
            mean = sum(r.value for r in results) / 2
            print(
                f"{exploiter} against {target} from {where}: "
                + ", ".join(f"seat {r.seat} {r.value:+.4f}" for r in results)
                + f"; mean {mean:+.4f} ({mean / 2:.4f} of the range); pruned mass "
                + f"{max(r.pruned for r in results):.4f}; "
                + f"{sum(r.tinges for r in results)} Tinges; "
                + f"{time.process_time() - started:.0f} s CPU",
                flush=True,
            )


if __name__ == "__main__":
    main()

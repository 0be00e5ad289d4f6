"""What the portfolio agent (``spelbord.ai.portfolio``) knows of Omringad.

The plan it plays unless another measures better is the garrison conqueror, the
strongest in scripted play; beyond the gauntlet (``script.PLANS``) it may follow the
``VARIANTS`` of ``spelbord.ai.omringad.script`` itself, and it counts them among the
opponent's possible plans too (``models_variants``: an opponent it does not know may play
as well as its own plans). The held-out plans (``script.HELD_OUT``) it neither follows nor
models: they measure it on play it was not tuned to.

Its opponent model (``model=on``) updates the belief over which plan the opponent follows
from public evidence at each of the agent's decisions, in two-player games:

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

>>> _shopping_count("REM", [16, 6, 4, 4, 2, 3], 25)
6
"""

from __future__ import annotations

from typing import Any

from spelbord.ai.omringad.script import COST, PLANS, VARIANTS, OmringadPlan, Rush, distances
from spelbord.ai.portfolio import GameKnowledge, PortfolioAgent, teach
from spelbord.ai.view import SeatView
from spelbord.games.omringad.units import BASE_KINDS, KIND_CODES, Pool

DEFAULT_PLAN = "garrison-conqueror"
"""The plan played unless another proposal measures better: the strongest in scripted
play (``spelbord.ai.omringad.script.VARIANTS``)."""
OPENING_GOLD = 25
"""What every player spends on the opening purchase (R70)."""
PURCHASE_MISMATCH = 0.6
"""The factor for a later purchase, whose prediction rests on a guessed pool."""
PURCHASE_DRAWS = 6
"""Determinizations a purchase is checked on (its pool is hidden)."""
MARCH_MISMATCH = 0.5
"""The same for a group's walk that does not head for the plan's target (a softer test:
the target is recomputed from what this seat saw before the move)."""


def observe(agent: PortfolioAgent, view: SeatView) -> None:
    """Update ``agent.belief`` from what this seat sees now (two-player games)."""
    if view.num_players() != 2:
        return
    assert agent.belief is not None
    obs = view.observation()
    seat = view.seat
    other = 1 - seat
    rnd = obs["round"]
    belief = agent.belief
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
        _observe_opening(agent, obs, other)
    if phase in ("move", "battle") and rnd >= 2:
        _observe_purchase(agent, view, obs, other, rnd)
    if phase in ("move", "battle", "reinforce"):
        moved = any(e[1] == other for e in obs.get("entries", []))
        terrain = obs["terrain"]
        away = any(
            st["owner"] == other and terrain[st["square"]] not in ("C", "V") for st in obs["stacks"]
        )
        if moved or away:
            belief.update(("moves", rnd), {p for p in belief.weights if p != "turtle"})
    if phase == "move":
        _observe_march(agent, obs, other, rnd)
    agent.last_observation = obs


def _observe_march(agent: PortfolioAgent, obs: dict[str, Any], other: int, rnd: int) -> None:
    """The opponent moved one group since this seat's last decision (moves alternate,
    R30): which plans' targets (``OmringadPlan.target``) did it walk towards?"""
    assert agent.belief is not None
    last = agent.last_observation
    if last is None or last["phase"] != "move" or last["round"] != rnd:
        return
    before, after = _counts(last, other), _counts(obs, other)
    left = [sq for sq, n in before.items() if after.get(sq, 0) < n]
    came = [sq for sq, n in after.items() if before.get(sq, 0) < n]
    if len(left) != 1 or len(came) != 1:
        return  # no move, or more than one: nothing to tell them apart
    origin, end = left[0], came[0]
    matching = set()
    for name in agent.belief.weights:
        plan = agent.plans[name]
        if not isinstance(plan, OmringadPlan) or not plan.moves:
            continue
        goal = plan.target(last, other, origin) if isinstance(plan, Rush) else None
        if goal is None:  # a target that moves as the walk conquers: no test
            matching.add(name)
            continue
        dist = distances(last, goal)
        if dist.get(end, 99) < dist.get(origin, 99):
            matching.add(name)
    if matching and len(matching) < len(agent.belief.weights):
        agent.belief.update(("march", rnd, origin, end), matching, MARCH_MISMATCH)


def _observe_opening(agent: PortfolioAgent, obs: dict[str, Any], other: int) -> None:
    """The opening purchase (R70: 25 gold, a full pool) is every unit the opponent has
    on the board once the stacks are revealed: each plan's shopping list predicts it."""
    assert agent.belief is not None
    count = sum(_counts(obs, other).values())
    full = list(Pool.full().counts)
    matching = {
        name
        for name in agent.belief.weights
        if _shopping_count(getattr(agent.plans[name], "shopping", ""), full, OPENING_GOLD) == count
    }
    agent.belief.update(("opening",), matching)


def _observe_purchase(
    agent: PortfolioAgent, view: SeatView, obs: dict[str, Any], other: int, rnd: int
) -> None:
    """What each plan would have bought against the opponent's public purchase count."""
    assert agent.belief is not None
    if ("buy", rnd) in agent.belief.seen:
        return
    count = obs["bought_count"][other]
    budget = obs["budget"][other]
    matching: set[str] = set()
    for _ in range(PURCHASE_DRAWS):  # the pool is hidden: a plan matches on any draw
        det = view.determinize(agent.rng)
        pool = list(getattr(det, "pool", [[]])[other])
        bought = getattr(det, "bought", None)
        if not pool or bought is None:
            return
        for kind in bought[other]:
            if 0 <= kind < len(pool):
                pool[kind] += 1
        matching |= {
            name
            for name, plan in agent.plans.items()
            if name in agent.belief.weights
            and _shopping_count(getattr(plan, "shopping", ""), pool, budget) == count
        }
    agent.belief.update(("buy", rnd), matching, PURCHASE_MISMATCH)


def _shopping_count(shopping: str, pool: list[int], gold: int) -> int:
    """Units an Omringad plan buys: always the first of ``shopping`` it can afford (R73)."""
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


KNOWLEDGE = GameKnowledge(
    default_plan=DEFAULT_PLAN,
    plans=tuple(p.plan for p in PLANS),
    variants=VARIANTS,
    models_variants=True,
    observe=observe,
)
teach("omringad", KNOWLEDGE)

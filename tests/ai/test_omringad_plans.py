"""Omringad's held-out plans (fortress, starver, phalanx, sweeper), each on a small
hand-made position showing what sets it apart, and the portfolio agent keeping them out
of its own plans. That they play legal games to the end: ``test_scripted``."""

from __future__ import annotations

from tests.games.omringad.positions import play, position

from spelbord.ai import SeatView
from spelbord.ai.omringad import script
from spelbord.games.omringad.phases import auction as auction_phase
from spelbord.games.omringad.terrain import Terrain
from spelbord.games.omringad.units import SPECIAL_KINDS, Kind

CASTLE = {"A c3": Terrain.CASTLE, "B c3": Terrain.CASTLE}


def chosen(plan: script.OmringadPlan, st) -> str:  # type: ignore[no-untyped-def]
    """The plan's next action in notation, applied to ``st``."""
    text = st.action_to_string(plan.step(SeatView(st, 0)))
    play(st, text)
    return text


def test_fortress_sallies_without_its_archers() -> None:
    """R40: archers fire first from the walls (R12), so they stay; the elites sally to
    take the enemy's empty square next door (R36)."""
    st = position({"A c3": (0, "AAEE"), "B c3": (1, "M")}, CASTLE)
    plan = script.Fortress(seed=1)
    assert chosen(plan, st) == "A c3"
    taken = [chosen(plan, st) for _ in range(2)]
    assert taken == ["take E", "take E"]
    assert chosen(plan, st) == "done"


def test_fortress_attacks_only_at_two_to_one() -> None:
    """R34: entering an enemy stack means a battle; two elites never attack two units."""
    near = {"A c3": (0, "AAEE"), "A c1": (1, "MM")}
    st = position(near, CASTLE, control={"A c1": 1, "A c2": 1})
    obs = SeatView(st, 0).observation()
    goal = script.Fortress(seed=1).target(obs, 0, st.map.parse_label("A c3"))
    assert goal == st.map.parse_label("A c2")  # the empty square, not the stack behind it


def test_starver_outbids_the_richest_rival_at_once() -> None:
    """R102: with 10 gold against 6, a bid of 7 cannot be raised."""
    st = position({"A c3": (0, "M"), "B c3": (1, "M")}, CASTLE)
    st.cup, st.gold = [SPECIAL_KINDS.index(Kind.SNIPERS)], [10, 6]
    auction_phase.start(st)
    play(st, "draw snipers")
    assert chosen(script.Starver(seed=1), st) == "bid 7"


def test_starver_raids_in_pairs_and_leaves_one_home() -> None:
    st = position({"A c3": (0, "RRR"), "B c3": (1, "M")}, CASTLE)
    plan = script.Starver(seed=1)
    assert chosen(plan, st) == "A c3"
    assert [chosen(plan, st) for _ in range(3)] == ["take R", "take R", "done"]


def test_phalanx_stacks_walk_to_the_army_under_the_general() -> None:
    """R22: the general's +1 is for its side's units in its battle, so they gather."""
    st = position({"A c3": (0, "GE"), "A a1": (0, "E"), "B c3": (1, "M")}, CASTLE)
    obs = SeatView(st, 0).observation()
    plan = script.Phalanx(seed=1)
    assert plan.target(obs, 0, st.map.parse_label("A a1")) == st.map.parse_label("A c3")
    assert plan.target(obs, 0, st.map.parse_label("A c3")) == st.map.parse_label("B c3")


def test_sweeper_walks_through_empty_enemy_squares_around_a_stack() -> None:
    """R36: a rider takes every empty enemy square it passes; it steps around the
    enemy's pair (R34) instead of stopping in it."""
    st = position({"A c1": (0, "R"), "B c1": (1, "MM"), "B c3": (1, "M")}, CASTLE)
    obs = SeatView(st, 0).observation()
    plan = script.Sweeper(seed=1)
    start = st.map.parse_label("A c1")
    value, first = plan._best_path(obs, 0, start, 3, 1, {start})
    assert value >= 2 and first != st.map.parse_label("B c1")  # two taken on the way
    assert obs["control"][first] == 0  # via its own square to the seam further on


def test_the_portfolio_agent_neither_follows_nor_models_the_held_out_plans() -> None:
    from spelbord.ai.portfolio import make_portfolio

    st = position({"A c3": (0, "M"), "B c3": (1, "M")}, CASTLE)
    agent = make_portfolio(["2it"], seed=1)
    agent.step(SeatView(st, 0))
    held_out = {p.plan for p in script.HELD_OUT}
    assert agent.belief is not None
    assert not held_out & set(agent.plans) and not held_out & set(agent.belief.weights)
    assert {v.plan for v in script.VARIANTS} <= set(agent.belief.weights)


def test_the_portfolio_agent_keeps_its_time_and_plays_its_default_when_out_of_it() -> None:
    """A 1 ms budget finishes no sweep (a rollout looks at the clock): the agent plays
    the default plan's proposal, here the garrison conqueror's march from its one stack,
    where the turtle among its plans would pass (R30)."""
    from spelbord.ai.portfolio import make_portfolio

    st = position({"A c3": (0, "EE"), "B c3": (1, "M")}, CASTLE)
    agent = make_portfolio(["1ms"], seed=1)
    action = agent.step(SeatView(st, 0))
    assert agent.searched == 1 and agent.last_stats is not None
    assert agent.last_stats.iterations == 0
    assert st.action_to_string(action) == "A c3"

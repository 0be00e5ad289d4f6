"""The exact best reply to a scripted Gunst plan (``spelbord.ai.gunst.plan_reply``,
issue 11): every scripted plan loses for certain to it (R22 decides the value)."""

from __future__ import annotations

import random

import pytest

from spelbord import games
from spelbord.ai import SeatView
from spelbord.ai.budget import AgentSpecError
from spelbord.ai.gunst.plan_reply import PlanReplier, PlanReplyError, best_reply
from spelbord.ai.scripted import make_plan
from spelbord.games.gunst import rules
from spelbord.games.gunst.pieces import Selection
from spelbord.games.gunst.position import TINGE


@pytest.mark.parametrize("plan", ["hoarder", "banisher", "trickle", "all-in", "deity-rush"])
def test_every_scripted_plan_loses_for_certain_to_the_best_reply(plan: str) -> None:
    """R22: the best reply's expected return is +1 from either seat, opening with ``bring
    nothing`` (R4)."""
    for seat in (0, 1):
        reply = best_reply(plan, seat)
        assert reply.value == 1.0
        assert reply.selection == Selection((0, 0, 0, 0, 0), 0)


def test_the_reply_wins_real_games_against_the_real_hoarder() -> None:
    """The search models the plan as it plays: following it against ``script:hoarder``
    (its own seeded tie-breaks, a random coin, R5) wins every game (R22)."""
    for seed in range(4):
        state = games.load("gunst").new_initial_state()
        hoarder = make_plan("hoarder", seed=seed)
        replier = PlanReplier("hoarder", seat=0)
        coin = random.Random(seed)
        while not state.is_terminal():
            player = state.current_player()
            if player == -1:
                state.apply_action(coin.choice([a for a, _ in state.chance_outcomes()]))
            elif player == -2:
                mine = replier.action(state.table)
                state.apply_actions([mine, hoarder.step(SeatView(state, 1))])
            elif player == 0:
                state.apply_action(replier.action(state.table))
            else:
                state.apply_action(hoarder.step(SeatView(state, 1)))
        assert state.returns() == [1.0, -1.0]


def test_the_season_four_reply_after_three_hoarded_seasons() -> None:
    """After three seasons of ``bring nothing`` on both sides, bringing everything but a
    scholar makes the reply the chooser (R5: 10 pieces against 11) and wins for certain."""
    state = games.load("gunst").new_initial_state()
    nothing = Selection((0, 0, 0, 0, 0), 0).code
    while state.table.season < 4:
        if state.current_player() == -2:
            state.apply_actions([nothing, nothing])
        else:
            state.apply_action(state.legal_actions()[0])
    replier = PlanReplier("hoarder", seat=0)
    assert replier.value(state.table) == 1.0
    table = state.table.clone()
    everything = Selection((1, 3, 3, 2, 2), 0).code
    rules.reveal(table, [Selection((1, 3, 3, 2, 1), 0).code, everything])
    assert table.chooser == 0
    assert replier.value(table) == 1.0
    table = state.table.clone()
    rules.reveal(table, [everything, everything])  # the mirror draws at best
    assert replier.value(table) < 1.0


def test_bad_requests_are_refused() -> None:
    with pytest.raises(PlanReplyError):
        PlanReplier("hoarder", seat=2)
    with pytest.raises(AgentSpecError):
        PlanReplier("turtle", seat=0)  # an Omringad plan
    with pytest.raises(AgentSpecError):
        PlanReplier("nobody", seat=0)
    state = games.load("gunst").new_initial_state()
    nothing = Selection((0, 0, 0, 0, 0), 0).code
    state.apply_actions([nothing, nothing])  # equal counts: the coin comes next (R5)
    assert state.table.phase != TINGE
    with pytest.raises(PlanReplyError):
        best_reply("hoarder", 0, state.table)
    with pytest.raises(PlanReplyError):
        PlanReplier("hoarder", seat=0).action(state.table)

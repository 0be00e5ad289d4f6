"""Gunst near equilibrium: ``gunst-eq`` (depth-limited matrix-game solving), its best
reply ``gunst-br`` and the SM-MCTS alternative ``gunst-smmcts`` (issue 11)."""

from __future__ import annotations

import pytest
from tests.ai.guard import guarded_view

from spelbord import games
from spelbord.ai import SeatView, make_agent
from spelbord.ai.budget import AgentSpecError
from spelbord.ai.gunst import eq as gunst_solver
from spelbord.ai.gunst.eq import CONTINUATIONS, GunstSolver
from spelbord.ai.gunst.smmcts import menu
from spelbord.games.gunst import rules
from spelbord.games.gunst.pieces import Selection
from spelbord.lab import run_match


def test_menu_holds_only_legal_selections() -> None:
    state = games.load("gunst").new_initial_state()
    table = state.table
    table.hand[0] = [1, 2, 0, 1, 2]
    table.deity[0] = [3, 3, 0, 1]  # Extazia and Vandringsmanden ready (R2)
    codes = menu(table, 0)
    assert Selection((0, 0, 0, 0, 0), 0).code in codes
    assert Selection((1, 2, 0, 1, 2), 0b11).code in codes
    assert all(rules.selection_is_legal(table, 0, c) for c in codes)


def test_the_solver_plays_legal_actions_to_the_end() -> None:
    result = run_match("gunst", {}, ["gunst-eq", "random"], games=2, seed=3, progress=False)
    assert result.entries[0].wins + result.entries[0].draws == 2


def test_the_model_recognises_the_hoarder_and_exploits_it_only_safely(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After three seasons of ``bring nothing`` the model names the hoarding plan (R4);
    the season-4 mix then scores at least the equilibrium's against the predicted ``bring
    everything``, and still guarantees the equilibrium's value minus ``safety`` against
    every selection the hoarder could make (R22 decides every cell). ``last_safety`` is
    the season-4 slack: the model's gain against ``bring everything`` reaches it (the
    frontier is a line, so the mix buys exactly what it risks)."""
    monkeypatch.setattr(gunst_solver, "ORACLE_SECONDS", 60.0)  # no time limit here
    monkeypatch.setattr(gunst_solver, "REPLY_SECONDS", 60.0)
    game = games.load("gunst")
    state = game.new_initial_state()
    nothing = Selection((0, 0, 0, 0, 0), 0).code
    hoard = [i for i, c in enumerate(CONTINUATIONS) if c[0] == "hoard"]
    one_warrior = Selection((0, 1, 0, 0, 0), 0).code
    while state.table.season < 4:
        if state.current_player() == -2:
            first = state.table.season == 1
            state.apply_actions([one_warrior if first else nothing, nothing])
        else:
            state.apply_action(state.legal_actions()[0])
    table = state.table
    agent = GunstSolver(seed=1)
    agent.fit_model(state, 1)
    assert hoard[0] in agent._model and agent._trust == pytest.approx(0.875)
    codes, probs = agent.tinge_policy(table, 0)
    mix = [(c, p) for c, p in zip(codes, probs, strict=True) if p > 1e-9]
    pure = GunstSolver(seed=1, exploit=False)
    pure_codes, pure_probs = pure.tinge_policy(table, 0)
    pure_mix = [(c, p) for c, p in zip(pure_codes, pure_probs, strict=True) if p > 1e-9]
    everything = Selection(tuple(table.hand[1]), table.ready_mask(1)).code
    exploit = sum(p * agent._cell(table, 0, a, everything)[1] for a, p in mix)
    assert exploit >= sum(p * pure._cell(table, 0, a, everything)[0] for a, p in pure_mix) - 1e-9
    replies = rules.selections(tuple(table.hand[1]), table.ready_mask(1))
    worst = min(sum(p * agent._cell(table, 0, a, b)[0] for a, p in mix) for b in replies)
    assert worst >= pure.last_value - agent.last_safety - 1e-6
    assert exploit >= pure.last_value + agent.last_safety / 2


def test_the_pure_equilibrium_is_symmetric_at_the_start() -> None:
    state = games.load("gunst").new_initial_state()
    agent = GunstSolver(seed=1, exploit=False)
    agent.step(SeatView(state, 0))
    assert abs(agent.last_value) < 0.05
    assert abs(sum(agent.last_strategy.values()) - 1.0) < 1e-9


def test_specs() -> None:
    assert make_agent("gunst-eq").name == "gunst-eq"
    assert make_agent("gunst-eq:model=off").name == "gunst-eq:model=off"
    assert make_agent("gunst-eq:safety=0.3").name == "gunst-eq:safety=0.3"
    assert make_agent("gunst-eq:safety4=0.1").name == "gunst-eq:safety4=0.1"
    assert make_agent("gunst-br:mimic=hoard:safety4=0.1").name == (
        "gunst-br:mimic=hoard:safety4=0.1"
    )
    assert make_agent("gunst-br:model=off").name == "gunst-br:model=off"
    assert make_agent("gunst-br:mimic=hoard").name == "gunst-br:mimic=hoard"
    assert make_agent("gunst-smmcts:50it").name == "gunst-smmcts:50it"
    for bad in (
        "gunst-eq:model=maybe",
        "gunst-eq:it=100",
        "gunst-eq:safety=3",
        "gunst-eq:safety=x",
        "gunst-eq:safety4=-1",
        "gunst-br:safety4=y",
        "gunst-br:x=1",
        "gunst-br:mimic=nobody",
        "gunst-smmcts:gamma=2",
    ):
        with pytest.raises(AgentSpecError):
            make_agent(bad)
    state = games.load("coerceo").new_initial_state()
    with pytest.raises(AgentSpecError):
        make_agent("gunst-eq").step(SeatView(state, 0))


def test_best_reply_and_smmcts_play_legal_games() -> None:
    result = run_match(
        "gunst", {}, ["gunst-br:model=off", "gunst-smmcts:60it"], games=1, seed=2, progress=False
    )
    assert result.records[0].termination in ("life", "seasons")


def test_season_four_double_oracle_leaves_no_better_reply_among_all_selections() -> None:
    """In the last season the mix is (near) an equilibrium over every legal selection:
    no opponent selection does better against it than its value, by more than 0.05."""
    state = games.load("gunst").new_initial_state()
    table = state.table
    table.season = 4
    table.life = [9, 10]
    table.hand = [[1, 1, 1, 1, 1], [1, 1, 1, 1, 1]]
    solver = GunstSolver(seed=1, exploit=False)
    codes, probs = solver.tinge_policy(table, 0)
    assert abs(sum(probs) - 1) < 1e-9
    assert all(rules.selection_is_legal(table, 0, c) for c in codes)
    mix = [(c, p) for c, p in zip(codes, probs, strict=True) if p > 1e-3]
    everything_b = rules.selections((1, 1, 1, 1, 1), 0)
    worst = min(sum(p * solver._cell(table, 0, a, b)[0] for a, p in mix) for b in everything_b)
    assert worst >= solver.last_value - 0.05


@pytest.mark.parametrize("spec", ["gunst-eq", "gunst-eq:model=off", "gunst-br"])
def test_agents_see_only_their_seats_observation(spec: str) -> None:
    """A whole game through guarded views: every decision reads only the deciding seat's
    observation, legal actions and one resample (R23: the public position and log)."""
    state = games.load("gunst").new_initial_state()
    agents = [make_agent(spec, seed=1), make_agent("gunst-eq", seed=2)]
    while not state.is_terminal():
        player = state.current_player()
        if player == -1:
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        seats = [0, 1] if player == -2 else [player]
        chosen = []
        for seat in seats:
            view, guard = guarded_view(state, seat)
            chosen.append(agents[seat].step(view))
            assert guard.resamples <= 1
        if player == -2:
            state.apply_actions(chosen)
        else:
            state.apply_action(chosen[0])
    assert state.table.phase == "over"

"""Gunst near equilibrium: ``gunst-eq`` (depth-limited matrix-game solving), its best
reply ``gunst-br`` and the SM-MCTS alternative ``gunst-smmcts`` (issue 11)."""

from __future__ import annotations

import random

import pytest
from tests.ai.guard import guarded_view

from spelbord import games
from spelbord.ai import SeatView, make_agent
from spelbord.ai.budget import AgentSpecError
from spelbord.ai.gunst import eq as gunst_solver
from spelbord.ai.gunst.eq import CONTINUATIONS, GunstSolver
from spelbord.ai.gunst.plan_reply import PlanReplier
from spelbord.ai.gunst.smmcts import greedy_decision, menu
from spelbord.core import State
from spelbord.games.gunst import actions as A
from spelbord.games.gunst import rules
from spelbord.games.gunst.pieces import ARCHIMEDES, EXTAZIA, HAND, THIEF, WARRIOR, Selection
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
    assert make_agent("gunst-eq:model=off:wide=on").name == "gunst-eq:wide=on:model=off"
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
        "gunst-eq:wide=yes",
        "gunst-eq:solve4=1",
        "gunst-eq:favour=best",
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


def archimedes_with_a_lone_warrior_row(version: int) -> State:
    """Season 4, 3 life stones each: seat 0 brought three warriors and Archimedes, seat 1
    two thieves. Left where they are, the warriors strike seat 1 out (R17, R22); moved,
    they deal no damage (knights, farmers, thieves: a draw) or, as scholars, two are
    stolen and strike back (R19: a loss). The position is set by hand, so the agents'
    opponent model (which replays the history) is off."""
    state = games.load("gunst", rules_version=version).new_initial_state()
    table = state.table
    table.season, table.life = 4, [3, 3]
    table.deity[0][ARCHIMEDES] = HAND
    state.apply_actions(
        [state.string_to_action("bring 3W Ar", 0), state.string_to_action("bring 2T", 1)]
    )
    for text in ("first 1", "favour Extazia"):
        state.apply_action(state.string_to_action(text))
    return state


@pytest.mark.parametrize(
    "spec",
    ["gunst-eq:model=off", "gunst-br:model=off", "gunst-smmcts:300it", "script:all-in"],
)
def test_r12_every_agent_knows_archimedes_may_leave_the_rows(spec: str) -> None:
    """R12 (rules version 3): the agents' enumerations of Archimedes' effects hold
    leaving the rows; here it is the one winning choice, and every agent takes it."""
    state = archimedes_with_a_lone_warrior_row(3)
    assert state.table.phase == "target" and state.current_player() == 0
    assert state.legal_actions() == [A.ROW + WARRIOR, A.LEAVE]
    assert make_agent(spec, seed=1).step(SeatView(state, 0)) == A.LEAVE
    replier = PlanReplier("hoarder", seat=0)
    assert replier.action(state.table) == A.LEAVE
    assert greedy_decision(state.table, 0, state.legal_actions(), random.Random(0)) == A.LEAVE
    state.apply_action(A.LEAVE)
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


def test_r12_version_2_moves_the_lone_row_and_the_agents_follow() -> None:
    """Under version 2 the warrior row, the only one, must move (only its destination is
    asked): the same agents play version 2's choices."""
    state = archimedes_with_a_lone_warrior_row(2)
    assert state.table.phase == "dest"
    assert A.LEAVE not in state.legal_actions()
    for spec in ("gunst-eq:model=off", "script:all-in"):
        assert make_agent(spec, seed=1).step(SeatView(state, 0)) in state.legal_actions()


def test_r13_the_solver_searches_with_the_table_s_rules_version() -> None:
    """R13: a search copies the table with its rules version, so a farmer never raises a
    spent deity in a version-3 search and does in a version-2 one."""
    for version, raised in ((2, [EXTAZIA]), (3, [])):
        state = games.load("gunst", rules_version=version).new_initial_state()
        state.table.deity = [[HAND, HAND, HAND, HAND], [HAND] * 4]
        state.apply_actions(
            [state.string_to_action("bring 1F 1T Ex", 0), state.string_to_action("bring 1W", 1)]
        )
        state.apply_action(state.string_to_action("first 0"))
        table = state.table.clone()
        assert table.version == version and table.phase == "target"
        rules.decide(table, A.ROW + THIEF)
        assert [e["deity"] for e in table.log if e["e"] == "raise" and e["deity"] >= 0] == raised


def test_think_scales_the_last_season_search_and_is_bounded() -> None:
    agent = make_agent("gunst-eq:think=4", seed=1)
    assert isinstance(agent, GunstSolver) and agent.think == 4.0
    assert agent.name == "gunst-eq:think=4"
    assert make_agent("gunst-br:think=4", seed=1).target_think == 4.0  # type: ignore[attr-defined]
    for bad in ("gunst-eq:think=0", "gunst-eq:think=x", "gunst-br:think=50"):
        with pytest.raises(AgentSpecError):
            make_agent(bad)


def test_favour_search_spends_the_favour_as_suits_the_favoured_seat() -> None:
    """R7: the seat with fewer pieces is the chooser and spends the difference as favour
    on one of its deities. Season 3, seat 1 brings three farmers against nothing: seat 0
    gets a favour of 3 (one deity to the hand). The greedy playout always moves
    Archimedes; ``favour=search`` moves the deity whose outcome is best for seat 0, so
    the cell is worth at least as much to seat 0 (and no more to seat 1) as greedily."""
    table = games.load("gunst").new_initial_state().table
    table.season = 3
    three_farmers = Selection((0, 0, 3, 0, 0), 0).code
    nothing = Selection((0, 0, 0, 0, 0), 0).code
    greedy = GunstSolver(seed=1, exploit=False)
    search = make_agent("gunst-eq:model=off:favour=search", seed=1)
    assert isinstance(search, GunstSolver) and search.raises
    for seat, mine, theirs in ((0, nothing, three_farmers), (1, three_farmers, nothing)):
        plain = greedy._cell(table, seat, mine, theirs)[0]
        searched = search._cell(table, seat, mine, theirs)[0]
        assert searched >= plain if seat == 0 else searched <= plain


def test_solve4_values_a_season_four_leaf_by_its_double_oracle() -> None:
    """``solve4=on``: a leaf at the start of season 4 is worth the value of season 4's
    matrix game over every selection (as the agent solves that Tinge). One warrior each,
    one life stone each: a coin toss (R5, R6, R17), value 0, whatever the menus."""
    table = games.load("gunst").new_initial_state().table
    table.season, table.life = 4, [1, 1]
    table.hand = [[0, 1, 0, 0, 0], [0, 1, 0, 0, 0]]
    agent = make_agent("gunst-eq:model=off:solve4=on", seed=1)
    assert isinstance(agent, GunstSolver) and agent.solve4
    assert agent._leaf(table, 0) == (0.0, 0.0)
    table.hand = [[0, 1, 0, 0, 0], [0, 0, 0, 0, 0]]
    assert agent._leaf(table, 0) == (1.0, 1.0)  # the lone warrior strikes the last stone

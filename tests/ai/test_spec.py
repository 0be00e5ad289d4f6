"""make_agent: specs, budgets and their errors."""

from __future__ import annotations

import pytest
from tests.ai.toygames import TicTacToe

from spelbord.ai import (
    AgentSpecError,
    Budget,
    ISMCTSAgent,
    MCTSAgent,
    RandomAgent,
    SeatView,
    make_agent,
)
from spelbord.core import OutOfTurnError


@pytest.mark.parametrize(
    ("spec", "kind", "budget"),
    [
        ("random", RandomAgent, None),
        ("mcts:1s", MCTSAgent, Budget(seconds=1.0)),
        ("mcts:500ms", MCTSAgent, Budget(seconds=0.5)),
        ("mcts:0.25s", MCTSAgent, Budget(seconds=0.25)),
        ("mcts:2000it", MCTSAgent, Budget(iterations=2000)),
        ("ismcts:1s", ISMCTSAgent, Budget(seconds=1.0)),
        ("ismcts:1000it", ISMCTSAgent, Budget(iterations=1000)),
        ("mcts", MCTSAgent, Budget(seconds=1.0)),
        (" MCTS:2000IT ", MCTSAgent, Budget(iterations=2000)),
    ],
)
def test_specs_build_their_agents(spec: str, kind: type, budget: Budget | None) -> None:
    agent = make_agent(spec, seed=1)
    assert type(agent) is kind
    if budget is not None:
        assert isinstance(agent, MCTSAgent | ISMCTSAgent)
        assert agent.budget == budget
        assert agent.name == f"{spec.strip().lower().split(':')[0]}:{budget}"
    else:
        assert agent.name == "random"


def test_search_options_in_the_spec() -> None:
    agent = make_agent("mcts:100it:c=0.5:cutoff=12")
    assert isinstance(agent, MCTSAgent)
    assert agent.exploration == 0.5 and agent.rollout_cutoff == 12
    assert agent.name == "mcts:100it:c=0.5:cutoff=12"
    agent2 = make_agent("ismcts:cutoff=0")
    assert isinstance(agent2, ISMCTSAgent)
    assert agent2.budget == Budget(seconds=1.0) and agent2.rollout_cutoff == 0
    playout = make_agent("mcts:5it:cutoff=none")
    assert isinstance(playout, MCTSAgent) and playout.rollout_cutoff is None
    assert playout.name == "mcts:5it:cutoff=none"
    default = make_agent("mcts:5it")
    assert isinstance(default, MCTSAgent) and default.rollout_cutoff == 20


@pytest.mark.parametrize(
    "spec",
    [
        "",
        "alphazero",
        "random:1s",
        "mcts:",
        "mcts:fast",
        "mcts:0it",
        "mcts:0s",
        "mcts:1.5it",
        "mcts:-1s",
        "mcts:1 s",
        "mcts:1s:depth=3",
        "mcts:1s:cutoff=-1",
        "mcts:1s:c=abc",
        "mcts:1s:c=-1",
        "mcts:1s:2s",
        "ismcts:1000",
    ],
)
def test_bad_specs_raise_value_errors(spec: str) -> None:
    with pytest.raises(AgentSpecError) as info:
        make_agent(spec)
    assert isinstance(info.value, ValueError)
    assert str(info.value)


def test_budget_is_exactly_one_positive_limit() -> None:
    for bad in [{}, {"seconds": 1.0, "iterations": 5}, {"seconds": 0.0}, {"iterations": 0}]:
        with pytest.raises(AgentSpecError):
            Budget(**bad)  # type: ignore[arg-type]
    assert str(Budget(seconds=0.5)) == "500ms"
    assert str(Budget(seconds=2)) == "2s"
    assert Budget.parse(str(Budget(seconds=1.5))) == Budget(seconds=1.5)


def test_random_agent_is_seeded_and_legal() -> None:
    state = TicTacToe().new_initial_state()
    first = [make_agent("random", seed=4).step(SeatView(state, 0)) for _ in range(5)]
    assert len(set(first)) == 1 and first[0] in range(9)
    agent_a, agent_b = RandomAgent(seed=9), RandomAgent(seed=9)
    moves_a = [agent_a.step(SeatView(state, 0)) for _ in range(30)]
    moves_b = [agent_b.step(SeatView(state, 0)) for _ in range(30)]
    assert moves_a == moves_b and len(set(moves_a)) > 3


@pytest.mark.parametrize("spec", ["random", "mcts:10it", "ismcts:10it"])
def test_agents_refuse_a_seat_without_a_decision(spec: str) -> None:
    state = TicTacToe().new_initial_state()
    with pytest.raises(OutOfTurnError):
        make_agent(spec).step(SeatView(state, 1))

"""make_agent: specs, budgets and their errors."""

from __future__ import annotations

import pytest
from tests.ai.toygames import TicTacToe

from spelbord import games
from spelbord.ai import (
    AgentGameError,
    AgentSpec,
    AgentSpecError,
    Budget,
    ISMCTSAgent,
    MCTSAgent,
    RandomAgent,
    SeatView,
    agent_kind,
    make_agent,
)
from spelbord.ai.scripted import plans_for
from spelbord.ai.spec import check_agent, kinds, registered
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


# ---------------------------------------------------------------------- the one grammar
@pytest.mark.parametrize(
    ("text", "kind", "budget", "argument", "options"),
    [
        ("random", "random", None, None, ()),
        ("mcts:500ms", "mcts", Budget(seconds=0.5), None, ()),
        (
            "ISMCTS:2000it:cutoff=5:c=1.5",
            "ismcts",
            Budget(iterations=2000),
            None,
            (
                ("cutoff", "5"),
                ("c", "1.5"),
            ),
        ),
        ("script:all-in", "script", None, "all-in", ()),
        ("ab:depth=6:eval=material", "ab", None, None, (("depth", "6"), ("eval", "material"))),
    ],
)
def test_the_grammar_reads_kind_budget_argument_and_options(
    text: str,
    kind: str,
    budget: Budget | None,
    argument: str | None,
    options: tuple[tuple[str, str], ...],
) -> None:
    spec = AgentSpec.parse(text)
    assert (spec.kind, spec.budget, spec.argument, spec.options) == (
        kind,
        budget,
        argument,
        options,
    )
    assert AgentSpec.parse(str(spec)) == spec and str(spec) == text.lower()


@pytest.mark.parametrize(
    "text",
    [
        "x" * 201,
        "mcts;rm -rf",
        "1mcts",
        "mcts:1s:k=v:" + ":".join(f"o{i}=1" for i in range(8)),
        "mcts:2000000s",
        "mcts:2000000000it",
        "mcts:1s:KEY WITH SPACE=1",
        "mcts:1s:c=",
        "level:easy:x",
        None,
    ],
)
def test_every_part_of_a_spec_is_bounded(text: object) -> None:
    with pytest.raises(AgentSpecError):
        AgentSpec.parse(text)


def test_numbers_of_the_generic_kinds_have_upper_bounds() -> None:
    for bad in ("mcts:1s:c=101", "mcts:1s:cutoff=10001", "ismcts:1s:dets=10001"):
        with pytest.raises(AgentSpecError):
            make_agent(bad)
    assert make_agent("ismcts:1s:dets=10000:c=100:cutoff=10000").name.endswith("dets=10000")


# ---------------------------------------------------------------------- the registry
def test_every_kind_is_registered_once_where_it_is_written() -> None:
    names = kinds()
    assert len(names) == len(set(names))
    assert {"random", "mcts", "ismcts", "script", "portfolio", "level"} <= set(names)
    generic = {k.name for k in registered() if k.games is None}
    assert {"random", "mcts", "ismcts"} <= generic
    for kind in registered():
        for game in kind.games or ():
            assert game in games.names(), f"{kind.name} plays an unknown game {game}"


def test_a_game_s_own_kind_plays_only_its_games() -> None:
    own = [k for k in registered() if k.games is not None]
    assert own, "some game registers a kind of its own"
    for kind in own:
        elsewhere = [g for g in games.names() if g not in (kind.games or ())]
        for game in elsewhere:
            with pytest.raises(AgentGameError):
                check_agent(kind.name, game)
        for game in kind.games or ():
            check_agent(kind.name, game)


def test_game_checks_of_the_generic_kinds() -> None:
    plans = {g: plans_for(g) for g in games.names()}
    game, plan = next((g, p[0]) for g, p in plans.items() if p)
    other = next(g for g in games.names() if g != game)
    assert make_agent(f"script:{plan}", game=game).name == f"script:{plan}"
    with pytest.raises(AgentGameError, match=f"is a plan for {game}, not {other}"):
        make_agent(f"script:{plan}", game=other)
    with_eval = games.games_with("evaluations")
    for name in games.names():
        evals = games.extras(name).evaluations
        for evaluation in {e for g in with_eval for e in games.extras(g).evaluations}:
            spec = f"ismcts:10it:eval={evaluation}"
            if evaluation in evals:
                check_agent(spec, name)
            else:
                with pytest.raises(AgentGameError):
                    check_agent(spec, name)


def test_a_toy_kind_registers_and_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    from spelbord.ai import spec as registry

    monkeypatch.setattr(registry, "_KINDS", dict(registry._KINDS))

    @agent_kind("toy-first", games=("tictactoe",))
    def first(spec: AgentSpec, seed: int | None = None) -> RandomAgent:
        return RandomAgent(seed)

    assert make_agent("toy-first").name == "random"
    with pytest.raises(AgentGameError, match="toy-first plays tictactoe, not nim"):
        make_agent("toy-first", game="nim")
    with pytest.raises(ValueError, match="already registered"):
        agent_kind("toy-first")(lambda spec, seed: RandomAgent(seed))

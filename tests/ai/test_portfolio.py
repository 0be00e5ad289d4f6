"""The portfolio agent: its spec, that it sees only its seat, its opponent model, its play."""

from __future__ import annotations

import random

import pytest
from tests.ai.guard import guarded_view

from spelbord import games
from spelbord.ai import SeatView, make_agent
from spelbord.ai.budget import AgentSpecError, Budget
from spelbord.ai.omringad.portfolio import _shopping_count
from spelbord.ai.portfolio import WIDE_ARMS, Arm, Belief, PortfolioAgent, _beats
from spelbord.core import CHANCE, SIMULTANEOUS, State, sample_outcome
from spelbord.lab import play_game


def _midgame(seed: int = 3, plies: int = 260) -> State:
    """A two-player game between two scripted plans, stopped where seat 0 picks a group."""
    game = games.load("omringad")
    state = game.new_initial_state()
    plans = [make_agent("script:conqueror", seed=seed), make_agent("script:bidder", seed=seed)]
    rng = random.Random(seed)
    for ply in range(5000):
        player = state.current_player()
        if (
            ply >= plies
            and player == 0
            and state.observation(0)["phase"] == "move"
            and len(state.legal_actions(0)) > 2
        ):
            return state
        if player == CHANCE:
            state.apply_action(sample_outcome(state.chance_outcomes(), rng))
        elif player == SIMULTANEOUS:
            state.apply_actions([plans[s].step(SeatView(state, s)) for s in range(2)])
        else:
            state.apply_action(plans[player].step(SeatView(state, player)))
    raise AssertionError("no move decision found")


def test_spec_parses() -> None:
    assert make_agent("portfolio:200ms", seed=1).name == "portfolio:200ms"
    assert make_agent("portfolio").name == "portfolio:1s"
    agent = make_agent("portfolio:3it:horizon=0:model=off")
    assert isinstance(agent, PortfolioAgent)
    assert (agent.horizon, agent.model, agent.name) == (
        0,
        False,
        "portfolio:3it:horizon=0:model=off",
    )
    assert make_agent("portfolio:3it:commit=off").commit is False  # type: ignore[attr-defined]
    assert make_agent("portfolio:3it:guard=0.5").name == "portfolio:3it:guard=0.5"
    wide = make_agent("portfolio:3it:wide=move+reinforce")
    assert wide.wide == {"move", "reinforce"}  # type: ignore[attr-defined]
    assert wide.name == "portfolio:3it:wide=move+reinforce"


@pytest.mark.parametrize(
    "spec",
    [
        "portfolio:fast",
        "portfolio:1001it",
        "portfolio:1s:horizon=21",
        "portfolio:1s:horizon=-1",
        "portfolio:1s:horizon=two",
        "portfolio:1s:model=maybe",
        "portfolio:1s:commit=yes",
        "portfolio:1s:guard=6",
        "portfolio:1s:guard=-1",
        "portfolio:1s:guard=x",
        "portfolio:1s:depth=3",
        "portfolio:1s:horizon",
        "portfolio:1s:wide=",
        "portfolio:1s:wide=move2",
        "portfolio:1s:wide=move+",
        "portfolio:1s:wide=a+b+c+d+e+f+g+h+i",
        "portfolio:1s:wide=" + "m" * 21,
    ],
)
def test_spec_rejects_bad_options(spec: str) -> None:
    with pytest.raises(AgentSpecError):
        make_agent(spec)


def test_sees_only_its_seat() -> None:
    """Plans and determinizations go through the seat's own view; nothing peeks."""
    state = _midgame()
    view, guard = guarded_view(state, 0)
    agent = PortfolioAgent(Budget(iterations=2), seed=1)
    agent.step(view)
    assert agent.searched == 1 and guard.resamples >= 1


def _swap_hidden(state: State) -> State:
    """A copy of ``state`` in which two of seat 1's hidden units (under stack tops) swap."""
    other = state.clone()
    hidden = [
        (sq, k, i)
        for sq, stacks in enumerate(other.board)  # type: ignore[attr-defined]
        for k, stack in enumerate(stacks)
        if stack[0] == 1
        for i in range(2, len(stack))
    ]
    for a in hidden:
        for b in hidden:
            sa = other.board[a[0]][a[1]]  # type: ignore[attr-defined]
            sb = other.board[b[0]][b[1]]  # type: ignore[attr-defined]
            if sa[a[2]] // 2 != sb[b[2]] // 2:
                sa[a[2]], sb[b[2]] = sb[b[2]], sa[a[2]]
                return other
    raise AssertionError("seat 1 has no two different hidden units")


def test_states_the_seat_cannot_tell_apart_get_the_same_decisions() -> None:
    """Seat 1's hidden stacks differ, seat 0 sees the same: the same seed decides the same."""
    state = _midgame()
    other = _swap_hidden(state)
    assert state.observation(0) == other.observation(0)
    assert state.observation(1) != other.observation(1)
    for seed in range(3):
        first = PortfolioAgent(Budget(iterations=2), seed=seed)
        second = PortfolioAgent(Budget(iterations=2), seed=seed)
        assert first.step(SeatView(state, 0)) == second.step(SeatView(other, 0))


def _scripted_rollouts(agent: PortfolioAgent, values: dict[int, float]) -> list[int]:
    """Make ``agent``'s rollouts score each first action by ``values`` (0 for the rest,
    plus a little noise paired across the arms of a sweep); the first actions rolled out."""
    rolled: list[int] = []

    def rollout(
        state: State, seat: int, first: int, mine: str, theirs: str, seed: int, *_: object
    ) -> float:
        rolled.append(first)
        return values.get(first, 0.0) + 0.01 * (seed % 7)  # a sweep's arms share the seed

    agent._rollout = rollout  # type: ignore[method-assign,assignment]
    return rolled


def test_a_widened_decision_simulates_every_legal_action() -> None:
    """In a ``wide`` phase every legal action is an arm (up to ``WIDE_ARMS``), the default
    plan's proposal first; it is played unless another beats it by the guard."""
    state = _midgame()
    view = SeatView(state, 0)
    legal = state.legal_actions(0)
    agent = PortfolioAgent(Budget(iterations=4), seed=1, wide=("move",))
    rolled = _scripted_rollouts(agent, {})
    proposal = agent.step(view)
    arms = min(len(legal), WIDE_ARMS)
    assert agent.searched == 1 and len(rolled) == 4 * arms
    assert rolled[0] == proposal and set(rolled) <= set(legal)
    best = next(a for a in reversed(legal) if a != proposal)
    assert best in rolled  # an arm unless beyond WIDE_ARMS: then the proposal stays
    again = PortfolioAgent(Budget(iterations=4), seed=1, wide=("move",))
    _scripted_rollouts(again, {best: 0.5})
    assert again.step(SeatView(state, 0)) == best
    unsure = PortfolioAgent(Budget(iterations=1), seed=1, wide=("move",))
    _scripted_rollouts(unsure, {best: 0.5})
    assert unsure.step(SeatView(state, 0)) == proposal  # one sweep: no paired margin


def test_a_widened_decision_sees_only_its_seat() -> None:
    state = _midgame()
    view, guard = guarded_view(state, 0)
    agent = PortfolioAgent(Budget(iterations=2), seed=1, wide=("move",))
    assert agent.step(view) in state.legal_actions(0)
    assert agent.searched == 1 and guard.resamples >= 1


def test_the_guard_needs_a_paired_margin() -> None:
    """A proposal replaces the default plan's only when it wins sweep by sweep."""
    default, other = Arm(1, ["a"]), Arm(2, ["b"])
    for sweep, (d, o) in enumerate([(0.0, 0.2), (0.1, 0.3), (-0.2, 0.1), (0.0, 0.25)]):
        default.add(sweep, "a", d)
        other.add(sweep, "b", o)
    assert _beats(other, default, 1.0)
    assert not _beats(default, other, 1.0)
    noisy = Arm(3, ["c"])
    for sweep, value in enumerate([1.0, -1.0, 1.0, -0.9]):
        noisy.add(sweep, "c", value)
    assert not _beats(noisy, default, 1.0)


def test_shopping_counts() -> None:
    """What each plan buys with 25 gold from a full pool (M E A R K G: 16 6 4 4 2 3)."""
    full = [16, 6, 4, 4, 2, 3]
    assert _shopping_count("REM", full, 25) == 6  # RRRR E M
    assert _shopping_count("RE", full, 25) == 5  # RRRR E
    assert _shopping_count("ME", full, 25) == 12  # twelve M
    assert _shopping_count("AEKM", full, 25) == 7  # AAAA EEE
    assert _shopping_count("RE", [16, 6, 4, 0, 2, 3], 25) == 6  # no riders left: EEEEEE


def test_belief_counts_evidence_once_and_keeps_a_floor() -> None:
    belief = Belief({"a": 0.5, "b": 0.5})
    belief.update(("buy", 2), {"a"})
    belief.update(("buy", 2), {"a"})
    assert belief.weights["a"] == pytest.approx(1 / 1.15)
    rng = random.Random(0)
    drawn = [belief.sample(rng) for _ in range(2000)]
    assert 0.05 < drawn.count("b") / 2000 < 0.3


def test_opponent_model_finds_the_plan() -> None:
    """After a game against the bidder the belief puts most weight on the bidder."""
    game = games.load("omringad")
    agent = PortfolioAgent(Budget(iterations=1), seed=2, horizon=1)
    play_game(game, [agent, make_agent("script:bidder", seed=2)], seed=4)
    assert agent.belief is not None
    assert max(agent.belief.weights, key=agent.belief.weights.__getitem__) == "bidder"


def test_beats_random_in_a_quick_game() -> None:
    game = games.load("omringad")
    for seed in (1, 2):
        agent = make_agent("portfolio:1it:horizon=1", seed=seed)
        agents = [agent, make_agent("random", seed=seed)]
        if seed % 2:
            agents.reverse()
        record = play_game(game, agents, seed=seed)
        assert record.returns[agents.index(agent)] == 1.0

"""IS-MCTS with a cap on determinizations per step (``dets=K``): few resamples, same rules."""

from __future__ import annotations

import pytest
from tests.ai.guard import guarded_view
from tests.ai.toygames import BET, PASS, HighCard, HighCardState

from spelbord.ai import Budget, ISMCTSAgent, SeatView, make_agent
from spelbord.ai.budget import AgentSpecError
from spelbord.lab import play_game


def _dealt(hands: tuple[int, int], mode: str = "simultaneous") -> HighCardState:
    state = HighCard(mode=mode).new_initial_state()
    for card in hands:
        state.apply_action(card)
    return state


def _capped(iterations: int, dets: int, seed: int = 0) -> ISMCTSAgent:
    return ISMCTSAgent(Budget(iterations=iterations), seed=seed, determinizations=dets)


@pytest.mark.parametrize(("iterations", "dets", "resamples"), [(150, 4, 4), (3, 4, 3), (50, 1, 1)])
def test_resamples_at_most_k_times_per_step(iterations: int, dets: int, resamples: int) -> None:
    """Only ``view.resample`` is used, and at most K times however long the search runs."""
    view, guard = guarded_view(_dealt((2, 1)), 0)
    agent = _capped(iterations, dets)
    agent.step(view)
    assert guard.resamples == resamples
    assert agent.last_stats is not None and agent.last_stats.iterations == iterations
    agent.step(view)
    assert guard.resamples == 2 * resamples  # every step draws its own


def test_the_samples_are_not_changed_by_the_search() -> None:
    """Each iteration searches a copy: the sequential game's second seat is reached often."""
    state = _dealt((3, 1), "sequential")
    assert _capped(600, 3).step(SeatView(state, 0)) == BET


def test_still_plays_the_information_set_not_the_cards() -> None:
    """Seat 1 holds the lowest card and faces a bet; folding loses less whatever seat 0 has."""
    for hidden in (1, 2, 3):
        state = _dealt((hidden, 0), "sequential")
        state.apply_action(BET)
        assert _capped(600, 6).step(SeatView(state, 1)) == PASS


def test_spec_option_and_name() -> None:
    agent = make_agent("ismcts:300it:cutoff=8:dets=12", seed=3)
    assert isinstance(agent, ISMCTSAgent) and agent.determinizations == 12
    assert agent.name == "ismcts:300it:cutoff=8:dets=12"
    assert make_agent(agent.name).name == agent.name
    assert make_agent("ismcts:300it").determinizations is None  # type: ignore[attr-defined]
    for bad in ("ismcts:dets=0", "ismcts:dets=x", "mcts:100it:dets=4"):
        with pytest.raises(AgentSpecError):
            make_agent(bad)
    with pytest.raises(AgentSpecError):
        ISMCTSAgent(Budget(iterations=5), determinizations=0)


def test_seeded_runs_repeat() -> None:
    game = HighCard()
    runs = [play_game(game, [_capped(40, 3, 1), _capped(40, 2, 2)], seed=s) for s in (7, 7)]
    assert runs[0] == runs[1]

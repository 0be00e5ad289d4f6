"""The agents on a real game: Coerceo (perfect information, long games, a heuristic)."""

from __future__ import annotations

import random

import pytest
from tests.ai.guard import guarded_view

from spelbord import games
from spelbord.ai import make_agent
from spelbord.core import random_step
from spelbord.lab import run_match
from spelbord.lab.match import main

pytestmark = pytest.mark.skipif("coerceo" not in games.names(), reason="no coerceo")


@pytest.mark.parametrize("spec", ["mcts:40it", "ismcts:40it"])
def test_agents_see_coerceo_only_through_the_view(spec: str) -> None:
    state = games.load("coerceo").new_initial_state()
    rng = random.Random(1)
    for _ in range(12):
        random_step(state, rng)
    seat = state.current_player()
    view, guard = guarded_view(state, seat)
    action = make_agent(spec, seed=0).step(view)
    assert action in state.legal_actions()
    assert guard.resamples == (1 if spec.startswith("mcts") else 40)


def test_mcts_beats_random_at_coerceo() -> None:
    result = run_match("coerceo", {}, ["mcts:60it", "random"], games=2, seed=0, progress=False)
    mcts = result.entries[0]
    assert mcts.wins == 2, result.summary()
    assert all(r.termination == "capture-all" for r in result.records)


@pytest.mark.slow
def test_mcts_and_ismcts_beat_random_at_coerceo_over_more_games() -> None:
    for spec in ("mcts:100it", "ismcts:100it"):
        result = run_match("coerceo", {}, [spec, "random"], games=4, seed=1, progress=False)
        assert result.entries[0].wins == 4, result.summary()


def test_match_command_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["coerceo", "random", "random", "--games", "2", "--processes", "2", "--no-progress"]
    assert main([*argv, "--option", "variant=ocius", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "coerceo (variant=ocius" in out and "random#2" in out and "95% CI" in out


def test_match_command_rejects_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["coerceo", "random", "mcts:soon"], ["coerceo", "random"], ["nosuchgame", "a"]):
        with pytest.raises(SystemExit) as info:
            main([*argv, "--no-progress"])
        assert info.value.code == 2
    assert "error:" in capsys.readouterr().err

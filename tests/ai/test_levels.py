"""Levels (``level:NAME``) resolve per game and play; ``spelbord ai levels`` prints them."""

from __future__ import annotations

import pytest

from spelbord import games
from spelbord.ai import SeatView, make_agent
from spelbord.ai.budget import AgentSpecError
from spelbord.ai.levels import LEVEL_NAMES, LEVELS, ladder, resolve
from spelbord.cli import main
from spelbord.lab import run_match


def test_every_level_of_every_game_is_a_valid_spec() -> None:
    assert set(LEVELS) == {"gunst", "omringad", "islandet", "coerceo"}
    for game, table in LEVELS.items():
        assert tuple(table) == LEVEL_NAMES
        for level in LEVEL_NAMES:
            make_agent(resolve(game, level))


def test_a_level_resolves_to_its_games_agent_at_the_first_step() -> None:
    state = games.load("coerceo").new_initial_state()
    agent = make_agent("level:medium", seed=3)
    action = agent.step(SeatView(state, 0))
    assert action in state.legal_actions()
    assert agent.resolved("coerceo").name == "ab:depth=3"  # type: ignore[attr-defined]


def test_levels_play_in_a_match() -> None:
    result = run_match("gunst", {}, ["level:easy", "level:medium"], games=2, seed=1, progress=False)
    assert len(result.records) == 2


def test_bad_levels_fail_clearly() -> None:
    with pytest.raises(AgentSpecError):
        make_agent("level:expert")
    with pytest.raises(AgentSpecError):
        resolve("chess", "easy")


def test_cli_prints_the_ladder(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ai", "levels", "gunst"]) == 0
    out = capsys.readouterr().out
    assert out.strip() == ladder("gunst")
    for level in LEVEL_NAMES:
        assert f"{level}" in out and LEVELS["gunst"][level] in out
    assert main(["ai", "levels", "chess"]) == 2


def test_coerceo_levels_are_the_engines_own() -> None:
    from spelbord.ai.levels import LEVELS
    from spelbord.games.coerceo.levels import LEVELS as ENGINE_LEVELS

    assert LEVELS["coerceo"] == ENGINE_LEVELS

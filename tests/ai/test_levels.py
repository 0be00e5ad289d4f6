"""Levels (``level:NAME``) resolve per game and play; ``spelbord ai levels`` prints them."""

from __future__ import annotations

import pytest

from spelbord import games
from spelbord.ai import SeatView, make_agent
from spelbord.ai.budget import AgentSpecError
from spelbord.ai.ladder import records, report
from spelbord.ai.levels import LEVEL_NAMES, resolve, specs
from spelbord.cli import main
from spelbord.lab import run_match


def test_every_level_of_every_game_is_a_valid_spec() -> None:
    with_levels = games.games_with("levels")
    assert len(with_levels) >= 4  # the games the house ships (test games may have none)
    for game in with_levels:
        assert tuple(specs(game)) == LEVEL_NAMES
        for level in LEVEL_NAMES:
            make_agent(resolve(game, level), game=game)


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
    assert out.strip() == report("gunst")
    for level in LEVEL_NAMES:
        assert f"{level}" in out and specs("gunst")[level] in out
    assert main(["ai", "levels", "chess"]) == 2
    # a bad --processes is a usage error before any game is played
    assert main(["ai", "levels", "islandet", "--run", "--processes", "0"]) == 2
    assert "processes must be in 1..64" in capsys.readouterr().err
    # the round robin's options without --run are refused, not silently ignored
    assert main(["ai", "levels", "islandet", "--processes", "2", "--games", "4"]) == 2
    assert "--games, --processes: only with --run" in capsys.readouterr().err


def test_a_level_varies_only_by_a_declared_variation() -> None:
    from spelbord.ai.levels import Levels

    with pytest.raises(AgentSpecError, match="varied must be one of"):
        Levels("ab:depth=1", "ab:depth=3", "ab:300ms", "ab:2s", varied="depth=9")
    plain = Levels("random", "random", "mcts:1s", "mcts:4s")
    assert plain.measured("hard") == plain.spec("hard") == "mcts:1s"


def test_coerceo_levels_are_the_engines_own() -> None:
    from spelbord.games.coerceo.engine.levels import LEVELS as ENGINE_LEVELS

    assert specs("coerceo") == ENGINE_LEVELS


def test_coerceo_ladder_has_elo_with_intervals_from_recorded_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from spelbord.ai.ladder import ratings

    rated = ratings("coerceo")
    assert rated["easy"].elo == 0
    # Easy < Medium < Hard as measured; every rating lies inside its own interval.
    assert rated["easy"].elo < rated["medium"].elo < rated["hard"].elo
    assert all(r.low <= r.elo <= r.high for r in rated.values())
    games_of = {level: 0 for level in LEVEL_NAMES}
    for p in records("coerceo").pairings:
        assert p.specs[0].startswith(specs("coerceo")[p.a])
        assert p.specs[1].startswith(specs("coerceo")[p.b])
        games_of[p.a] += p.games
        games_of[p.b] += p.games
    assert all(rated[level].games == games_of[level] for level in rated)
    assert main(["ai", "levels", "coerceo"]) == 0
    out = capsys.readouterr().out
    assert "level against level:" in out and "95% [" in out
    assert "0.3 s" in out and "2 s" in out  # time per move of hard and master


def test_ratings_of_a_game_without_level_games_come_from_its_round_robin() -> None:
    from spelbord.ai.ladder import fit_pairings, ratings

    assert records("gunst").pairings == () and fit_pairings(()) == []
    rated = ratings("gunst")
    assert set(rated) == set(LEVEL_NAMES)
    assert all(r.source == "round robin" and r.low <= r.elo <= r.high for r in rated.values())

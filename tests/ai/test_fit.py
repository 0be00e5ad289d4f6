"""The evaluation fitted to game results (``spelbord.ai.omringad.fit``) and ``eval=fitted``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from spelbord.ai.budget import AgentSpecError
from spelbord.ai.fitting import fit_logistic, judge
from spelbord.ai.mcts import evaluation
from spelbord.ai.spec import make_agent
from spelbord.core import random_step
from spelbord.games.omringad.engine.fitted import feature_names, features, fitted_value, model
from spelbord.games.omringad.game import OmringadGame


def test_logistic_fit_recovers_a_known_model() -> None:
    rng = np.random.default_rng(0)
    x = rng.normal(size=(4000, 2))
    p = 1 / (1 + np.exp(-(x @ np.array([1.5, -0.5]))))
    y = (rng.random(4000) < p).astype(float)
    w = fit_logistic(x, y, ridge=1e-6)
    assert w == pytest.approx([1.5, -0.5], abs=0.15)
    assert judge(1 / (1 + np.exp(-(x @ w))), y)["accuracy"] > 0.6


def test_the_stored_model_is_antisymmetric_and_in_range() -> None:
    assert len(model()["weights"]) == len(feature_names()) == 11
    assert "omringad --games" in model()["command"]  # as it ran (then spelbord.ai.fit)
    st = OmringadGame().new_initial_state()
    rng = random.Random(3)
    while st.round < 4:
        random_step(st, rng)
    v = fitted_value(st)
    assert -1 <= v[0] <= 1 and v[1] == -v[0]
    assert len(features(st)) == 11


def test_fit_writes_weights_with_the_command(tmp_path: Path) -> None:
    """The fitter is Omringad's tuner: ``spelbord lab tune omringad`` finds it by extra."""
    from spelbord.cli import main as cli

    out = tmp_path / "fitted.json"
    assert cli(["lab", "tune", "omringad", "--games", "4", "--every", "20", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["games"] == 4 and len(data["weights"]) == 11
    assert data["command"].endswith("--games 4 --every 20 --seed 1")
    assert set(data["held_out"]) == {"games", "positions", "fitted", "hand-made heuristic_value"}


def test_eval_option_names_the_evaluation() -> None:
    assert make_agent("ismcts:10it:eval=fitted").name == "ismcts:10it:eval=fitted"
    assert evaluation("fitted", "omringad") is fitted_value
    with pytest.raises(AgentSpecError, match="no evaluation"):
        evaluation("fitted", "gunst")
    with pytest.raises(AgentSpecError, match="unknown evaluation"):
        make_agent("mcts:10it:eval=magic")


def test_islandets_stored_model_is_antisymmetric_and_in_range() -> None:
    from spelbord.games.islandet import fitted as islandet_fitted
    from spelbord.games.islandet.game import IslandetGame

    assert islandet_fitted.model()["features"] == list(islandet_fitted.FEATURES)
    assert "lab tune islandet --games" in islandet_fitted.model()["command"]
    st = IslandetGame().new_initial_state()
    rng = random.Random(5)
    while not (st.pos.island_units(0) and st.pos.island_units(1)):
        random_step(st, rng)
    for _ in range(30):
        random_step(st, rng)
    v = islandet_fitted.fitted_value(st)
    assert -1 < v[0] < 1 and v[1] == -v[0]
    assert evaluation("fitted", "islandet") is islandet_fitted.fitted_value


def test_islandets_features_follow_a_hand_made_position() -> None:
    """A tank at c3 facing north has an enemy soldier at c7, its range ahead, in its
    sights (R14): seat 0, to move in its turn, leads by the tank's range over the
    soldier's and by one unit under fire; a pending free removal (R8) is counted as done."""
    from spelbord.games.islandet.fitted import features
    from spelbord.games.islandet.position import Position, Rules
    from spelbord.games.islandet.units import SOLDIER, TANK, Unit

    pos = Position(Rules())
    pos.phase, pos.to_move = "move", 0
    pos.units = {26: Unit(0, TANK, 0), 74: Unit(1, SOLDIER, 2)}
    names = ["left", "share", "island", "range", "pad", "fire", "waiting", "hand"]
    lead = dict(zip(names, features(pos), strict=True))
    assert lead["left"] == lead["island"] == lead["pad"] == 0
    assert lead["range"] == 4 - 2 and lead["fire"] == 1.0 and lead["waiting"] == 0.0
    pos.to_move = 1  # the soldier's side moves: the tank's fire is the waiting side's
    assert features(pos)[5:7] == [0.0, 1.0]
    pos.phase, pos.to_move = "remove", 1  # seat 1 must give up a unit (R8)
    assert features(pos)[0] == 1.0


def test_islandets_tuner_writes_weights_with_the_command(tmp_path: Path) -> None:
    from spelbord.cli import main as cli

    out = tmp_path / "fitted.json"
    argv = ["lab", "tune", "islandet", "--games", "5", "--agents", "random", "script:marksman"]
    assert cli([*argv, "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["games"] == 5 and len(data["weights"]) == 8
    assert data["command"].endswith("--seed 1 --agents random script:marksman")
    assert data["opponents"] == ["random", "script:marksman"]


@pytest.mark.parametrize("game", ["omringad", "islandet"])
@pytest.mark.parametrize(
    ("option", "value"), [("--games", "0"), ("--games", "100001"), ("--every", "x")]
)
def test_tuners_refuse_counts_out_of_bounds_and_write_nothing(
    game: str, option: str, value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from spelbord.cli import main as cli

    out = tmp_path / "fitted.json"
    with pytest.raises(SystemExit) as exit_:
        cli(["lab", "tune", game, option, value, "--out", str(out)])
    assert exit_.value.code == 2
    assert f"argument {option}: expected" in capsys.readouterr().err
    assert not out.exists()

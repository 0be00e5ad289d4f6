"""The evaluation fitted to game results (``spelbord.ai.omringad.fit``) and ``eval=fitted``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from spelbord.ai.budget import AgentSpecError
from spelbord.ai.mcts import evaluation
from spelbord.ai.omringad.fit import fit_logistic, judge
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

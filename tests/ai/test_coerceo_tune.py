"""The Coerceo weight tuner (``spelbord.ai.coerceo.tune``): it plays the engine against
itself, labels quiet positions with the results and fits weights that fit them no worse."""

from __future__ import annotations

import pytest

from spelbord.ai.coerceo import tune
from spelbord.games.coerceo.engine import cores
from spelbord.games.coerceo.engine.weights import WEIGHTS

compiled_only = pytest.mark.skipif(cores.C_CORE is None, reason="the C core was not built")


@compiled_only
def test_tuner_labels_positions_and_fits_without_losing_ground() -> None:
    samples = tune.self_play(1, depth=1, openings=2, seed=3)
    assert samples and all(len(row) == 10 and label in (0.0, 0.5, 1.0) for row, label in samples)
    k = tune.fit_k(samples, WEIGHTS)
    fitted = tune.fit(samples[:300], WEIGHTS, k)
    assert fitted[0] == 100
    assert tune.mse(samples[:300], fitted, k) <= tune.mse(samples[:300], WEIGHTS, k)

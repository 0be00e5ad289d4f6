"""An evaluation fitted to game results: the chance to win from a position's features.

``evaluation.parts`` gives each seat's score, the points and income its land brings in the
rounds to come, the gold value of its army and gold, and its siege losses. With two seats
the model is a logistic regression of the result on the differences of those parts (seat
0 minus seat 1), raw and divided by the rounds to come plus one (the same lead counts for
more near the end), and the hand-made evaluation's own lead (``heuristic_value`` is the
tanh of it): ``P(seat 0 wins) = 1 / (1 + exp(-w . x))``, no intercept, so swapping
the seats swaps the chances. A seat's value is ``2 P - 1`` in [-1, 1].

The weights live in ``fitted.json`` next to this file, with the command that fitted them
(``python -m spelbord.ai.omringad.fit omringad``: positions of games between the scripted plans
and random play, see ``spelbord.ai.omringad.fit``) and how well they predict held-out games.

>>> from spelbord.games.omringad.game import OmringadGame
>>> fitted_value(OmringadGame().new_initial_state())
[0.0, 0.0]
"""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from spelbord.games.omringad.engine.evaluation import (
    FEATURES,
    INCOME_WEIGHT,
    MATERIAL_WEIGHT,
    SCALE_BASE,
    SCALE_PER_ROUND,
    heuristic_value,
    parts,
)

if TYPE_CHECKING:
    from spelbord.games.omringad.position import OmringadData

WEIGHTS = "fitted.json"


@cache
def model() -> dict[str, Any]:
    """The stored fit: ``weights`` (one per ``feature_names()``), its data and quality."""
    text = resources.files("spelbord.games.omringad.engine").joinpath(WEIGHTS).read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    if len(data["weights"]) != len(feature_names()):
        raise ValueError(f"{WEIGHTS} has {len(data['weights'])} weights, not the features'")
    return data


def feature_names() -> list[str]:
    """The model's inputs: each part's difference, raw and per round to come plus one,
    and the hand-made evaluation's squashed argument (its strength lead over its scale)."""
    return [
        *(f"{f} lead" for f in FEATURES),
        *(f"{f} lead / (rounds left + 1)" for f in FEATURES),
        "hand-made strength lead / scale",
    ]


def features(state: OmringadData) -> list[float]:
    """Seat 0's leads over seat 1 (two seats only), in ``feature_names()`` order."""
    rows, left = parts(state)
    lead = [a - b for a, b in zip(rows[0], rows[1], strict=True)]
    weights = (1.0, 1.0, INCOME_WEIGHT, MATERIAL_WEIGHT, -1.0)
    hand = sum(w * d for w, d in zip(weights, lead, strict=True))
    return [*lead, *(d / (left + 1) for d in lead), hand / (SCALE_BASE + SCALE_PER_ROUND * left)]


def fitted_value(state: OmringadData) -> list[float]:
    """Per seat, in [-1, 1]: twice its fitted chance to win, less one (two seats; with more
    seats, or at the end of the game, ``evaluation.heuristic_value``)."""
    if state.num_players() != 2 or state.phase == "over":
        return heuristic_value(state)
    z = sum(w * x for w, x in zip(model()["weights"], features(state), strict=True))
    v = math.tanh(z / 2)  # 2 * sigmoid(z) - 1
    return [v + 0.0, -v + 0.0]  # no -0.0

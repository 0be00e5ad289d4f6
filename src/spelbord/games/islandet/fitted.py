"""An evaluation fitted to game results: the chance to win from a position's features.

The hand-made ``evaluation.heuristic_value`` weighs units, lines of fire and blasts by
rule of thumb. This model weighs the same facts by how games between searching agents
and the plans actually ended (``spelbord lab tune islandet``, ``spelbord.ai.islandet.fit``):
a logistic regression of the result on seat 0's leads over seat 1 in

* units left in the battle (R19), and that lead over the units left in all;
* units on the island, and the firing range they bring (R14);
* units still on the pad or to come (safe, R16, but not yet fighting);
* what each side's guns could take now (``evaluation.lines_of_fire``: targets and the
  enemies between, blasts by the odds the block is live), for the side to move and for
  the side waiting apart (the side to move shoots first, five die faces of six);
* the hand-made evaluation's value.

``P(seat 0 wins) = 1 / (1 + exp(-w . x))``, no intercept, so swapping the seats swaps the
chances; a seat's value is ``2 P - 1`` in [-1, 1]. The weights live in ``fitted.json``
next to this file, with the command that fitted them and how well they and the hand-made
evaluation predict held-out games. Only the usual goal (R19) is fitted: the quick game
and the points game (R20, R22) keep the hand-made evaluation.

>>> from spelbord.games.islandet.game import IslandetGame
>>> fitted_value(IslandetGame().new_initial_state())
[0.0, 0.0]
"""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from spelbord.games.islandet.evaluation import (
    fire_of_both,
    removal_done,
    settled_value,
)
from spelbord.games.islandet.position import EMPTY, Position
from spelbord.games.islandet.units import KINDS

if TYPE_CHECKING:
    from spelbord.games.islandet.state import IslandetState

WEIGHTS = "fitted.json"

FEATURES = (
    "units left lead",
    "units left lead / units left",
    "units on the island lead",
    "range on the island lead",
    "units on the pad or to come lead",
    "fire of the side to move",
    "fire of the side waiting",
    "hand-made value",
)
"""The model's inputs, seat 0's leads over seat 1 (``fire``: the enemy units a side's
guns could take now, as a lead of seat 0, with the sign of the side it belongs to)."""


@cache
def model() -> dict[str, Any]:
    """The stored fit: ``weights`` (one per ``FEATURES``), its data and quality."""
    text = resources.files("spelbord.games.islandet").joinpath(WEIGHTS).read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    if data["features"] != list(FEATURES):
        raise ValueError(f"{WEIGHTS} was fitted on other features than {FEATURES}")
    return data


def features(pos: Position) -> list[float]:
    """Seat 0's leads over seat 1, in ``FEATURES`` order.

    >>> from spelbord.games.islandet.position import Rules
    >>> from spelbord.games.islandet.units import Unit, TANK, SOLDIER
    >>> pos = Position(Rules()); pos.phase = "move"
    >>> pos.units = {26: Unit(0, TANK, 0), 74: Unit(1, SOLDIER, 2)}  # c3 faces N; c7
    >>> [round(f, 3) for f in features(pos)[:7]]
    [0.0, 0.0, 0.0, 2.0, 0.0, 1.0, 0.0]
    """
    pos = removal_done(pos)  # as the hand-made evaluation: the removal is rarely declined
    both = fire_of_both(pos)
    hand = settled_value(pos, both)[0]
    left = [pos.units_left(s) for s in (0, 1)]
    island = [[u for u in pos.units.values() if u.seat == s] for s in (0, 1)]
    pads = [sum(1 for k in pos.pads[s] if k != EMPTY) + sum(pos.stock[s]) for s in (0, 1)]
    ranges = [sum(KINDS[u.kind].range for u in island[s]) for s in (0, 1)]
    fire = [sum(both[s].values()) for s in (0, 1)]
    sign = 1.0 if pos.to_move == 0 else -1.0
    mover, waiting = pos.to_move, 1 - pos.to_move
    total = left[0] + left[1]
    return [
        float(left[0] - left[1]),
        (left[0] - left[1]) / total if total else 0.0,
        float(len(island[0]) - len(island[1])),
        float(ranges[0] - ranges[1]),
        float(pads[0] - pads[1]),
        sign * fire[mover] + 0.0,  # no -0.0
        -sign * fire[waiting] + 0.0,
        hand,
    ]


def _value(pos: Position) -> float:
    z = sum(w * x for w, x in zip(model()["weights"], features(pos), strict=True))
    return math.tanh(z / 2)  # 2 * sigmoid(z) - 1


def fitted_value(state: IslandetState) -> list[float]:
    """Per seat, in [-1, 1]: twice its fitted chance to win, less one (the usual goal; the
    other goals, and a finished game, as ``IslandetState.heuristic_value``)."""
    pos = state.pos
    if pos.phase == "over" or pos.rules.goal in ("quick", "points"):
        return state.heuristic_value()
    v = _value(pos)
    return [v + 0.0, -v + 0.0]  # no -0.0

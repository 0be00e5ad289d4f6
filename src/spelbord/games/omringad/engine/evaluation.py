"""A fast static estimate of an Omringad position for search cut-offs (``heuristic_value``).

Every seat gets a *strength* in points, its expected final score plus what its army,
territory and sieges are worth in points, and its value is its strength minus the best
other seat's, squashed into [-1, 1] with ``tanh``:

* **score**: the points it has (R62) plus what its settlements, forests, mountains and a
  square majority bring at every round end still to come (``rounds_left``: until some
  seat's projected score reaches the target, R63);
* **income**: ``INCOME_WEIGHT`` per square controlled per round to come (gold buys
  units, R61);
* **material**: ``MATERIAL_WEIGHT`` per gold of its units on the board, on the move and
  bought but not placed, a damaged unit at ``DAMAGED_SHARE`` of its cost (R20-R21), a
  special unit at ``SPECIAL_VALUE`` (the dragon at nothing), plus its unspent gold (R73);
* **sieges**: a settlement it controls loses ``SIEGE_SHARE`` of its points per round to
  come for each distinct square enemy units besiege it from (R50-R52, at most two count;
  every base unit besieges, R53; the dragon too from rules version 4, R111).

The scale of the squash shrinks as the end nears (``SCALE_BASE`` + ``SCALE_PER_ROUND`` per
round left), so the same lead counts for more late in the game. A finished game gets its
real returns. The cost is one pass over the 50 squares, without allocating stacks.

>>> from spelbord.games.omringad.game import OmringadGame
>>> heuristic_value(OmringadGame().new_initial_state())
[0.0, 0.0]
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from spelbord.games.omringad.siege import enemies
from spelbord.games.omringad.terrain import TERRAIN, Terrain
from spelbord.games.omringad.units import BASE_KINDS, UNITS, Kind

ALL_KINDS: tuple[Kind, ...] = tuple(Kind)

if TYPE_CHECKING:
    from spelbord.games.omringad.position import OmringadData

MATERIAL_WEIGHT = 0.3
"""Points one gold's worth of units is worth."""

DAMAGED_SHARE = 0.5
"""What a damaged unit is worth, as a share of its cost (it has one hit left of two)."""

INCOME_WEIGHT = 0.2
"""Points per square controlled per round to come (one gold of income each, R61)."""

SIEGE_SHARE = 0.25
"""Share of a settlement's points lost per round to come for each besieging square."""

SCALE_BASE = 4.0
SCALE_PER_ROUND = 5.0
"""A lead of ``SCALE_BASE + SCALE_PER_ROUND * rounds_left`` points is worth tanh(1)."""

MAX_ROUNDS = 12
"""Cap on the rounds projected (only reached before any terrain is revealed)."""

_POINTS = {t: TERRAIN[t].points for t in Terrain}
_SETTLEMENT = {t: TERRAIN[t].settlement for t in Terrain}


SPECIAL_VALUE: dict[Kind, float] = {
    Kind.DIPLOMAT: 6.0,
    Kind.DRAGON: 0.0,
    Kind.HORSES: 6.0,
    Kind.INFILTRATOR: 5.0,
    Kind.ELEPHANTS: 9.0,
    Kind.MAGICIAN: 7.0,
    Kind.PIRATES: 6.0,
    Kind.SNIPERS: 8.0,
}
"""What a special unit is worth in gold (they have no price, R24): about a base unit of
like strength and speed plus its gift (R110-R117). The dragon belongs to nobody (R111)."""


def _class_values() -> tuple[float, ...]:
    """Gold value of each unit class (``kind * 2 + damaged``, see ``board``), special units
    included (``SPECIAL_VALUE``)."""
    out = []
    for kind in ALL_KINDS:
        cost = float(UNITS[kind].cost or SPECIAL_VALUE[kind])
        out += [cost, cost * DAMAGED_SHARE]
    return tuple(out)


CLASS_VALUE = _class_values()
"""Gold value of a unit by class; a code's class is ``code // 2``."""

_CODE_VALUE = tuple(CLASS_VALUE[code >> 1] for code in range(2 * len(CLASS_VALUE)))
"""``CLASS_VALUE`` by unit code (the board's raw stacks hold codes)."""

_KIND_VALUE = tuple(CLASS_VALUE[2 * k] for k in range(len(BASE_KINDS)))
_NEUTRAL = -1


def rounds_left(score: list[int], per_round: list[int], target: int) -> int:
    """Round ends until some seat's score, growing by ``per_round``, reaches ``target``.

    At least 1 (the current round still ends), at most ``MAX_ROUNDS``.

    >>> rounds_left([13, 13], [13, 13], 50), rounds_left([45, 13], [13, 13], 50)
    (3, 1)
    """
    first = MAX_ROUNDS
    for s, p in zip(score, per_round, strict=True):
        if s >= target:
            return 1
        if p > 0:
            first = min(first, -((s - target) // p))  # the least r with s + r * p >= target
    return first


FEATURES = ("score", "points to come", "income to come", "material", "siege losses")
"""Per seat, the parts of its strength (``parts``), in points before weighting."""


def assess(state: OmringadData) -> tuple[list[float], int]:
    """Each seat's strength in points (see the module docstring) and the rounds left."""
    rows, left = parts(state)
    strength = [
        score + points + INCOME_WEIGHT * income + MATERIAL_WEIGHT * material - siege
        for score, points, income, material, siege in rows
    ]
    return strength, left


def parts(state: OmringadData) -> tuple[list[list[float]], int]:
    """Per seat the ``FEATURES`` of its strength, and the rounds left: its score, the
    points and squares (income) of what it controls times the rounds to come, the gold
    value of its units and gold, and the points its besieged settlements lose to come."""
    n = state.num_players()
    terrain, control, board = state.terrain, state.control, state.board
    per_round = [0] * n
    squares = [0] * n
    material = [float(g) for g in state.gold]
    for seat in range(n):
        material[seat] += sum(_KIND_VALUE[k] for k in state.bought[seat])
    if state.path:  # a group on the move has left its stack (R30)
        material[state.mover] += sum(CLASS_VALUE[c] for c in state.group)
    settlements: list[int] = []
    for sq, owner in enumerate(control):
        t = terrain[sq]
        per_round[owner] += _POINTS[t]
        squares[owner] += 1
        if _SETTLEMENT[t]:
            settlements.append(sq)
        for stack in board[sq]:
            if stack[0] != _NEUTRAL:  # the dragon is nobody's material (R111)
                material[stack[0]] += sum(map(_CODE_VALUE.__getitem__, stack[1:]))
    best = max(squares)
    if squares.count(best) == 1:
        per_round[squares.index(best)] += 1  # the majority point (R62)
    target = state.game.options["target"]
    left = rounds_left(state.score, per_round, target)
    siege_loss = [0.0] * n
    neighbours, teams = state.map.neighbours, state.teams
    dragon = state.game.dragon_besieges  # rules version 4 (R111)
    for sq in settlements:
        owner = control[sq]
        besiegers = 0  # squares next to it holding enemies of its owner
        for nb in neighbours[sq]:
            for st in board[nb]:
                if (dragon or st[0] != _NEUTRAL) and enemies(st[0], owner, teams):
                    besiegers += 1
                    break
        if besiegers:
            siege_loss[owner] += SIEGE_SHARE * min(besiegers, 2) * _POINTS[terrain[sq]]
    rows = [
        [
            float(state.score[s]),
            float(left * per_round[s]),
            float(left * squares[s]),
            material[s],
            left * siege_loss[s],
        ]
        for s in range(n)
    ]
    return rows, left


def heuristic_value(state: OmringadData) -> list[float]:
    """Per seat, in [-1, 1]: its strength lead over the best other seat, squashed.

    With teams (R121), a seat counts its team's best strength against the best enemy's.

    A finished game gives its real returns (+1 win, -1 loss, 0 draw, R63).
    """
    if state.phase == "over":
        return [float(r) for r in state.returns()]
    strength, left = assess(state)
    k = 1.0 / (SCALE_BASE + SCALE_PER_ROUND * left)
    out = []
    teams = state.teams
    for seat in range(len(strength)):
        mine = max(v for s, v in enumerate(strength) if not enemies(s, seat, teams))
        rival = max(v for s, v in enumerate(strength) if enemies(s, seat, teams))
        out.append(math.tanh((mine - rival) * k))
    return out

"""A fast estimate of an Islandet position for search cut-offs (``heuristic_value``).

Random play-outs of Islandet run for about 200 decisions, so MCTS stops them early and
scores the position here instead. The estimate counts what each side has left:

* every unit is worth ``1 + range / 4`` (soldier 1.5, jeep 1.75, tank 2): the unit count
  decides the game (R19), the range how well the unit fights;
* a unit on the carrier pad is worth ``PAD_FACTOR`` times as much, being out of reach of
  shots and blasts (R16); units not yet set up count as on the pad;
* an enemy unit in the line of fire of the side now playing (as a target or caught in
  crossfire, R14/R15) counts only ``1 - THREAT_DISCOUNT``: with five die faces out of six
  that side gets to shoot this turn.

With the usual goal the value is the material margin over the material total, so it is
+1 when the opponent has nothing left, like a won game. The quick game (R22) scores the
losses towards five; the points game the points margin (R20) over the most points
possible, as its returns do. Values are per seat, in [-1, 1], summing to zero; a finished
game returns its returns.
"""

from __future__ import annotations

from spelbord.games.islandet.position import EMPTY, Position
from spelbord.games.islandet.rules import QUICK_TARGET, shot
from spelbord.games.islandet.units import KINDS, MAX_POINTS

PAD_FACTOR = 1.1
"""A unit on the pad is safe (R16) but must come on before it can fight."""

THREAT_DISCOUNT = 0.5
"""How much of an enemy unit under fire from the side now playing is counted as lost."""

ACTIVE_PHASES = frozenset({"enter", "roll", "zero", "shoot1", "move", "shoot2", "reveal"})
"""Phases of a turn in which ``pos.to_move`` is the side whose guns count as a threat."""

_WORTH = tuple(1.0 + kind.range / 4 for kind in KINDS)


def unit_worth(kind: int) -> float:
    """Material worth of a unit of ``kind`` on the island."""
    return _WORTH[kind]


def threatened(pos: Position) -> set[int]:
    """Squares of enemy units the side now playing could shoot down (targets and crossfire)."""
    if pos.phase not in ACTIVE_PHASES:
        return set()
    seat = pos.to_move
    out: set[int] = set()
    for sq, unit in pos.units.items():
        if unit.seat != seat:
            continue
        result = shot(pos, sq)
        if result is None:
            continue
        target, caught = result
        out.update(caught)
        if target in pos.units:
            out.add(target)
    return out


def _discount(sq: int, danger: set[int]) -> float:
    return 1.0 - THREAT_DISCOUNT if sq in danger else 1.0


def material(pos: Position, seat: int, danger: set[int]) -> float:
    """What ``seat`` has left by the weights above (``danger``: squares under fire)."""
    island = sum(
        _WORTH[u.kind] * _discount(sq, danger) for sq, u in pos.units.items() if u.seat == seat
    )
    pad = sum(_WORTH[k] for k in pos.pads[seat] if k != EMPTY)
    stock = sum(n * _WORTH[k] for k, n in enumerate(pos.stock[seat]))
    return island + PAD_FACTOR * (pad + stock)


def expected_points(pos: Position, seat: int, danger: set[int]) -> float:
    """R20 points of ``seat`` with units under fire counted by their chance to survive."""
    island = sum(u.range * _discount(sq, danger) for sq, u in pos.units.items() if u.seat == seat)
    pad = sum(2 * KINDS[k].range for k in pos.pads[seat] if k != EMPTY)
    return island + pad


def _clamp(value: float) -> float:
    return max(-1.0, min(1.0, value))


def heuristic_value(pos: Position) -> list[float]:
    """Per-seat estimate in [-1, 1] of the returns of an unfinished game (see the module)."""
    danger = threatened(pos)
    goal = pos.rules.goal
    if goal == "quick":
        lost = [float(pos.lost[s]) for s in (0, 1)]
        for sq in danger:
            lost[pos.units[sq].seat] += THREAT_DISCOUNT
        value = _clamp((lost[1] - lost[0]) / QUICK_TARGET)
    elif goal == "points":
        margin = expected_points(pos, 0, danger) - expected_points(pos, 1, danger)
        value = _clamp(margin / MAX_POINTS)
    else:
        mine, theirs = material(pos, 0, danger), material(pos, 1, danger)
        total = mine + theirs
        value = (mine - theirs) / total if total > 0 else 0.0
    return [value, -value]

"""A fast estimate of an Islandet position for search cut-offs (``heuristic_value``).

Random play-outs of Islandet run for about 200 decisions, so MCTS stops them early and
scores the position here instead. The estimate counts what each side has left:

* every unit is worth ``1 + range / 4`` (soldier 1.5, jeep 1.75, tank 2): the unit count
  decides the game (R19), the range how well the unit fights;
* a unit on the carrier pad is worth ``PAD_FACTOR`` times as much, being out of reach of
  shots and blasts (R16); units not yet set up count as on the pad;
* an enemy unit in the line of fire of the side now playing (as a target or caught in
  crossfire, R14/R15) counts only ``1 - THREAT_DISCOUNT``: with five die faces out of six
  that side gets to shoot this turn; a unit in the line of fire of the side waiting counts
  ``1 - WAITING_DISCOUNT`` (it shoots next turn unless the unit moves away or the shooter
  falls first);
* a unit beside a block that an enemy unit has in its sights (a blast that would take
  more of the shooter's enemies than its own, R17) is threatened by the odds that the
  block is live (R23), as if under fire;
* while the opponent holds a free removal (rules 1A/1B, R8/R13), the unit it would take
  (``free_removal``: the most dangerous one) counts as lost: declining (version 3) is
  rarely right.

With the usual goal the value is the material margin over the material total, so it is
+1 when the opponent has nothing left, like a won game. The quick game (R22) scores the
losses towards five; the points game the points margin (R20) over the most points
possible, as its returns do. Values are per seat, in [-1, 1], summing to zero; a finished
game returns its returns.
"""

from __future__ import annotations

from spelbord.games.islandet.board import neighbours
from spelbord.games.islandet.position import EMPTY, Position
from spelbord.games.islandet.rules import QUICK_TARGET, shot
from spelbord.games.islandet.units import KINDS, MAX_POINTS

PAD_FACTOR = 1.1
"""A unit on the pad is safe (R16) but must come on before it can fight."""

THREAT_DISCOUNT = 0.5
"""How much of an enemy unit under fire from the side now playing is counted as lost."""

ACTIVE_PHASES = frozenset({"enter", "roll", "zero", "shoot1", "move", "shoot2", "reveal"})
"""Phases of a turn in which ``pos.to_move`` is the side whose guns count as a threat."""

WAITING_DISCOUNT = 0.2
"""How much of a unit under fire from the side *not* playing is counted as lost."""

FIRE_WEIGHT = 1.5
"""What each opposing unit a unit could shoot down now adds to its danger (``unit_danger``)."""

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


def lines_of_fire(pos: Position, seat: int) -> dict[int, float]:
    """Squares of the units ``seat``'s guns could take now, each with the chance it goes:
    1 for an exact target and the enemies between (R14/R15); for a shot at a block whose
    live blast would take more enemy units than own (R17), the odds that it is live
    (R23) for each enemy unit it would take.

    >>> from spelbord.games.islandet.position import Rules
    >>> from spelbord.games.islandet.units import Unit, TANK, SOLDIER
    >>> pos = Position(Rules())
    >>> pos.units = {26: Unit(0, TANK, 0), 75: Unit(1, SOLDIER, 2)}  # c3 faces N; d7
    >>> pos.blocks = {74}  # c7, four squares ahead of the tank, beside the soldier
    >>> lines_of_fire(pos, 0)
    {75: 0.6}
    """
    out: dict[int, float] = {}
    for sq, unit in pos.units.items():
        if unit.seat != seat:
            continue
        result = shot(pos, sq)
        if result is None:
            continue
        target, caught = result
        if target in pos.units:
            for s in (target, *caught):
                out[s] = 1.0
            continue
        hit = {s for s in (target, *neighbours(target), *caught) if s in pos.units}
        enemies = [s for s in hit if pos.units[s].seat != seat]
        if 2 * len(enemies) > len(hit):
            known = pos.live_left + pos.safe_left
            live = pos.live_left / known if known else 0.0
            for s in enemies:
                out[s] = max(out.get(s, 0.0), live)
    return out


Fire = tuple[dict[int, float], dict[int, float]]
"""Each seat's ``lines_of_fire``, seat 0's first."""


def fire_of_both(pos: Position) -> Fire:
    """Both seats' ``lines_of_fire`` (none outside the phases where guns fire)."""
    if pos.phase not in ACTIVE_PHASES:
        return {}, {}
    return lines_of_fire(pos, 0), lines_of_fire(pos, 1)


def danger_map(pos: Position, fire: Fire) -> dict[int, float]:
    """Square -> the share of the unit there counted as lost: the side playing's lines of
    fire at ``THREAT_DISCOUNT``, the waiting side's at ``WAITING_DISCOUNT`` (``fire``:
    ``fire_of_both(pos)``)."""
    if pos.phase not in ACTIVE_PHASES:
        return {}
    out = {sq: WAITING_DISCOUNT * w for sq, w in fire[1 - pos.to_move].items()}
    for sq, w in fire[pos.to_move].items():
        out[sq] = max(out.get(sq, 0.0), THREAT_DISCOUNT * w)
    return out


def unit_danger(pos: Position, sq: int) -> float:
    """How dangerous the unit on ``sq`` is to the other side: its worth, plus
    ``FIRE_WEIGHT`` for each opposing unit its shot would take now (R14/R15; at a block,
    the opposing units its blast would take, weighed by the odds that it is live).

    >>> from spelbord.games.islandet.position import Rules
    >>> from spelbord.games.islandet.units import Unit, TANK, SOLDIER
    >>> pos = Position(Rules())
    >>> pos.units = {26: Unit(0, TANK, 0), 74: Unit(1, SOLDIER, 2)}
    >>> unit_danger(pos, 26), unit_danger(pos, 74)
    (3.5, 1.5)
    """
    unit = pos.units[sq]
    value = _WORTH[unit.kind]
    result = shot(pos, sq)
    if result is None:
        return value
    target, caught = result
    if target in pos.blocks:
        known = pos.live_left + pos.safe_left
        live = pos.live_left / known if known else 0.0
        blast = [s for s in (target, *neighbours(target)) if s in pos.units]
        hit = sum(1 for s in (*caught, *blast) if pos.units[s].seat != unit.seat)
        return value + FIRE_WEIGHT * live * hit
    return value + FIRE_WEIGHT * (1 + len(caught))


def free_removal(pos: Position) -> tuple[int, int] | None:
    """The unit the opponent's free removal (R8, R13) would best take: ``(square, -1)`` on
    the island (the most dangerous, by ``unit_danger``) or ``(-1, slot)`` on the pad (the
    longest-ranged); ``None`` when no removal is pending or nothing can go."""
    seat = pos.to_move
    if pos.phase == "remove":
        squares = pos.island_units(seat)
        return (max(squares, key=lambda sq: unit_danger(pos, sq)), -1) if squares else None
    if pos.phase == "removepad":
        slots = [slot for slot, k in enumerate(pos.pads[seat]) if k != EMPTY]
        return (-1, max(slots, key=lambda slot: _WORTH[pos.pads[seat][slot]])) if slots else None
    return None


def _discount(sq: int, danger: dict[int, float]) -> float:
    return 1.0 - danger.get(sq, 0.0)


def material(pos: Position, seat: int, danger: dict[int, float]) -> float:
    """What ``seat`` has left by the weights above (``danger``: ``danger_map``)."""
    island = sum(
        _WORTH[u.kind] * _discount(sq, danger) for sq, u in pos.units.items() if u.seat == seat
    )
    pad = sum(_WORTH[k] for k in pos.pads[seat] if k != EMPTY)
    stock = sum(n * _WORTH[k] for k, n in enumerate(pos.stock[seat]))
    return island + PAD_FACTOR * (pad + stock)


def expected_points(pos: Position, seat: int, danger: dict[int, float]) -> float:
    """R20 points of ``seat`` with units under fire counted by their chance to survive."""
    island = sum(u.range * _discount(sq, danger) for sq, u in pos.units.items() if u.seat == seat)
    pad = sum(2 * KINDS[k].range for k in pos.pads[seat] if k != EMPTY)
    return island + pad


def _clamp(value: float) -> float:
    return max(-1.0, min(1.0, value))


def heuristic_value(pos: Position) -> list[float]:
    """Per-seat estimate in [-1, 1] of the returns of an unfinished game (see the module)."""
    settled = removal_done(pos)
    return settled_value(settled, fire_of_both(settled))


def settled_value(pos: Position, fire: Fire) -> list[float]:
    """``heuristic_value`` of a position with no removal pending (``removal_done``), given
    its ``fire_of_both``: for callers that need the lines of fire themselves too."""
    danger = danger_map(pos, fire)
    goal = pos.rules.goal
    if goal == "quick":
        lost = [float(pos.lost[s]) for s in (0, 1)]
        for sq, share in danger.items():
            lost[pos.units[sq].seat] += share
        value = _clamp((lost[1] - lost[0]) / QUICK_TARGET)
    elif goal == "points":
        margin = expected_points(pos, 0, danger) - expected_points(pos, 1, danger)
        value = _clamp(margin / MAX_POINTS)
    else:
        mine, theirs = material(pos, 0, danger), material(pos, 1, danger)
        total = mine + theirs
        value = (mine - theirs) / total if total > 0 else 0.0
    return [value, -value]


def removal_done(pos: Position) -> Position:
    """``pos``, or while a free removal is pending (R8, R13) a copy with the unit it would
    best take (``free_removal``) gone and counted as lost."""
    removal = free_removal(pos)
    if removal is None:
        return pos
    out = pos.copy()
    sq, slot = removal
    if sq >= 0:
        del out.units[sq]
    else:
        out.pads[out.to_move][slot] = EMPTY
    out.lost[out.to_move] += 1
    return out

"""The rules of Slag for Islandet on a ``Position``, in the order of rules/reference.en.md.

Three entry points drive a game: ``chance_outcomes`` / ``apply_chance`` at chance nodes
(who starts, the die, a block's nature) and ``legal_actions`` / ``apply_action`` when a
seat decides. Decisions that offer nothing to choose (a shooting step without a target,
a move step without a unit) are taken automatically, so every decision node has a real
choice or a single forced one that the rules name (rule 1A's removal before version 3).

Rules version 3 (``pos.rules.version``) changed three rules: R8 (rule 1A needs every
unit blocked), R8/R13 (the opponent may decline the free removal) and R10 (a reinforcement
may come on onto a block). Older versions keep their behaviour for stored records.
"""

from __future__ import annotations

from spelbord.games.islandet.actions import decode, encode
from spelbord.games.islandet.board import (
    PAD_SLOTS,
    RAYS,
    SQUARES,
    entry_square,
    forward,
    home_rows,
    left,
    neighbours,
    right,
    step,
)
from spelbord.games.islandet.position import (
    BOUND_NONE,
    BOUND_PAD,
    EMPTY,
    NUM_BLOCKS,
    Position,
)
from spelbord.games.islandet.units import KINDS, Unit

ZERO_CAP = 4
"""Rules version 1 only (its R9 ruling): the fourth 0 rolled in one turn ends the turn.

From version 2 a 0 always gives another roll (R9, general rule 2); the turn limit (R21)
keeps the game finite."""

QUICK_TARGET = 5
"""R22: in the quick game the first player to remove five enemy units wins."""

SAFE, LIVE = 0, 1
"""Outcomes of the chance node that reveals a block."""

PHASE_SEAT = frozenset(
    {"block", "place", "face", "padkind", "enter", "zero", "shoot1", "shoot2", "move"}
)
PHASE_CHANCE = frozenset({"first", "roll", "reveal"})
PHASE_OPPONENT = frozenset({"remove", "removepad"})


# ---------------------------------------------------------------- R2 who starts
def _set_first(pos: Position, seat: int) -> None:
    pos.first = seat
    pos.to_move = seat
    pos.phase = "block"


# ---------------------------------------------------------------- R3 blocks
def block_squares(pos: Position) -> list[int]:
    """Squares free for the next block: none yet in its row or column."""
    cols = {sq % 12 for sq in pos.blocks}
    rows = {sq // 12 for sq in pos.blocks}
    return [sq for sq in range(SQUARES) if sq % 12 not in cols and sq // 12 not in rows]


def _place_block(pos: Position, sq: int) -> None:
    pos.blocks.add(sq)
    if len(pos.blocks) == NUM_BLOCKS:
        pos.phase = "place"
        pos.to_move = pos.first
    else:
        pos.to_move = 1 - pos.to_move


# ---------------------------------------------------------------- R4 setting up units
def home_squares(pos: Position, seat: int) -> list[int]:
    """Empty squares of ``seat``'s two home rows (no unit, no block)."""
    rows = home_rows(seat)
    return [
        sq
        for sq in range(SQUARES)
        if sq // 12 in rows and sq not in pos.units and sq not in pos.blocks
    ]


def _place_unit(pos: Position, sq: int, kind: int) -> None:
    seat = pos.to_move
    pos.units[sq] = Unit(seat, kind, forward(seat))
    pos.stock[seat][kind] -= 1
    pos.pending = sq
    pos.phase = "face"


def _face_unit(pos: Position, facing: int) -> None:
    unit = pos.units[pos.pending]
    pos.units[pos.pending] = unit.turned(facing)
    pos.pending = -1
    placed = len(pos.units)
    if placed < 2 * pos.rules.on_island_at_start:
        pos.to_move = (pos.first + placed) % 2
        pos.phase = "place"
    elif pos.rules.pads:
        pos.to_move = pos.first
        pos.phase = "padkind"
        _advance_pad_setup(pos)
    else:
        _start_turn(pos, pos.first)


def _fill_slot(pos: Position, kind: int) -> None:
    seat = pos.to_move
    slot = pos.pads[seat].index(EMPTY)
    pos.pads[seat][slot] = kind
    pos.stock[seat][kind] -= 1


def _advance_pad_setup(pos: Position) -> None:
    """Fill forced slots; pass to the second player, then start the first turn."""
    while True:
        seat = pos.to_move
        kinds = [k for k, n in enumerate(pos.stock[seat]) if n > 0]
        if len(kinds) == 1:
            _fill_slot(pos, kinds[0])
            continue
        if kinds:
            return
        if seat == pos.first:
            pos.to_move = 1 - seat
            continue
        _start_turn(pos, pos.first)
        return


# ---------------------------------------------------------------- R5 the turn
def _start_turn(pos: Position, seat: int) -> None:
    """R5 and R13 (general rules 4, 1B): begin ``seat``'s turn."""
    pos.to_move = seat
    pos.zeros = 0
    pos.roll = 0
    pos.bound = BOUND_NONE
    if pos.rules.pads and not pos.island_units(seat):
        if entry_slots(pos, seat):
            pos.phase = "enter"
        else:
            pos.phase = "removepad"
        return
    pos.phase = "roll"


def _end_turn(pos: Position) -> None:
    """R21: count the turn; at the limit the game ends on points."""
    pos.turns += 1
    if pos.turns >= pos.rules.turn_limit:
        _finish_on_points(pos)
        return
    _start_turn(pos, 1 - pos.to_move)


def _roll(pos: Position, pips: int) -> None:
    """R5/R9: a die result; 0 offers the three options and always another roll.

    (Version 1 ended the turn at the fourth 0 instead.)
    """
    pos.roll = pips
    if pips == 0:
        pos.zeros += 1
        pos.bound = BOUND_NONE
        if pos.rules.version == 1 and pos.zeros >= ZERO_CAP:
            _end_turn(pos)
        else:
            pos.phase = "zero"
        return
    _enter_shooting(pos, "shoot1")


# ---------------------------------------------------------------- R6-R8 moving
def unit_moves(pos: Position, sq: int, pips: int) -> list[int]:
    """R6/R7: the ``how`` values (0 straight, 1 left, 2 right) the unit at ``sq`` may use.

    Every pip must be used; no step may pass over or onto a unit or block, except the
    exact straight landing on a block, which sets it off.
    """
    ray = RAYS[sq][pos.units[sq].facing]
    clear = 0
    stop = None
    for s in ray[:pips]:
        if s in pos.units or s in pos.blocks:
            stop = s
            break
        clear += 1
    out: list[int] = []
    straight = clear == pips or (clear == pips - 1 and stop is not None and stop in pos.blocks)
    if straight:
        out.append(0)
    if pips >= 2 and clear >= pips - 1:
        out.extend((1, 2))
    return out


def movable_units(pos: Position) -> list[int]:
    """Squares of the mover's units allowed to move now (R9: rule 2A binds one unit)."""
    seat = pos.to_move
    if pos.bound >= 0:
        unit = pos.units.get(pos.bound)
        return [pos.bound] if unit is not None and unit.seat == seat else []
    return pos.island_units(seat)


def pad_shifts(pos: Position, seat: int, pips: int) -> list[int]:
    """R11: sides (0 west, 1 east) the pad can move by exactly ``pips``."""
    centre = pos.centres[seat]
    return [side for side, c in ((0, centre - pips), (1, centre + pips)) if 0 <= c < 12]


def _enter_move(pos: Position) -> None:
    """R8: the move step; with no usable move, rule 1A hands a free removal over.

    From version 3 rule 1A needs every unit blocked: when only the unit rule 2A binds
    cannot use the roll while another unit could, its move is lost and shots may follow.
    """
    pos.phase = "move"
    if pos.bound == BOUND_PAD:
        return
    units = movable_units(pos)
    if not units:
        # The bound unit was lost while shooting, or no unit is left on the island.
        _enter_shooting(pos, "shoot2")
        return
    if not any(unit_moves(pos, sq, pos.roll) for sq in units):
        if pos.rules.version >= 3 and any_unit_could_move(pos):
            _enter_shooting(pos, "shoot2")
        else:
            pos.phase = "remove"


def any_unit_could_move(pos: Position) -> bool:
    """Whether any of the mover's units on the island could use the roll, bound or not."""
    return any(unit_moves(pos, sq, pos.roll) for sq in pos.island_units(pos.to_move))


def bound_move_lost(pos: Position) -> bool:
    """R8 from version 3: the unit rule 2A binds stands where it stood and the move step
    is over, so its move was lost (the mover may only shoot now)."""
    unit = pos.units.get(pos.bound) if pos.bound >= 0 else None
    return pos.phase == "shoot2" and unit is not None and unit.seat == pos.to_move


def _move_unit(pos: Position, sq: int, how: int) -> None:
    unit = pos.units.pop(sq)
    if how == 0:
        dest = step(sq, unit.facing, pos.roll)
        assert dest is not None
        pos.units[dest] = unit
        if dest in pos.blocks:
            _activate(pos, dest, "shoot2")
            return
    else:
        dest = step(sq, unit.facing, pos.roll - 1)
        assert dest is not None
        pos.units[dest] = unit.turned(left(unit.facing) if how == 1 else right(unit.facing))
    _enter_shooting(pos, "shoot2")


def _free_removal(pos: Position, sq: int) -> None:
    """R8 (rule 1A) / R13 (rule 1B): the opponent's free removal ends the turn."""
    _kill(pos, sq)
    if not _check_end(pos):
        _end_turn(pos)


def may_decline(pos: Position) -> bool:
    """R8/R13 from version 3: the opponent may take no free removal ("kan")."""
    return pos.rules.version >= 3 and pos.phase in PHASE_OPPONENT


# ---------------------------------------------------------------- R9-R13 the 0 options
def entry_slots(pos: Position, seat: int) -> list[int]:
    """R10: pad slots whose unit can come onto the square in front of it.

    No unit may stand there; from version 3 a block may (the unit sets it off).
    """
    blocks_bar = pos.rules.version < 3
    out = []
    for slot in range(PAD_SLOTS):
        if pos.pads[seat][slot] == EMPTY:
            continue
        sq = entry_square(seat, pos.centres[seat], slot)
        if sq is not None and sq not in pos.units and not (blocks_bar and sq in pos.blocks):
            out.append(slot)
    return out


def _enter(pos: Position, slot: int) -> int:
    """Bring the unit of ``slot`` onto the island, facing forward; return its square."""
    seat = pos.to_move
    sq = entry_square(seat, pos.centres[seat], slot)
    assert sq is not None
    pos.units[sq] = Unit(seat, pos.pads[seat][slot], forward(seat))
    pos.pads[seat][slot] = EMPTY
    return sq


def _reinforce(pos: Position, slot: int) -> None:
    """R10/R13: bring a unit on, then roll; rule 2A binds it when a 0 was the reason.

    On a block's square (version 3) the unit sets the block off as a unit landing on it
    does (R17); the roll follows the reveal, and a unit lost in the blast binds no move.
    """
    after_zero = pos.phase == "zero"
    sq = _enter(pos, slot)
    pos.bound = sq if after_zero else BOUND_NONE
    if sq in pos.blocks:
        _activate(pos, sq, "roll")
    else:
        pos.phase = "roll"


# ---------------------------------------------------------------- R14-R16 shooting
def shot(pos: Position, sq: int) -> tuple[int, list[int]] | None:
    """R14/R15: ``(target, enemies caught in crossfire)`` for the unit at ``sq``, if any.

    The target lies exactly the unit's range ahead; a block on the way stops the shot;
    own units on the way neither stop it nor are hit.
    """
    unit = pos.units[sq]
    ray = RAYS[sq][unit.facing]
    reach = unit.range
    if len(ray) < reach:
        return None
    caught = []
    for s in ray[: reach - 1]:
        if s in pos.blocks:
            return None
        other = pos.units.get(s)
        if other is not None and other.seat != unit.seat:
            caught.append(s)
    target = ray[reach - 1]
    if target in pos.blocks:
        return target, caught
    other = pos.units.get(target)
    if other is not None and other.seat != unit.seat:
        return target, caught
    return None


def shooters(pos: Position) -> list[int]:
    """Squares of the mover's units with a target now."""
    return [sq for sq in pos.island_units(pos.to_move) if shot(pos, sq) is not None]


def _enter_shooting(pos: Position, phase: str) -> None:
    """Open a shooting step; skip it when no unit has a target.

    After a 0, shots are offered beside the three options, so that step always stays.
    """
    if phase == "zero" or shooters(pos):
        pos.phase = phase
    elif phase == "shoot1":
        _enter_move(pos)
    else:
        _end_turn(pos)


def _shoot(pos: Position, sq: int) -> None:
    """R14/R15: an exact hit; enemies between die with a hit unit or a block proving live.

    A shot at a block leaves the enemies in between standing until the block is revealed
    (``_reveal``). Version 1 removed them at once, whatever the block turned out to be.
    """
    result = shot(pos, sq)
    assert result is not None
    target, caught = result
    if target in pos.blocks:
        if pos.rules.version == 1:
            for s in caught:
                _kill(pos, s)
        else:
            pos.crossfire = caught
        _activate(pos, target, pos.phase)
        return
    for s in caught:
        _kill(pos, s)
    _kill(pos, target)
    if not _check_end(pos):
        _enter_shooting(pos, pos.phase)


def _done_shooting(pos: Position) -> None:
    if pos.phase == "shoot1":
        _enter_move(pos)
    else:
        _end_turn(pos)


# ---------------------------------------------------------------- R17-R18 blocks
def _activate(pos: Position, sq: int, after: str) -> None:
    """A unit set off the block at ``sq``: reveal it (and any chain), then go on."""
    pos.reveal = [sq]
    pos.after = after
    _resolve_reveals(pos)


def _resolve_reveals(pos: Position) -> None:
    """Resolve queued blocks whose nature is certain; stop at the first chance draw."""
    while pos.reveal:
        if pos.live_left and pos.safe_left:
            pos.phase = "reveal"
            return
        _reveal(pos, LIVE if pos.live_left else SAFE)
    if _check_end(pos):
        return
    after, pos.after = pos.after, ""
    if after == "roll":  # a reinforcement set the block off (R10): the re-roll follows
        pos.phase = "roll"
    else:
        _enter_shooting(pos, after)


def _reveal(pos: Position, nature: int) -> None:
    """Turn over the first queued block: a live one clears its 8 neighbours and chains.

    When it is the block a shot hit, the enemies caught in that shot's crossfire are
    removed too if it proves live (R15); a safe block removes nothing between.
    """
    sq = pos.reveal.pop(0)
    pos.blocks.discard(sq)
    caught, pos.crossfire = pos.crossfire, []
    if nature == SAFE:
        pos.safe_left -= 1
        return
    pos.live_left -= 1
    if sq in pos.units:
        _kill(pos, sq)
    for n in neighbours(sq):
        if n in pos.units:
            _kill(pos, n)
        if n in pos.blocks and n not in pos.reveal:
            pos.reveal.append(n)
    for s in caught:
        if s in pos.units:  # not already taken by the blast
            _kill(pos, s)


def _kill(pos: Position, sq: int) -> None:
    unit = pos.units.pop(sq)
    pos.lost[unit.seat] += 1


# ---------------------------------------------------------------- R19-R22 the end
def _check_end(pos: Position) -> bool:
    """R19/R22: end the game when a side is wiped out (quick game: has lost five)."""
    if pos.rules.goal == "quick":
        beaten = [pos.lost[s] >= QUICK_TARGET for s in (0, 1)]
        how = "quick"
    else:
        beaten = [pos.units_left(s) == 0 for s in (0, 1)]
        how = "elimination"
    if not any(beaten):
        return False
    pos.phase = "over"
    pos.result = how
    pos.winner = -1 if all(beaten) else (1 if beaten[0] else 0)
    return True


def _finish_on_points(pos: Position) -> None:
    pos.phase = "over"
    pos.result = "points" if pos.rules.goal == "points" else "turn-limit"
    a, b = pos.score(0), pos.score(1)
    pos.winner = -1 if a == b else (0 if a > b else 1)


# ---------------------------------------------------------------- driving the game
def deciding_seat(pos: Position) -> int | None:
    """The seat that decides now, or ``None`` at chance and terminal nodes."""
    if pos.phase in PHASE_SEAT:
        return pos.to_move
    if pos.phase in PHASE_OPPONENT:
        return 1 - pos.to_move
    return None


def chance_outcomes(pos: Position) -> list[tuple[int, float]]:
    if pos.phase == "first":
        return [(0, 0.5), (1, 0.5)]
    if pos.phase == "roll":
        return [(pips, 1 / 6) for pips in range(6)]
    total = pos.live_left + pos.safe_left
    return [(SAFE, pos.safe_left / total), (LIVE, pos.live_left / total)]


def apply_chance(pos: Position, outcome: int) -> None:
    if pos.phase == "first":
        _set_first(pos, outcome)
    elif pos.phase == "roll":
        _roll(pos, outcome)
    else:
        _reveal(pos, outcome)
        _resolve_reveals(pos)


def legal_actions(pos: Position) -> list[int]:
    """Sorted legal actions of the deciding seat."""
    phase = pos.phase
    seat = pos.to_move
    if phase == "block":
        return [encode("block", sq) for sq in block_squares(pos)]
    if phase == "place":
        kinds = [k for k in range(len(KINDS)) if pos.stock[seat][k] > 0]
        return [encode("place", sq, k) for sq in home_squares(pos, seat) for k in kinds]
    if phase == "face":
        return [encode("face", arg=f) for f in range(4)]
    if phase == "padkind":
        return [encode("padkind", arg=k) for k in range(len(KINDS)) if pos.stock[seat][k] > 0]
    if phase == "enter":
        return [encode("enter", arg=slot) for slot in entry_slots(pos, seat)]
    if phase == "zero":
        out = []
        if pos.rules.pads:
            out += [encode("enter", arg=slot) for slot in entry_slots(pos, seat)]
            out.append(encode("padmove"))
        out += [encode("turn", sq, side) for sq in pos.island_units(seat) for side in (0, 1)]
        out += [encode("shoot", sq) for sq in shooters(pos)]
        return out
    if phase in ("shoot1", "shoot2"):
        return [*(encode("shoot", sq) for sq in shooters(pos)), encode("done")]
    if phase == "move":
        if pos.bound == BOUND_PAD:
            return [encode("padshift", arg=s) for s in pad_shifts(pos, seat, pos.roll)]
        return [
            encode("move", sq, how)
            for sq in movable_units(pos)
            for how in unit_moves(pos, sq, pos.roll)
        ]
    if phase == "remove":
        out = [encode("remove", sq) for sq in pos.island_units(seat)]
    elif phase == "removepad":
        out = [
            encode("removepad", arg=slot)
            for slot in range(PAD_SLOTS)
            if pos.pads[seat][slot] != EMPTY
        ]
    else:
        return []
    if may_decline(pos):
        out.append(encode("decline"))
    return out


def apply_action(pos: Position, action: int) -> None:
    """Apply a legal action of the deciding seat."""
    a = decode(action)
    if a.kind == "block":
        _place_block(pos, a.square)
    elif a.kind == "place":
        _place_unit(pos, a.square, a.arg)
    elif a.kind == "face":
        _face_unit(pos, a.arg)
    elif a.kind == "padkind":
        _fill_slot(pos, a.arg)
        _advance_pad_setup(pos)
    elif a.kind == "enter":
        _reinforce(pos, a.arg)
    elif a.kind == "padmove":
        pos.bound = BOUND_PAD
        pos.phase = "roll"
    elif a.kind == "turn":
        unit = pos.units[a.square]
        pos.units[a.square] = unit.turned(right(unit.facing) if a.arg else left(unit.facing))
        pos.bound = a.square
        pos.phase = "roll"
    elif a.kind == "shoot":
        _shoot(pos, a.square)
    elif a.kind == "done":
        _done_shooting(pos)
    elif a.kind == "move":
        _move_unit(pos, a.square, a.arg)
    elif a.kind == "padshift":
        pos.centres[pos.to_move] += pos.roll if a.arg else -pos.roll
        _enter_shooting(pos, "shoot2")
    elif a.kind == "remove":
        _free_removal(pos, a.square)
    elif a.kind == "removepad":
        pos.pads[pos.to_move][a.arg] = EMPTY
        pos.lost[pos.to_move] += 1
        if not _check_end(pos):
            _end_turn(pos)
    elif a.kind == "decline":
        _end_turn(pos)
    else:  # pragma: no cover - decode only yields the kinds above
        raise ValueError(f"unknown action kind {a.kind}")


def target_of(pos: Position, sq: int) -> int | None:
    """The square the unit at ``sq`` would hit (for notation and the UI)."""
    result = shot(pos, sq)
    return None if result is None else result[0]

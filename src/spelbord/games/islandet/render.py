"""Terminal text of a position: the island with North's pad above and South's below.

Units show as their letter (upper case South, lower case North) and an arrow for their
facing; ``##`` is an obstacle block, ``.`` an empty square.
"""

from __future__ import annotations

from spelbord.games.islandet.board import (
    COLUMNS,
    PAD_SLOTS,
    SEAT_NAMES,
    SIZE,
    slot_column,
    square_name,
)
from spelbord.games.islandet.position import BOUND_PAD, EMPTY, Position
from spelbord.games.islandet.rules import bound_move_lost, may_decline
from spelbord.games.islandet.units import KINDS

ARROWS = "^>v<"


def _pad_line(pos: Position, seat: int) -> str:
    cells = ["   "] * SIZE
    extra: list[str] = []
    for slot in range(PAD_SLOTS):
        x = slot_column(pos.centres[seat], slot)
        kind = pos.pads[seat][slot]
        letter = "=" if kind == EMPTY else KINDS[kind].letter
        glyph = letter if seat == 0 else letter.lower()
        mark = "*" if slot == PAD_SLOTS // 2 else " "
        if 0 <= x < SIZE:
            cells[x] = f" {glyph}{mark}"
        else:
            extra.append(glyph)
    hanging = f"  (off the edge: {''.join(extra)})" if extra else ""
    return "    " + "".join(cells).rstrip() + hanging


def render(pos: Position) -> str:
    """The position as text, with a status line."""
    lines = [_pad_line(pos, 1)]
    for y in range(SIZE - 1, -1, -1):
        row = []
        for x in range(SIZE):
            sq = x + SIZE * y
            unit = pos.units.get(sq)
            if unit is not None:
                row.append(f" {unit.glyph()}{ARROWS[unit.facing]}")
            elif sq in pos.blocks:
                row.append(" ##")
            else:
                row.append("  .")
        lines.append(f"{y + 1:>3} " + "".join(row))
    lines.append(_pad_line(pos, 0))
    lines.append("    " + "".join(f"  {c}" for c in COLUMNS))
    lines.append(status(pos))
    return "\n".join(lines)


def status(pos: Position) -> str:
    """One line: whose turn, the phase, the die, the blocks still unknown, the losses."""
    if pos.phase == "over":
        who = "draw" if pos.winner < 0 else f"{SEAT_NAMES[pos.winner]} wins"
        return f"game over ({pos.result}): {who}; points {pos.score(0)}-{pos.score(1)}"
    if pos.phase == "first":
        return "setup: who starts?"
    if pos.phase in ("remove", "removepad"):
        return _removal(pos)
    text = f"{SEAT_NAMES[pos.to_move]} | {pos.phase}"
    if pos.roll or pos.phase in ("zero", "move", "shoot1", "shoot2"):
        text += f" | die {pos.roll}"
    if pos.bound == BOUND_PAD:
        text += " | pad bound"
    elif bound_move_lost(pos):
        text += f" | bound {square_name(pos.bound)} could not use the roll: its move is lost"
    elif pos.bound >= 0:
        text += f" | bound {square_name(pos.bound)}"
    if pos.crossfire:
        caught = " ".join(f"{COLUMNS[sq % SIZE]}{sq // SIZE + 1}" for sq in pos.crossfire)
        text += f" | in crossfire if the block is live: {caught}"
    text += f" | blocks unknown: {pos.live_left} live, {pos.safe_left} safe"
    text += f" | lost {pos.lost[0]}-{pos.lost[1]} | turn {pos.turns + 1}"
    return text


def _removal(pos: Position) -> str:
    """The free removal's line: who decides, why, and what they may type (R8, R13)."""
    loser, chooser = SEAT_NAMES[pos.to_move], SEAT_NAMES[1 - pos.to_move]
    if pos.phase == "remove":
        why = f"{loser} cannot use the roll of {pos.roll} with any unit (rule 1A)"
        what = f"one of {loser}'s units on the island ('remove c4')"
    else:
        why = f"{loser} has no unit on the island and none can come on (rule 1B)"
        what = f"one of {loser}'s pad units ('remove pad 2')"
    if may_decline(pos):
        offer = f"may remove {what} for free, or 'decline'"
    else:
        offer = f"removes {what} for free"
    return f"{chooser} decides | {why}: {chooser} {offer}; then the turn ends"

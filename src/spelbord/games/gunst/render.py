"""Terminal text picture of a Gunst table (``str(state)``).

Seat 1 sits at the top, seat 0 at the bottom; each side's first row (knights) lies next
to the battlefield line, as in the rulebook. A row shows the pieces standing in it by
their letters; ``x2`` marks the row Extazia doubled.
"""

from __future__ import annotations

from spelbord.games.gunst.pieces import DEITIES, KINS, PLACES, ROWS
from spelbord.games.gunst.table import OVER, TINGE, Table


def _deities(table: Table, seat: int) -> str:
    return "  ".join(f"{d.short}:{PLACES[table.deity[seat][d.index]]}" for d in DEITIES)


def _hand(table: Table, seat: int) -> str:
    return " ".join(f"{n}{k.letter}" for k, n in zip(KINS, table.hand[seat], strict=True))


def _row_line(table: Table, seat: int, row: int) -> str:
    pieces = " ".join(KINS[k].letter for k in table.rows[seat][row]) or "."
    mark = "  x2" if table.doubled[seat] == row else ""
    return f"    {row + 1} {ROWS[row].plural:<9} {pieces}{mark}"


def _header(table: Table, seat: int) -> str:
    return (
        f"seat {seat}  life {table.life[seat]:>2}  hand {_hand(table, seat)}\n"
        f"        deities {_deities(table, seat)}"
    )


def _status(table: Table) -> str:
    if table.phase == OVER:
        if table.loser < 0:
            return f"game over ({table.ended}): draw"
        return f"game over ({table.ended}): seat {1 - table.loser} wins"
    if table.phase == TINGE:
        return "Tinge: both seats choose in secret"
    who = "chance" if table.actor < 0 else f"seat {table.actor}"
    first = f", first: seat {table.first}" if table.first >= 0 else ""
    return f"{table.phase}: {who} decides{first}"


def render(table: Table) -> str:
    """The table as a few lines of text."""
    lines = [f"Gunst  season {table.season}/4  {_status(table)}", _header(table, 1)]
    lines += [_row_line(table, 1, r) for r in reversed(range(5))]
    lines.append("    " + "-" * 13 + " battlefield " + "-" * 13)
    lines += [_row_line(table, 0, r) for r in range(5)]
    lines.append(_header(table, 0))
    return "\n".join(lines)

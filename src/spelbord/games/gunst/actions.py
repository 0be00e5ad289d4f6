"""The action ids of Gunst: one integer space for every decision a seat can take.

======================  =========================================================
ids                     meaning
======================  =========================================================
0 .. 4607               a Tinge selection (``Selection.code``)
4608 + seat             who goes first this round (the chooser's decision)
4610 + deity            a deity: the favour target, the deity to invoke, the deity
                        a farmer or scholar raises
4614 + row              a row: the target of a deity, or where kin go
4619, 4620              the scholars' mode: raise deities, or strike
======================  =========================================================

Chance outcomes (the coin when counts are equal) are 0 and 1: the seat that chooses.

>>> FIRST, DEITY, ROW, MODE, NUM_ACTIONS
(4608, 4610, 4614, 4619, 4621)
>>> kind_of(DEITY + 2)
('deity', 2)
"""

from __future__ import annotations

from spelbord.games.gunst.pieces import NUM_SELECTIONS

FIRST = NUM_SELECTIONS
DEITY = FIRST + 2
ROW = DEITY + 4
MODE = ROW + 5
MODE_RAISE = MODE
MODE_STRIKE = MODE + 1
NUM_ACTIONS = MODE + 2


def kind_of(action: int) -> tuple[str, int]:
    """The kind of an action id and its argument (a selection code, seat, deity, row, mode)."""
    if 0 <= action < FIRST:
        return "select", action
    if action < DEITY:
        return "first", action - FIRST
    if action < ROW:
        return "deity", action - DEITY
    if action < MODE:
        return "row", action - ROW
    if action < NUM_ACTIONS:
        return "mode", action - MODE
    raise ValueError(f"no Gunst action {action}")

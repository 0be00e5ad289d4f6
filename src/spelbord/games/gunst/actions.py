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
4621                    Archimedes leaves the rows as they are (R12, rules version 3)
======================  =========================================================

Chance outcomes (the coin when counts are equal) are 0 and 1: the seat that chooses.

>>> FIRST, DEITY, ROW, MODE, LEAVE, NUM_ACTIONS
(4608, 4610, 4614, 4619, 4621, 4622)
>>> kind_of(DEITY + 2), kind_of(LEAVE)
(('deity', 2), ('leave', 0))
"""

from __future__ import annotations

from spelbord.games.gunst.pieces import NUM_SELECTIONS

FIRST = NUM_SELECTIONS
DEITY = FIRST + 2
ROW = DEITY + 4
MODE = ROW + 5
MODE_RAISE = MODE
MODE_STRIKE = MODE + 1
LEAVE = MODE + 2
"""Archimedes' owner moves no row (R12: "tillader", a permission; rules version 3)."""
NUM_ACTIONS = LEAVE + 1


def kind_of(action: int) -> tuple[str, int]:
    """The kind of an action id and its argument (a selection code, seat, deity, row, mode;
    0 for leaving the rows)."""
    if 0 <= action < FIRST:
        return "select", action
    if action < DEITY:
        return "first", action - FIRST
    if action < ROW:
        return "deity", action - DEITY
    if action < MODE:
        return "row", action - ROW
    if action < LEAVE:
        return "mode", action - MODE
    if action == LEAVE:
        return "leave", 0
    raise ValueError(f"no Gunst action {action}")

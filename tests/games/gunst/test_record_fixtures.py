"""Gunst's record fixtures of rules version 2 under version 3 (R12, R13): the same moves
stop being a legal game exactly where the rule bites.

``tests/fixtures/records/gunst-spent-deity.json`` and ``gunst-archimedes-lone-row.json``
are games played under version 2 (``make_records.py`` says why each seed was chosen);
``tests/server/test_record_fixtures.py`` holds them to their outcome under version 2.
Here each is replayed under version 3: its first refused move is the rule's situation.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from spelbord import games
from spelbord.core import IllegalActionError, Move
from spelbord.games.gunst import GunstState
from spelbord.games.gunst import actions as A
from spelbord.games.gunst.pieces import ARCHIMEDES, DEITIES

RECORDS = Path(__file__).resolve().parents[2] / "fixtures" / "records"
EXPECTED: dict[str, Any] = json.loads((RECORDS / "expected.json").read_text(encoding="utf-8"))


def record(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    assert data["game"] == "gunst" and data["version"] == EXPECTED[name]["version"] == 2
    return data


def first_refused(version: int, moves: list[Move]) -> tuple[int, GunstState]:
    """The index of the first move the rules ``version`` refuse, and the position there."""
    state = position(version, [])
    for index, move in enumerate(moves):
        try:
            if isinstance(move, int):
                state.apply_action(move)
            else:
                state.apply_actions(list(move))
        except IllegalActionError:
            return index, state
    raise AssertionError(f"rules version {version} plays every move")


def position(version: int, moves: list[Move]) -> GunstState:
    state = games.load("gunst", rules_version=version).replay(moves)
    assert isinstance(state, GunstState)
    return state


def test_r13_the_spent_deity_fixture_is_refused_at_the_raise_of_a_spent_deity() -> None:
    """Version 2: a farmer or scholar raised a deity that had acted this round (it had
    dropped to Tågen). Version 3 keeps that deity on the field, spent: the same raise is
    the first move it refuses, and the deity is not among the choices."""
    moves = record("gunst-spent-deity")["moves"]
    assert position(2, moves).returns() == EXPECTED["gunst-spent-deity"]["returns"]
    index, v3 = first_refused(3, moves)
    v2 = position(2, moves[:index])
    move = moves[index]
    assert isinstance(move, int)
    deity, seat = move - A.DEITY, v2.table.actor
    log = v2.table.log
    start = max(i for i, e in enumerate(log) if e["e"] == "reveal")  # this round
    acted = [(e["seat"], e["deity"]) for e in log[start:] if e["e"] == "deity"]
    assert v2.table.phase == "raise" and v2.table.deity[seat][deity] == 2  # in Tågen
    assert (seat, deity) in acted
    assert v3.table.phase == "raise" and v3.table.actor == seat
    assert v3.observation(None)["deities"][seat][DEITIES[deity].name] == "spent"
    assert move not in v3.legal_actions()


def test_r12_the_lone_row_fixture_is_refused_at_archimedes_destination() -> None:
    """Version 2: Archimedes moved its owner's only non-empty row, and only the
    destination was asked. Version 3 first asks whether to move that row or leave the
    rows as they are: the destination is the first move it refuses."""
    moves = record("gunst-archimedes-lone-row")["moves"]
    assert position(2, moves).returns() == EXPECTED["gunst-archimedes-lone-row"]["returns"]
    index, v3 = first_refused(3, moves)
    v2 = position(2, moves[:index])
    table = v2.table
    assert table.phase == "dest" and table.deity_in_use == ARCHIMEDES
    (row,) = table.nonempty_rows(table.actor)
    assert table.source == row and moves[index] in v2.legal_actions()
    assert v3.table.phase == "target" and v3.table.deity_in_use == ARCHIMEDES
    assert v3.legal_actions() == [A.ROW + row, A.LEAVE]
    assert moves[index] not in v3.legal_actions()

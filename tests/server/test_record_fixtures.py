"""Records made with the rules of their day replay exactly, whatever the rules are now.

``tests/fixtures/records/`` holds finished games in the export format, made by seeded
agents (``make_records.py`` there regenerates them and says why each seed was chosen:
each passes through a rule situation that a later rules version changes). Every one must
import, replay under its stored rules version to exactly the recorded outcome and ply,
and export back identically, version included. Do not regenerate them to make this test
pass after a rules change: a failure here means an old version no longer plays as it did.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spelbord import games
from spelbord.core.errors import IllegalActionError
from spelbord.games.islandet.actions import decode as decode_islandet
from spelbord.server.tables import views
from spelbord.server.tables.records import record_from_export, table_game

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "records"
EXPECTED: dict[str, dict[str, Any]] = json.loads(
    (FIXTURES / "expected.json").read_text(encoding="utf-8")
)
NAMES = sorted(EXPECTED)


def fixture(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    return data


def test_every_game_has_a_fixture_and_every_fixture_is_listed() -> None:
    assert {e["game"] for e in EXPECTED.values()} >= set(games.packages())
    files = {p.stem for p in FIXTURES.glob("*.json")} - {"expected"}
    assert files == set(EXPECTED)


@pytest.mark.parametrize("name", NAMES)
def test_a_fixture_replays_to_its_recorded_outcome(name: str) -> None:
    record, expected = fixture(name), EXPECTED[name]
    assert record["version"] == expected["version"]
    assert record["game"] == expected["game"] and record["options"] == expected["options"]
    game = games.load(record["game"], rules_version=record["version"], **record["options"])
    state = game.replay(record["moves"])
    assert state.is_terminal()
    assert state.move_number() == expected["ply"] and len(record["moves"]) == expected["moves"]
    assert list(state.returns()) == expected["returns"]
    assert state.termination() == expected["termination"]
    assert views.result_of(state) == record["result"]


@pytest.mark.parametrize("name", NAMES)
def test_a_fixture_reads_back_as_a_table_of_its_version(name: str) -> None:
    record, expected = fixture(name), EXPECTED[name]
    table = record_from_export(record)
    assert table.rules_version == expected["version"] and table.game == expected["game"]
    assert table.ply == expected["ply"] and table.status == "finished"
    assert table.result == record["result"]
    assert table_game(table).rules_version == expected["version"]


@pytest.mark.parametrize("name", NAMES)
def test_a_fixture_imports_replays_and_exports_identically(client: TestClient, name: str) -> None:
    record, expected = fixture(name), EXPECTED[name]
    r = client.post("/api/import", json=record)
    assert r.status_code == 200, r.text
    t = r.json()["table"]
    v = client.get(f"/api/tables/{t}/view").json()
    assert v["status"] == "finished" and v["ply"] == expected["ply"]
    assert v["rules_version"] == expected["version"]
    assert v["result"]["returns"] == expected["returns"]
    assert v["result"]["termination"] == expected["termination"]
    replay = client.get(f"/api/tables/{t}/replay").json()
    assert replay["rules_version"] == expected["version"]
    assert len(replay["frames"]) == len(record["moves"]) + 1
    assert replay["frames"][-1]["ply"] == expected["ply"]
    assert replay["frames"][-1]["result"] == record["result"]
    exported = client.get(f"/api/tables/{t}/export").json()
    # every field of the fixture byte-identical; the export adds the moves in notation
    # (issue 28), which read back to the same moves
    assert {k: exported[k] for k in record} == record
    assert set(exported) - set(record) <= {"notation"}
    again = client.post("/api/import", json={**record, "moves": exported["notation"]})
    assert again.status_code == 200, again.text
    by_text = client.get(f"/api/tables/{again.json()['table']}/export").json()
    assert by_text["moves"] == record["moves"]


def test_a_fixture_of_an_unknown_version_or_with_an_illegal_move_is_refused(
    client: TestClient,
) -> None:
    record = fixture("islandet-crossfire")
    r = client.post("/api/import", json={**record, "version": 99})
    assert r.status_code == 400
    assert r.json()["error"].startswith(
        "the record cannot be replayed here: islandet rules version 99 cannot be played here"
    )
    moves = list(record["moves"])
    moves[41] = 1_000_000  # a seat's decision (a chance outcome precedes it)
    r = client.post("/api/import", json={**record, "moves": moves})
    assert r.status_code == 400
    assert r.json()["error"].startswith(
        "the record is not a legal game under islandet rules version 1: move 41 (1000000) at ply 41"
    )
    assert client.get("/api/tables").json()["imported"] == []


def test_the_r36_fixture_plays_differently_under_omringad_version_3() -> None:
    """``omringad-own-square`` (version 2) steps a group into an enemy's square where only
    its owner's own units stand (R36): version 2 leaves the square, version 3 takes it, and
    the same moves end as a draw under version 2 but as seat 1's win under version 3. So the
    record's stored version is what keeps its result."""
    record = fixture("omringad-own-square")
    assert record["version"] == 2 and EXPECTED["omringad-own-square"]["returns"] == [0.0, 0.0]
    newest = games.load("omringad", rules_version=3, **record["options"])
    state = newest.replay(record["moves"])
    assert state.is_terminal() and list(state.returns()) == [-1.0, 1.0]


# ---------------------------------------------------------------- Islandet rules version 3
def _islandet_steps(name: str) -> tuple[dict[str, Any], list[tuple[int, Any, int]]]:
    """The fixture, and per move its index, the version-2 position before it, the move."""
    record = fixture(name)
    state = games.load("islandet", rules_version=2, **record["options"]).new_initial_state()
    steps = []
    for index, move in enumerate(record["moves"]):
        steps.append((index, state.pos.copy(), move))  # type: ignore[attr-defined]
        state.apply_action(move)
    return record, steps


def test_the_bound_blocked_fixture_is_illegal_under_islandet_version_3() -> None:
    """``islandet-bound-blocked`` (version 2): the unit rule 2A binds cannot use the roll
    while another could, and the opponent takes rule 1A's free removal. Version 3 (R8:
    rule 1A needs every unit blocked) has no removal there: the bound move is lost and the
    turn goes on to its shots, so the recorded removal is no legal move under it."""
    from spelbord.games.islandet import rules

    record, steps = _islandet_steps("islandet-bound-blocked")
    index, pos, move = next(
        (i, p, m)
        for i, p, m in steps
        if p.phase == "remove" and p.bound >= 0 and rules.any_unit_could_move(p)
    )
    assert decode_islandet(move).kind == "remove" and pos.units[pos.bound].seat == pos.to_move
    newest = games.load("islandet", rules_version=3, **record["options"])
    before = newest.replay(record["moves"][:index])
    assert before.pos.phase in ("shoot2", "roll")  # type: ignore[attr-defined]
    assert move not in before.legal_actions()
    with pytest.raises(IllegalActionError):
        newest.replay(record["moves"][: index + 1])


def test_the_free_removal_fixture_may_be_declined_under_islandet_version_3() -> None:
    """``islandet-free-removal`` (version 2): every unit of the mover is blocked and the
    opponent takes rule 1A's removal. Version 3 replays it to the same end (the removal is
    still the opponent's to take) but offers "decline" there too (R8); declining instead
    leaves the unit on the island, which version 2 refuses."""
    record, steps = _islandet_steps("islandet-free-removal")
    index, pos, move = next((i, p, m) for i, p, m in steps if p.phase == "remove")
    old = games.load("islandet", rules_version=2, **record["options"])
    newest = games.load("islandet", rules_version=3, **record["options"])
    same = newest.replay(record["moves"])
    assert list(same.returns()) == EXPECTED["islandet-free-removal"]["returns"]
    at_old, at_new = old.replay(record["moves"][:index]), newest.replay(record["moves"][:index])
    decline = at_new.string_to_action("decline")
    assert set(at_new.legal_actions()) - set(at_old.legal_actions()) == {decline}
    assert move in at_new.legal_actions()
    declined = newest.replay([*record["moves"][:index], decline])
    taken = newest.replay(record["moves"][: index + 1])
    assert declined.pos.lost[pos.to_move] == taken.pos.lost[pos.to_move] - 1  # type: ignore[attr-defined]
    assert declined.pos.units == pos.units  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError):
        old.replay([*record["moves"][:index], decline])


def test_the_block_entry_fixture_plays_differently_under_islandet_version_3() -> None:
    """``islandet-block-entry`` (version 2): a turn starts with no unit of the mover on the
    island and only blocks in front of its loaded pad slots, so rule 1B hands the opponent
    a free removal. Version 3 (R10/R13) brings a unit on onto the block instead: the turn
    starts with the mover's reinforcement, and the recorded removal is no legal move."""
    from spelbord.games.islandet.board import entry_square

    record, steps = _islandet_steps("islandet-block-entry")
    index, pos, move = next(
        (i, p, m)
        for i, p, m in steps
        if p.phase == "removepad"
        and any(
            entry_square(p.to_move, p.centres[p.to_move], slot) in p.blocks
            for slot, kind in enumerate(p.pads[p.to_move])
            if kind >= 0
        )
    )
    assert decode_islandet(move).kind == "removepad"
    newest = games.load("islandet", rules_version=3, **record["options"])
    before = newest.replay(record["moves"][:index])
    assert before.pos.phase == "enter" and before.current_player() == pos.to_move  # type: ignore[attr-defined]
    entries = [before.action_to_dict(a) for a in before.legal_actions()]
    assert entries and all(e["kind"] == "enter" and e.get("onto_block") for e in entries)
    with pytest.raises(IllegalActionError):
        newest.replay(record["moves"][: index + 1])


# ---------------------------------------------------------------- omringad version 4
def _step(state: Any, move: Any) -> None:
    if isinstance(move, list):
        state.apply_actions(move)
    else:
        state.apply_action(move)


def _in_step(name: str) -> tuple[Any, Any, list[Any]]:
    """The version-3 fixture ``name``: a fresh game under its own version and one under
    version 4, and its moves."""
    record = fixture(name)
    assert record["version"] == 3 and EXPECTED[name]["version"] == 3
    old, new = (
        games.load("omringad", rules_version=v, **record["options"]).new_initial_state()
        for v in (3, 4)
    )
    return old, new, list(record["moves"])


def _until(old: Any, new: Any, moves: list[Any], differ: Any) -> int:
    """Play ``moves`` on both games until ``differ(old, new)``; the index of that move."""
    for i, move in enumerate(moves):
        _step(old, move)
        _step(new, move)
        if differ(old, new):
            return i
    raise AssertionError("the two versions never differed so")


def _refused_from(state: Any, moves: list[Any]) -> int:
    """The index of the first of ``moves`` that ``state`` refuses (it must refuse one)."""
    for i, move in enumerate(moves):
        try:
            _step(state, move)
        except IllegalActionError:
            return i
    raise AssertionError("every move was accepted")


def test_the_r55_fixture_plays_differently_under_omringad_version_4() -> None:
    """``omringad-intruder`` (version 3): a player reinforces a settlement it controls where
    the other's units stand; in the next battle there the intruder defends (version 3),
    where version 4 has the controller defend (R55). The dice then fall on other rows, and
    version 4 refuses a later hit allocation of the record."""
    old, new, moves = _in_step("omringad-intruder")
    assert "battle-beside-reinforced-intruder" in EXPECTED["omringad-intruder"]["situations"]
    i = _until(old, new, moves, lambda a, b: a.phase == "battle" and a.battle[2] != b.battle[2])
    square = old.battle[0]
    assert new.battle[0] == square and new.battle[2] == new.control[square]
    assert old.battle[2] != old.control[square] and old.battle[1] == old.control[square]
    at = i + 1 + _refused_from(new, moves[i + 1 :])
    assert at < len(moves) and old.phase == "battle"


def test_the_r111_fixture_plays_differently_under_omringad_version_4() -> None:
    """``omringad-dragon-siege`` (version 3): a reinforcement is placed in a settlement next
    to the dragon beyond what its siege allows from version 4 (R111, R51-R52), which
    refuses that very placement."""
    from spelbord.games.omringad.board import NEUTRAL

    old, new, moves = _in_step("omringad-dragon-siege")
    at = _refused_from(new, moves)
    for move in moves[:at]:
        _step(old, move)
    assert old.phase == "reinforce" and new.phase == "reinforce"
    sq = old.map.parse_label(old.action_to_string(moves[at]))  # a settlement's square
    assert any(s[0] == NEUTRAL for n in old.map.neighbours[sq] for s in old.board[n]), (
        "the refused placement is next to the dragon"
    )


def test_the_r48_fixture_plays_differently_under_omringad_version_4() -> None:
    """``omringad-return-conquers`` (version 3, target 140): after a spent diplomat, a
    returning group that can conquer arrives on an enemy's square where only its owner's
    own units stand. Version 3 leaves the square with the enemy; version 4 takes it (R48).
    The record's last round then ends with that square in other hands under version 4."""
    name = "omringad-return-conquers"
    assert {"diplomat-spent", "return-onto-own-units"} <= set(EXPECTED[name]["situations"])
    old, new, moves = _in_step(name)
    i = _until(old, new, moves, lambda a, b: a.control != b.control)
    (square,) = [sq for sq in range(len(old.control)) if old.control[sq] != new.control[sq]]
    seat = new.control[square]
    assert old.phase == "battle" and seat != old.control[square]
    assert {s[0] for s in new.board[square]} == {seat}  # its own units, now with the group
    for move in moves[i + 1 :]:
        _step(old, move)
        _step(new, move)
    assert old.is_terminal() and new.is_terminal()
    assert new.control[square] == seat != old.control[square]

"""The replay viewer in a real browser: stepping, keyboard, slider, export and import;
in every game each position matches exactly one move (issue 10)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests.replaygames import SHORT, notation
from tests.replaygames import finished_game as short_game

from .conftest import expect

pytestmark = pytest.mark.browser


def finished_game(server: Any) -> tuple[str, dict[str, Any]]:
    """A short Coerceo game between two random agents, played to its end by the server."""
    created = server.call(
        "/api/tables",
        {
            "game": "coerceo",
            "options": {"variant": "ocius", "max_moves": 9},
            "seats": [{"kind": "ai", "agent": "random"}, {"kind": "ai", "agent": "random"}],
        },
    )
    view = server.wait_for(created["table"], "finished")
    return created["table"], view


def frame(page: Any) -> int:
    return int(page.locator("body").get_attribute("data-frame") or "-1")


def test_replay_steps_through_a_finished_game(people: Any, tmp_path: Path) -> None:
    table, view = finished_game(people.server)
    plies = view["ply"]
    assert plies >= 2
    page = people.open(f"/replay/{table}")
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("body")).to_have_attribute("data-frame", "0")
    expect(page.locator("#frame-label")).to_contain_text("Start position")
    expect(page.locator("#moves li.move")).to_have_count(plies)
    expect(page.locator("#first")).to_be_disabled()
    start_pieces = page.locator(".piece").count()
    assert start_pieces == 14  # Ocius: 7 pieces each

    page.click("#next")
    expect(page.locator("body")).to_have_attribute("data-frame", "1")
    expect(page.locator(".coerceo-board")).to_have_attribute("data-ply", "1")
    expect(page.locator(".cb-last")).to_have_count(2)
    page.keyboard.press("ArrowRight")
    expect(page.locator("body")).to_have_attribute("data-frame", "2")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("body")).to_have_attribute("data-frame", "1")
    page.click("#last")
    expect(page.locator("body")).to_have_attribute("data-frame", str(plies))
    expect(page.locator("#next")).to_be_disabled()
    expect(page.locator("#status")).to_contain_text(view["result"]["text"])
    page.keyboard.press("Home")
    expect(page.locator("body")).to_have_attribute("data-frame", "0")
    page.locator("#slider").fill(str(plies - 1))
    expect(page.locator("body")).to_have_attribute("data-frame", str(plies - 1))
    page.locator("#moves li.move").nth(0).click()
    expect(page.locator("body")).to_have_attribute("data-frame", "1")
    expect(page.locator("#moves li.move-current")).to_have_count(1)

    with page.expect_download() as download_info:
        page.click("#export")
    saved = tmp_path / "record.json"
    download_info.value.save_as(saved)
    record = json.loads(saved.read_text())
    assert record["format"] == "spelbord-record/1"
    assert record["game"] == "coerceo"
    assert len(record["moves"]) == plies

    page.locator("#import-file").set_input_files(str(saved))
    page.wait_for_url(lambda url: "/replay/" in url and not url.endswith(f"/replay/{table}"))
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#moves li.move")).to_have_count(plies)
    page.keyboard.press("End")
    expect(page.locator("#status")).to_contain_text(view["result"]["text"])


def test_import_rejects_a_file_that_is_not_a_record(people: Any, tmp_path: Path) -> None:
    table, _ = finished_game(people.server)
    page = people.open(f"/replay/{table}")
    page.wait_for_selector("body[data-ready='1']")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "something-else", "moves": [1, 2, 3]}))
    page.locator("#import-file").set_input_files(str(bad))
    expect(page.locator(".toast")).to_have_count(1)
    assert page.url.endswith(f"/replay/{table}")


PROBE = """() => {
  const current = [...document.querySelectorAll("#moves li.move-current")];
  return {
    frame: Number(document.body.dataset.frame),
    label: document.getElementById("frame-label").textContent,
    status: document.getElementById("status").textContent,
    current: current.map((li) => ({
      first: Number(li.dataset.first),
      index: Number(li.dataset.index),
      number: li.querySelector(".move-num").textContent,
      // a step's notation without the game's marks after it (test_move_marks.py)
      steps: [...li.querySelectorAll(".move-step")].map((s) => {
        const copy = s.cloneNode(true);
        copy.querySelectorAll(".move-mark").forEach((m) => m.remove());
        return copy.textContent;
      }),
    })),
  };
}"""


def expected_entries(final: Any) -> list[tuple[int, list[str]]]:
    """Per ply, who moved (a seat, -1 chance, -2 a joint action) and the texts its entry
    shows (one per seat at a joint action), worked out from the game alone."""
    state = final.game.new_initial_state()
    out: list[tuple[int, list[str]]] = []
    for move in final.history():
        if isinstance(move, int):
            out.append((state.current_player(), [notation(state, move)]))
            state.apply_action(move)
        else:
            out.append((-2, [state.action_to_string(a, seat) for seat, a in enumerate(move)]))
            state.apply_actions(list(move))
    return out


def _turn_of(entries: list[tuple[int, list[str]]], i: int) -> int:
    """Whose turn entry ``i`` is part of: its seat; a chance outcome between two seats'
    decisions opens the next turn when it comes last in its run, else closes the last."""
    who = entries[i][0]
    if who != -1:
        return who
    nxt = next((j for j in range(i + 1, len(entries)) if entries[j][0] != -1), None)
    prev = next((j for j in range(i - 1, -1, -1) if entries[j][0] != -1), None)
    if prev is None:
        return -1 if nxt is None else entries[nxt][0]
    if nxt is None or entries[nxt][0] == entries[prev][0]:
        return entries[prev][0]
    return entries[nxt][0] if i == nxt - 1 else entries[prev][0]


def rows_of(entries: list[tuple[int, list[str]]]) -> list[tuple[int, int]]:
    """The move list's rows, one per turn, as (first, last) entries: a seat's consecutive
    decisions with the chance outcomes they need, or a run of joint actions."""
    rows: list[tuple[int, int]] = []
    turn: int | None = None
    for i in range(len(entries)):
        seat = _turn_of(entries, i)
        if rows and seat == turn:
            rows[-1] = (rows[-1][0], i)
        else:
            rows.append((i, i))
            turn = seat
    return rows


def check_position(
    page: Any, index: int, entries: list[tuple[int, list[str]]], names: list[str]
) -> dict[str, Any]:
    """The replay shows position ``index``: its counter names the turn (the move list's
    row) that led to it, with the list's own number, and that row, only it, is marked."""
    seen = page.evaluate(PROBE)
    rows = rows_of(entries)
    assert seen["frame"] == index
    if index == 0:
        assert seen["label"] == f"Start position · {len(rows)} moves"
        assert seen["current"] == []
        return seen
    number, (first, last) = next(
        (n, row) for n, row in enumerate(rows, 1) if row[0] <= index - 1 <= row[1]
    )
    assert seen["label"].startswith(f"Move {number} of {len(rows)}: "), seen["label"]
    steps = last - first + 1
    if steps > 1 and index - first < steps:
        assert seen["label"].endswith(f" · step {index - first} of {steps}"), seen["label"]
    said = [t for _, texts in entries[first : last + 1] for t in texts if t != "wait"]
    for text in said[: index - first] if entries[first][0] != -2 else ():
        assert text in seen["label"], (text, seen["label"])
    [row] = seen["current"]
    assert (row["first"], row["index"], row["number"]) == (first, last, f"{number}.")
    assert sorted(row["steps"]) == sorted(said) or entries[first][0] == -2
    return seen


@pytest.mark.parametrize("name", sorted(SHORT))
def test_every_replay_position_matches_exactly_one_move(people: Any, name: str) -> None:
    """At every position of a finished game the label, the highlighted entry and
    click-to-jump agree, and the last position is the final board."""
    final, record = short_game(name)
    table = people.server.call("/api/import", record)["table"]
    entries = expected_entries(final)
    count = len(entries)

    page = people.open(f"/table/{table}")
    page.wait_for_selector("body[data-ready='1']")
    final_board = page.locator("#board").inner_html()
    final_status = page.locator("#status").inner_text()
    names = page.locator("#seats .seat-title").all_inner_texts()
    # The last position drawn afresh (a link to it) is the board of the finished table.
    page = people.open(f"/replay/{table}#{count}")
    page.wait_for_selector("body[data-ready='1']")
    assert check_position(page, count, entries, names)["status"] == final_status
    assert page.locator("#board").inner_html() == final_board

    page = people.open(f"/replay/{table}")
    page.wait_for_selector("body[data-ready='1']")
    rows = rows_of(entries)
    expect(page.locator("#moves li.move")).to_have_count(len(rows))
    check_position(page, 0, entries, names)
    for index in range(1, count + 1):  # step forward through every position (→)
        page.keyboard.press("ArrowRight")
        check_position(page, index, entries, names)
    expect(page.locator("#next")).to_be_disabled()
    items = page.locator("#moves li.move")
    for row in reversed(range(len(rows))):  # click-to-jump on every row, last one first
        items.nth(row).click()  # a row shows the position after its move (and its rolls)
        check_position(page, rows[row][1] + 1, entries, names)
    page.click("#first")
    check_position(page, 0, entries, names)
    page.click("#last")
    assert check_position(page, count, entries, names)["status"] == final_status

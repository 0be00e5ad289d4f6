"""The replay viewer in a real browser: stepping, keyboard, slider, export and import."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

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

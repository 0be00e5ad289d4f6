"""Rules versions in the pages: "rules v1" beside a game stored under older rules, and a
table whose version this installation no longer plays shows why instead of loading forever.

``toy-revised`` (``toygame.py``) is at rules version 2 and keeps version 1.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from .conftest import Pages, expect, start_server, stop_server

pytestmark = pytest.mark.browser

TOYGAME = Path(__file__).resolve().parents[1] / "toygame.py"

V1_RECORD = {
    "format": "spelbord-record/1",
    "game": "toy-revised",
    "version": 1,
    "options": {},
    "seed": 5,
    "moves": [0, 1, [10, 11], 2, 1, 2, 0],
    "resigned": None,
}


def test_old_rules_are_named_and_unplayable_tables_explain(browser: Any, tmp_path: Path) -> None:
    server = start_server(tmp_path, preload=TOYGAME)
    people = Pages(browser, server)
    try:
        old = server.call("/api/import", V1_RECORD)["table"]
        # another record (the same one would be the same table: imports are stored once)
        gone = server.call(
            "/api/import", {**V1_RECORD, "moves": V1_RECORD["moves"][:-1], "resigned": 0}
        )["table"]
        engine = sa.create_engine(f"sqlite:///{tmp_path / 'spelbord.sqlite3'}")
        with engine.begin() as conn:
            conn.execute(
                sa.text("UPDATE spelbord_tables SET rules_version = 7 WHERE id = :id"),
                {"id": gone},
            )
        engine.dispose()

        lobby = people.open("/")
        item = lobby.locator(f".table-item[data-table='{old}'] strong")
        expect(item).to_have_text("Toy-Revised · rules v1")

        page = people.open(f"/table/{old}")
        page.wait_for_selector("body[data-ready='1']")
        expect(page.locator("#game-title")).to_have_text("Toy-Revised · rules v1")

        replay = people.open(f"/replay/{old}")
        replay.wait_for_selector("body[data-ready='1']")
        expect(replay.locator("#game-title")).to_contain_text("Toy-Revised · rules v1 · replay")

        broken = people.open(f"/table/{gone}")
        expect(broken.locator("#status")).to_contain_text(
            "rules version 7) cannot be replayed by this installation"
        )
        broken_replay = people.open(f"/replay/{gone}")
        expect(broken_replay.locator("#status")).to_contain_text("rules version 7")
        assert not people.errors, people.errors
    finally:
        people.close()
        stop_server(server)

"""A decision clock on the table page: a countdown beside the seat whose time runs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import Pages, expect, start_server, stop_server

pytestmark = pytest.mark.browser

TOYGAME = Path(__file__).resolve().parents[1] / "toygame.py"


def test_the_seat_on_the_clock_shows_a_countdown(browser: Any, tmp_path: Path) -> None:
    server = start_server(tmp_path, preload=TOYGAME)
    people = Pages(browser, server)
    try:
        made = server.call(
            "/api/tables",
            {
                "game": "toy-clock",
                "options": {"clock_ms": 6000},  # long enough to read twice on a loaded machine
                "seats": [{"kind": "local"}, {"kind": "local"}],
            },
        )
        page = people.open(f"/table/{made['table']}?watch=1")
        page.wait_for_selector("body[data-ready='1']")
        clock = page.locator("#seats li[data-seat='1'] .seat-clock")
        expect(clock).to_have_count(1)
        expect(page.locator("#seats li[data-seat='0'] .seat-clock")).to_have_count(0)
        first = float(clock.inner_text().strip())
        assert 0 < first <= 6.0
        page.wait_for_timeout(300)
        assert float(clock.inner_text().strip()) < first  # it counts down by itself
        expect(clock).to_have_count(0, timeout=20000)  # ran out: the clock chose for seat 1
        token = made["tokens"]["0"]
        server.call(f"/api/tables/{made['table']}/action", {"token": token, "action": 11, "ply": 2})
        expect(page.locator("#moves li.move").last).to_contain_text("bid 0 (time)")
        assert not people.errors, people.errors
    finally:
        people.close()
        stop_server(server)

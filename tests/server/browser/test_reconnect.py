"""A game's page when the connection drops: a visible "reconnecting" banner, and on
reconnecting the page resumes exactly where the table is (the same move, the clocks)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .conftest import SCREENSHOTS, Pages, expect, start_server, stop_server

pytestmark = pytest.mark.browser

SAVE_TOKEN = (
    "([t, s, tok]) => localStorage.setItem(`spelbord.tokens.${t}`, JSON.stringify({[s]: tok}))"
)
SHOTS = Path(os.environ.get("SPELBORD_TC_SHOTS", str(SCREENSHOTS)))


def test_the_page_says_reconnecting_and_resumes_exactly(browser: object, tmp_path: Path) -> None:
    server = start_server(tmp_path)
    people = Pages(browser, server)
    port = int(server.base.rsplit(":", 1)[1])
    try:
        made = server.call(
            "/api/tables",
            {
                "game": "coerceo",
                "seats": [{"kind": "local"}, {"kind": "open"}],
                "time_control": "5+0",
            },
        )
        table = made["table"]
        black = server.call(f"/api/tables/{table}/claim", {"seat": 1})
        pages = []
        for phone, seat, token in ((False, 0, made["tokens"]["0"]), (True, 1, black["token"])):
            page = people.open("/", phone=phone)
            if phone:
                page.set_viewport_size({"width": 390, "height": 844})
            page.evaluate(SAVE_TOKEN, [table, seat, token])
            page.goto(server.url(f"/table/{table}"))
            page.wait_for_selector("body[data-ready='1']")
            expect(page.locator("#conn")).to_have_attribute("data-state", "live")
            expect(page.locator("#reconnecting")).to_be_hidden()
            pages.append(page)
        white_view = server.call(f"/api/tables/{table}/view?token={made['tokens']['0']}")
        move = white_view["legal"][0]["action"]
        server.call(
            f"/api/tables/{table}/action",
            {"token": made["tokens"]["0"], "action": move, "ply": white_view["ply"]},
        )
        for page in pages:
            expect(page.locator("body")).to_have_attribute("data-ply", str(white_view["ply"] + 1))
        stop_server(server)  # the connection drops
        for page in pages:
            expect(page.locator("#reconnecting")).to_be_visible(timeout=10000)
            expect(page.locator("#reconnecting")).to_contain_text("reconnecting")
        pages[0].screenshot(path=str(SHOTS / "reconnecting-1280x800.png"))
        pages[1].screenshot(path=str(SHOTS / "reconnecting-390x844.png"))
        server = start_server(tmp_path, port=port)  # the same tables, the same address
        people.server = server
        for page in pages:
            expect(page.locator("#conn")).to_have_attribute("data-state", "live", timeout=30000)
            expect(page.locator("#reconnecting")).to_be_hidden()
            expect(page.locator("body")).to_have_attribute("data-ply", str(white_view["ply"] + 1))
            # Black's clock runs on from where it was; White's stands
            expect(page.locator(".game-clock[data-seat='1']")).to_have_attribute(
                "data-running", "1"
            )
        # the next move reaches both pages over the new connection
        mine = server.call(f"/api/tables/{table}/view?token={black['token']}")
        server.call(
            f"/api/tables/{table}/action",
            {"token": black["token"], "action": mine["legal"][0]["action"], "ply": mine["ply"]},
        )
        for page in pages:
            expect(page.locator("body")).to_have_attribute("data-ply", str(mine["ply"] + 1))
        assert not people.errors, people.errors
    finally:
        people.close()
        stop_server(server)

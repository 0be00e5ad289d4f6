"""Your move: "Your move" in the tab title, sound on moves (off by default, kept when
switched on), and the browser-notification toggle (asks for permission)."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Pages, expect

pytestmark = pytest.mark.browser

SAVE_TOKEN = (
    "([t, s, tok]) => localStorage.setItem(`spelbord.tokens.${t}`, JSON.stringify({[s]: tok}))"
)


def seat_page(people: Pages, table: str, seat: int, token: str) -> Any:
    page = people.open("/")
    page.evaluate(SAVE_TOKEN, [table, seat, token])
    page.goto(people.server.url(f"/table/{table}"))
    page.wait_for_selector("body[data-ready='1']")
    return page


def test_your_move_in_the_title_and_sound_off_by_default(people: Pages) -> None:
    server = people.server
    made = server.call(
        "/api/tables", {"game": "coerceo", "seats": [{"kind": "local"}, {"kind": "open"}]}
    )
    table = made["table"]
    black_token = server.call(f"/api/tables/{table}/claim", {"seat": 1})["token"]
    white = seat_page(people, table, 0, made["tokens"]["0"])
    black = seat_page(people, table, 1, black_token)
    assert white.title().startswith("● Your move · Coerceo")
    assert not black.title().startswith("●")
    for page in (white, black):
        expect(page.locator("#sound-toggle")).not_to_be_checked()  # off by default
        expect(page.locator("#notify-toggle")).not_to_be_checked()
    black.check("#sound-toggle")
    assert black.evaluate("localStorage.getItem('spelbord.sound')") == "on"
    before = int(black.evaluate("document.body.dataset.sound || '0'"))
    view = server.call(f"/api/tables/{table}/view?token={made['tokens']['0']}")
    server.call(
        f"/api/tables/{table}/action",
        {"token": made["tokens"]["0"], "action": view["legal"][0]["action"], "ply": view["ply"]},
    )
    expect(black.locator("body")).to_have_attribute("data-ply", str(view["ply"] + 1))
    assert int(black.evaluate("document.body.dataset.sound || '0'")) == before + 1
    assert white.evaluate("document.body.dataset.sound || '0'") == "0"  # white kept it off
    expect(black).to_have_title(f"● Your move · Coerceo #{table} · Spelbord")
    assert not white.title().startswith("●")
    # the notification toggle asks for permission; granted, it stays on
    black.context.grant_permissions(["notifications"], origin=server.base)
    black.check("#notify-toggle")
    black.wait_for_function("localStorage.getItem('spelbord.notify') === 'on'")
    expect(black.locator("#notify-toggle")).to_be_checked()

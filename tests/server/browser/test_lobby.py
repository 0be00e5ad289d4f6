"""The lobby in a real browser: options that change the number of seats redraw the seats."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import expect

pytestmark = pytest.mark.browser


def test_four_player_omringad_gets_four_seats(people: Any) -> None:
    page = people.open("/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game-select", "omringad")
    rows = page.locator("#seats .seat-row")
    expect(rows).to_have_count(2)
    page.select_option("#opt-players", "4")
    expect(rows).to_have_count(4)
    expect(page.locator("#seats .seat-team")).to_have_count(0)
    page.select_option("#opt-teams", '"diagonal"')
    expect(page.locator("#seats .seat-team")).to_have_count(4)
    for seat in (1, 2, 3):
        page.select_option(f".seat-row[data-seat='{seat}'] .seat-agent", "random")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    expect(page.locator("#seats li.seat")).to_have_count(4)
    expect(page.locator("#seats .badge")).to_have_count(3)  # the three AI seats
    expect(page.locator("#role")).not_to_be_empty()


def test_the_creator_cancels_an_open_table_from_the_lobby(people: Any) -> None:
    host = people.open("/")
    host.wait_for_selector("body[data-ready='1']")
    host.select_option("#game-select", "coerceo")
    host.select_option(".seat-row[data-seat='0'] .seat-kind", "local")
    host.select_option(".seat-row[data-seat='1'] .seat-kind", "open")
    host.click("#create-button")
    host.wait_for_url("**/table/*")
    table = host.url.rsplit("/", 1)[1]
    # Another visitor sees the open table but no way to cancel it.
    guest = people.open("/")
    guest.wait_for_selector("body[data-ready='1']")
    item = f"#list-open .table-item[data-table='{table}']"
    expect(guest.locator(f"{item} button.join")).to_have_count(1)
    expect(guest.locator(f"{item} button.cancel-table")).to_have_count(0)
    host.goto(people.server.url("/"))
    host.wait_for_selector("body[data-ready='1']")
    host.locator(f"{item} button.cancel-table").click()
    expect(host.locator(item)).to_have_count(0)
    expect(host.locator(f"#list-finished .table-item[data-table='{table}']")).to_contain_text(
        "cancelled by its creator"
    )

"""Playing at the table in a real browser: against the AI, through an invite, as a spectator."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import SAVE_TOKENS, Pages, expect, start_server, stop_server

pytestmark = pytest.mark.browser


def create_from_lobby(page: Any, opponent: str, agent: str = "random") -> None:
    """Fill the lobby form: Coerceo, seat 0 at this screen, seat 1 ``opponent``."""
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game-select", "coerceo")
    page.select_option(".seat-row[data-seat='0'] .seat-kind", "local")
    page.select_option(".seat-row[data-seat='1'] .seat-kind", opponent)
    if opponent == "ai":
        page.select_option(".seat-row[data-seat='1'] .seat-agent", agent)
    page.click("#create-button")


def test_play_against_the_ai_reload_and_continue(people: Any, play_move: Any) -> None:
    page = people.open("/")
    create_from_lobby(page, "ai", "random")
    page.wait_for_url("**/table/*")
    expect(page.locator("#status")).to_have_text("Your move")
    expect(page.locator("#role")).to_have_text("You play White.")

    moved_from = play_move(page)
    # The piece left its field; the AI answers live, without a reload.
    expect(page.locator(f".piece[data-field='{moved_from}']")).to_have_count(0)
    expect(page.locator("#moves li.move")).to_have_count(2, timeout=30000)
    expect(page.locator("#status")).to_have_text("Your move")
    expect(page.locator(".cb-last")).to_have_count(2)  # the AI's move: from and to fields
    # The moves' text, not its layout: innerText adds line breaks between grid cells only
    # once the stylesheet has laid the row out, which a reloaded page may not have yet.
    first_moves = page.locator("#moves li.move").all_text_contents()

    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#moves li.move")).to_have_count(2)
    assert page.locator("#moves li.move").all_text_contents() == first_moves
    expect(page.locator("#status")).to_have_text("Your move")

    play_move(page)
    expect(page.locator("#moves li.move")).to_have_count(4, timeout=30000)
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")


def test_on_a_phone_the_board_keeps_its_place_while_the_status_line_is_empty(
    people: Any,
) -> None:
    page = people.open("/", phone=True)
    create_from_lobby(page, "ai", "random")
    page.wait_for_url("**/table/*")
    expect(page.locator("#board-status")).to_have_text("Your move")
    board_top = "() => document.querySelector('#board svg').getBoundingClientRect().top"
    shown = page.evaluate(board_top)
    # the line as it is before the first view arrives: empty
    page.evaluate("() => { document.getElementById('board-status').textContent = ''; }")
    assert page.evaluate(board_top) == shown
    assert page.locator("#board-status").bounding_box()["height"] > 10


def test_two_people_play_through_an_invite_link(people: Any, play_move: Any) -> None:
    host = people.open("/")
    create_from_lobby(host, "invite")
    invite = host.locator("#created .invite-url")
    expect(invite).to_have_count(1)
    link = invite.input_value()
    assert "/join/" in link

    host.click("#created a.btn-primary")
    host.wait_for_url("**/table/*")
    expect(host.locator("#status")).to_contain_text("Waiting")
    expect(host.locator("#invites .invite-url")).to_have_value(link)

    guest = people.open(link.removeprefix(people.server.base), phone=True)
    guest.wait_for_url("**/table/*")
    expect(guest.locator("#role")).to_have_text("You play Black.")
    expect(guest.locator("#status")).to_have_text("White to move")

    # The host sees the game start live, moves; the guest sees it live and answers by touch.
    expect(host.locator("#status")).to_have_text("Your move")
    play_move(host)
    expect(guest.locator("#moves li.move")).to_have_count(1)
    expect(guest.locator("#status")).to_have_text("Your move")
    play_move(guest, tap=True)
    expect(host.locator("#moves li.move")).to_have_count(2)
    expect(host.locator("#status")).to_have_text("Your move")
    assert (
        host.locator("#moves li.move").all_text_contents()
        == guest.locator("#moves li.move").all_text_contents()
    )


def test_a_spectator_sees_the_game_but_cannot_act(people: Any, play_move: Any) -> None:
    server = people.server
    created = server.call(
        "/api/tables",
        {"game": "coerceo", "options": {}, "seats": [{"kind": "invite"}, {"kind": "invite"}]},
    )
    table = created["table"]
    white = people.open(created["invites"]["0"])
    black = people.open(created["invites"]["1"])
    expect(white.locator("#status")).to_have_text("Your move")

    watcher = people.open(f"/table/{table}?watch=1")
    expect(watcher.locator("#role")).to_have_text("You are watching.")
    expect(watcher.locator("#resign")).to_be_hidden()
    expect(watcher.locator(".piece")).to_have_count(36)
    expect(watcher.locator(".piece.movable")).to_have_count(0)
    watcher.locator(".piece").first.click()
    expect(watcher.locator(".piece.selected")).to_have_count(0)
    expect(watcher.locator(".cb-hit[data-target]")).to_have_count(0)

    play_move(white)
    expect(watcher.locator("#moves li.move")).to_have_count(1)  # live for the spectator too
    expect(watcher.locator("#status")).to_have_text("Black to move")
    expect(watcher.locator(".piece.movable")).to_have_count(0)
    expect(black.locator("#status")).to_have_text("Your move")

    # Resigning ends the game for everyone, and the spectator is offered the replay.
    black.click("#resign")
    expect(black.locator("#resign")).to_have_text("Really resign?")
    black.click("#resign")
    expect(watcher.locator("#status")).to_contain_text("White wins")
    expect(watcher.locator("#replay-link")).to_be_visible()


def test_two_people_at_one_screen_take_turns(people: Any, play_move: Any) -> None:
    page = people.open("/")
    create_from_lobby(page, "local")
    page.wait_for_url("**/table/*")
    expect(page.locator("#role")).to_have_text("You play White.")
    expect(page.locator("#status")).to_have_text("Your move")
    play_move(page)
    expect(page.locator("#role")).to_have_text("You play Black.")
    expect(page.locator("#status")).to_have_text("Your move")
    play_move(page)
    expect(page.locator("#role")).to_have_text("You play White.")
    expect(page.locator("#moves li.move")).to_have_count(2)


def test_the_table_reconnects_after_the_server_restarts(
    browser: Any, tmp_path: Path, play_move: Any
) -> None:
    server = start_server(tmp_path)
    people = Pages(browser, server)
    try:
        created = server.call(
            "/api/tables",
            {"game": "coerceo", "options": {}, "seats": [{"kind": "invite"}, {"kind": "invite"}]},
        )
        white = people.open(created["invites"]["0"])
        black = people.open(created["invites"]["1"])
        expect(white.locator("#conn")).to_have_attribute("data-state", "live")
        expect(black.locator("#status")).to_have_text("White to move")

        port = int(server.base.rsplit(":", 1)[1])
        stop_server(server)
        expect(white.locator("#conn")).not_to_have_attribute("data-state", "live")
        server = start_server(tmp_path, port)
        expect(white.locator("#conn")).to_have_attribute("data-state", "live", timeout=30000)
        expect(black.locator("#conn")).to_have_attribute("data-state", "live", timeout=30000)

        play_move(white)
        expect(black.locator("#moves li.move")).to_have_count(1)
        expect(black.locator("#status")).to_have_text("Your move")
    finally:
        people.close()
        stop_server(server)
    assert not people.errors, people.errors


def test_a_visitor_joins_an_open_seat_from_the_lobby(people: Any) -> None:
    host = people.open("/")
    create_from_lobby(host, "open")
    host.wait_for_url("**/table/*")
    table = host.url.rsplit("/", 1)[1]
    expect(host.locator("#status")).to_contain_text("Waiting")

    guest = people.open("/")
    guest.wait_for_selector("body[data-ready='1']")
    guest.locator(f"#list-open .table-item[data-table='{table}'] button.join").click()
    guest.wait_for_url(f"**/table/{table}")
    expect(guest.locator("#role")).to_have_text("You play Black.")
    expect(host.locator("#status")).to_have_text("Your move")


def test_a_spectator_may_sit_at_an_open_seat(people: Any) -> None:
    created = people.server.call(
        "/api/tables",
        {"game": "coerceo", "options": {}, "seats": [{"kind": "open"}, {"kind": "open"}]},
    )
    visitor = people.open(f"/table/{created['table']}")
    expect(visitor.locator("#role")).to_have_text("You are watching.")
    expect(visitor.locator("#seats button.sit")).to_have_count(2)
    visitor.locator("#seats button.sit").nth(1).click()
    expect(visitor.locator("#role")).to_have_text("You play Black.")
    expect(visitor.locator("#seats button.sit")).to_have_count(0)


def test_the_rules_are_one_click_away(people: Any) -> None:
    lobby = people.open("/")
    lobby.wait_for_selector("body[data-ready='1']")
    lobby.click("#rules-link")
    lobby.wait_for_url("**/rules/coerceo")
    expect(lobby.locator("main h1").first).to_be_visible()

    created = people.server.call(
        "/api/tables",
        {"game": "coerceo", "options": {}, "seats": [{"kind": "open"}, {"kind": "open"}]},
    )
    table = people.open(f"/table/{created['table']}")
    expect(table.locator("#rules-link")).to_have_attribute("href", "/rules/coerceo")
    table.click("#rules-link")
    table.wait_for_url("**/rules/coerceo")
    expect(table.locator("main h1").first).to_be_visible()


def test_a_stale_token_falls_back_to_watching_and_unknown_tables_say_so(people: Any) -> None:
    created = people.server.call(
        "/api/tables",
        {"game": "coerceo", "options": {}, "seats": [{"kind": "open"}, {"kind": "open"}]},
    )
    table = created["table"]
    page = people.open("/")
    page.evaluate(
        "(t) => localStorage.setItem(`spelbord.tokens.${t}`, JSON.stringify({0: 'forged'}))",
        table,
    )
    page.goto(people.server.url(f"/table/{table}"))
    expect(page.locator("#role")).to_have_text("You are watching.")
    expect(page.locator(".toast")).to_contain_text("could not be used")

    page.goto(people.server.url("/table/no-such-table"))
    expect(page.locator("#status")).to_contain_text("No such table")


def test_two_people_at_one_screen_pass_it_in_a_secret_choice_game(people: Any) -> None:
    """Gunst at one screen: each seat's Tinge is secret, so the board is covered until the
    named player shows it, and after one sends, the screen is handed to the other."""
    server = people.server
    created = server.call(
        "/api/tables",
        {"game": "gunst", "options": {}, "seats": [{"kind": "local"}, {"kind": "local"}]},
    )
    page = people.open("/")
    page.evaluate(SAVE_TOKENS, [created["table"], created["tokens"]])
    page.goto(server.url(f"/table/{created['table']}"))
    names = [s["name"] for s in server.call(f"/api/tables/{created['table']}/view")["seats"]]
    for seat in (0, 1):
        cover = page.locator("#cover")
        expect(cover).to_be_visible()
        expect(cover.locator("p")).to_contain_text(names[seat])
        # nothing of the seat's hand shows while the screen is covered
        expect(page.locator("#board")).to_be_empty()
        cover.locator("button").click()
        expect(cover).to_be_hidden()
        expect(page.locator("#board .gu-prompt")).to_be_visible()
        # the seat list: the seat shown is "you", the other one sits at this screen too
        # (not the server's default English name for it)
        expect(page.locator(f"#seats li[data-seat='{seat}'] .seat-who")).to_have_text("you")
        other = page.locator(f"#seats li[data-seat='{1 - seat}'] .seat-who")
        expect(other).to_have_text("at this screen")
        page.get_by_role("button", name="Bring", exact=False).first.click()
    # both sent: the round is played and the screen is covered for the next choice
    expect(page.locator("#moves li.move")).not_to_have_count(0)
    expect(page.locator("#cover")).to_be_visible()

"""A tournament in a real browser (issue 16): two accounts and an AI entrant.

Alice and Bert sign up on /account, Alice creates a round robin of ``toy-open`` (a short
test game, ``toygame.py``) with an AI entrant ticked on /tournaments' form; Bert, watching the
tournament page, sees her join over the WebSocket, joins himself; Alice starts it, and both
find their tables on the tournament page and play them (the fallback renderer's buttons)
until the standings are final.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from .conftest import Pages, expect, start_server, stop_server

pytestmark = pytest.mark.browser

TOYGAME = Path(__file__).resolve().parents[1] / "toygame.py"


def _step(page: Any, server: Any, tournament: str) -> None:
    """One look at a person's page: play a move, go back, or take a table."""
    if "/table/" in page.url:
        table = page.url.rsplit("/", 1)[1].split("?")[0]
        if server.call(f"/api/tables/{table}/view")["status"] == "finished":
            page.goto(server.url(f"/tournaments/{tournament}"))
            return
        button = page.locator(".fallback-actions button").first
        if button.count() and button.is_enabled():
            button.click()
        return
    take = page.locator("button.take-seat").first
    if take.count():
        take.click()
        page.wait_for_url("**/table/**")


def test_a_round_robin_with_two_accounts_and_two_ai_entrants(browser: Any, tmp_path: Path) -> None:
    server = start_server(tmp_path, preload=TOYGAME)
    people = Pages(browser, server)
    try:
        alice = people.account("Alice")
        bert = people.account("Bert")

        alice.goto(server.url("/tournaments"))
        alice.fill("#t-name", "Vårturneringen")
        alice.select_option("#t-game", "toy-open")
        alice.select_option("#t-format", "round_robin")
        alice.locator("#t-ai-list[data-game='toy-open']").wait_for()
        alice.check("#t-ai-list input[value='random']")  # toy-open has no levels
        alice.select_option("#t-showup", "600")
        alice.click("#t-create")
        alice.wait_for_url("**/tournaments/*")
        tid = alice.url.rsplit("/", 1)[1]
        expect(alice.locator("#t-title")).to_have_text("Vårturneringen")

        bert.goto(server.url(f"/tournaments/{tid}"))
        expect(bert.locator("#t-entrants li")).to_have_count(1)
        alice.click("#t-join")
        expect(bert.locator("#t-entrants li")).to_have_count(2)  # over the WebSocket
        bert.click("#t-join")
        expect(alice.locator("#t-entrants li")).to_have_count(3)
        expect(bert.locator("#t-start")).to_be_hidden()  # only the organizer starts early
        alice.click("#t-start")
        expect(bert.locator("#t-meta")).to_contain_text("running")

        deadline = time.monotonic() + 150
        while server.call(f"/api/tournaments/{tid}")["status"] != "finished":
            assert time.monotonic() < deadline, "the tournament did not finish"
            for page in (alice, bert):
                _step(page, server, tid)
            time.sleep(0.1)

        for page in (alice, bert):
            page.goto(server.url(f"/tournaments/{tid}"))
            expect(page.locator("#t-meta")).to_contain_text("finished")
            rows = page.locator("#t-standings tr[data-entrant]")
            expect(rows).to_have_count(3)
        final = server.call(f"/api/tournaments/{tid}")
        names = [s["name"] for s in final["standings"]]
        assert sorted(names) == ["AI (random)", "Alice", "Bert"]
        assert all(s["played"] == 2 for s in final["standings"])
        first = alice.locator("#t-standings tr[data-entrant] td").first
        expect(first).to_have_text(str(final["standings"][0]["placing"]))
        alice.goto(server.url("/player/Alice"))
        expect(alice.locator("#player-games tr[data-table]")).to_have_count(2)
        expect(alice.locator("#player-ratings")).to_contain_text("Toy-Open")
        expect(alice.locator("#player-tournament-list")).to_contain_text("Vårturneringen")
    finally:
        people.close()
        stop_server(server)
    assert not people.errors, people.errors


def test_a_knockout_is_drawn_as_a_bracket_and_the_list_is_live(
    browser: Any, tmp_path: Path
) -> None:
    """Three AI entrants in a knockout: the bracket (rounds as columns, matches as boxes)
    fills in over the WebSocket up to the winner; another person's /tournaments list shows
    the new tournament and its status changes without reloading."""
    server = start_server(tmp_path, preload=TOYGAME)
    people = Pages(browser, server)
    try:
        alice = people.account("Alice")
        watcher = people.open("/tournaments")
        expect(watcher.locator("#t-list tr")).to_have_count(1)  # the header only

        # Engine agents (no levels in a toy game) through the API, as a script would.
        ais = [{"ai": "random"}, {"ai": "mcts:30it"}, {"ai": "mcts:20it"}]
        body = {"name": "Cupen", "game": "toy-open", "format": "knockout", "entrants": ais,
                "starts_in": 3600}  # fmt: skip
        made = alice.context.request.post(server.url("/api/tournaments"), data=body)
        tid = made.json()["id"]
        alice.goto(server.url(f"/tournaments/{tid}"))
        line = watcher.locator(f'#t-list tr[data-tournament="{tid}"]')
        expect(line).to_contain_text("open")  # arrived over the list's WebSocket

        alice.click("#t-start")
        expect(alice.locator(".bracket .bracket-round")).to_have_count(2, timeout=5000)
        expect(
            alice.locator(".bracket .bracket-round").first.locator(".bracket-match")
        ).to_have_count(2)
        expect(alice.locator(".bracket-match.champion")).to_have_count(1, timeout=60000)
        expect(line).to_contain_text("finished", timeout=10000)
        final = server.call(f"/api/tournaments/{tid}")
        champion = final["rounds"][-1]["matches"][-1]["winner_name"]
        expect(alice.locator(".bracket-match.champion")).to_have_text(champion)
        final_box = alice.locator('.bracket-match[data-round="2"]')
        expect(final_box.locator(".bracket-seat.winner")).to_have_text(champion)
        expect(alice.locator(".bracket-round h3").last).to_have_text("Winner")
    finally:
        people.close()
        stop_server(server)
    assert not people.errors, people.errors

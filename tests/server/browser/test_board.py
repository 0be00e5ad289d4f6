"""The Coerceo renderer in a real browser: picking, targets, the exchange confirmation, Cura.

The views are built from real Coerceo states by the rules package, so the renderer is
tested against the observation and action dicts the server really sends.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from spelbord.games import load

from .conftest import expect

pytestmark = pytest.mark.browser

PROBE = """async ([view, replay]) => {
  const mod = await import("/games/coerceo/renderer.js");
  const root = document.getElementById("probe");
  window.acted = [];
  const ui = { seat: view.seat, replay, act: (a) => window.acted.push(a) };
  mod.render(root, view, ui);
  return mod.describe(view);
}"""


def view_of(state: Any, seat: int | None) -> dict[str, Any]:
    """The VIEW the server would send ``seat`` for ``state`` (no moves played)."""
    mine = seat is not None and state.current_player() == seat
    return {
        "table": "probe",
        "game": "coerceo",
        "options": state.game.options,
        "status": "running",
        "seat": seat,
        "ply": state.move_number(),
        "to_move": state.current_player(),
        "your_turn": mine,
        "observation": state.observation(seat),
        "legal": [state.action_to_dict(a, seat) for a in state.legal_actions()] if mine else [],
        "moves": [],
        "seats": [
            {"seat": s, "kind": "local", "name": None, "claimed": True, "connected": True}
            for s in range(2)
        ],
        "result": None,
        "last": None,
    }


def with_collected(tiles: int) -> Any:
    """The Laurentius start, white having collected ``tiles`` tiles (so it may exchange)."""
    game = load("coerceo")
    data = game.new_initial_state().to_dict()
    data["state"]["collected"] = [tiles, 0]
    return game.from_json(json.dumps(data))


PROBE_PAGE = """<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="/static/spelbord.css"></head>
<body class="page-table"><div class="board" id="probe"></div></body></html>"""


@pytest.fixture
def probe(people: Any) -> Any:
    """A bare page on the server's origin with the shared stylesheet and an empty board."""
    page = people.open("/static/spelbord.css")
    url = people.server.url("/probe-board")
    page.route(url, lambda route: route.fulfill(body=PROBE_PAGE, content_type="text/html"))
    page.goto(url)
    return page


def test_picking_a_piece_shows_its_targets_and_a_target_plays_the_move(probe: Any) -> None:
    state = load("coerceo").new_initial_state()
    view = view_of(state, 0)
    probe.evaluate(PROBE, [view, False])
    movable = probe.locator(".piece.movable")
    expect(movable).to_have_count(len({tuple(a["from"]) for a in view["legal"]}))
    piece = movable.first
    source = [int(v) for v in str(piece.get_attribute("data-field")).split(",")]
    piece.click()
    expect(probe.locator(".piece.selected")).to_have_count(1)
    expected = [a for a in view["legal"] if a["from"] == source]
    expect(probe.locator(".cb-hit[data-target]")).to_have_count(len(expected))
    probe.locator(".cb-hit[data-target]").first.click()
    acted = probe.evaluate("window.acted")
    assert len(acted) == 1
    assert acted[0] in expected


def test_an_exchange_needs_a_confirmation(probe: Any) -> None:
    state = with_collected(2)
    view = view_of(state, 0)
    exchanges = [a for a in view["legal"] if a["kind"] == "exchange"]
    assert exchanges, "white holds two tiles: exchanging must be legal"
    probe.evaluate(PROBE, [view, False])
    expect(probe.locator(".piece.exchangeable")).to_have_count(len(exchanges))
    expect(probe.locator(".cb-hint")).to_have_text("exchange: tap a piece")

    target = probe.locator(".piece.exchangeable").first
    target_field = [int(v) for v in str(target.get_attribute("data-field")).split(",")]
    target.click()
    expect(probe.locator(".board-confirm")).to_contain_text("Give up 2 tiles")
    probe.click(".board-confirm .confirm-no")
    expect(probe.locator(".board-confirm")).to_have_count(0)
    assert probe.evaluate("window.acted") == []

    probe.locator(f".piece[data-field='{','.join(map(str, target_field))}']").click()
    probe.click(".board-confirm .confirm-yes")
    acted = probe.evaluate("window.acted")
    assert [a["target"] for a in acted] == [target_field]
    assert acted[0]["kind"] == "exchange"


def test_without_tiles_no_exchange_is_offered(probe: Any) -> None:
    view = view_of(with_collected(1), 0)
    probe.evaluate(PROBE, [view, False])
    expect(probe.locator(".piece.exchangeable")).to_have_count(0)
    probe.locator(".piece-black").first.click()
    expect(probe.locator(".board-confirm")).to_have_count(0)


def test_replay_and_spectator_boards_take_no_input(probe: Any) -> None:
    state = load("coerceo").new_initial_state()
    probe.evaluate(PROBE, [view_of(state, 0), True])
    expect(probe.locator(".piece.movable")).to_have_count(0)
    probe.evaluate(PROBE, [view_of(state, None), False])
    expect(probe.locator(".piece")).to_have_count(36)
    expect(probe.locator(".piece.movable")).to_have_count(0)


def test_the_last_move_is_marked_and_cura_is_described(probe: Any) -> None:
    state = load("coerceo").new_initial_state()
    state.apply_action(state.legal_actions()[0])
    view = view_of(state, 1)
    last = view["observation"]["last_move"]
    probe.evaluate(PROBE, [view, False])
    marked = {probe.locator(".cb-last").nth(i).get_attribute("data-last") for i in range(2)}
    assert marked == {",".join(map(str, last["from"])), ",".join(map(str, last["to"]))}
    view["observation"]["cura"] = True
    assert probe.evaluate(PROBE, [view, False]) == "Cura! White threatens a capture."
    expect(probe.locator(".cb-cura")).to_have_text("Cura!")


def test_a_move_can_be_played_with_the_keyboard(probe: Any) -> None:
    state = load("coerceo").new_initial_state()
    view = view_of(state, 0)
    probe.evaluate(PROBE, [view, False])
    probe.locator(".piece.movable").first.focus()
    probe.keyboard.press("Enter")
    expect(probe.locator(".piece.selected")).to_have_count(1)
    probe.keyboard.press("Enter")  # the first target has the focus now
    acted = probe.evaluate("window.acted")
    assert len(acted) == 1 and acted[0]["kind"] == "move"

"""The Omringad web renderer in a real browser: real VIEWs in, the actions it sends out.

The VIEWs are built from real ``OmringadState`` positions as the server builds them (the
seat's observation and ``action_to_dict`` of each legal action): every kind of decision met
in a seeded random game (terrain tiles, purchases, placements, moves, reinforcements) plus
hand-built battles and merges, drawn with ``web/renderer.js`` in Debian's Chromium
(Playwright, no server: the page and the module are served by request routing). The tests
check that every legal action is a button or a square carrying its ``data-action``, that
nothing else is, that clicking sends that action through ``ui.act``, that spectators and
replays get no controls, and that a phone-width page does not scroll sideways. Skipped when
Chromium or Playwright is absent, except in CI.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from spelbord.core import CHANCE, SIMULTANEOUS, sample_outcome
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.rules import OmringadGame, OmringadState
from spelbord.games.omringad.terrain import Terrain

CHROMIUM = Path("/usr/bin/chromium")
RENDERER = (
    Path(__file__).resolve().parents[3] / "src/spelbord/games/omringad/web/renderer.js"
).read_text(encoding="utf-8")
ORIGIN = "http://omringad.test"
PAGE = """<!doctype html><html><head><meta name="viewport" content="width=device-width">
<style>body { margin: 0; background: #13171c; color: #ece6da; font: 15px system-ui; }</style>
</head><body><div id="root"></div><script type="module">
import { render, describe } from "/renderer.js";
const root = document.getElementById("root");
window.acted = [];
window.show = (view, replay = false) => render(root, view, {
  seat: view.seat, replay, notify() {},
  act: (a) => window.acted.push(typeof a === "number" ? a : a.action),
});
window.describe = describe;
window.ready = true;
</script></body></html>"""

REACHABLE = "[...document.querySelectorAll('[data-action]')].map(n => Number(n.dataset.action))"

pytestmark = pytest.mark.browser


def _missing() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is absent"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed"
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    reason = _missing()
    if reason:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"browser tests must run in CI, but {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        yield browser
        browser.close()


def _open(browser: Any, width: int, height: int) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.route(f"{ORIGIN}/", lambda route: route.fulfill(body=PAGE, content_type="text/html"))
    page.route(
        f"{ORIGIN}/renderer.js",
        lambda route: route.fulfill(body=RENDERER, content_type="text/javascript"),
    )
    page.goto(f"{ORIGIN}/")
    page.wait_for_function("window.ready === true")
    return context, page, errors


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context, page, errors = _open(browser, 1200, 900)
    yield page
    context.close()
    assert not errors, errors


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context, page, errors = _open(browser, 375, 812)
    yield page
    context.close()
    assert not errors, errors


def view_of(state: OmringadState, seat: int | None) -> dict[str, Any]:
    """The VIEW the server sends ``seat`` (legal actions only when that seat decides)."""
    player = state.current_player()
    acting = seat is not None and player in (seat, SIMULTANEOUS)
    legal = state.legal_actions(seat) if acting and seat is not None else []
    return {
        "table": "t1",
        "game": "omringad",
        "options": dict(state.game.options),
        "status": "finished" if state.is_terminal() else "running",
        "seat": seat,
        "ply": state.move_number(),
        "to_move": player,
        "your_turn": bool(legal),
        "observation": json.loads(json.dumps(state.observation(seat))),
        "legal": [state.action_to_dict(a, seat) for a in legal],
        "moves": [],
        "seats": [{"seat": s, "kind": "local", "name": "", "claimed": True} for s in (0, 1)],
        "result": None,
        "last": None,
    }


def show(page: Any, view: dict[str, Any], replay: bool = False) -> None:
    page.evaluate("([v, r]) => { window.acted = []; window.show(v, r); }", [view, replay])


def acted(page: Any) -> list[int]:
    return list(page.evaluate("window.acted"))


def reachable(page: Any) -> list[int]:
    return list(page.evaluate(REACHABLE))


def _kinds(state: OmringadState, seat: int) -> tuple[str, ...]:
    return tuple(sorted({state.action_to_dict(a, seat)["kind"] for a in state.legal_actions(seat)}))


@cache
def random_game_decisions(seed: int = 0) -> tuple[tuple[str, OmringadState, int], ...]:
    """The first position of each kind of decision in a seeded random game.

    A seat whose only action is ``wait`` (it finished at a simultaneous node) is left out:
    the server plays that for it and never asks.
    """
    rng = random.Random(seed)
    state = OmringadGame().new_initial_state()
    found: dict[tuple[str, tuple[str, ...]], tuple[OmringadState, int]] = {}
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            continue
        seats = [0, 1] if player == SIMULTANEOUS else [player]
        for seat in seats:
            key = (state.phase, _kinds(state, seat))
            if key not in found and state.legal_actions(seat) != [N.WAIT]:
                found[key] = (state.clone(), seat)
        if player == SIMULTANEOUS:
            state.apply_actions([rng.choice(state.legal_actions(s)) for s in seats])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return tuple((f"{ph} {'+'.join(kinds)}", st, seat) for (ph, kinds), (st, seat) in found.items())


def battle_decision(kit: SimpleNamespace) -> OmringadState:
    """Riders attack mercenaries and an elite: the dice run until B allocates hits (R45)."""
    for seed in range(200):
        st = kit.position({"A e3": (0, "RRR"), "B e3": (1, "MME"), "B a1": (1, "M")})
        kit.play(st, "A e3", "take R", "take R", "take R", "done", "B e3")
        while st.phase == "move":
            kit.play(st, "pass")
        rng = random.Random(seed)
        while st.phase == "battle" and st.current_player() == CHANCE:
            st.apply_action(sample_outcome(st.chance_outcomes(), rng))
        if st.phase == "battle" and len(st.legal_actions()) > 1:
            return st
    raise AssertionError("no battle reached a choice of hits")


def merge_decision(kit: SimpleNamespace) -> OmringadState:
    """Two damaged elite soldiers in a village of A's: merge or done (R56)."""
    st = kit.position({"A e3": (0, "eeM"), "B a1": (1, "M")}, {"A e3": Terrain.VILLAGE})
    while st.phase == "move":
        kit.play(st, "pass")
    assert st.phase == "reinforce"
    return st


def _click(page: Any, action: int) -> None:
    """Click the element that carries ``action`` (a button, or a square of the board)."""
    node = page.locator(f"[data-action='{action}']").first
    node.scroll_into_view_if_needed()
    node.click()


def _check_every_action(page: Any, state: OmringadState, seat: int, what: str) -> None:
    legal = state.legal_actions(seat)
    show(page, view_of(state, seat))
    assert sorted(set(reachable(page))) == legal, what
    for action in legal:
        show(page, view_of(state, seat))
        _click(page, action)
        assert acted(page) == [action], f"{what}: {state.action_to_string(action, seat)}"


def test_every_decision_of_a_random_game_is_reachable_and_sends_its_action(page: Any) -> None:
    """R5, R30, R55, R70, R73: tiles, buys, placements, moves and reinforcements."""
    decisions = random_game_decisions()
    phases = {what.split()[0] for what, _, _ in decisions}
    assert {"setup", "pregame", "purchase", "move", "reinforce"} <= phases
    kinds = {k for what, _, _ in decisions for k in what.split()[1].split("+")}
    assert {"tile", "buy", "done", "place", "square", "take", "pass", "stop"} <= kinds
    for what, state, seat in decisions:
        _check_every_action(page, state, seat, what)


def test_r45_hit_allocation_buttons(page: Any, kit: SimpleNamespace) -> None:
    st = battle_decision(kit)
    seat = st.current_player()
    assert {st.action_to_dict(a)["kind"] for a in st.legal_actions()} == {"hit"}
    _check_every_action(page, st, seat, "battle")
    # The other seat watches the battle: it sees every unit of it, but gets no controls.
    show(page, view_of(st, 1 - seat))
    assert reachable(page) == []


def test_r56_merge_and_done_buttons(page: Any, kit: SimpleNamespace) -> None:
    st = merge_decision(kit)
    assert [st.action_to_string(a) for a in st.legal_actions()] == ["done", "merge E A e3"]
    _check_every_action(page, st, 0, "reinforce merge")


def test_a_move_walks_square_by_square_on_the_board(page: Any, kit: SimpleNamespace) -> None:
    """R30: the origin, the units, then each step is a highlighted square of the board."""
    st = kit.position({"A c3": (0, "RM"), "B a1": (1, "M")})
    show(page, view_of(st, 0))
    origin = kit.sq("A c3")
    assert page.locator(f".om-sq.om-target[data-action='{origin}']").count() == 1
    page.locator(f".om-sq[data-action='{origin}']").click()
    assert acted(page) == [origin]
    kit.play(st, "A c3", "take R", "done")
    show(page, view_of(st, 0))
    steps = [a for a in st.legal_actions() if N.SQUARE <= a < N.MERGE]
    board_targets = page.evaluate(
        "[...document.querySelectorAll('.om-sq.om-target')].map(n => Number(n.dataset.action))"
    )
    assert sorted(board_targets) == steps
    page.locator(f".om-sq[data-action='{kit.sq('A c2')}']").click()
    assert acted(page) == [kit.sq("A c2")]


def test_spectators_and_replays_get_no_controls(page: Any, kit: SimpleNamespace) -> None:
    positions = [st for _, st, _ in random_game_decisions()]
    positions += [battle_decision(kit), merge_decision(kit)]
    for st in positions:
        show(page, view_of(st, None))
        assert reachable(page) == [], st.phase
        assert page.locator(".om-target, button[data-action]").count() == 0
    for _, st, seat in random_game_decisions()[:6]:
        show(page, view_of(st, seat), replay=True)
        assert reachable(page) == []


def test_phone_width_fits_without_sideways_scrolling(phone: Any, kit: SimpleNamespace) -> None:
    decisions = [(what, st, seat) for what, st, seat in random_game_decisions()]
    decisions.append(("battle", battle_decision(kit), -1))
    for what, st, seat in decisions:
        seat = st.current_player() if seat < 0 else seat
        show(phone, view_of(st, seat))
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 375, f"{what}: {width}px wide"
    # A tap on a highlighted square still plays it.
    st = kit.position({"A c3": (0, "RM"), "B a1": (1, "M")})
    show(phone, view_of(st, 0))
    node = phone.locator(f".om-sq[data-action='{kit.sq('A c3')}']")
    node.scroll_into_view_if_needed()
    node.tap()
    assert acted(phone) == [kit.sq("A c3")]


DICE = """sel => [...document.querySelectorAll(sel + ' .om-die-card')].map(n => ({
  unit: n.dataset.unit, face: n.dataset.face, result: n.dataset.result,
  pips: n.querySelectorAll('.om-pip').length, text: n.textContent}))"""


def _expected(dice: list[dict[str, Any]]) -> list[tuple[str, str, str, int]]:
    """What each die card must show: unit, face, result and as many pips as the face."""
    out = []
    for d in dice:
        face = d["die"]
        result = "waiting" if face is None else "hit" if d["hit"] else "miss"
        out.append((d["unit"], "" if face is None else str(face), result, face or 0))
    return out


def _cards(page: Any, selector: str) -> list[dict[str, Any]]:
    return list(page.evaluate(DICE, selector))


def _forest_battle(kit: SimpleNamespace) -> OmringadState:
    """Ivory's rider, archer and general attack into a forest held by Slate's M, E, A, K."""
    st = kit.position(
        {"A e3": (0, "RAG"), "B e3": (1, "MEAK"), "B a1": (1, "M")}, {"B e3": Terrain.FOREST}
    )
    kit.play(st, "A e3", "take R", "take A", "take G", "done", "B e3")
    while st.phase == "move":
        kit.play(st, "pass")
    return st


def test_r40_r44_battle_dice_show_faces_needs_and_hits(page: Any, kit: SimpleNamespace) -> None:
    """Each die of the step being rolled and of the last step: face, pips, need, hit or miss."""
    st = _forest_battle(kit)
    kit.roll(st, 6, 3)  # the ranged step: Ivory's archer 6, Slate's archer 3, catapult to roll
    view = view_of(st, None)
    show(page, view)
    now = _cards(page, ".om-step-now")
    assert [(c["unit"], c["face"], c["result"], c["pips"]) for c in now] == _expected(
        view["observation"]["dice"]
    )
    assert [c["result"] for c in now] == ["hit", "miss", "waiting"]
    # R42, R44: the archer's +1 from the general and -1 in the forest, explained on its die.
    assert "needs 5+" in now[0]["text"]
    assert "general +1" in now[0]["text"] and "forest −1" in now[0]["text"]
    assert "needs a 6" in now[1]["text"] and "general" not in now[1]["text"]
    assert page.locator(".om-step-now .om-die-card.om-hit").count() == 1
    assert page.locator(".om-step-last").count() == 0

    kit.roll(st, 2)  # the catapult misses: the step is over, Slate allocates Ivory's hit
    view = view_of(st, st.current_player())
    show(page, view)
    last = _cards(page, ".om-step-last")
    assert [(c["unit"], c["face"], c["result"], c["pips"]) for c in last] == _expected(
        view["observation"]["last_dice"]
    )
    assert page.locator(".om-step-now").count() == 0
    assert "Ivory scored 1 hit, Slate 0 hits" in page.locator(".om-step-last h4").inner_text()
    assert page.locator(".om-stall").get_attribute("data-stall") == "0"
    assert "skipped" not in page.locator(".om-battle").inner_text()


def test_r92_stall_count_and_stand_off_in_the_log(page: Any, kit: SimpleNamespace) -> None:
    """R92: the count of steps without a hit grows to 20, then the attackers go back."""
    st = kit.position({"A e3": (0, "M"), "A e4": (0, "R"), "B e3": (1, "M"), "B e4": (1, "M")})
    kit.play(st, "A e3", "take M", "done", "B e3", "pass", "A e4", "take R", "done", "B e4")
    while st.phase == "move":
        kit.play(st, "pass")
    show(page, view_of(st, 0))
    for step in range(1, 20):
        kit.roll(st, 2, 3)  # both mercenaries need a 6 (R41)
        show(page, view_of(st, 0))
        assert page.locator(".om-stall").get_attribute("data-stall") == str(step)
    assert page.locator(".om-stall-near").count() == 1
    log = page.locator(".om-log").inner_text()
    assert "Battle B e3, melee step: Ivory M 2 miss; Slate M 3 miss" in log
    kit.roll(st, 5, 4)  # the 20th step without a hit: a stand-off, the next battle begins
    assert kit.top_down(st, "A e3", 0) == "M" and st.battle[0] == kit.L("B e4")
    show(page, view_of(st, 0))
    log = page.locator(".om-log").inner_text()
    assert "Battle on B e3 stalled: 20 steps without a hit, a stand-off (R92)" in log
    assert page.locator(".om-stall").get_attribute("data-stall") == "0"
    # The new battle's dice wait to be rolled; the stalled battle's last step is named.
    assert [c["result"] for c in _cards(page, ".om-step-now")] == ["waiting", "waiting"]
    assert [(c["face"], c["result"]) for c in _cards(page, ".om-step-last")] == [
        ("5", "miss"),
        ("4", "miss"),
    ]
    assert "on B e3" in page.locator(".om-step-last h4").inner_text()

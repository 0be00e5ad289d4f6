"""The Omringad web renderer in a real browser: real VIEWs in, the actions it sends out.

The VIEWs are built from real ``OmringadState`` positions as the server builds them (the
seat's observation and ``action_to_dict`` of each legal action): every kind of decision met
in seeded random games of two and four players (terrain tiles, purchases, placements,
moves, reinforcements) plus hand-built battles of two and three parties and merges, drawn
with the modules of ``web/`` in Debian's Chromium (Playwright, no server: the page and the
modules are served by request routing). The auction and the special units are drawn from
hand-built observations that follow the contract of the engine (``cup``, ``auction``,
``view.clock``, special letters, the dragon's stack of owner -1). The tests check that every
legal action is a button or a square carrying its ``data-action``, that nothing else is,
that clicking sends that action through ``ui.act``, that spectators and replays get no
controls, and that a phone-width page does not scroll sideways; screenshots at phone and
desktop widths go to ``test-artifacts/screenshots/``. Skipped when Chromium or Playwright is
absent, except in CI.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from functools import cache
from types import SimpleNamespace
from typing import Any

import pytest
from tests.games.omringad import positions
from tests.webrender import ROOT, Renderer, acted, show, view_of

from spelbord.core import CHANCE, SIMULTANEOUS, sample_outcome
from spelbord.games.omringad import board as B
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.game import OmringadGame
from spelbord.games.omringad.map import FOUR_COUNTRIES
from spelbord.games.omringad.siege import siege_level
from spelbord.games.omringad.state import OmringadState
from spelbord.games.omringad.terrain import Terrain

RENDERER = Renderer("omringad")
REACHABLE = "[...document.querySelectorAll('[data-action]')].map(n => Number(n.dataset.action))"

pytestmark = pytest.mark.browser


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    with RENDERER.page(browser, 1200, 900, has_touch=True) as page:
        yield page


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    with RENDERER.page(browser, 375, 812, has_touch=True) as page:
        yield page


def reachable(page: Any) -> list[int]:
    return list(page.evaluate(REACHABLE))


def _kinds(state: OmringadState, seat: int) -> tuple[str, ...]:
    return tuple(sorted({state.action_to_dict(a, seat)["kind"] for a in state.legal_actions(seat)}))


@cache
def random_game_decisions(
    seed: int = 0, players: int = 2
) -> tuple[tuple[str, OmringadState, int], ...]:
    """The first position of each kind of decision in a seeded random game.

    A seat whose only action is ``wait`` (it finished at a simultaneous node) is left out:
    the server plays that for it and never asks.
    """
    rng = random.Random(seed)
    state = OmringadGame(players=players).new_initial_state()
    seats_all = list(range(players))
    found: dict[tuple[str, tuple[str, ...]], tuple[OmringadState, int]] = {}
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            continue
        seats = seats_all if player == SIMULTANEOUS else [player]
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
    page.locator(f"[data-action='{action}']").first.click()


BID, BIDS = 840, range(841, 941)  # ``bid N`` is 840 + N (the contract of the auction)


def _check_offered(page: Any, legal: list[int], what: str) -> None:
    """Every legal action is reachable and nothing else is (the page shows the decision).

    Bids are offered as a few quick bids and a stepper over the legal amounts (not one
    button per amount): the stepper's range must be the legal one.
    """
    bids = [a for a in legal if a in BIDS]
    rest = [a for a in legal if a not in BIDS]
    found = sorted(set(reachable(page)))
    assert [a for a in found if a not in BIDS] == rest, what
    assert set(found) - set(rest) <= set(bids), what
    if bids:
        box = page.locator(".om-bid-input")
        assert [box.get_attribute("min"), box.get_attribute("max")] == [
            str(min(bids) - BID),
            str(max(bids) - BID),
        ], what


SQUARE_CENTRES = """() => [...document.querySelectorAll('.om-sq[data-action]')].map(n => {
  const r = n.querySelector('.om-ground').getBoundingClientRect();
  return [Number(n.dataset.action), [r.x + r.width / 2, r.y + r.height / 2]];
})"""


def _check_every_action(page: Any, state: OmringadState, seat: int, what: str) -> None:
    """Every legal action is reachable and sends itself; nothing else is reachable.

    The stepper's button sends the amount typed into it: the least and the highest bid.
    """
    legal = state.legal_actions(seat)
    show(page, view_of(state, seat))
    _check_offered(page, legal, what)
    # The squares first (a tap at each centre, the page still at the top), then the buttons.
    centres = dict(page.evaluate(SQUARE_CENTRES))
    rest = [a for a in legal if a not in BIDS]
    order = [a for a in rest if a in centres] + [a for a in rest if a not in centres]
    for action in order:
        if action in centres:
            page.mouse.click(*centres[action])
        else:
            _click(page, action)
    assert acted(page) == order, what
    bids = [a for a in legal if a in BIDS]
    for action in sorted({min(bids), max(bids)} if bids else ()):
        show(page, view_of(state, seat))
        _bid(page, action - BID)
        assert acted(page) == [action], what


def _bid(page: Any, amount: int) -> None:
    """Type ``amount`` into the bid stepper and press its button."""
    page.locator(".om-bid-input").fill(str(amount))
    page.locator(".om-bid-input").dispatch_event("change")
    page.locator(".om-bid-go").click()


def test_a_random_game_meets_every_kind_of_decision() -> None:
    """The seeded game below holds tiles, buys, placements, moves and the auction."""
    decisions = random_game_decisions()
    phases = {what.split()[0] for what, _, _ in decisions}
    assert {"setup", "pregame", "purchase", "move", "reinforce", "auction"} <= phases
    kinds = {k for what, _, _ in decisions for k in what.split()[1].split("+")}
    assert {"tile", "buy", "done", "place", "square", "take", "pass", "stop", "bid"} <= kinds


@pytest.mark.parametrize("index", range(len(random_game_decisions())))
def test_every_decision_of_a_random_game_is_reachable_and_sends_its_action(
    page: Any, index: int
) -> None:
    """R5, R30, R55, R70, R73, R102, R104: one decision of the seeded game each."""
    what, state, seat = random_game_decisions()[index]
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
    """R92: the count of steps without a hit grows to 20, then the attackers go back (rules
    version 1, whose bound this renderer shows; version 2's bound is 200)."""
    st = kit.position(
        {"A e3": (0, "M"), "A e4": (0, "R"), "B e3": (1, "M"), "B e4": (1, "M")}, rules_version=1
    )
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


# ------------------------------------------------------------ four players (R4, R120-R125)
FOUR = FOUR_COUNTRIES.parse_label
SHOTS = ROOT / "test-artifacts" / "screenshots"


def four_position(
    kit: SimpleNamespace,
    stacks: dict[str, tuple[int, str]],
    *,
    teams: str = "none",
    control: dict[str, int] | None = None,
    tiles: dict[str, Terrain] | None = None,
    initiative: int = 0,
) -> OmringadState:
    """A four-player state at the start of the movement phase of round 2 (map A B / C D)."""
    return positions.position(
        stacks, tiles, control=control, initiative=initiative, players=4, teams=teams
    )


TEAMS_STACKS = {
    "A c3": (0, "RM"),
    "B c3": (1, "EE"),
    "C b2": (2, "AK"),
    "D d4": (3, "G"),
    "A e1": (1, "R"),
}
"""Four seats' stacks, one of B's on a square of A it conquered (``control={"A e1": 1}``)."""


def three_party_battle(kit: SimpleNamespace) -> OmringadState:
    """A defends A e1 with a mercenary; B attacks from B a1 first, then D from D e5 (R123)."""
    st = four_position(kit, {"A e1": (0, "M"), "B a1": (1, "R"), "D e5": (3, "R")}, initiative=1)
    kit.play(st, "B a1", "take R", "done", "A e1", "D e5", "take R", "done", "A e1")
    while st.phase == "move":
        kit.play(st, "pass")
    return st


def texts_of(page: Any, selector: str) -> list[str]:
    """The trimmed text of every element ``selector`` matches (SVG text too)."""
    script = "sel => [...document.querySelectorAll(sel)].map(n => n.textContent.trim())"
    return list(page.evaluate(script, selector))


def test_r4_four_countries_draw_100_squares_and_every_seam(page: Any, kit: SimpleNamespace) -> None:
    """R4: A B / C D with the inner seams as borders and the outer ones as matching bands."""
    st = four_position(
        kit, {"A c3": (0, "M"), "B c3": (1, "M"), "C c3": (2, "M"), "D c3": (3, "M")}
    )
    show(page, view_of(st, None))
    assert page.locator(".om-sq").count() == 100
    assert page.locator(".om-token").count() == 4
    seams = dict(
        page.evaluate(
            "[...document.querySelectorAll('.om-seam')].map(n => [n.dataset.seam, n.dataset.drawn])"
        )
    )
    assert seams == {
        "A E B W": "border",
        "A S C N": "border",
        "B S D N": "border",
        "C E D W": "border",
        "A N D S": "bands",
        "A W D E": "bands",
        "B N C S": "bands",
        "B E C W": "bands",
    }
    # Each band names the cell it leads to with the same letter or number on both edges.
    labels = texts_of(page, ".om-seam[data-seam='A N D S'] .om-edge-label")
    assert labels == ["a", "a", "b", "b", "c", "c", "d", "d", "e", "e"]
    bands = texts_of(page, ".om-seam[data-seam='A W D E'] .om-band-label")
    assert bands == ["west edge ⇄ D east edge", "east edge ⇄ A west edge"]
    # A picked corner square shows its neighbours across the seams, from the map's steps.
    page.locator(".om-sq[data-square='0']").click()
    assert page.locator(".om-neighbour").count() == 4
    assert "Neighbours: D a5, A b1, A a2, D e1" in page.locator(".om-info").inner_text()


def test_r2_the_pillow_still_draws_its_four_seams_wide_and_tall(
    page: Any, phone: Any, kit: SimpleNamespace
) -> None:
    st = kit.position({"A c3": (0, "RM"), "B a1": (1, "M")})
    expected = {
        page: {"A N B N": "arcs", "A E B E": "border", "A S B S": "arcs", "A W B W": "bands"},
        phone: {"A N B N": "bands", "A E B E": "arcs", "A S B S": "border", "A W B W": "arcs"},
    }
    for p, drawn in expected.items():
        show(p, view_of(st, 0))
        assert p.locator(".om-sq").count() == 50
        got = p.evaluate(
            "[...document.querySelectorAll('.om-seam')].map(n => [n.dataset.seam, n.dataset.drawn])"
        )
        assert dict(got) == drawn


FOUR_DECISIONS = random_game_decisions(seed=1, players=4)


@pytest.mark.parametrize("start", range(0, len(FOUR_DECISIONS), 5))
def test_r120_every_decision_of_a_four_player_game_is_reachable(page: Any, start: int) -> None:
    """R120: the decisions of a seeded four-player game (five per test), each offered."""
    phases = {w.split()[0] for w, _, _ in FOUR_DECISIONS}
    assert {"setup", "pregame", "purchase", "move", "auction", "battle"} <= phases
    for what, state, seat in FOUR_DECISIONS[start : start + 5]:
        legal = state.legal_actions(seat)
        show(page, view_of(state, seat))
        _check_offered(page, legal, what)
        assert page.locator(".om-player").count() == 4
        action = next(a for a in legal[len(legal) // 2 :] + legal if a not in BIDS)
        _click(page, action)
        assert acted(page) == [action], f"{what}: {state.action_to_string(action, seat)}"


def test_r121_r124_teams_colours_and_conquered_squares(page: Any, kit: SimpleNamespace) -> None:
    """R121: every seat its colour, team tags and frames; a conquered square flies a flag."""
    st = four_position(
        kit,
        TEAMS_STACKS,
        teams="diagonal",
        control={"A e1": 1},
    )
    show(page, view_of(st, 0))
    players = page.evaluate(
        "[...document.querySelectorAll('.om-player')].map(n => [Number(n.dataset.seat),"
        " n.querySelector('.om-team-tag').textContent])"
    )
    assert players == [[0, "team A+D"], [3, "team A+D"], [1, "team B+C"], [2, "team B+C"]]
    frames = page.evaluate(
        "[...document.querySelectorAll('.om-team-frame')].map(n => Number(n.dataset.team))"
    )
    assert frames == [0, 1, 1, 0]
    owners = page.evaluate(
        "[...document.querySelectorAll('.om-token')].map(n => Number(n.dataset.owner)).sort()"
    )
    assert owners == [0, 1, 1, 2, 3]
    assert page.locator(".om-token .om-team-ring").count() == 5
    conquered = page.locator(f".om-sq[data-square='{FOUR('A e1')}']")
    assert conquered.locator(".om-conquered.om-own-1").count() == 1
    assert conquered.locator(".om-flag.om-own-1").count() == 1
    # A tap on the glowing stack starts a move from it.
    _click(page, N.SQUARE + FOUR("A c3"))
    assert acted(page) == [N.SQUARE + FOUR("A c3")]


def test_r124_sieges_with_four_count_enemies_never_allies(page: Any, kit: SimpleNamespace) -> None:
    """R124: Ivory's villages; Azure (its ally) never besieges, Slate and Crimson do.

    A a1 has Azure beside it across both seams (D a5, D e1): no siege. A c1 has Slate on
    A d1: a partial siege, at most 2. A e5 has Slate on A e4 and Crimson on A d5: full.
    """
    villages = ("A a1", "A c1", "A e5")
    st = four_position(
        kit,
        {
            "D a5": (3, "M"),
            "D e1": (3, "M"),
            "A d1": (1, "M"),
            "A e4": (1, "M"),
            "A d5": (2, "M"),
        },
        teams="diagonal",
        tiles=dict.fromkeys(villages, Terrain.VILLAGE),
    )
    show(page, view_of(st, 0))
    stacks = B.stacks_view(st.board)
    for label, text in zip(villages, (None, "max 2", "max 0"), strict=True):
        sq = FOUR(label)
        level = siege_level(FOUR_COUNTRIES, st.terrain, stacks, sq, 0, st.teams)
        marks = texts_of(page, f".om-sq[data-square='{sq}'] .om-siege-{int(level)} text")
        assert marks == ([text] if text else []), label


def test_r123_three_parties_every_party_its_dice_and_target_buttons(
    page: Any, kit: SimpleNamespace
) -> None:
    st = three_party_battle(kit)
    kit.roll(st, 6, 6, 6)  # every party hits: B sends first
    assert st.current_player() == 1
    view = view_of(st, 1)
    show(page, view)
    parties = page.evaluate(
        "[...document.querySelectorAll('.om-battle .om-party')].map(n => [n.dataset.party,"
        " n.dataset.owner, n.querySelector('strong').textContent.trim()])"
    )
    assert parties == [
        ["0", "1", "Attacker: Slate (1)"],
        ["1", "0", "Defender: Ivory (1)"],
        ["2", "3", "Attacker 2: Azure (1)"],
    ]
    assert page.locator(".om-party .om-unsent").count() == 3
    sides = page.evaluate(
        "[...document.querySelectorAll('.om-step-last .om-dice-side')].map(n => n.dataset.party)"
    )
    assert sides == ["0", "1", "2"]
    assert [c["result"] for c in _cards(page, ".om-step-last")] == ["hit", "hit", "hit"]
    assert (
        "Slate scored 1 hit, Ivory 1 hit, Azure 1 hit"
        in page.locator(".om-step-last h4").inner_text()
    )
    buttons = page.evaluate(
        "[...document.querySelectorAll('.om-target-btn')].map(n => [Number(n.dataset.action),"
        " Number(n.dataset.seat)])"
    )
    assert buttons == [[N.TARGET + 0, 0], [N.TARGET + 3, 3]]
    assert sorted(reachable(page)) == st.legal_actions()
    page.locator(".om-target-btn[data-seat='3']").click()
    assert acted(page) == [N.TARGET + 3]
    # Ivory, the defender, watches: the same parties, no buttons.
    show(page, view_of(st, 0))
    assert reachable(page) == [] and page.locator(".om-party").count() == 3


# ---------------------------------------------------------------------- the auction (R100-R105)
def _special_view(
    kit: SimpleNamespace, seat: int | None, legal: list[dict[str, Any]], **auction: Any
) -> dict[str, Any]:
    """A four-player VIEW in the auction phase as the contract describes it (hand-built).

    On the board: Ivory's horses, rider and snipers on A b4, Slate's pirates on a lake (C d4),
    the neutral dragon on B c2; the dragon is up for auction, Slate bid 3 after Azure's 2,
    Crimson passed; Ivory is to bid, with 12 gold.
    """
    st = four_position(kit, {"A c3": (0, "RM"), "B c3": (1, "EE"), "D d4": (3, "G")})
    view = view_of(st, seat)
    obs = view["observation"]
    obs["phase"] = "auction"
    obs["gold"] = [12, 9, 4, 15]
    obs["terrain"][FOUR("C d4")] = "L"
    obs["stacks"] += [
        {"square": FOUR("B c2"), "owner": -1, "count": 1, "top": "Z", "units": ["Z"]},
        {"square": FOUR("C d4"), "owner": 1, "count": 1, "top": "P"},
        {"square": FOUR("A b4"), "owner": 0, "count": 3, "top": "H"},
    ]
    if seat == 0:
        obs["stacks"][-1].update(units=["H", "R", "S"], moved=[False] * 3)
    obs["cup"] = ["diplomat", "horses", "infiltrator", "magician", "pirates"]
    obs["auction"] = {
        "lot": "dragon",
        "bid": 3,
        "bidder": 1,
        "out": [False, False, True, False],
        "to_act": 0,
        "bids": [[3, 2], [1, 3], [2, 0]],
        "winner": -1,
        "places": [],
        **auction,
    }
    view.update(legal=legal, your_turn=bool(legal), to_move=obs["auction"]["to_act"])
    return view


def _bids(low: int, high: int) -> list[dict[str, Any]]:
    """The legal ``bid N`` actions from ``low`` to ``high`` and ``pass``, as action dicts."""
    out: list[dict[str, Any]] = [
        {"action": BID + n, "text": f"bid {n}", "kind": "bid", "amount": n}
        for n in range(low, high + 1)
    ]
    return [*out, {"action": N.PASS, "text": "pass", "kind": "pass"}]


def test_r102_auction_panel_shows_lot_bids_clock_and_sends_bids_and_pass(
    page: Any, kit: SimpleNamespace
) -> None:
    view = _special_view(kit, 0, _bids(4, 12))
    view["clock"] = {"seat": 0, "seconds": 10.0, "deadline": time.time() * 1000 + 9000}
    show(page, view)
    panel = page.locator(".om-auction")
    assert panel.get_attribute("data-lot") == "dragon"
    assert "Up for auction: the dragon" in panel.locator(".om-lot").inner_text()
    standing = panel.locator(".om-standing")
    assert [standing.get_attribute("data-bid"), standing.get_attribute("data-bidder")] == ["3", "1"]
    assert standing.inner_text() == "Standing bid: 3 gold by Slate"
    states = page.evaluate("[...document.querySelectorAll('.om-bidder')].map(n => n.dataset.state)")
    assert states == ["to bid", "high bid", "out", "in"]
    assert texts_of(page, ".om-bids li") == ["Azure bids 2", "Slate bids 3", "Crimson passes"]
    assert page.locator(".om-auction .om-cup-item").count() == 5
    clock = page.locator(".om-clock")
    assert clock.get_attribute("data-seat") == "0"
    assert 7 <= int(clock.get_attribute("data-left") or 0) <= 9
    assert "s to bid" in clock.inner_text()
    # Quick bids and pass are buttons; the stepper's button sends the amount it shows.
    assert sorted(set(reachable(page))) == [N.PASS, BID + 4, BID + 8, BID + 12]
    # The least bid is the stepper's own amount, not repeated as a quick bid (one line).
    assert page.locator(f".om-bid[data-action='{BID + 4}']").count() == 0
    page.locator(".om-bid-go").click()
    assert acted(page) == [BID + 4]
    show(page, view)
    page.locator(f".om-bid[data-action='{BID + 8}']").click()
    assert acted(page) == [BID + 8]
    show(page, view)
    middles = page.evaluate(
        "[...document.querySelectorAll('.om-bid-controls button, .om-bid-input')]"
        ".map(n => { const r = n.getBoundingClientRect(); return r.top + r.height / 2; })"
    )
    assert max(middles) - min(middles) < 6, f"the bid controls are not on one line: {middles}"
    show(page, view)
    page.locator(".om-step-up").click()
    page.locator(".om-step-up").click()
    assert page.locator(".om-bid-go").get_attribute("data-action") == str(BID + 6)
    page.locator(".om-bid-go").click()
    assert acted(page) == [BID + 6]
    show(page, view)
    _bid(page, 40)  # more than the gold: the stepper stops at the highest legal bid
    assert acted(page) == [BID + 12]
    show(page, view)
    page.locator(".om-pass").click()
    assert acted(page) == [N.PASS]


def test_r102_others_watch_the_auction_without_controls_or_clock(
    page: Any, kit: SimpleNamespace
) -> None:
    for seat in (None, 2):
        show(page, _special_view(kit, seat, []))
        assert page.locator(".om-auction .om-standing").count() == 1
        assert page.locator(".om-bid-controls, .om-clock").count() == 0
        assert reachable(page) == []
    # The clock of the seat to bid counts down for everybody to see. As on the table page,
    # the server's ``remaining`` seconds count, not the deadline (the clocks may differ).
    view = _special_view(kit, 2, [])
    clock = {"seat": 0, "seconds": 10.0, "deadline": time.time() * 1000 + 60000, "remaining": 4.0}
    view.update(clock=clock, clocks=[clock])
    show(page, view)
    assert "Ivory has" in page.locator(".om-clock").inner_text()
    assert page.locator(".om-clock").get_attribute("data-left") in ("3", "4")
    assert describe(page, view) == "Auction of the dragon: 3 gold by Slate."


def describe(page: Any, view: dict[str, Any]) -> str:
    return str(page.evaluate("v => window.describe(v)", view))


def test_r104_the_winner_places_the_lot_on_a_highlighted_square(
    page: Any, kit: SimpleNamespace
) -> None:
    places = [FOUR(x) for x in ("A a1", "B e5", "C c3", "D b2", "D e5")]
    legal = [
        {"action": N.SQUARE + sq, "text": label, "kind": "square", "square": sq, "label": label}
        for sq, label in ((sq, FOUR_COUNTRIES.label(sq)) for sq in places)
    ]
    view = _special_view(
        kit, 0, legal, bid=7, bidder=0, to_act=-1, winner=0, places=places, out=[False] * 4
    )
    show(page, view)
    targets = page.evaluate(
        "[...document.querySelectorAll('.om-sq.om-target')].map(n => Number(n.dataset.square))"
    )
    assert sorted(targets) == places
    assert "Ivory won the dragon (Z) for 7 gold" in page.locator(".om-won").inner_text()
    assert "tap a highlighted square" in page.locator(".om-prompt").inner_text()
    for sq in (places[0], places[3]):
        page.evaluate("window.acted = []")
        page.locator(f".om-sq[data-square='{sq}']").click()
        assert acted(page) == [N.SQUARE + sq]
    # Everybody else sees the winner placing, with no squares to tap.
    show(page, {**view, "seat": 1, "legal": [], "your_turn": False})
    assert page.locator(".om-target").count() == 0


# ---------------------------------------------------------------------- special units (R110-R117)
def test_r111_r116_the_dragon_and_special_stacks_draw(page: Any, kit: SimpleNamespace) -> None:
    show(page, _special_view(kit, 0, []))
    dragon = page.locator(f".om-token[data-square='{FOUR('B c2')}']")
    assert dragon.get_attribute("data-owner") == "-1"
    assert "om-dragon" in (dragon.get_attribute("class") or "")
    assert dragon.locator("polygon.om-token-body").count() == 1  # spiked, not a disc
    assert "om-own-n" in (dragon.get_attribute("class") or "")
    horses = page.locator(f".om-token[data-square='{FOUR('A b4')}']")
    assert "om-special" in (horses.get_attribute("class") or "")
    assert horses.locator(".om-special-mark").count() == 1
    assert texts_of(page, f".om-token[data-square='{FOUR('A b4')}'] .om-token-letter") == ["H"]
    pirates = page.locator(f".om-token[data-square='{FOUR('C d4')}']")
    assert pirates.get_attribute("data-top") == "P"
    assert page.locator(".om-boat").count() == 1  # pirates on a lake sit in a boat
    # The picked square lists the special units by name.
    page.locator(f".om-sq[data-square='{FOUR('A b4')}']").click()
    chips = page.evaluate(
        "[...document.querySelectorAll('.om-info .om-unit')].map(n => [n.textContent, n.title,"
        " n.classList.contains('om-unit-special')])"
    )
    assert chips == [["H", "horses", True], ["R", "rider", False], ["S", "snipers", True]]
    page.locator(f".om-sq[data-square='{FOUR('B c2')}']").click()
    assert "Dragon: " in page.locator(".om-info").inner_text()


def _dragon_battle(kit: SimpleNamespace, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """Ivory's rider and war elephants entered the dragon's square B c2 (R111): melee dice."""
    view = _special_view(kit, 0, legal, to_act=-1)
    obs = view["observation"]
    sq = FOUR("B c2")
    obs.update(phase="battle", auction=None, battle=[sq, 0, -1, 1, 0, 0], unsent=[0, 0])
    obs["stacks"].append(
        {"square": sq, "owner": 0, "count": 2, "top": "R", "units": ["R", "X"], "moved": [True] * 2}
    )
    die = {"square": sq, "step": "melee", "modifier": 0, "die": None, "hit": None}
    obs["dice"] = [
        {
            **die,
            "side": 0,
            "owner": 0,
            "unit": "R",
            "strength": 4,
            "needed": 4,
            "die": 5,
            "hit": True,
        },
        {**die, "side": 0, "owner": 0, "unit": "X", "strength": 4, "needed": 4},
        {**die, "side": 1, "owner": -1, "unit": "Z", "strength": 2, "needed": 2},
    ]
    return view


def test_r111_r114_a_battle_against_the_dragon_shows_its_party_and_dice(
    page: Any, kit: SimpleNamespace
) -> None:
    view = _dragon_battle(kit, [])
    view["to_move"] = CHANCE
    show(page, view)
    assert "Ivory faces the dragon" in page.locator(".om-battle h3").inner_text()
    parties = texts_of(page, ".om-party strong")
    assert parties == ["Attacker: Ivory (2)", "Defender: Dragon (1)"]
    cards = page.evaluate(
        "[...document.querySelectorAll('.om-step-now .om-die-card')].map(n => [n.dataset.unit,"
        " n.dataset.owner, n.dataset.result, n.classList.contains('om-die-special')])"
    )
    assert cards == [
        ["R", "0", "hit", False],
        ["X", "0", "waiting", True],
        ["Z", "-1", "waiting", True],
    ]
    assert "war elephants" in page.locator(".om-step-now").inner_text()
    assert "Dragon dragon" not in page.locator(".om-step-now").inner_text()


def test_r110_r117_envoy_fight_and_hits_on_special_units(page: Any, kit: SimpleNamespace) -> None:
    envoy = [
        {"action": 950, "text": "envoy", "kind": "envoy"},
        {"action": 951, "text": "fight", "kind": "fight"},
    ]
    view = _dragon_battle(kit, envoy)
    show(page, view)
    assert "diplomat" in page.locator(".om-prompt").inner_text()
    assert sorted(reachable(page)) == [950, 951]
    page.locator(".om-envoy").click()
    assert acted(page) == [950]
    show(page, view)
    page.locator(".om-fight").click()
    assert acted(page) == [951]
    # Hits on special units (``hit d``, 816 + class - 12): war elephants and the snipers.
    hits = [
        {"action": 816 + 8, "text": "hit X", "kind": "hit", "unit": "X"},
        {"action": 816 + 14, "text": "hit S", "kind": "hit", "unit": "S"},
    ]
    view = _dragon_battle(kit, hits)
    view["observation"]["battle"][4] = 1  # Ivory takes one hit
    show(page, view)
    assert "You took 1 hit" in page.locator(".om-prompt").inner_text()
    assert texts_of(page, ".om-buttons button") == [
        "Hit war elephants (damage)",
        "Hit snipers (damage)",
    ]
    page.locator(f"[data-action='{816 + 14}']").click()
    assert acted(page) == [816 + 14]


# ------------------------------------------------- rules version 4 (R55, R111)
def intruder_and_dragon(version: int) -> OmringadState:
    """Ivory reinforces (R55): Slate's lone magician stands in Ivory's castle A c3, the
    dragon lies on A e2 beside Ivory's village A e1 (R111), and Ivory places a mercenary."""
    st = positions.position(
        {"A c3": (1, "W"), "A e2": (-1, "Z"), "B c3": (1, "EA")},
        {"A c3": Terrain.CASTLE, "A e1": Terrain.VILLAGE, "A a5": Terrain.VILLAGE},
        top_order=True,
        rules_version=version,
    )
    st.bought[0] = [0, 0]
    st.pool[0][0] -= 2
    positions.to_battle(st)
    positions.play(st, "place M")
    return st


@pytest.mark.parametrize("version", [3, 4])
def test_r55_r111_the_dragons_siege_and_reinforcing_beside_an_intruder(
    page: Any, version: int
) -> None:
    """Version 4: the dragon's siege shows on A e1 like any siege ("max 2") and in its
    details; the bar says that Ivory may reinforce its castle beside Slate's magician and
    then defends it with the walls; the castle is a target that sends its action. Version 3:
    no siege from the dragon, and the magician would defend."""
    st = intruder_and_dragon(version)
    show(page, view_of(st, 0))
    village = FOUR_COUNTRIES.parse_label("A e1")  # the same id on the pillow map
    badge = texts_of(page, f".om-sq[data-square='{village}'] .om-siege text")
    bar = page.locator("[data-decision='bar']").inner_text()
    assert "Slate's magician stands in your castle A c3 but cannot take it" in bar
    if version >= 4:
        assert badge == ["max 2"]
        assert "and you defend with the castle's +1" in bar
    else:
        assert badge == ["∞"]
        assert "and it defends with the castle's +1, being there first" in bar
    castle = N.SQUARE + st.map.parse_label("A c3")
    assert castle in reachable(page)
    _click(page, castle)
    assert acted(page) == [castle]
    show(page, view_of(st, 1))  # Slate watches: a square picked shows its details
    page.locator(f".om-sq[data-square='{village}']").click()
    info = page.locator(".om-info").inner_text()
    if version >= 4:
        assert "Partial siege from the dragon on A e2" in info
    else:
        assert "Not besieged" in info


# ---------------------------------------------------------------------- screenshots
def test_screenshots_of_four_players_auction_and_battles(
    browser: Any, kit: SimpleNamespace
) -> None:
    """The four-player board, the auction, a three-party battle and the dragon, saved for review
    at phone (390 px) and desktop width; neither scrolls sideways."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    st = four_position(
        kit,
        TEAMS_STACKS,
        teams="diagonal",
        control={"A e1": 1},
        tiles={"A a1": Terrain.CASTLE, "B b4": Terrain.FOREST, "C e5": Terrain.MOUNTAIN},
    )
    battle = three_party_battle(kit)
    kit.roll(battle, 6, 6, 6)
    auction = _special_view(kit, 0, _bids(4, 12))
    auction["clock"] = {"seat": 0, "seconds": 10.0, "deadline": time.time() * 1000 + 60000}
    views = {
        "four": view_of(st, 0),
        "battle3": view_of(battle, 1),
        "auction": auction,
        "dragon": _dragon_battle(kit, []),
    }
    for size, (width, height) in {"phone": (390, 844), "desktop": (1280, 900)}.items():
        with RENDERER.page(browser, width, height, has_touch=size == "phone") as page:
            for name, view in views.items():
                show(page, view)
                assert page.evaluate("document.documentElement.scrollWidth") <= width, name
                page.screenshot(
                    path=str(SHOTS / f"omringad-board-{name}-{size}.png"), full_page=True
                )


PINCH = """([frame, a0, a1, b0, b1]) => {
  const el = document.querySelector(frame);
  const fire = (type, id, [x, y]) => el.dispatchEvent(new PointerEvent(type, {
    pointerId: id, pointerType: 'touch', clientX: x, clientY: y, bubbles: true,
    isPrimary: id === 1}));
  fire('pointerdown', 1, a0); fire('pointerdown', 2, b0);
  fire('pointermove', 1, a1); fire('pointermove', 2, b1);
  fire('pointerup', 1, a1); fire('pointerup', 2, b1);
}"""


def test_r4_the_four_country_board_pinch_zooms_and_pans_on_a_phone(
    phone: Any, kit: SimpleNamespace
) -> None:
    """R4 on a phone: the 10x10 board sits in a frame that two fingers zoom and one pans;
    a tap on a square still plays it at any zoom, and a redraw keeps the zoom."""
    st = four_position(kit, {"A c3": (0, "RM"), "B a1": (1, "M")})
    show(phone, view_of(st, 0))
    frame = phone.locator(".om-zoom-frame")
    assert frame.count() == 1
    width = phone.evaluate("document.querySelector('.om-svg').getBoundingClientRect().width")
    box = frame.bounding_box()
    mid = [box["x"] + box["width"] / 2, box["y"] + 100]
    # the fingers move from 40 px apart to 80 px apart: twice the size
    phone.evaluate(
        PINCH,
        [
            ".om-zoom-frame",
            [mid[0] - 20, mid[1]],
            [mid[0] - 40, mid[1]],
            [mid[0] + 20, mid[1]],
            [mid[0] + 40, mid[1]],
        ],
    )
    zoomed = phone.evaluate("document.querySelector('.om-svg').getBoundingClientRect().width")
    assert zoomed == pytest.approx(2 * width, rel=0.02)
    assert phone.locator(".om-zoom-level").inner_text() == "200%"
    assert acted(phone) == []  # a pinch is no tap
    scroll = phone.evaluate("document.querySelector('.om-zoom-frame').scrollWidth")
    assert scroll > box["width"] * 1.9  # the frame pans over the zoomed board
    phone.locator(".om-zoom-out").click()
    assert phone.locator(".om-zoom-level").inner_text() == "133%"
    show(phone, view_of(st, 0))  # a new view: the zoom stays
    assert phone.locator(".om-zoom-level").inner_text() == "133%"
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    node = phone.locator(f".om-sq[data-action='{kit.sq('A c3')}']")
    node.scroll_into_view_if_needed()
    node.tap()
    assert acted(phone) == [kit.sq("A c3")]

"""Fit and flow: at desktop (1280x800) and phone (390x844) size, the prompt and every
control of the current decision are in view without scrolling, and the board still shows.

Each game is played by random legal actions through the HTTP API (every seat held by this
test); the first time a decision kind appears (the observation's phase with the kinds of
its legal actions) the deciding seat's table page is opened at both sizes and the bounding
boxes of the prompt, the decision controls (``[data-decision]``) and the board are measured.
"""

from __future__ import annotations

import json
import os
import random
import re
import warnings
from typing import Any

import pytest

from spelbord import games
from spelbord.server.web import pages

from .conftest import SAVE_TOKENS, SCREENSHOTS, expect

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
SAVE_TOKEN = (
    "([t, s, tok]) => localStorage.setItem(`spelbord.tokens.${t}`, JSON.stringify({[s]: tok}))"
)
MAX_STEPS = 600
SHOTS = os.environ.get("SPELBORD_FIT_SHOTS") == "1"  # save a screenshot of each decision
BOARD_SHOWN = 140  # px of the board that must be on screen
KNOWN_MISFITS: dict[tuple[str, str], str] = {}
"""Decisions known not to fit yet: reported as warnings, not failures, until fixed."""

MEASURE = """() => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
      height: r.height, width: r.width};
  };
  const shown = (el) => el && el.offsetParent !== null && el.getClientRects().length > 0;
  const header = document.querySelector('.topbar').getBoundingClientRect().bottom;
  const prompts = ['#board-status', '#status'].map((s) => document.querySelector(s)).filter(shown);
  const decisions = [...document.querySelectorAll('#board [data-decision]')].filter(shown)
    .filter((el) => el.getBoundingClientRect().height > 0);
  const svgs = [...document.querySelectorAll('#board svg')].filter(shown);
  const main = document.querySelector('#board svg[data-board]') ||
    svgs.sort((a, b) => box(b).width * box(b).height - box(a).width * box(a).height)[0];
  return {header, height: innerHeight, width: innerWidth, scrollY,
    prompt: prompts.length ? box(prompts[0]) : null,
    decisions: decisions.map((el) => ({name: el.getAttribute('data-decision'), ...box(el)})),
    board: main ? box(main) : null};
}"""


def decision_key(game: str, view: dict[str, Any]) -> str:
    obs = view.get("observation") or {}
    phase = obs.get("phase") or (obs.get("position") or {}).get("phase")
    kinds = sorted({str(a.get("kind")) for a in view.get("legal") or [] if isinstance(a, dict)})
    return f"{game}:{phase}:{','.join(kinds)}"


def check_fit(page: Any, key: str, size: str) -> list[str]:
    m = page.evaluate(MEASURE)
    problems = []
    where = f"{key} at {size}"
    if m["prompt"] is None:
        problems.append(f"{where}: no prompt shown")
    elif m["prompt"]["top"] < m["header"] - 1 or m["prompt"]["bottom"] > m["height"] + 1:
        problems.append(f"{where}: the prompt is off screen {m['prompt']}")
    for d in m["decisions"]:
        if d["top"] < m["header"] - 1 or d["bottom"] > m["height"] + 1:
            problems.append(
                f"{where}: control {d['name']} off screen (y {d['top']:.0f}-{d['bottom']:.0f})"
            )
        if d["right"] > m["width"] + 1:
            problems.append(f"{where}: control {d['name']} runs off to the right")
    board = m["board"]
    if board is None:
        problems.append(f"{where}: no board")
    else:
        visible = min(board["bottom"], m["height"]) - max(board["top"], m["header"])
        if visible < min(BOARD_SHOWN, board["height"]):
            problems.append(f"{where}: only {visible:.0f}px of the board on screen")
    return problems


GAMES = list(games.packages())
LEAST_KINDS = {"coerceo": 1, "gunst": 5, "islandet": 6, "omringad": 5}


@pytest.mark.parametrize("name", GAMES)
def test_every_decision_fits_the_screen(people: Any, name: str) -> None:
    server = people.server
    pages = {size: people.open("/", phone=size == "phone") for size in SIZES}
    for size, (width, height) in SIZES.items():
        pages[size].set_viewport_size({"width": width, "height": height})
    problems: list[str] = []
    seen: list[str] = []
    for game in [g for g in server.call("/api/games") if g["name"] == name]:
        n = game["seats"][0]
        created = server.call(
            "/api/tables",
            {"game": game["name"], "options": {}, "seats": [{"kind": "local"}] * n},
        )
        table, tokens = created["table"], created["tokens"]
        rng = random.Random(7)
        done: set[str] = set()
        for _ in range(MAX_STEPS):
            view = server.call(f"/api/tables/{table}/view")
            if view["status"] != "running":
                break
            movers = [view["to_move"]] if view["to_move"] >= 0 else list(range(n))
            acted = False
            for seat in movers:
                token = tokens[str(seat)]
                mine = server.call(f"/api/tables/{table}/view?token={token}")
                if not mine.get("your_turn") or not mine.get("actions"):
                    continue
                key = decision_key(game["name"], mine)
                if key not in done:
                    done.add(key)
                    seen.append(key)
                    for size, page in pages.items():
                        page.evaluate(SAVE_TOKEN, [table, seat, token])
                        page.goto(server.url(f"/table/{table}?seat={seat}"))
                        page.wait_for_selector(f"body[data-ready='1'][data-ply='{mine['ply']}']")
                        # fit.js shrinks the board on the next animation frames after a
                        # redraw: let them pass (a loaded machine paints late)
                        page.evaluate(
                            "() => new Promise((ok) => requestAnimationFrame("
                            "() => requestAnimationFrame(() => setTimeout(ok, 250))))"
                        )
                        found = check_fit(page, key, size)
                        known = next(
                            (
                                why
                                for (k, sz), why in KNOWN_MISFITS.items()
                                if key.startswith(k) and sz == size
                            ),
                            None,
                        )
                        if found and known is not None:
                            warnings.warn(f"{found}: known, {known}", stacklevel=1)
                        else:
                            problems += found
                        if SHOTS:
                            shot = key.replace(":", "_").replace(",", "+")
                            page.screenshot(path=str(SCREENSHOTS / f"fit-{shot}-{size}.png"))
                action = rng.choice(mine["actions"])  # every legal action id
                server.call(
                    f"/api/tables/{table}/action",
                    {"token": token, "action": action, "ply": mine["ply"]},
                )
                acted = True
            if not acted:
                break
    assert len(seen) >= LEAST_KINDS[name], seen
    assert not problems, json.dumps(problems, indent=1)


@pytest.mark.parametrize("players", [2, 4])
def test_omringad_purchase_fits_a_phone_after_many_buys(people: Any, players: int) -> None:
    """The purchase with every player's card above the board and a long list of bought
    units: the prompt, the shop and "Done buying" in view at 390x844, the board too."""
    server = people.server
    made = server.call(
        "/api/tables",
        {
            "game": "omringad",
            "options": {"players": players},
            "seats": [{"kind": "local"}] * players,
        },
    )
    table, tokens = made["table"], made["tokens"]
    page = people.open("/", phone=True)
    page.set_viewport_size({"width": SIZES["phone"][0], "height": SIZES["phone"][1]})
    rng = random.Random(3)
    checked = 0
    for _ in range(MAX_STEPS):
        view = server.call(f"/api/tables/{table}/view")
        if view["status"] != "running" or checked >= 2:
            break
        movers = [view["to_move"]] if view["to_move"] >= 0 else list(range(players))
        for seat in movers:
            token = tokens[str(seat)]
            mine = server.call(f"/api/tables/{table}/view?token={token}")
            if not mine.get("your_turn") or not mine.get("actions"):
                continue
            legal = [a for a in mine.get("legal") or [] if isinstance(a, dict)]
            # buy actions in the order of the unit table: the mercenary (cheapest) first
            buys = sorted((a for a in legal if a.get("kind") == "buy"), key=lambda a: a["action"])
            bought = (mine.get("observation") or {}).get("bought") or []
            if buys and len(bought) >= 4:  # a long list of bought units: measure now
                page.evaluate(SAVE_TOKEN, [table, seat, token])
                page.goto(server.url(f"/table/{table}?seat={seat}"))
                page.wait_for_selector(f"body[data-ready='1'][data-ply='{mine['ply']}']")
                page.evaluate(
                    "() => new Promise((ok) => requestAnimationFrame("
                    "() => requestAnimationFrame(() => setTimeout(ok, 250))))"
                )
                problems = check_fit(page, f"omringad:purchase ({len(bought)} bought)", "phone")
                if problems:
                    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=str(SCREENSHOTS / f"fit-omringad-buys-{players}.png"))
                assert not problems, problems
                assert page.locator("#board .om-shop .om-buy").count() >= 1
                checked += 1
            # buy while gold lasts (the cheapest first: the most units), else anything legal
            action = buys[0]["action"] if buys else rng.choice(mine["actions"])
            server.call(
                f"/api/tables/{table}/action",
                {"token": token, "action": action, "ply": mine["ply"]},
            )
    assert checked, "no purchase with several bought units was reached"


CURTAIN = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.top, r.bottom]; };
  return {
    header: document.querySelector('.topbar').getBoundingClientRect().bottom,
    p: box(document.querySelector('#cover p')),
    button: box(document.querySelector('#cover button')),
    text: document.querySelector('#cover p').innerText,
  };
}"""


def test_the_hot_seat_curtain_text_is_in_view(people: Any) -> None:
    """Two seats of a hidden-information game at one screen: the curtain's "Pass the
    screen to …" and its button both show below the sticky header."""
    server = people.server
    created = server.call(
        "/api/tables",
        {"game": "gunst", "options": {}, "seats": [{"kind": "local"}, {"kind": "local"}]},
    )
    for size, (width, height) in SIZES.items():
        page = people.open("/", phone=size == "phone")
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(SAVE_TOKENS, [created["table"], created["tokens"]])
        page.goto(server.url(f"/table/{created['table']}"))
        page.wait_for_selector("#cover:not([hidden]) p")
        # one look at the page as it is: a locator would find and measure in two steps
        seen = page.evaluate(CURTAIN)
        for part in ("p", "button"):
            top, bottom = seen[part]
            assert top >= seen["header"] and bottom <= height, (size, part, seen)
        assert "Pass the screen to" in seen["text"]


@pytest.mark.parametrize("lang", ["sv", "da", "nb"])
def test_lobby_seat_choices_show_their_whole_text_in_every_language(people: Any, lang: str) -> None:
    """What a closed seat choice shows is whole in Swedish, Danish and Norwegian too:
    "Meg, ved denne skjermen" was cut off in the half-row a seat's kind had."""
    for size, (width, height) in SIZES.items():
        page = people.open("/", phone=size == "phone")
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_selector("body[data-ready='1']")
        page.select_option(".lang-picker", lang)
        page.wait_for_function(f"document.documentElement?.lang === '{lang}'")
        for kind in ("local", "ai", "invite", "open"):
            page.select_option(".seat-row[data-seat='0'] .seat-kind", kind)
            for box in page.evaluate(LABELS):
                # the text plus the select's padding and arrow fit the box
                assert box["needs"] + 34 <= box["width"], (lang, size, kind, box)


LABELS = """() => {
  const ctx = document.createElement('canvas').getContext('2d');
  return [...document.querySelectorAll('.seat-row select')]
    .filter((s) => s.offsetParent !== null && getComputedStyle(s).visibility !== 'hidden')
    .map((s) => {
      ctx.font = getComputedStyle(s).font;
      const longest = Math.max(...[...s.options].map((o) => ctx.measureText(o.text).width));
      const text = s.options[s.selectedIndex].text;  // what the closed choice shows
      const needs = ctx.measureText(text).width;
      return {longest, text, needs, width: s.clientWidth, name: s.name};
    });
}"""


def test_lobby_seat_choices_are_not_cut_off_and_ai_seats_name_their_level(people: Any) -> None:
    server = people.server
    server.call(
        "/api/tables",
        {
            "game": "coerceo",
            "options": {},
            "seats": [{"kind": "open"}, {"kind": "ai", "agent": "random"}],
        },
    )
    level_hard = {"kind": "ai", "agent": "level:hard"}
    server.call(
        "/api/tables", {"game": "coerceo", "options": {}, "seats": [{"kind": "open"}, level_hard]}
    )
    for size, (width, height) in SIZES.items():
        page = people.open("/", phone=size == "phone")
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_selector("body[data-ready='1']")
        page.select_option(".seat-row[data-seat='1'] .seat-kind", "ai")
        for box in page.evaluate(LABELS):
            # the text plus the select's padding and arrow fit the box
            assert box["longest"] + 34 <= box["width"], (size, box)
        chips = page.locator(".chip").all_inner_texts()
        assert any("AI · Random moves" in c for c in chips), chips
        assert any("AI · Hard" in c for c in chips), chips  # level:hard by its name
        # the lobby offers the game's levels by name
        offered = page.locator(".seat-row[data-seat='1'] .seat-agent option").all_inner_texts()
        assert offered == ["Random moves", "Easy", "Medium", "Hard", "Master"], offered
        # beside the choice: the chosen level's strength in words (where a new player
        # starts at 1500, never the raw relative Elo) and, if it thinks for a while, its time
        note = page.locator(".seat-row[data-seat='1'] .seat-level")
        expect(note).to_have_text(re.compile(r"^about \d+$"))  # Medium: depth 3, at once
        page.select_option(".seat-row[data-seat='1'] .seat-agent", "level:master")
        expect(note).to_have_text(re.compile(r"^about \d+ · 2(\.0)? s a move$"))
    # at the table too: the AI seat by its level's name
    made = server.call(
        "/api/tables",
        {"game": "coerceo", "options": {}, "seats": [{"kind": "local"}, level_hard]},
    )
    page = people.open(f"/table/{made['table']}")
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator(".seat[data-seat='1'] .seat-who")).to_have_text("AI · Hard")


TOP_BAR = """(words) => {
  const conn = document.querySelector('#conn');
  const seen = [];
  for (const [state, word] of words) {
    conn.dataset.state = state;
    conn.querySelector('span').textContent = word;
    seen.push({
      word,
      bar: document.querySelector('.topbar').getBoundingClientRect().height,
      board: document.querySelector('#board').getBoundingClientRect().top,
    });
  }
  return seen;
}"""


NO_CORNER = """() => {
  const who = document.querySelector('#who');
  const bar = who.parentNode;
  who.remove();
  const top = document.querySelector('#board').getBoundingClientRect().top;
  bar.append(who);
  return top;
}"""


@pytest.mark.parametrize("signed_in", [False, True], ids=["guest", "signed-in"])
def test_the_tables_top_bar_keeps_one_line_on_a_phone(people: Any, signed_in: bool) -> None:
    """The board does not jump when the connection's word changes or the account corner
    arrives: on a phone the table's top bar is one line in every language (it was two
    while "connecting", and always in Norwegian, and the board moved 29 px when it went
    live: a two-browser offer test caught it mid-jump)."""
    server = people.server
    made = server.call(
        "/api/tables", {"game": "coerceo", "seats": [{"kind": "local"}, {"kind": "local"}]}
    )
    page = people.account("Bartholomew") if signed_in else people.open("/", phone=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate(SAVE_TOKEN, [made["table"], 0, made["tokens"]["0"]])
    page.goto(server.url(f"/table/{made['table']}"))
    page.wait_for_selector("body[data-ready='1']")
    if signed_in:
        expect(page.locator("#who")).to_have_attribute("data-account", "Bartholomew")
    for lang in ("en", "sv", "da", "nb"):
        page.select_option(".lang-picker", lang)
        page.wait_for_function(f"document.documentElement?.lang === '{lang}'")
        page.wait_for_selector("body[data-ready='1']")  # the page reloads in its language
        words = json.loads((pages.STATIC / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        states = ("connecting", "reconnecting", "offline", "live")
        seen = page.evaluate(TOP_BAR, [[s, words[f"conn.{s}"]] for s in states])
        assert all(s["bar"] < 50 for s in seen), (lang, seen)  # one line of 30 px controls
        assert len({s["board"] for s in seen}) == 1, (lang, seen)
        rules = page.locator("#rules-link")
        assert rules.inner_text() == words["nav.rules"]  # whole: "Rules", the game's name above
        assert rules.evaluate("(a) => a.scrollWidth <= a.clientWidth"), lang
        without_corner = page.evaluate(NO_CORNER)
        assert without_corner == seen[-1]["board"], (lang, without_corner, seen)


def test_the_replay_and_analysis_top_bars_keep_one_line_on_a_phone(people: Any) -> None:
    """A signed-in player's replay and analysis pages on a phone: the top bar is one line
    in every language and its account corner stays on the screen (the name, the language
    picker and "Rules for Coerceo" took two or three lines, and Sign out ran off the right
    edge)."""
    server = people.server
    made = server.call(
        "/api/tables", {"game": "coerceo", "seats": [{"kind": "local"}, {"kind": "local"}]}
    )
    page = people.account("Margrethe")
    page.set_viewport_size({"width": 390, "height": 844})
    for path in (f"/replay/{made['table']}", "/analysis/coerceo"):
        for lang in ("en", "sv", "da", "nb"):
            page.evaluate("(l) => localStorage.setItem('spelbord.lang', l)", lang)
            page.goto(server.url(path))
            page.wait_for_function(f"document.documentElement?.lang === '{lang}'")
            expect(page.locator("#who")).to_have_attribute("data-account", "Margrethe")
            # the page has its game: the rules link points at its rules (the replay names
            # them once its record has loaded)
            expect(page.locator("#rules-link")).to_have_attribute("href", "/rules/coerceo")
            bar = page.locator(".topbar").evaluate("(e) => e.getBoundingClientRect().height")
            assert bar < 50, (path, lang, bar)  # one line of 30 px controls
            right = page.locator("#who").evaluate("(e) => e.getBoundingClientRect().right")
            assert right <= 390, (path, lang, right)
            rules = page.locator("#rules-link")
            words = json.loads((pages.STATIC / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
            expect(rules).to_have_text(words["nav.rules"], use_inner_text=True)

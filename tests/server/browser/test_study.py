"""Puzzles and the analysis board in a real browser: solve a puzzle by clicking its
winning move (the streak counts it); open the analysis board from a URL, set a position up
by hand (pieces, tiles, collected tiles, side to move), analyse it (evaluation bar, best
line, top moves, threats) and share it by URL; the Ocius board; fair play: no analysis link
while people play each other, one for a person playing the computer at their move."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

import pytest

from spelbord.games.coerceo.study import puzzles

from .conftest import expect

pytestmark = pytest.mark.browser


def coords(name: str) -> str:
    """``d2:4`` -> the renderer's ``data-field`` key ``1,-1,4``."""
    return f"{ord(name[0]) - ord('a') - 2},{int(name[1]) - 3},{name[3]}"


def test_solve_a_puzzle_by_clicking_its_move(people: Any) -> None:
    p = next(p for p in puzzles.load() if not p.solution[0].startswith("x"))
    source, target = p.solution[0].split("-")
    page = people.open(f"/puzzles/coerceo?id={p.id}")
    expect(page.locator("body")).to_have_attribute("data-puzzle", p.id)
    expect(page.locator("#meta")).to_contain_text(p.difficulty)
    expect(page.locator("#streak")).to_have_text("0")
    page.locator(f'.piece[data-field="{coords(source)}"]').click()
    page.locator(f'.cb-hit[data-target][data-field="{coords(target)}"]').click()
    expect(page.locator("body")).to_have_attribute("data-result", "right")
    expect(page.locator("#streak")).to_have_text("1")
    assert page.evaluate("localStorage.getItem('spelbord.puzzles.coerceo.streak')") == "1"
    expect(page.locator("body")).to_have_attribute("data-solution-shown", "1")
    expect(page.locator("#line")).to_contain_text(p.solution[0])


def test_the_analysis_board_opens_from_a_url(people: Any) -> None:
    p = puzzles.load()[0]
    page = people.open(f"/analysis#{quote(p.position)}")
    expect(page.locator("body")).to_have_attribute("data-analysed", "1")
    expect(page.locator("#evaluation")).not_to_have_text("–")
    expect(page.locator("#bestline")).to_contain_text(p.solution[0])
    expect(page.locator(".an-line [data-move], .an-line .an-target").first).to_be_attached()
    expect(page.locator("#top li").first).to_contain_text(p.solution[0])
    width = page.locator("#evalfill").evaluate("e => e.style.width")
    assert width.endswith("%") and width != "50%"


def test_the_old_address_redirects_and_keeps_the_position(people: Any) -> None:
    p = puzzles.load()[0]
    page = people.open(f"/analysis#{quote(p.position)}")
    expect(page.locator("body")).to_have_attribute("data-analysed", "1")
    assert "/analysis/coerceo#" in page.url


def test_set_up_a_position_by_hand_and_share_it(people: Any) -> None:
    page = people.open("/analysis/coerceo")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    expect(page.locator("#position")).to_have_value(re.compile(r"^white: a3:3 "))
    page.locator("#edit").check()
    page.locator(f'.piece[data-field="{coords("a3:3")}"]').click()
    expect(page.locator("#position")).not_to_have_value(re.compile(r"a3:3"))
    page.locator("#side").select_option(label="Black")
    expect(page.locator("#position")).to_have_value(re.compile(r"move: black$"))
    assert "a3%3A5" in page.url and "a3%3A3" not in page.url  # the URL shares it
    page.locator("#analyse").click()
    expect(page.locator("body")).to_have_attribute("data-analysed", "1")
    expect(page.locator("#evaluation")).to_contain_text("for black")


def test_a_bad_position_shows_the_parsers_error(people: Any) -> None:
    page = people.open("/analysis/coerceo")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    page.locator("#position").fill("white: c3:1; black: c3:0 c3:1; tiles: c3 c4")
    page.locator("#analyse").click()
    expect(page.locator("#error")).to_contain_text("white field")


def test_a_finished_games_replay_opens_the_analysis_board(people: Any) -> None:
    created = people.server.call(
        "/api/tables",
        {
            "game": "coerceo",
            "options": {"max_moves": 4},
            "seats": [{"kind": "ai", "agent": "random"}, {"kind": "ai", "agent": "random"}],
        },
    )
    people.server.wait_for(created["table"], "finished")
    page = people.open(f"/replay/{created['table']}")
    page.wait_for_selector("body[data-ready='1']")
    page.locator("#next").click()
    link = page.locator("#analyse-link")
    expect(link).to_be_visible()
    assert "move%3A%20black" in str(link.get_attribute("href"))
    link.click()
    expect(page.locator("body")).to_have_attribute("data-analysed", "1")
    expect(page.locator("#evaluation")).to_contain_text("for black")


def test_a_position_built_from_an_empty_board_analysed_and_shared(people: Any) -> None:
    """Clear the pieces, remove tiles, place pieces, set collected tiles and the side to
    move; the engine sees the threat; the shared URL opens the same position, analysed."""
    page = people.open("/analysis/coerceo")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    page.locator("#edit").check()
    page.locator("#clear").click()
    expect(page.locator("#position")).to_have_value(re.compile(r"^white: ; black: ;"))
    page.locator("#tool").select_option("tile")
    for tile in ("a3", "a4", "a5", "b2", "b5", "c1", "c5", "d1", "e1", "e2", "e3", "d4"):
        page.locator(f'[data-field="{coords(tile + ":0")}"]').click()
    expect(page.locator("#position")).to_have_value(re.compile(r"tiles: b3 b4 c2 c3 c4 d2 d3;"))
    page.locator("#tool").select_option("piece")
    # Every rim tile keeps a piece (an empty one would have been removed, R8).
    for field in ("b3:3", "b4:5", "c4:1", "d2:1", "d3:3", "c2:0", "c3:0"):
        page.locator(f'.cb-field[data-field="{coords(field)}"]').click()
    page.locator("#cw").fill("2")
    page.locator("#cw").dispatch_event("change")
    page.locator("#side").select_option(label="White")
    text = page.locator("#position").input_value()
    assert text == (
        "white: b3:3 b4:5 c4:1 d2:1 d3:3; black: c2:0 c3:0; tiles: b3 b4 c2 c3 c4 d2 d3; "
        "collected: 2 0; move: white"
    )
    page.locator("#analyse").click()
    expect(page.locator("body")).to_have_attribute("data-analysed", "1")
    expect(page.locator("#evaluation")).to_have_text(re.compile(r"^win in \d+ for white$"))
    expect(page.locator("#bestline")).to_contain_text("b3:3-c2:5")
    width = page.locator("#evalfill").evaluate("e => e.style.width")
    assert width == "100%"  # a forced win fills the bar
    expect(page.locator("#top li").first).to_be_visible()
    expect(page.locator("#threats li").first).to_be_visible()
    expect(page.locator(".an-line")).to_have_count(1)
    # Share: the URL alone brings back the position and its analysis.
    shared = page.url
    assert "/analysis/coerceo#" in shared
    other = people.open(shared.removeprefix(people.server.base))
    expect(other.locator("body")).to_have_attribute("data-analysed", "1")
    expect(other.locator("#position")).to_have_value(text)
    expect(other.locator("#evaluation")).to_have_text(page.locator("#evaluation").inner_text())


def test_the_ocius_board(people: Any) -> None:
    page = people.open("/analysis/coerceo")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    page.locator("#opt-variant").select_option("ocius")
    page.wait_for_url("**/analysis/coerceo?variant=ocius*")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    expect(page.locator("#position")).to_have_value(re.compile(r"tiles: ocius;"))
    expect(page.locator("[data-tile]")).to_have_count(7)
    page.locator("#analyse").click()
    expect(page.locator("body")).to_have_attribute("data-analysed", "1")
    expect(page.locator("#top li").first).to_be_visible()
    assert "variant=ocius" in page.url and "tiles%3A%20ocius" in page.url
    # A Laurentius position on the short board: the error names the tiles that do not fit.
    page.locator("#position").fill(puzzles.load()[0].position)
    page.locator("#analyse").click()
    expect(page.locator("#error")).to_contain_text("not on the ocius board")


def test_a_live_game_between_people_offers_no_analysis_and_says_why(
    people: Any, play_move: Any
) -> None:
    """Fair play (docs/fair-play.md): neither player nor a spectator gets the analysis
    link while two people play; both players read why, at either's move."""
    server = people.server
    created = server.call(
        "/api/tables",
        {"game": "coerceo", "options": {}, "seats": [{"kind": "invite"}, {"kind": "invite"}]},
    )
    white = people.open(created["invites"]["0"])
    black = people.open(created["invites"]["1"])
    watcher = people.open(f"/table/{created['table']}?watch=1")
    expect(white.locator("#status")).to_have_text("Your move")
    for page in (white, black):
        expect(page.locator("#fair-play")).to_be_visible()
        expect(page.locator("#fair-play")).to_contain_text("No engine help")
        expect(page.locator("#analyse-link")).to_be_hidden()
    expect(watcher.locator("#role")).to_have_text("You are watching.")
    expect(watcher.locator("#analyse-link")).to_be_hidden()
    play_move(white)
    expect(black.locator("#status")).to_have_text("Your move")
    expect(black.locator("#analyse-link")).to_be_hidden()
    expect(black.locator("#fair-play")).to_be_visible()


def test_a_game_against_the_computer_offers_analysis_at_the_players_move(people: Any) -> None:
    server = people.server
    created = server.call(
        "/api/tables",
        {
            "game": "coerceo",
            "options": {},
            "seats": [{"kind": "invite"}, {"kind": "ai", "agent": "random"}],
        },
    )
    white = people.open(created["invites"]["0"])
    expect(white.locator("#status")).to_have_text("Your move")
    link = white.locator("#analyse-link")
    expect(link).to_be_visible()
    expect(white.locator("#fair-play")).to_be_hidden()
    href = str(link.get_attribute("href"))
    assert href.startswith("/analysis/coerceo#white%3A")
    board = people.open(href)
    # the analysis is a job for the worker tier (up to its 2 s cap, and in line behind
    # other tests' jobs on a busy machine)
    expect(board.locator("body")).to_have_attribute("data-analysed", "1", timeout=45_000)
    expect(board.locator("#evaluation")).to_contain_text("for white")


def test_the_lobby_links_study_pages_and_shows_each_levels_rating(people: Any) -> None:
    page = people.open("/")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    links = page.locator("#study-links a")
    expect(links).to_have_count(2)  # Coerceo's puzzles and analysis board, no other game
    assert links.evaluate_all("ls => ls.map(l => l.getAttribute('href'))") == [
        "/puzzles/coerceo",
        "/analysis/coerceo",
    ]
    page.select_option("#game-select", "coerceo")
    page.select_option(".seat-row[data-seat='1'] .seat-kind", "ai")
    agent = page.locator(".seat-row[data-seat='1'] .seat-agent")
    # the choice names the level; beside it, the chosen level's strength on the rating
    # ladder (never a relative "Elo -136") and its time per move where it thinks a while
    expect(agent.locator("option[value='level:hard']")).to_have_text("Hard")
    note = page.locator(".seat-row[data-seat='1'] .seat-level")
    agent.select_option("level:hard")
    expect(note).to_have_text(re.compile(r"^about \d{3,4} · 0\.3 s a move$"))
    agent.select_option("level:easy")
    expect(note).to_have_text(re.compile(r"^about \d{3,4}$"))
    agent.select_option("level:master")
    expect(note).to_contain_text("2 s a move")
    assert "Elo" not in (page.locator("#seats").text_content() or "")
    # in Swedish the time is written as Swedes write it: a decimal comma
    page.select_option(".lang-picker", "sv")
    page.wait_for_function("document.documentElement?.lang === 'sv'")
    page.select_option("#game-select", "coerceo")
    page.select_option(".seat-row[data-seat='1'] .seat-kind", "ai")
    page.locator(".seat-row[data-seat='1'] .seat-agent").select_option("level:hard")
    expect(note).to_have_text(re.compile(r"^cirka \d{3,4} · 0,3 s per drag$"))


def test_the_study_pages_speak_swedish(people: Any) -> None:
    """The analysis board's evaluation, depth line, threats, set-up tools and title, and
    the puzzle page's task and title, in the browser's language (here Swedish), its
    numbers with a decimal comma."""
    context = people.browser.new_context(locale="sv-SE", viewport={"width": 1280, "height": 800})
    people.contexts.append(context)
    page = context.new_page()
    page.on("pageerror", lambda exc: people.errors.append(str(exc)))
    p = puzzles.load()[0]
    page.goto(people.server.url(f"/analysis/coerceo#{quote(p.position)}"))
    expect(page.locator("body")).to_have_attribute("data-analysed", "1")
    side = "vit" if p.side == "white" else "svart"
    # in Swedish numbers: "+1,25" pieces, "0,4 s", a no-break space between thousands
    evaluation = rf"^([+\-−]\d+,\d\d|vinst på \d+ drag|förlust på \d+ drag) för {side}$"
    expect(page.locator("#evaluation")).to_have_text(re.compile(evaluation))
    depth = r"^djup \d+, [\d\s]+ noder, \d+(,\d+)? s$"
    expect(page.locator("#depth")).to_have_text(re.compile(depth))
    expect(page.locator("#setup")).to_contain_text("Alla plattor")
    expect(page.locator("#tool option").first).to_have_text("placera / ta bort en pjäs")
    assert page.title() == "Analysbräde för Coerceo · Spelbord"
    page.goto(people.server.url(f"/puzzles/coerceo?id={p.id}"))
    expect(page.locator("body")).to_have_attribute("data-puzzle", p.id)
    task = (
        "Vit drar och vinner material." if p.side == "white" else "Svart drar och vinner material."
    )
    expect(page.locator("#task")).to_have_text(task)
    expect(page.locator("#meta")).to_contain_text(f"Problem {p.id} · ")
    assert page.title() == "Problem i Coerceo · Spelbord"

"""The puzzle and analysis API: puzzles without their solutions, server-side checks, a
bounded and rate-limited engine analysis, the parser's error for bad positions, both
Coerceo boards, games without study features (404), and fair play: a table's analysis
link (never while people play each other, only for its player against the computer, for
anyone once it is finished) and the board refusing a live game's position."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from toygame import ToyHidden

from conftest import act, create
from spelbord.core import State
from spelbord.core.extras import Extras, Study
from spelbord.games.coerceo.game import CoerceoGame
from spelbord.games.coerceo.position import parse_position
from spelbord.games.coerceo.study import analysis as coerceo_analysis
from spelbord.games.coerceo.study import puzzles
from spelbord.server.web import study
from spelbord.server.web.ratelimit import RateLimits

START = (
    "white: a3:3 a3:5 a4:3 b2:5 b3:3 b3:5 b5:1 c4:1 c4:5 c5:1 c5:5 d1:1 d2:1 d2:3 d4:5 e1:1 "
    "e1:3 e2:3; black: a4:0 a5:0 a5:4 b2:2 b4:0 b4:4 b5:4 c1:2 c1:4 c2:2 c2:4 d1:4 d3:0 d3:2 "
    "d4:2 e2:0 e3:0 e3:2; tiles: all; collected: 0 0; move: white"
)


def test_pages_are_served_per_game_and_the_old_urls_redirect(client: Any) -> None:
    for path in ("/puzzles/coerceo", "/analysis/coerceo"):
        response = client.get(path)
        assert response.status_code == 200
        assert "<html" in response.text
    for old, new in (("/puzzles", "/puzzles/coerceo"), ("/analysis", "/analysis/coerceo")):
        response = client.get(old, follow_redirects=False)
        assert response.status_code == 307 and response.headers["location"] == new
    moved = client.get("/analysis?variant=ocius", follow_redirects=False)
    assert moved.headers["location"] == "/analysis/coerceo?variant=ocius"


def test_games_say_which_study_features_they_offer(client: Any) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert games["coerceo"]["study"] == ["analysis", "puzzles"]
    assert games["toy-open"]["study"] == []
    assert client.get("/api/study").json()["games"]["coerceo"] == ["analysis", "puzzles"]


@pytest.mark.parametrize(
    ("method", "path", "message"),
    [
        ("get", "/puzzles/toy-open", "toy-open offers no puzzles (games with puzzles: coerceo)"),
        ("get", "/api/puzzles/toy-open", "toy-open offers no puzzles"),
        ("get", "/api/puzzles/toy-open/c0001", "toy-open offers no puzzles"),
        ("post", "/api/puzzles/toy-open/c0001/check", "toy-open offers no puzzles"),
        ("get", "/analysis/toy-open", "toy-open offers no analysis board (games with an"),
        ("post", "/api/analyse/toy-open", "toy-open offers no analysis board"),
        ("get", "/api/analyse/toy-open/start", "toy-open offers no analysis board"),
        ("post", "/api/analyse/toy-open/board", "toy-open offers no analysis board"),
        ("get", "/api/puzzles/toy-open/c0001/hint", "toy-open offers no puzzles"),
        ("get", "/analysis/chess", "no game named 'chess'"),
        ("get", "/api/puzzles/chess", "no game named 'chess'"),
    ],
)
def test_a_game_without_the_study_hook_gets_404(
    client: Any, method: str, path: str, message: str
) -> None:
    response = getattr(client, method)(path)
    assert response.status_code == 404
    assert message in response.json()["error"]


def test_puzzle_list_and_one_puzzle_hide_the_solution(client: Any) -> None:
    listed = client.get("/api/puzzles/coerceo").json()["puzzles"]
    assert len(listed) >= 200
    assert "solution" not in listed[0]
    one = client.get(f"/api/puzzles/coerceo/{listed[0]['id']}").json()
    assert "solution" not in one
    assert one["view"]["legal"] and one["view"]["observation"]["pieces"]
    assert client.get("/api/puzzles/coerceo/zzz").status_code == 404


def test_a_move_is_checked_on_the_server(client: Any) -> None:
    p = puzzles.load()[0]
    url = f"/api/puzzles/coerceo/{p.id}/check"
    assert client.post(url, json={"move": p.solution[0]}).json()["correct"] is True
    state = p.state()
    wrong = next(
        state.action_to_string(a)
        for a in state.legal_actions()
        if state.action_to_string(a) != p.solution[0]
    )
    assert client.post(url, json={"move": wrong}).json()["correct"] is False
    bad = client.post(url, json={"move": "a1:0-a1:2"})
    assert bad.status_code == 400 and "not a legal action" in bad.json()["error"]
    assert client.post(url, json={"nomove": 1}).status_code == 400


def test_hints_tell_the_piece_then_the_move_and_nothing_more(client: Any) -> None:
    p = puzzles.load()[0]
    url = f"/api/puzzles/coerceo/{p.id}/hint"
    state = p.state()
    said = state.action_to_dict(state.string_to_action(p.solution[0]))
    first = client.get(url).json()
    assert first == {"id": p.id, "step": 1, "kind": said["kind"], "from": said["from"]}
    second = client.get(url, params={"step": 2}).json()
    assert second["move"] == p.solution[0] and second["action"]["to"] == said["to"]
    assert "solution" not in first and "solution" not in second
    assert client.get(url, params={"step": 3}).status_code == 400
    assert client.get("/api/puzzles/coerceo/zzz/hint").status_code == 404


def test_the_board_plays_a_move_and_gives_the_next_position(client: Any) -> None:
    url = "/api/analyse/coerceo/board"
    here = client.post(url, json={"position": START}).json()
    assert here["position"] == START and here["move"] is None
    assert len(here["view"]["legal"]) == 48 and here["view"]["to_move"] == 0
    move = here["view"]["legal"][0]["text"]
    after = client.post(url, json={"position": START, "move": move}).json()
    assert after["move"] == move and after["view"]["to_move"] == 1
    state = parse_position(START)
    state.apply_action(state.string_to_action(move))
    assert after["position"] == coerceo_analysis.CoerceoAnalysis().text(state)
    # a capture comes with its marks (``State.move_marks``)
    text = "white: c2:5 d3:3; black: b4:4 c4:0 d2:0 d3:4; tiles: b4 c2 c3 c4 d2 d3; move: black"
    taken = client.post(url, json={"position": text, "move": "d2:0-d3:2"}).json()
    assert taken["marks"] == ["capture", "tile"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"position": START, "move": "c3:0-c3:2"}, "not a legal action"),
        ({"position": START, "move": "a1:0-a1:2"}, "no tile a1"),
        ({"position": START, "move": "x" * 101}, "at most 100 characters"),
        ({"position": START, "move": 7}, "move must be"),
        ({"position": "nonsense"}, "expected one of"),
        ({"move": "c4:5-c3:1"}, "expected"),
    ],
)
def test_the_board_refuses_bad_moves_and_positions(
    client: Any, body: dict[str, Any], message: str
) -> None:
    response = client.post("/api/analyse/coerceo/board", json=body)
    assert response.status_code == 400 and message in response.json()["error"]


def test_the_solution_comes_with_a_frame_per_move(client: Any) -> None:
    p = puzzles.load()[0]
    data = client.get(f"/api/puzzles/coerceo/{p.id}/solution").json()
    assert data["solution"] == list(p.solution)
    assert [f["move"] for f in data["frames"]] == list(p.solution[: len(data["frames"])])
    assert data["frames"][0]["view"]["ply"] == 1


def test_analysis_gives_evaluation_line_top_moves_and_threats(client: Any) -> None:
    p = puzzles.load()[0]
    data = client.post("/api/analyse/coerceo", json={"position": p.position, "seconds": 0.3})
    assert data.status_code == 200, data.text
    r = data.json()
    assert r["depth"] >= 1 and r["line"] and r["seconds"] <= study.MAX_SECONDS + 0.5
    assert r["top"][0]["move"] == p.solution[0]
    assert len(r["top"]) == coerceo_analysis.TOP_MOVES
    assert isinstance(r["threats"], list)
    assert r["evaluation"]


def test_the_search_time_is_bounded(client: Any) -> None:
    r = client.post("/api/analyse/coerceo", json={"position": START, "seconds": 30}).json()
    assert r["seconds"] <= study.MAX_SECONDS + 0.3


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("white: c3:1; black: c3:0 c3:1; tiles: c3 c4", "white field"),
        ("white: a1:1; black: c3:0", "no tile a1"),
        ("white: c4:1; black: c3:0; tiles: c3", "missing tile"),
        ("nonsense", "expected one of"),
        (  # R8: the centre cannot have gone while its six neighbours stayed
            "white: b3:1 c4:1 d2:1; black: b4:0 c2:0 d3:0; tiles: b3 b4 c2 c4 d2 d3",
            "could never have been removed",
        ),
    ],
)
def test_a_bad_position_gets_the_parsers_error(client: Any, text: str, message: str) -> None:
    response = client.post("/api/analyse/coerceo", json={"position": text})
    assert response.status_code == 400
    assert message in response.json()["error"]


def test_too_many_analyses_are_refused(make_client: Any, sqlite_url: str) -> None:
    with make_client(sqlite_url, rate_limits=RateLimits(analyse="1/minute")) as client:
        _two_analyses(client)


def _two_analyses(client: Any) -> None:
    first = client.post("/api/analyse/coerceo", json={"position": START, "seconds": 0.05})
    assert first.status_code == 200
    second = client.post("/api/analyse/coerceo", json={"position": START, "seconds": 0.05})
    assert second.status_code == 429
    assert "too many requests to analyse a position" in second.json()["error"]


def test_the_ocius_board_is_analysed_under_its_options(client: Any) -> None:
    start = client.get("/api/analyse/coerceo/start", params={"variant": "ocius"}).json()
    assert start["options"]["variant"] == "ocius" and "tiles: ocius" in start["position"]
    r = client.post(
        "/api/analyse/coerceo",
        json={"position": start["position"], "options": {"variant": "ocius"}, "seconds": 0.2},
    )
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["view"]["options"]["variant"] == "ocius"
    assert data["line"] and data["top"] and data["scores"][0] == -data["scores"][1]
    assert len(data["view"]["observation"]["tiles"]) == 7
    # A Laurentius position does not fit the short board: the parser says why.
    bad = client.post(
        "/api/analyse/coerceo", json={"position": START, "options": {"variant": "ocius"}}
    )
    assert bad.status_code == 400 and "not on the ocius board" in bad.json()["error"]
    wrong = client.post("/api/analyse/coerceo", json={"position": START, "options": {"x": 1}})
    assert wrong.status_code == 400 and "no option 'x'" in wrong.json()["error"]


def test_a_hand_set_position_with_collected_tiles_and_black_to_move(client: Any) -> None:
    text = "white: c3:1 c4:3; black: c3:0 d3:2; tiles: c3 c4 d3; collected: 2 1; move: black"
    r = client.post("/api/analyse/coerceo", json={"position": text, "seconds": 0.1})
    assert r.status_code == 200, r.text
    assert r.json()["side"] == "black" and r.json()["view"]["observation"]["collected"] == [2, 1]
    too_many = text.replace("collected: 2 1", "collected: 9 9")
    bad = client.post("/api/analyse/coerceo", json={"position": too_many})
    assert "exceed the 16 tiles removed" in bad.json()["error"]


def _table_analysis(client: TestClient, table: str, **params: Any) -> Any:
    return client.get(f"/api/tables/{table}/analysis", params=params)


def test_a_live_game_against_the_computer_is_analysed_only_by_its_player_to_move(
    client: TestClient,
) -> None:
    """One person against the computer may analyse their own position while it is their
    move (docs/fair-play.md); nobody else, and no other ply, until the game is over."""
    made = create(client, "coerceo", ["local", "ai:random"])
    table, token = made["table"], made["tokens"]["0"]
    mine = _table_analysis(client, table, token=token, ply=0)
    assert mine.status_code == 200, mine.text
    data = mine.json()
    start = CoerceoGame().new_initial_state()
    assert parse_position(data["position"]).pieces(0) == start.pieces(0)
    assert data["url"].startswith("/analysis/coerceo#white%3A")
    spectator = _table_analysis(client, table)
    assert spectator.status_code == 403 and "spectators wait" in spectator.json()["error"]
    earlier = _table_analysis(client, table, token=token, ply=1)
    assert earlier.status_code == 403 and "current position" in earlier.json()["error"]
    assert _table_analysis(client, table, token="forged").status_code == 403
    # Once the game is over, anyone may analyse any position of it.
    client.post(f"/api/tables/{table}/resign", json={"token": token})
    after = _table_analysis(client, table, ply=0)
    assert after.status_code == 200 and after.json()["position"] == data["position"]
    assert _table_analysis(client, table, ply=5).status_code == 400


@pytest.mark.parametrize("kinds", [["local", "local"], ["local", "invite"], ["local", "open"]])
def test_a_live_game_between_people_is_analysed_by_nobody_until_it_is_over(
    client: TestClient, kinds: list[str]
) -> None:
    """Fair play: no engine help for either player (nor a spectator, who could pass it
    on) while people play each other; after the game, analysis for all."""
    made = create(client, "coerceo", kinds)
    table, token = made["table"], made["tokens"]["0"]
    if kinds[1] == "invite":
        code = made["invites"]["1"].rsplit("/", 1)[-1]
        assert client.post(f"/api/tables/{table}/claim", json={"invite": code}).status_code == 200
    elif kinds[1] == "open":
        assert client.post(f"/api/tables/{table}/claim", json={"seat": 1}).status_code == 200
    for who in ({"token": token, "ply": 0}, {"token": token}, {}):
        refused = _table_analysis(client, table, **who)
        assert refused.status_code == 403, refused.text
        assert "people play each other" in refused.json()["error"]
    swedish = client.get(f"/api/tables/{table}/analysis", params={"token": token, "lang": "sv"})
    assert "människor spelar mot varandra" in swedish.json()["message"]
    client.post(f"/api/tables/{table}/resign", json={"token": token})
    after = _table_analysis(client, table, ply=0)
    assert after.status_code == 200, after.text


def test_a_game_of_the_computer_against_itself_is_analysed_by_anyone(client: TestClient) -> None:
    made = create(client, "coerceo", ["ai:random", "ai:random"])
    r = _table_analysis(client, made["table"], ply=0)
    assert r.status_code == 200, r.text


def test_the_analysis_board_refuses_the_position_of_a_live_game_between_people(
    client: TestClient,
) -> None:
    """The analysis board (``POST /api/analyse``) does not evaluate the position of a
    live game between people past its opening, nor one a move away from it (a player's
    candidate move), whoever asks; once that game is over it does, and other positions
    always. The opening's positions are every game's: they stay open."""
    made = create(client, "coerceo", ["local", "local"], options={"variant": "ocius"})
    table, tokens = made["table"], made["tokens"]
    board = coerceo_analysis.CoerceoAnalysis()
    state = CoerceoGame(variant="ocius").new_initial_state()
    ocius = {"variant": "ocius"}
    start = board.text(state)
    for ply in range(study.OPENING_PLIES):
        opening = client.post(
            "/api/analyse/coerceo", json={"position": start, "options": ocius, "seconds": 0.05}
        )
        assert opening.status_code == 200, (ply, opening.text)  # the start is everyone's
        action = state.legal_actions()[0]
        assert (
            act(client, table, tokens[str(state.current_player())], action, ply).status_code == 200
        )
        state.apply_action(action)
    here = board.text(state)
    child = state.clone()
    child.apply_action(state.legal_actions()[0])
    for text in (here, board.text(child)):
        r = client.post(
            "/api/analyse/coerceo", json={"position": text, "options": ocius, "seconds": 0.05}
        )
        assert r.status_code == 403, r.text
        assert f"live game between people (table {table})" in r.json()["error"]
    # the same board under other options is another position
    other = client.post("/api/analyse/coerceo", json={"position": START, "seconds": 0.05})
    assert other.status_code == 200, other.text
    client.post(f"/api/tables/{table}/resign", json={"token": tokens["1"]})
    after = client.post(
        "/api/analyse/coerceo", json={"position": here, "options": ocius, "seconds": 0.05}
    )
    assert after.status_code == 200, after.text


def test_a_table_on_the_ocius_board_links_with_its_option(client: TestClient) -> None:
    made = create(client, "coerceo", ["local", "ai:random"], options={"variant": "ocius"})
    r = _table_analysis(client, made["table"], token=made["tokens"]["0"])
    assert r.status_code == 200, r.text
    assert r.json()["url"].startswith("/analysis/coerceo?variant=ocius#")


class _Peek:
    """An analyser of a hidden-information game (it must never see a live game)."""

    def parse(self, text: str, game: Any) -> State:
        raise AssertionError("not called")

    def text(self, state: State) -> str:
        return "everything"

    def analyse(self, state: State, seconds: float) -> dict[str, Any]:
        raise AssertionError("not called")


def test_a_live_game_with_hidden_information_is_never_analysed(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ToyHidden, "extras", Extras(study=Study(analysis=f"{__name__}:_Peek")))
    made = create(client, "toy-hidden", ["local", "local"])
    for token in made["tokens"].values():
        r = _table_analysis(client, made["table"], token=token)
        assert r.status_code == 403 and "hides information" in r.json()["error"]


def test_a_game_without_an_analyser_has_no_table_analysis(client: TestClient) -> None:
    made = create(client, "toy-open", ["local", "local"])
    r = _table_analysis(client, made["table"], token=made["tokens"]["0"])
    assert r.status_code == 404 and "toy-open offers no analysis board" in r.json()["error"]


def test_the_lobby_gets_each_levels_time_per_move_and_rating(client: TestClient) -> None:
    levels = client.get("/api/levels/coerceo").json()["levels"]
    assert [lv["level"] for lv in levels] == ["easy", "medium", "hard", "master"]
    by = {lv["level"]: lv for lv in levels}
    assert by["hard"]["budget"] == "0.3 s" and by["master"]["budget"] == "2 s"
    assert by["easy"]["rating"]["elo"] == 0
    hard = by["hard"]["rating"]
    assert hard["low"] <= hard["elo"] <= hard["high"] and hard["elo"] > 0
    gunst = client.get("/api/levels/gunst").json()["levels"]  # from its stored round robin
    # gunst-eq's spec has no budget: the lobby shows its stated bound, not "instant".
    assert {lv["level"]: lv["budget"] for lv in gunst} == {
        "easy": "instant",
        "medium": "instant",
        "hard": "2 s",
        "master": "10 s",
    }
    assert {lv["level"]: lv["per_move"] for lv in gunst}["hard"] == {"seconds": 2.0}
    assert all(lv["rating"]["low"] <= lv["rating"]["elo"] <= lv["rating"]["high"] for lv in gunst)
    gunst_elo = {lv["level"]: lv["rating"]["elo"] for lv in gunst}
    assert gunst_elo["easy"] < gunst_elo["hard"]  # the hoarder plan below the solver
    assert client.get("/api/levels/chess").status_code == 404

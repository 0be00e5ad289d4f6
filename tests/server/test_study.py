"""The puzzle and analysis API: puzzles without their solutions, server-side checks, a
bounded and rate-limited engine analysis, and the parser's error for bad positions."""

from __future__ import annotations

from typing import Any

import pytest

from spelbord.games.coerceo import puzzles
from spelbord.server import study
from spelbord.server.ratelimit import RateLimits

START = (
    "white: a3:3 a3:5 a4:3 b2:5 b3:3 b3:5 b5:1 c4:1 c4:5 c5:1 c5:5 d1:1 d2:1 d2:3 d4:5 e1:1 "
    "e1:3 e2:3; black: a4:0 a5:0 a5:4 b2:2 b4:0 b4:4 b5:4 c1:2 c1:4 c2:2 c2:4 d1:4 d3:0 d3:2 "
    "d4:2 e2:0 e3:0 e3:2; tiles: all; collected: 0 0; move: white"
)


def test_pages_are_served(client: Any) -> None:
    for path in ("/puzzles", "/analysis"):
        response = client.get(path)
        assert response.status_code == 200
        assert "<html" in response.text


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
    assert len(r["top"]) == study.TOP_MOVES
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

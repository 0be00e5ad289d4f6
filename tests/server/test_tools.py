"""Game tools on the web (server/web/tools.py): Omringad's battle calculator through its JSON
API (bounded input, 400 on bad input, 404 for unknown games and tools, 429 when over the
limit), and the odds of a live battle in each seat's view, from that seat's observation."""

from __future__ import annotations

from typing import Any

from tests.games.omringad.positions import battle_at, position

from spelbord.games.omringad.tools import odds as odds_tool
from spelbord.server.tables.views import build_view
from spelbord.server.web.ratelimit import RateLimits


def test_the_calculator_api(client: Any) -> None:
    """R41, R47: one mercenary against another, 635/1331 each way."""
    desc = client.get("/api/tools/omringad/odds").json()
    assert desc["page"] == "odds.js" and desc["limits"]["max_units"] == odds_tool.MAX_UNITS
    assert [f["name"] for f in desc["fields"]][:3] == ["attack", "defend", "terrain"]
    r = client.post("/api/tools/omringad/odds", json={"attack": "M", "defend": "mercenary"})
    assert r.status_code == 200
    first = r.json()["outcomes"][0]
    assert first == {"outcome": "attacker wins", "p": 635 / 1331, "exact": "635/1331"}
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert games["omringad"]["tools"] == [
        {"name": "odds", "title": "Battle calculator", "page": "/tools/omringad/odds"}
    ]
    assert games["coerceo"]["tools"] == []
    assert client.get("/tools/omringad/odds").status_code == 200


def test_bad_input_is_refused(client: Any) -> None:
    url = "/api/tools/omringad/odds"
    for body, words in [
        ({"attack": "2 knights", "defend": "M"}, "cannot read"),
        ({"attack": "M" * 13, "defend": "M"}, "at most 12 units"),
        ({"attack": "M", "defend": "M", "terrain": "lake"}, "terrain"),
        ({"attack": "M", "defend": "M", "colour": "red"}, "not colour"),
        ({"attack": "M"}, "defend: required"),
        ({"attack": "M" * 500, "defend": "M"}, "at most"),
        ({"attack": 3, "defend": "M"}, "a text"),
        (["M", "M"], "JSON object"),
    ]:
        r = client.post(url, json=body)
        assert r.status_code == 400, body
        assert words in r.json()["error"], (body, r.json())
    assert client.post(url, content=b"{").status_code == 400
    assert client.post("/api/tools/nogame/odds", json={}).status_code == 404
    assert client.post("/api/tools/coerceo/odds", json={}).status_code == 404
    assert client.get("/tools/coerceo/odds").status_code == 404


def test_too_many_calculations_are_refused(make_client: Any, sqlite_url: str) -> None:
    with make_client(sqlite_url, rate_limits=RateLimits(tool="2/minute")) as client:
        for _ in range(2):
            body = {"attack": "M", "defend": "M"}
            assert client.post("/api/tools/omringad/odds", json=body).status_code == 200
        r = client.post("/api/tools/omringad/odds", json={"attack": "M", "defend": "M"})
        assert r.status_code == 429 and "use a game's tool" in r.json()["error"]


def _view(state: Any, viewer: int | None) -> dict[str, Any]:
    return build_view(
        table_id="t",
        status="running",
        state=state,
        records=[],
        viewer=viewer,
        seats=[],
        result=None,
    )


def test_each_seat_sees_the_odds_of_the_battle_from_its_own_observation() -> None:
    """R80: everything in a battle is shown to all, so every seat (and a spectator) gets
    the same odds, computed from its own observation."""
    st = battle_at("A c3", [(1, "GMe"), (0, "RRA")])
    views = [_view(st, v) for v in (0, 1, None)]
    shown = [v["tools"]["odds"] for v in views]
    assert shown[0] == shown[1] == shown[2]
    assert shown[0] == odds_tool.live(st.observation(0))
    assert shown[0]["attacker"] == "ARR" and shown[0]["defender"] == "MeG"
    assert shown[0]["attacker_owner"] == 0 and shown[0]["defender_owner"] == 1
    assert abs(sum(o["p"] for o in shown[0]["outcomes"]) - 1) < 1e-9


def test_no_odds_outside_a_battle() -> None:
    """Before the battle phase the stacks under the tops are hidden (R81): no odds."""
    st = position({"A c3": (0, "GMM"), "B c3": (1, "RRA")})
    assert _view(st, 0)["tools"] == {} and _view(st, 1)["tools"] == {}


def test_odds_mid_step_follow_the_dice_rolled() -> None:
    """A step under way: the dice rolled count (R40); after the last one, the pending hits."""
    st = battle_at("A c3", [(1, "M"), (0, "M")])
    before = _view(st, 0)["tools"]["odds"]
    st.apply_action(5)  # the attacker's die shows 6: a hit
    during = _view(st, 0)["tools"]["odds"]
    assert during["battle"].endswith("rolled aM+")
    p = {o["outcome"]: o["p"] for o in during["outcomes"]}
    q = {o["outcome"]: o["p"] for o in before["outcomes"]}
    assert p["attacker wins"] > q["attacker wins"]

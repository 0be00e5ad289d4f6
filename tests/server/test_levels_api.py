"""The AI levels the lobby offers (GET /api/games/{name}/levels): rating and time a move."""

from __future__ import annotations

from fastapi.testclient import TestClient

from spelbord.ai.levels import specs, time_per_move


def test_levels_list_each_levels_spec_time_per_move_and_rating(client: TestClient) -> None:
    levels = client.get("/api/games/omringad/levels").json()
    assert [lv["agent"] for lv in levels] == [
        "level:easy",
        "level:medium",
        "level:hard",
        "level:master",
    ]
    for lv in levels:
        assert lv["spec"] == specs("omringad")[lv["level"]]
        assert lv["seconds_per_move"] == time_per_move("omringad", lv["level"]) > 0
        assert lv["elo"] is None or isinstance(lv["elo"], (int, float))
    hard = next(lv for lv in levels if lv["level"] == "hard")
    assert hard["seconds_per_move"] == 0.5


def test_a_game_without_levels_has_none_and_an_unknown_game_is_an_error(
    client: TestClient,
) -> None:
    assert client.get("/api/games/toy-open/levels").json() == []
    missing = client.get("/api/games/no-such-game/levels")
    assert missing.status_code == 404 and "error" in missing.json()


def test_the_lobby_table_and_the_game_list_share_the_levels_specs_and_times(
    client: TestClient,
) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    coerceo = client.get("/api/levels/coerceo").json()["levels"]
    listed = client.get("/api/games/coerceo/levels").json()
    assert {lv["level"]: lv["spec"] for lv in coerceo} == games["coerceo"]["levels"]
    assert [lv["spec"] for lv in coerceo] == [lv["spec"] for lv in listed]
    by = {lv["level"]: lv["per_move"] for lv in coerceo}
    assert by == {
        "easy": {"depth": 1},
        "medium": {"depth": 3},
        "hard": {"seconds": 0.3},
        "master": {"seconds": 2.0},
    }
    omringad = client.get("/api/levels/omringad").json()["levels"]
    assert [lv["per_move"] for lv in omringad] == [{}, {}, {"seconds": 0.5}, {"seconds": 2.0}]

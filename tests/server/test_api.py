"""The HTTP API: lobby, seats and tokens, actions, resign, and every kind of bad input."""

from __future__ import annotations

from fastapi.testclient import TestClient

from conftest import act, create, play_out, view


def test_games_list_every_registered_game_with_its_renderer(client: TestClient) -> None:
    games = client.get("/api/games").json()
    by_name = {g["name"]: g for g in games}
    assert by_name["toy-hidden"]["information"] == "imperfect"
    assert by_name["toy-open"]["renderer"] == "/games/toy-open/renderer.js"


def test_games_list_each_games_ai_levels_easiest_first(client: TestClient) -> None:
    by_name = {g["name"]: g for g in client.get("/api/games").json()}
    assert list(by_name["omringad"]["levels"]) == ["easy", "medium", "hard", "master"]
    assert by_name["omringad"]["levels"]["hard"] == "portfolio:500ms:wide=move"
    assert by_name["toy-open"]["levels"] == {}  # a game without a level table


def test_create_local_table_starts_and_deals_chance_at_once(client: TestClient) -> None:
    made = create(client, "toy-hidden", ["local", "local"])
    assert set(made["tokens"]) == {"0", "1"} and made["invites"] == {}
    v = view(client, made["table"], made["tokens"]["0"])
    assert v["status"] == "running" and v["seat"] == 0
    assert v["ply"] == 2 and v["to_move"] == -2 and v["your_turn"]
    assert [m["text"] for m in v["moves"]] == ["chance", "chance"]
    assert v["observation"]["cards"][1] is None and v["observation"]["cards"][0] in (0, 1, 2)
    assert [a["action"] for a in v["legal"]] == [10, 11]


def test_open_seats_are_claimed_from_the_lobby_then_the_table_starts(client: TestClient) -> None:
    made = create(client, "toy-open", ["open", "open"])
    table = made["table"]
    lobby = client.get("/api/tables").json()
    assert [t["table"] for t in lobby["open"]] == [table]
    first = client.post(f"/api/tables/{table}/claim", json={"seat": 0, "name": "Astrid"}).json()
    assert first["seat"] == 0 and len(first["token"]) >= 32
    assert view(client, table)["status"] == "waiting"
    again = client.post(f"/api/tables/{table}/claim", json={"seat": 0})
    assert again.status_code == 409 and "taken" in again.json()["error"]
    client.post(f"/api/tables/{table}/claim", json={"seat": 1})
    v = view(client, table, first["token"])
    assert v["status"] == "running" and v["seats"][0]["name"] == "Astrid"
    lobby = client.get("/api/tables").json()
    assert [t["table"] for t in lobby["running"]] == [table] and lobby["open"] == []


def test_invite_links_claim_their_seat_only(client: TestClient) -> None:
    made = create(client, "toy-open", ["local", "invite"])
    link = made["invites"]["1"]
    _, join, table, code = link.split("/")
    assert join == "join" and table == made["table"]
    assert client.post(f"/api/tables/{table}/claim", json={"seat": 1}).status_code == 403
    assert client.post(f"/api/tables/{table}/claim", json={"invite": "x" + code}).status_code == 404
    claimed = client.post(f"/api/tables/{table}/claim", json={"invite": code}).json()
    assert claimed["seat"] == 1
    assert view(client, table)["status"] == "running"
    assert client.get(link).status_code == 200


def test_a_full_game_to_the_end_and_its_result(client: TestClient) -> None:
    made = create(client, "toy-open", ["local", "local"])
    final = play_out(client, made["table"], made["tokens"])
    assert final["result"]["termination"] == "ended" and final["to_move"] == -4
    # one entry per ply: two deals, the two bids as one joint entry, four additions
    assert len(final["moves"]) == final["ply"] == 2 + 1 + 4
    assert [p["seat"] for p in final["moves"][2]["parts"]] == [0, 1]
    lobby = client.get("/api/tables").json()
    assert [t["table"] for t in lobby["finished"]] == [made["table"]]


def test_out_of_turn_is_refused_and_changes_nothing(client: TestClient) -> None:
    made = create(client, "toy-open", ["local", "local"])
    t, tokens = made["table"], made["tokens"]
    for seat in ("0", "1"):
        assert act(client, t, tokens[seat], 10, 2).status_code == 200
    before = view(client, t, tokens["0"])
    assert before["to_move"] == 0
    r = act(client, t, tokens["1"], 0, before["ply"])
    assert r.status_code == 400 and "not seat 1's turn" in r.json()["error"]
    assert view(client, t, tokens["0"]) == before


def test_forged_missing_and_spectator_tokens_cannot_act(client: TestClient) -> None:
    made = create(client, "toy-open", ["local", "local"])
    t = made["table"]
    before = view(client, t)
    forged = act(client, t, made["tokens"]["0"][:-2] + "xy", 10, 2)
    assert forged.status_code == 403 and "token" in forged.json()["error"]
    missing = client.post(f"/api/tables/{t}/action", json={"action": 10, "ply": 2})
    assert missing.status_code == 400 and "token" in missing.json()["error"]
    assert client.get(f"/api/tables/{t}/view", params={"token": "nope"}).status_code == 403
    assert view(client, t) == before


def test_stale_ply_is_a_clear_conflict(client: TestClient) -> None:
    made = create(client, "toy-open", ["local", "local"])
    t, tokens = made["table"], made["tokens"]
    r = act(client, t, tokens["0"], 10, 1)
    assert r.status_code == 409 and "ply 1" in r.json()["error"]
    assert view(client, t, tokens["0"])["your_turn"]


def test_illegal_actions_and_double_submissions_change_nothing(client: TestClient) -> None:
    made = create(client, "toy-open", ["local", "local"])
    t, tokens = made["table"], made["tokens"]
    assert act(client, t, tokens["0"], 99, 2).status_code == 400
    assert act(client, t, tokens["0"], 11, 2).status_code == 200
    twice = act(client, t, tokens["0"], 10, 2)
    assert twice.status_code == 409 and "already" in twice.json()["error"]
    v0 = view(client, t, tokens["0"])
    assert not v0["your_turn"] and v0["legal"] == [] and v0["ply"] == 2
    assert view(client, t, tokens["1"])["your_turn"]


def test_malformed_and_oversized_requests(client: TestClient) -> None:
    made = create(client, "toy-open", ["local", "local"])
    t = made["table"]
    bad = client.post(f"/api/tables/{t}/action", content=b"{not json")
    assert bad.status_code == 400 and "malformed JSON" in bad.json()["error"]
    huge = client.post(f"/api/tables/{t}/action", content=b"[" + b"1," * 40000 + b"1]")
    assert huge.status_code == 413 and "too large" in huge.json()["error"]
    wrong = client.post(f"/api/tables/{t}/action", json={"token": "a", "action": "x", "ply": 2})
    assert wrong.status_code == 400 and "integer 'action'" in wrong.json()["error"]
    assert client.post("/api/tables", json=[1, 2]).status_code == 400


def test_unknown_games_tables_and_bad_seats(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "chess", "seats": [{"kind": "local"}] * 2})
    assert r.status_code == 404 and "no game named 'chess'" in r.json()["error"]
    r = client.post("/api/tables", json={"game": "toy-open", "seats": [{"kind": "local"}]})
    assert r.status_code == 400 and "2 seats" in r.json()["error"]
    r = client.post("/api/tables", json={"game": "toy-open", "seats": [{"kind": "robot"}] * 2})
    assert r.status_code == 400
    r = client.post(
        "/api/tables",
        json={"game": "toy-open", "seats": [{"kind": "ai", "agent": "oracle"}, {"kind": "open"}]},
    )
    assert r.status_code == 400 and "oracle" in r.json()["error"]
    r = client.post(
        "/api/tables",
        json={"game": "toy-open", "options": {"x": 1}, "seats": [{"kind": "open"}] * 2},
    )
    assert r.status_code == 400 and "no option 'x'" in r.json()["error"]
    for path in ("/api/tables/nope/view", "/api/tables/nope/replay", "/api/tables/nope/export"):
        r = client.get(path)
        assert r.status_code == 404 and "no table" in r.json()["error"]
    assert act(client, "nope", "t", 1, 0).status_code == 404


def test_actions_before_the_table_starts_are_refused(client: TestClient) -> None:
    made = create(client, "toy-open", ["local", "open"])
    r = act(client, made["table"], made["tokens"]["0"], 10, 0)
    assert r.status_code == 409 and "not started" in r.json()["error"]


def test_resign_is_a_platform_action_the_others_win(client: TestClient) -> None:
    made = create(client, "toy-hidden", ["local", "local"])
    t, tokens = made["table"], made["tokens"]
    r = client.post(f"/api/tables/{t}/resign", json={"token": tokens["1"]})
    assert r.status_code == 200
    v = r.json()
    assert v["status"] == "finished" and v["to_move"] == -4
    assert v["result"] == {"returns": [1.0, -1.0], "termination": "resign", "text": "1-0"}
    again = client.post(f"/api/tables/{t}/resign", json={"token": tokens["0"]})
    assert again.status_code == 409 and "over" in again.json()["error"]
    assert act(client, t, tokens["0"], 10, v["ply"]).status_code == 409
    record = client.get(f"/api/tables/{t}/export").json()
    assert record["resigned"] == 1 and record["result"]["termination"] == "resign"


def test_rules_page_renderer_and_pages(client: TestClient) -> None:
    r = client.get("/rules/coerceo")
    assert r.status_code == 200 and "<h1" in r.text and "Coerceo" in r.text
    r = client.get("/rules/toy-open")
    assert r.status_code == 404 and "no rules document" in r.json()["error"]
    assert client.get("/rules/chess").status_code == 404
    js = client.get("/games/coerceo/renderer.js")
    assert js.status_code == 200 and "export function render" in js.text
    assert "javascript" in js.headers["content-type"]
    r = client.get("/games/toy-open/renderer.js")
    assert r.status_code == 404 and "no web renderer" in r.json()["error"]
    assert client.get("/games/chess/renderer.js").status_code == 404
    for page in ("/", "/table/abc", "/replay/abc"):
        assert client.get(page).headers["content-type"].startswith("text/html")

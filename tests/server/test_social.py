"""Draw offers, takebacks and rematches (docs/time-controls.md, "Draws, takebacks and
rematches"; ``server/tables/social.py``): each rule, its refusals (4xx, nothing changes),
its bounds, and a table read back from the store after a crash.

``toy-open`` (toygame.py): the deal (plies 0-1, chance), both seats bid at once (ply 2, a
secret choice), then seats 0 and 1 add in turn (plies 3-6).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from players_helpers import play_seat, players_app, sign_up

from conftest import Factory, act, create, view
from spelbord.server.tables.social import DRAW_OFFERS, TAKEBACKS


def post(client: TestClient, table: str, what: str, token: str | None, do: str = "offer") -> Any:
    body: dict[str, Any] = {"do": do}
    if token is not None:
        body["token"] = token
    return client.post(f"/api/tables/{table}/{what}", json=body)


def ok(client: TestClient, table: str, what: str, token: str, do: str = "offer") -> Any:
    r = post(client, table, what, token, do)
    assert r.status_code == 200, r.text
    return r.json()


def refused(
    client: TestClient, table: str, what: str, token: str | None, words: str, do: str = "offer"
) -> None:
    """The request is refused with a 4xx naming ``words`` and the table does not change."""
    before = view(client, table)
    r = post(client, table, what, token, do)
    assert 400 <= r.status_code < 500, r.text
    assert words in r.json()["error"], r.json()
    assert view(client, table) == before | {"game_clock": view(client, table)["game_clock"]}


def toy_at_adds(client: TestClient, kinds: list[str] | None = None) -> tuple[str, dict[str, str]]:
    """A ``toy-open`` table after the deal and the bids: seat 0 adds next (ply 3)."""
    t = create(client, "toy-open", kinds or ["local", "local"])
    table, tok = t["table"], t["tokens"]
    assert act(client, table, tok["0"], 10, 2).status_code == 200
    if "1" in tok:
        assert act(client, table, tok["1"], 10, 2).status_code == 200
    wait_ply(client, table, 3)  # (an AI seat bids on its own)
    return table, tok


def wait_ply(client: TestClient, table: str, ply: int) -> dict[str, Any]:
    end = time.monotonic() + 10
    while (v := view(client, table))["ply"] < ply:
        assert time.monotonic() < end, v
        time.sleep(0.02)
    return v


# ---------------------------------------------------------------------- draws
def test_an_agreed_draw_ends_the_game_as_its_own_termination(client: TestClient) -> None:
    table, tok = toy_at_adds(client)
    offered = ok(client, table, "draw", tok["0"])
    assert offered["offers"]["draw"] == {"by": 0, "accepted": [], "waiting": [1]}
    assert view(client, table, tok["1"])["offers"]["draw"]["by"] == 0
    done = ok(client, table, "draw", tok["1"], "accept")
    assert done["status"] == "finished"
    assert done["result"] == {"returns": [0.0, 0.0], "termination": "agreement", "text": "1/2-1/2"}
    export = client.get(f"/api/tables/{table}/export").json()
    assert export["result"]["termination"] == "agreement"
    imported = client.post("/api/import", json=export)  # the record reads back the same
    assert imported.status_code == 200, imported.text
    again = view(client, imported.json()["table"])
    assert again["result"] == done["result"] and again["ply"] == done["ply"]


def test_a_declined_or_answered_draw_offer_lapses_and_offers_are_bounded(
    client: TestClient,
) -> None:
    table, tok = toy_at_adds(client)
    ok(client, table, "draw", tok["0"])
    refused(client, table, "draw", tok["0"], "offered a draw already")
    refused(client, table, "draw", tok["0"], "your own", "accept")
    refused(client, table, "draw", tok["1"], "offered to you already")
    assert ok(client, table, "draw", tok["1"], "decline")["offers"]["draw"] is None
    refused(client, table, "draw", tok["1"], "no draw offer to answer", "accept")
    refused(client, table, "draw", tok["0"], "after 2 moves of your own")
    # seat 1 offers: seat 0 moving (the other person) answers it
    ok(client, table, "draw", tok["1"])
    assert act(client, table, tok["0"], 0, 3).status_code == 200
    assert view(client, table)["offers"]["draw"] is None  # the opponent moved: lapsed
    # the offerer's own move keeps its offer standing
    assert act(client, table, tok["1"], 0, 4).status_code == 200
    assert act(client, table, tok["0"], 0, 5).status_code == 200
    ok(client, table, "draw", tok["0"])
    assert act(client, table, tok["1"], 0, 6).status_code == 200  # the last move
    assert view(client, table)["result"]["termination"] != "agreement"


def test_draw_offers_are_bounded_per_game(client: TestClient) -> None:
    table, tok = toy_at_adds(client)
    live = client.app.state.hub._tables[table]  # type: ignore[attr-defined]
    live.offers = type(live.offers)(people=(0, 1), draws_made={0: DRAW_OFFERS})
    refused(client, table, "draw", tok["0"], f"{DRAW_OFFERS} times in this game")


def test_refusals_are_clear_and_change_nothing(client: TestClient) -> None:
    t = create(client, "toy-open", ["local", "open"])
    table, tok = t["table"], t["tokens"]
    refused(client, table, "draw", tok["0"], "has not started")
    table, tok = toy_at_adds(client)
    refused(client, table, "draw", None, "needs your seat's 'token'")
    refused(client, table, "draw", "not-a-token", "holds no seat")
    refused(client, table, "draw", tok["0"], "'do' is one of", "maybe")
    refused(client, table, "rematch", tok["0"], "when the game is over")
    r = client.post(f"/api/tables/{table}/draw", json=[1])
    assert r.status_code == 400


def test_the_computer_gets_no_draw_offer(client: TestClient) -> None:
    table, tok = toy_at_adds(client, ["local", "ai:first"])
    offers = view(client, table, tok["0"])["offers"]
    assert offers["can"]["draw"] is False and offers["table"]["draw"] is False
    refused(client, table, "draw", tok["0"], "the computer does not agree to draws")


def test_four_players_all_the_other_people_must_accept(client: TestClient) -> None:
    t = create(client, "omringad", ["local"] * 4, options={"players": 4, "teams": "diagonal"})
    table, tok = t["table"], t["tokens"]
    assert view(client, table)["status"] == "running"
    ok(client, table, "draw", tok["2"])
    ok(client, table, "draw", tok["0"], "accept")
    v = ok(client, table, "draw", tok["1"], "accept")
    assert v["status"] == "running" and v["offers"]["draw"]["waiting"] == [3]
    done = ok(client, table, "draw", tok["3"], "accept")
    assert done["status"] == "finished"
    assert done["result"]["termination"] == "agreement"
    assert done["result"]["returns"] == [0.0] * 4


def test_a_rated_agreed_draw_counts_as_a_draw(tmp_path: Path) -> None:
    with players_app(f"sqlite:///{tmp_path / 'rated.sqlite3'}") as new_client:
        a, b = new_client(), new_client()
        sign_up(a, "Agda")
        sign_up(b, "Bertil")
        made = create(a, "toy-open", ["open", "open"], rated=True)
        table = made["table"]
        ta = a.post(f"/api/tables/{table}/claim", json={"seat": 0}).json()["token"]
        tb = b.post(f"/api/tables/{table}/claim", json={"seat": 1}).json()["token"]
        act(a, table, ta, 10, 2)
        act(b, table, tb, 10, 2)
        refused(a, table, "takeback", ta, "casual games only")
        ok(a, table, "draw", ta)
        assert ok(b, table, "draw", tb, "accept")["result"]["termination"] == "agreement"
        ratings = {r["name"]: r for r in a.get("/api/ratings/toy-open").json()}
        assert ratings["Agda"]["games"] == ratings["Bertil"]["games"] == 1
        assert ratings["Agda"]["rating"] == pytest.approx(ratings["Bertil"]["rating"])


# ---------------------------------------------------------------------- takebacks
def test_a_takeback_both_agree_removes_the_last_turn_everywhere(
    make_client: Factory, sqlite_url: str
) -> None:
    with make_client(sqlite_url) as first:
        table, tok = toy_at_adds(first)
        act(first, table, tok["0"], 2, 3)
        act(first, table, tok["1"], 1, 4)
        asked = ok(first, table, "takeback", tok["0"])
        assert asked["offers"]["takeback"] == {"by": 0} and asked["ply"] == 5
        back = ok(first, table, "takeback", tok["1"], "accept")
        assert back["ply"] == 3 and back["your_turn"] is False
        mine = view(first, table, tok["0"])
        assert mine["your_turn"] and len(mine["moves"]) == 3
        assert first.get(f"/api/tables/{table}/export").json()["moves"][3:] == []
        # the table read from the store by another server (the first never shut down,
        # as after kill -9) is the same table
        with make_client(sqlite_url) as second:
            assert view(second, table, tok["0"]) | {"game_clock": None} == mine | {
                "game_clock": None
            }
        act(first, table, tok["0"], 0, 3)  # a different move this time
        assert view(first, table)["moves"][3]["text"] == "+0"


def test_a_takeback_keeps_the_time_used_and_gives_no_increment(client: TestClient) -> None:
    t = create(client, "toy-open", ["local", "local"], time_control="5+3")
    table, tok = t["table"], t["tokens"]
    act(client, table, tok["0"], 10, 2)
    act(client, table, tok["1"], 10, 2)
    act(client, table, tok["0"], 2, 3)
    before = act(client, table, tok["1"], 1, 4).json()["game_clock"]
    ok(client, table, "takeback", tok["0"])
    back = ok(client, table, "takeback", tok["1"], "accept")["game_clock"]
    assert back["running"] == [0]  # the asker is to move again, on their clock
    assert back["remaining"][1] <= before["remaining"][1]  # no increment for seat 1
    assert back["remaining"][0] <= before["remaining"][0]


def test_a_declined_takeback_and_the_bounds(client: TestClient) -> None:
    t = create(client, "coerceo", ["local", "local"])
    refused(client, t["table"], "takeback", t["tokens"]["0"], "no move to take back")
    table, tok = toy_at_adds(client)
    refused(client, table, "takeback", tok["0"], "past a secret choice")  # the bids
    act(client, table, tok["0"], 2, 3)
    refused(client, table, "takeback", tok["1"], "past a secret choice")  # the bids
    refused(client, table, "takeback", tok["1"], "no takeback request", "accept")
    ok(client, table, "takeback", tok["0"])
    refused(client, table, "takeback", tok["0"], "your own", "accept")
    assert ok(client, table, "takeback", tok["1"], "decline")["ply"] == 4
    refused(client, table, "takeback", tok["0"], "again after your next move")
    live = client.app.state.hub._tables[table]  # type: ignore[attr-defined]
    live.offers = type(live.offers)(people=(0, 1), takebacks={0: TAKEBACKS})
    refused(client, table, "takeback", tok["0"], f"taken back {TAKEBACKS} moves")


def test_against_the_computer_a_takeback_is_granted_at_once(client: TestClient) -> None:
    table, tok = toy_at_adds(client, ["local", "ai:first"])
    act(client, table, tok["0"], 2, 3)
    wait_ply(client, table, 5)  # the AI replied
    back = ok(client, table, "takeback", tok["0"])
    assert back["ply"] == 3 and back["your_turn"] and back["offers"]["takeback"] is None
    act(client, table, tok["0"], 1, 3)
    assert wait_ply(client, table, 5)["moves"][3]["text"] == "+1"


def test_no_takeback_in_a_game_with_hidden_information(client: TestClient) -> None:
    t = create(client, "toy-hidden", ["local", "local"])
    table, tok = t["table"], t["tokens"]
    act(client, table, tok["0"], 10, 2)
    act(client, table, tok["1"], 10, 2)
    act(client, table, tok["0"], 2, 3)
    offers = view(client, table, tok["0"])["offers"]
    assert offers["can"]["takeback"] is False and offers["table"]["takeback"] is False
    refused(client, table, "takeback", tok["0"], "hidden information")


def test_a_takeback_never_crosses_a_die_roll(client: TestClient) -> None:
    """Islandet: the dice are drawn from the table's seed and the ply, so a roll taken
    back would come again the same, and the player would know it: refused."""
    t = create(client, "islandet", ["local", "local"])
    table, tok = t["table"], t["tokens"]
    for _ in range(400):
        v = view(client, table)
        seat = v["to_move"]
        moves = v["moves"]
        rolled_after = [
            m for m in moves if m["seat"] == -1 and m["ply"] > _last_of(moves, 1 - seat)
        ]
        if _last_of(moves, 1 - seat) >= 0 and rolled_after:
            refused(client, table, "takeback", tok[str(1 - seat)], "chance outcome")
            return
        mine = view(client, table, tok[str(seat)])
        assert act(client, table, tok[str(seat)], mine["actions"][0], v["ply"]).is_success
    raise AssertionError("no die was rolled after a move")


def _last_of(moves: list[dict[str, Any]], seat: int) -> int:
    return max((m["ply"] for m in moves if m["seat"] == seat), default=-1)


# ---------------------------------------------------------------------- rematches
def test_a_rematch_swaps_the_seats_and_keeps_everything_else(client: TestClient) -> None:
    t = create(client, "toy-open", ["local", "local"], time_control="5+3")
    table, tok = t["table"], t["tokens"]
    act(client, table, tok["0"], 10, 2)
    act(client, table, tok["1"], 10, 2)
    ok(client, table, "draw", tok["0"])
    ok(client, table, "draw", tok["1"], "accept")
    offered = ok(client, table, "rematch", tok["1"])
    assert offered["offers"]["rematch"] == {"by": [1], "waiting": [0]}
    refused(client, table, "rematch", tok["1"], "offered a rematch already")
    done = ok(client, table, "rematch", tok["0"], "accept")
    new = done["offers"]["rematch_table"]
    assert new and new != table
    refused(client, table, "rematch", tok["0"], "made already")
    # each person keeps their token, at the other seat
    assert view(client, new, tok["0"])["seat"] == 1
    assert view(client, new, tok["1"])["seat"] == 0
    v = view(client, new)
    assert v["status"] == "running" and v["game"] == "toy-open"
    assert v["game_clock"]["control"]["text"] == "5+3"
    assert view(client, table)["offers"]["rematch_table"] == new


def test_a_declined_rematch_and_one_against_the_computer(client: TestClient) -> None:
    t = create(client, "toy-open", ["local", "ai:first"])
    table, tok = t["table"], t["tokens"]
    play_seat(client, table, tok["0"])
    new = ok(client, table, "rematch", tok["0"])["offers"]["rematch_table"]
    assert new is not None  # against the computer: at once
    seats = view(client, new)["seats"]
    assert seats[0]["kind"] == "ai" and view(client, new, tok["0"])["seat"] == 1


def test_a_rated_rematch_is_rated_with_the_same_players(tmp_path: Path) -> None:
    with players_app(f"sqlite:///{tmp_path / 'rematch.sqlite3'}") as new_client:
        c = new_client()
        sign_up(c, "Greta")
        made = create(c, "toy-open", ["open", "ai:first"], rated=True)
        table = made["table"]
        token = c.post(f"/api/tables/{table}/claim", json={"seat": 0}).json()["token"]
        play_seat(c, table, token)
        new = ok(c, table, "rematch", token)["offers"]["rematch_table"]
        assert view(c, new, token)["seat"] == 1
        end = time.monotonic() + 10
        while not ((v := view(c, new, token))["your_turn"] and not v["ai"]):  # the AI bid
            assert time.monotonic() < end, v
            time.sleep(0.02)
        refused(c, new, "takeback", token, "casual games only")
        play_seat(c, new, token)
        games = c.get("/api/players/Greta").json()["games"]
        assert {g["table"] for g in games} >= {table, new}
        assert (
            next(r for r in c.get("/api/ratings/toy-open").json() if r["name"] == "Greta")["games"]
            == 2
        )


def test_offers_over_the_websocket(client: TestClient) -> None:
    table, tok = toy_at_adds(client)
    with client.websocket_connect(f"/ws/tables/{table}?token={tok['1']}") as ws:
        ws.receive_json()
        ws.send_json({"type": "offer", "offer": "draw", "do": "accept"})
        assert "no draw offer" in ws.receive_json()["message"]
        ok(client, table, "draw", tok["0"])
        assert ws.receive_json()["view"]["offers"]["draw"]["by"] == 0
        ws.send_json({"type": "offer", "offer": "draw", "do": "accept"})
        assert ws.receive_json()["view"]["result"]["termination"] == "agreement"


# ---------------------------------------------------------------------- kill -9
SERVE = """
import sys
sys.path.insert(0, {here!r})
import uvicorn
from conftest import FAKE_WORKERS
from spelbord.server.app import create_app
app = create_app({url!r}, workers=FAKE_WORKERS, rate_limits=None)
uvicorn.run(app, host="127.0.0.1", port={port}, log_level="warning")
"""


def _serve(url: str, port: int, folder: Path) -> subprocess.Popen[bytes]:
    here = str(Path(__file__).resolve().parent)
    script = SERVE.format(here=here, url=url, port=port)
    process = subprocess.Popen([sys.executable, "-c", script], cwd=folder)
    deadline = time.monotonic() + 30
    while True:
        try:
            _call(port, "/api/games")
            return process
        except OSError:
            assert process.poll() is None, "the server exited"
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)


def _call(port: int, path: str, body: Any = None) -> Any:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=None if body is None else json.dumps(body).encode(),
        method="GET" if body is None else "POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=15) as response:
        return json.loads(response.read())


@pytest.mark.slow  # two server starts (about 20 s on a loaded machine)
def test_a_killed_server_comes_back_with_the_takeback_and_the_offer(tmp_path: Path) -> None:
    """kill -9 right after a takeback and a draw offer were acknowledged: the server that
    starts again on the same database has both (each was stored before its answer)."""
    url = f"sqlite:///{tmp_path / 'killed.sqlite3'}"
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    server = _serve(url, port, tmp_path)
    try:
        made = _call(port, "/api/tables", {"game": "toy-open", "seats": [{"kind": "local"}] * 2})
        table, tok = made["table"], made["tokens"]
        for seat, action, ply in (("0", 10, 2), ("1", 10, 2), ("0", 2, 3), ("1", 1, 4)):
            _call(
                port,
                f"/api/tables/{table}/action",
                {"token": tok[seat], "action": action, "ply": ply},
            )
        _call(port, f"/api/tables/{table}/takeback", {"token": tok["0"]})
        _call(port, f"/api/tables/{table}/takeback", {"token": tok["1"], "do": "accept"})
        before = _call(port, f"/api/tables/{table}/draw", {"token": tok["1"]})
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=10)
        server = _serve(url, port, tmp_path)
        after = _call(port, f"/api/tables/{table}/view?token={tok['1']}")
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(timeout=10)
    assert after["ply"] == before["ply"] == 3 and after["moves"] == before["moves"]
    assert after["offers"] == before["offers"]
    assert after["offers"]["draw"]["by"] == 1 and after["offers"]["takeback"] is None

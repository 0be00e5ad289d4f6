"""Replays are one sequence: frame ``i`` is the position after move-list entry ``i - 1``.

In every game (chance outcomes, joint actions at simultaneous nodes, hidden moves) each
replay position follows exactly one entry of the move list, that entry's text is the
notation of the move played there, and the last frame is the final position.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.replaygames import SHORT, finished_game, notation

from conftest import view
from spelbord import games
from spelbord.core import SIMULTANEOUS, TERMINAL
from spelbord.server.tables import views

NAMES = sorted(SHORT)


def _plain(data: Any) -> Any:
    """``data`` as a client receives it (through JSON)."""
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("name", NAMES)
def test_each_frame_follows_exactly_one_entry_with_its_notation(name: str) -> None:
    final, _ = finished_game(name)
    game, history = final.game, final.history()
    if game.info.simultaneous:  # the games whose replays were out of step
        assert any(not isinstance(m, int) for m in history)
    for viewer in (None, *range(game.num_players())):
        replay = views.replay(game, history, viewer, finished=True)
        frames, moves = replay["frames"], replay["moves"]
        assert len(moves) == len(history) and len(frames) == len(history) + 1
        walk = game.new_initial_state()
        assert frames[0]["ply"] == 0 and frames[0]["observation"] == walk.observation(viewer)
        for ply, move in enumerate(history):
            entry = moves[ply]
            assert entry["ply"] == ply, f"entry {ply} is ply {entry['ply']}"
            assert entry["text"] == notation(walk, move), f"{name} ply {ply}"
            if isinstance(move, int):
                assert entry["seat"] == walk.current_player() and "parts" not in entry
            else:
                assert entry["seat"] == SIMULTANEOUS
                assert [p["seat"] for p in entry["parts"]] == list(range(game.num_players()))
            views.describe_move(walk, move)  # the state is left as it was
            if isinstance(move, int):
                walk.apply_action(move)
            else:
                walk.apply_actions(list(move))
            frame = frames[ply + 1]
            assert frame["ply"] == ply + 1
            assert frame["observation"] == walk.observation(viewer), f"{name} frame {ply + 1}"
        last = frames[-1]
        assert last["observation"] == final.observation(viewer)
        assert last["to_move"] == TERMINAL and last["result"] == views.result_of(final)


@pytest.mark.parametrize("name", NAMES)
def test_a_running_game_hides_moves_but_keeps_one_entry_per_frame(name: str) -> None:
    final, _ = finished_game(name)
    game = final.game
    history = final.history()[: len(final.history()) // 2]
    for viewer in (None, 0):
        replay = views.replay(game, history, viewer, finished=False)
        assert [m["ply"] for m in replay["moves"]] == list(range(len(history)))
        assert [f["ply"] for f in replay["frames"]] == list(range(len(history) + 1))
        if game.info.information == "perfect":
            assert replay == views.replay(game, history, viewer, finished=True)
    if name == "omringad":  # secret setup choices: the other seat's part stays hidden
        seen = views.replay(game, history, 0, finished=False)["moves"]
        joint = next(m for m in seen if m["seat"] == SIMULTANEOUS)
        assert joint["parts"][1] == {
            "seat": 1,
            "text": "hidden move",
            "kind": "hidden",
            "hidden": True,
        }
        assert joint["text"].endswith("; hidden move")


@pytest.mark.parametrize("name", NAMES)
def test_the_replay_of_a_finished_table_ends_on_its_final_view(
    client: TestClient, name: str
) -> None:
    final, record = finished_game(name)
    made = client.post("/api/import", json=record)
    assert made.status_code == 200, made.text
    table = made.json()["table"]
    replay = client.get(f"/api/tables/{table}/replay").json()
    live = view(client, table)
    assert len(replay["frames"]) == live["ply"] + 1 == len(final.history()) + 1
    assert len(replay["moves"]) == live["ply"]
    assert replay["moves"] == live["moves"]  # the table's list and the replay's are one
    last = replay["frames"][-1]
    assert last["observation"] == live["observation"] == _plain(final.observation(None))
    assert last["result"] == live["result"]


def test_a_resigned_game_ends_its_replay_on_the_resignation(client: TestClient) -> None:
    game = games.load("coerceo", variant="ocius")
    state = game.new_initial_state()
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    record = {
        "format": views.RECORD_FORMAT,
        "game": "coerceo",
        "options": game.options,
        "moves": state.history(),
        "resigned": 1,
    }
    table = client.post("/api/import", json=record).json()["table"]
    frames = client.get(f"/api/tables/{table}/replay").json()["frames"]
    live = view(client, table)
    assert len(frames) == 4 and live["result"]["termination"] == "resign"
    assert frames[-1]["result"] == live["result"] and frames[-1]["to_move"] == TERMINAL
    assert [f["result"] for f in frames[:-1]] == [None, None, None]


def test_a_replay_is_built_off_the_event_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every frame of a long record takes a second (an Omringad game of 150 plies: 1.1 s
    measured): the route builds them in another thread, never in the server's loop."""
    import threading

    final, record = finished_game(NAMES[0])
    table = client.post("/api/import", json=record).json()["table"]
    built_in: list[str] = []
    real = views.replay

    def spy(*args: Any, **kwargs: Any) -> dict[str, Any]:
        built_in.append(threading.current_thread().name)
        return real(*args, **kwargs)

    monkeypatch.setattr(views, "replay", spy)
    loop_thread = client.portal.call(lambda: threading.current_thread().name)  # type: ignore[union-attr]
    replay = client.get(f"/api/tables/{table}/replay").json()
    assert len(replay["frames"]) == len(final.history()) + 1
    assert built_in and loop_thread not in built_in

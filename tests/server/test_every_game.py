"""Every registered game is playable through the table: random moves over the API."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from conftest import act, create, view
from spelbord import games


@pytest.mark.parametrize("name", games.names())
def test_random_moves_through_the_api(client: TestClient, name: str) -> None:
    seats = games.load(name).num_players()
    made = create(client, name, ["local"] * seats)
    t, tokens = made["table"], made["tokens"]
    rng = random.Random(name)
    moves = 0
    for _ in range(60):
        views = {s: view(client, t, tok) for s, tok in tokens.items()}
        if any(v["status"] == "finished" for v in views.values()):
            break
        movers = [s for s, v in views.items() if v["your_turn"]]
        assert movers, f"nobody may move at ply {views['0']['ply']}"
        seat = rng.choice(movers)
        legal = views[seat]["legal"]
        assert legal and all({"text"} <= set(a) and ("action" in a or "kind" in a) for a in legal)
        choice = rng.choice(views[seat]["actions"])
        r = act(client, t, tokens[seat], choice, views[seat]["ply"])
        assert r.status_code == 200, r.text
        moves += 1
    assert moves > 0
    replay = client.get(f"/api/tables/{t}/replay", params={"token": tokens["0"]}).json()
    assert len(replay["frames"]) == view(client, t)["ply"] + 1

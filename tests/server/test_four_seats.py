"""Options that change the number of seats (Omringad with four players, with teams): the
lobby's setup call counts the seats, a table takes exactly that many, and four AI seats
play a whole game unattended through the real AI worker pool."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from test_ai import wait_for

from conftest import Factory
from spelbord.server.tables.workers import WorkerConfig


def setup(client: Any, game: str, **options: Any) -> Any:
    return client.get(f"/api/games/{game}/setup", params={"options": json.dumps(options)})


def test_the_setup_counts_the_seats_the_options_make(make_client: Factory, sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        two = setup(client, "omringad").json()
        assert two["seats"] == 2 and two["teams"] == [[0], [1]]
        four = setup(client, "omringad", players=4).json()
        assert four["seats"] == 4 and four["options"]["players"] == 4
        teams = setup(client, "omringad", players=4, teams="diagonal").json()
        assert teams["seats"] == 4 and sorted(map(len, teams["teams"])) == [2, 2]
        assert setup(client, "toy-open").json()["seats"] == 2
        bad = setup(client, "omringad", players=3)
        assert bad.status_code == 400 and "players" in bad.json()["error"]
        assert setup(client, "chess").status_code == 404
        raw = client.get("/api/games/omringad/setup", params={"options": "[1]"})
        assert raw.status_code == 400 and "JSON object" in raw.json()["error"]
        short = client.post(
            "/api/tables",
            json={"game": "omringad", "options": {"players": 4}, "seats": [{"kind": "open"}] * 2},
        )
        assert short.status_code == 400 and "has 4 seats; got 2" in short.json()["error"]


@pytest.mark.parametrize(
    "options",
    [{"players": 4, "target": 50}, {"players": 4, "teams": "adjacent", "target": 50}],
    ids=["four-alone", "four-in-teams"],
)
def test_four_ai_seats_play_omringad_to_the_end_unattended(
    make_client: Factory, sqlite_url: str, options: dict[str, Any]
) -> None:
    real = dataclasses.replace(WorkerConfig(), workers=2, default_timeout=20.0)
    with make_client(sqlite_url, workers=real) as client:
        made = client.post(
            "/api/tables",
            json={
                "game": "omringad",
                "options": options,
                "seats": [{"kind": "ai", "agent": "random"}] * 4,
            },
        )
        assert made.status_code == 200, made.text
        table = made.json()["table"]
        final = wait_for(client, table, None, lambda v: v["status"] == "finished", timeout=240)
        assert len(final["seats"]) == 4 and all(s["kind"] == "ai" for s in final["seats"])
        assert final["result"] is not None and len(final["result"]["returns"]) == 4
        returns = final["result"]["returns"]
        # a winner (+1 against -1), or a shared draw when rivals reach the target together
        assert max(returns) > min(returns) or returns == [0.0] * 4
        if "teams" in options:  # team mates share their result
            teams = setup(client, "omringad", **options).json()["teams"]
            for a, b in teams:
                assert final["result"]["returns"][a] == final["result"]["returns"][b]
        parts = [p for m in final["moves"] for p in m.get("parts", [m])]
        assert {p["seat"] for p in parts} >= {0, 1, 2, 3}
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert hub.pool.crashes == 0 and hub.pool.timeouts == 0

"""AI seats with the real agents of ``spelbord.ai`` in real worker processes."""

from __future__ import annotations

import dataclasses

import pytest
from test_ai import wait_for

from conftest import Factory, create
from spelbord.server.tables.workers import WorkerConfig


def test_real_agents_play_a_registered_game(make_client: Factory, sqlite_url: str) -> None:
    config = dataclasses.replace(WorkerConfig(), workers=1, default_timeout=20.0)
    with make_client(sqlite_url, workers=config) as client:
        made = create(client, "coerceo", ["ai:random", "ai:mcts:50ms"])
        v = wait_for(client, made["table"], None, lambda v: v["ply"] >= 4, timeout=60)
        assert len(v["moves"]) >= 4 and v["status"] in ("running", "finished")
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert hub.pool.crashes == 0 and hub.pool.timeouts == 0
        r = client.post(
            "/api/tables",
            json={
                "game": "coerceo",
                "seats": [{"kind": "ai", "agent": "mcts:fast"}, {"kind": "open"}],
            },
        )
        assert r.status_code == 400


def test_agent_specs_with_search_options_are_accepted() -> None:
    """Specs with ``key=value`` options (e.g. a rollout cut-off) pass the server's check."""
    from spelbord.server.tables.workers import AgentPool

    pool = AgentPool()
    assert pool.check_spec("mcts:300it:cutoff=20") == "mcts:300it:cutoff=20"
    for bad in ("mcts:1s:cutoff", "mcts;rm -rf", "ismcts:1s:c=1:cutoff=2:a=1:b=2:d=3"):
        with pytest.raises(ValueError):
            pool.check_spec(bad)


def test_level_and_script_specs_are_accepted() -> None:
    """``level:NAME`` and ``script:PLAN`` (issue 11) pass the server's check; unknown fail."""
    from spelbord.server.tables.workers import AgentPool

    pool = AgentPool()
    for spec in ("level:easy", "level:master", "script:hoarder", "gunst-eq:model=off"):
        assert pool.check_spec(spec) == spec
    for bad in ("level:expert", "script:nonsense", "level:easy:x"):
        with pytest.raises(ValueError):
            pool.check_spec(bad)


def test_an_agent_of_another_game_is_refused_at_table_creation(
    make_client: Factory, sqlite_url: str
) -> None:
    """A seat gets an agent only if it plays the table's game: ``gunst-eq`` at an Omringad
    table (or a plan of another game, or another game's engine) is a 400 with nothing
    stored, never an agent failing every move and a random one played instead."""
    config = dataclasses.replace(WorkerConfig(), workers=1)
    with make_client(sqlite_url, workers=config) as client:
        before = client.get("/api/tables").json()
        for agent, plays in (
            ("gunst-eq", "gunst-eq plays gunst, not omringad"),
            ("script:hoarder", "'script:hoarder' is a plan for gunst, not omringad"),
            ("ab:1s", "ab plays coerceo, not omringad"),
        ):
            r = client.post(
                "/api/tables",
                json={
                    "game": "omringad",
                    "seats": [{"kind": "ai", "agent": agent}, {"kind": "local"}],
                },
            )
            assert r.status_code == 400, r.json()
            assert plays in r.json()["error"]
        assert client.get("/api/tables").json() == before
        r = client.post(
            "/api/tables?lang=sv",
            json={
                "game": "omringad",
                "seats": [{"kind": "ai", "agent": "gunst-eq"}, {"kind": "local"}],
            },
        )
        assert r.json()["message"] == "gunst-eq spelar gunst, inte omringad"
        made = create(client, "omringad", ["ai:level:easy", "local"])
        assert made["table"]


def test_the_server_reads_specs_with_the_agents_grammar() -> None:
    from spelbord.server.tables.workers import AgentPool

    pool = AgentPool()
    assert pool.check_spec("gunst-eq:model=off", "gunst") == "gunst-eq:model=off"
    for bad in ("mcts:2000000s", "x" * 300, "mcts:1s:" + ":".join(f"k{i}=1" for i in range(9))):
        with pytest.raises(ValueError):
            pool.check_spec(bad)
    with pytest.raises(ValueError, match="plays gunst, not coerceo"):
        pool.check_spec("gunst-br", "coerceo")

"""The games' margins (``State.margin``), a tournament's point difference (issue 16)."""

from __future__ import annotations

from pathlib import Path

import pytest
from players_helpers import players_app

import spelbord.games  # noqa: F401
from conftest import create
from spelbord.core.registry import load
from spelbord.server.tables.records import margins_of


@pytest.mark.parametrize(
    ("game", "options", "start"),
    [
        ("omringad", {}, [0.0, 0.0]),  # points scored (seed 000 p.13)
        ("coerceo", {}, [18.0, 18.0]),  # pieces left
        ("gunst", {}, [12.0, 12.0]),  # life stones
        ("islandet", {}, [10.0, 10.0]),  # units left
    ],
)
def test_every_game_declares_its_margin(game: str, options: dict, start: list[float]) -> None:
    assert load(game, **options).new_initial_state().margin() == start


def test_the_margin_is_read_from_a_tables_log(tmp_path: Path) -> None:
    with players_app(f"sqlite:///{tmp_path / 'm.sqlite3'}") as new_client:
        c = new_client()
        made = create(c, "coerceo", ["local", "local"])
        table, tokens = made["table"], made["tokens"]
        for seat in ("0", "1"):
            v = c.get(f"/api/tables/{table}/view", params={"token": tokens[seat]}).json()
            r = c.post(
                f"/api/tables/{table}/action",
                json={"token": tokens[seat], "action": v["legal"][0]["action"], "ply": v["ply"]},
            )
            assert r.status_code == 200, r.text
        engine = c.app.state.hub.store.engine  # type: ignore[attr-defined]
        with engine.connect() as conn:
            assert margins_of(conn, table) == [18.0, 18.0]
            assert margins_of(conn, "no-such-table") is None

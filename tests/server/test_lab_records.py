"""Lab records and table exports are one format: a study's holes import and replay."""

from __future__ import annotations

import json
import random
from pathlib import Path

from fastapi.testclient import TestClient

from spelbord import games
from spelbord.core.chance import random_step
from spelbord.lab.records import read_records, row_record
from spelbord.lab.runner import run_study
from spelbord.lab.study import Arm, Study

from .conftest import view


def test_a_capped_lab_game_imports_and_replays(client: TestClient, tmp_path: Path) -> None:
    # random Coerceo games under a 30-move limit all end at the limit: a safety bound
    study = Study(
        "capped", (Arm("short", "coerceo", {"max_moves": 30}, ("random", "random")),), games=2
    )
    run_study(study, tmp_path, progress=False)
    rows = read_records(tmp_path / "capped" / "records")
    assert all(r["termination"] == "move-limit" for r in rows)
    for row in rows:
        record = row_record(row)
        assert record is not None
        answer = client.post("/api/import", json=record)
        assert answer.status_code == 200, answer.text
        table = answer.json()["table"]
        seen = view(client, table)
        assert seen["ply"] == row["length"] and seen["status"] == "finished"
        assert seen["result"]["termination"] == "move-limit"
        exported = client.get(f"/api/tables/{table}/export").json()
        assert exported["moves"] == json.loads(row["moves"])
        assert {k: v for k, v in exported.items() if k not in ("seed", "notation")} == {
            k: v for k, v in record.items() if k != "seed"
        }
        assert client.get(f"/replay/{table}").status_code == 200


def test_an_unfinished_lab_game_imports_as_resigned(client: TestClient) -> None:
    # the lab stops a game at a hole before its end: the record resigns the seat to move
    row = {
        "game": "islandet",
        "options": "{}",
        "rules_version": None,
        "seed": 5,
        "moves": None,
    }
    state = games.load("islandet").new_initial_state()
    rng = random.Random(3)
    for _ in range(40):
        random_step(state, rng)
    row["moves"] = json.dumps([m if isinstance(m, int) else list(m) for m in state.history()])
    record = row_record(row)
    assert record is not None and record["resigned"] == max(state.current_player(), 0)
    answer = client.post("/api/import", json=record)
    assert answer.status_code == 200, answer.text
    seen = view(client, answer.json()["table"])
    assert seen["result"]["termination"] == "resign" and seen["ply"] == 40

"""Running studies: records, resume, a kill, the same results however they are played."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from spelbord.cli import main
from spelbord.lab.records import JOURNAL, RecordWriter, read_records
from spelbord.lab.report import write_report
from spelbord.lab.runner import run_study
from spelbord.lab.study import Arm, Study, StudyError
from spelbord.lab.tasks import tasks

SMALL = Study(
    "small",
    (
        Arm("gunst", "gunst", {}, ("random", "script:hoarder")),
        Arm("islandet", "islandet", {}, ("random", "random"), rotate=False),
    ),
    games=6,
    seed=11,
    record=("facts", "moves"),
    analyses=("win-rates", "seats", "ladder", "lengths", "endings", "features"),
    features=("lost_*", "life"),
)


def _plain(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows without the wall-clock column, in study order."""
    return sorted(
        ({k: v for k, v in row.items() if k != "seconds"} for row in rows),
        key=lambda r: (r["arm"], r["game_index"]),
    )


def test_records_one_row_per_game(tmp_path: Path) -> None:
    result = run_study(SMALL, tmp_path, progress=False, command="test")
    assert (result.played, result.total) == (12, 12)
    rows = read_records(tmp_path / "small" / "records")
    assert len(rows) == 12
    gunst = [r for r in rows if r["arm"] == "gunst"]
    assert [r["agents"] for r in gunst[:2]] == [
        ["random", "script:hoarder"],
        ["script:hoarder", "random"],
    ]
    for row in gunst:
        assert row["fact_ended"] in ("life", "seasons") and row["termination"] == row["fact_ended"]
        assert 1 <= row["fact_season"] <= 4
        assert row["result"] in ("win", "draw") and len(row["returns"]) == 2
        assert len(json.loads(row["moves"])) == row["length"]
    islandet = [r for r in rows if r["arm"] == "islandet"]
    for row in islandet:
        lost = sum(row[f"fact_s{s}_lost_{c}"] for s in (0, 1) for c in ("shot", "blast", "free"))
        assert lost + row["fact_s0_lost_other"] + row["fact_s1_lost_other"] > 0
    table = pq.read_table(next((tmp_path / "small" / "records").glob("part-*.parquet")))
    assert {"study", "arm", "agents", "seed", "result", "termination", "fact_season"} <= set(
        table.column_names
    )
    run = json.loads((tmp_path / "small" / "run.json").read_text())
    assert run["status"] == "finished" and run["games"] == 12 and run["command"] == "test"


def test_same_results_with_one_or_two_workers(tmp_path: Path) -> None:
    run_study(SMALL, tmp_path / "one", progress=False)
    run_study(SMALL, tmp_path / "two", workers=2, progress=False)
    one = read_records(tmp_path / "one" / "small" / "records")
    two = read_records(tmp_path / "two" / "small" / "records")
    assert _plain(one) == _plain(two)


def test_resume_plays_only_what_is_missing(tmp_path: Path) -> None:
    first = Study.from_dict({**SMALL.to_dict(), "games": 3})
    run_study(first, tmp_path, progress=False)
    with pytest.raises(StudyError, match="--resume"):
        run_study(SMALL, tmp_path, progress=False)
    result = run_study(SMALL, tmp_path, resume=True, progress=False)
    assert (result.played, result.total) == (6, 12)
    resumed = read_records(tmp_path / "small" / "records")
    run_study(SMALL, tmp_path / "whole", progress=False)
    assert _plain(resumed) == _plain(read_records(tmp_path / "whole" / "small" / "records"))
    other = Study.from_dict({**SMALL.to_dict(), "seed": 12})
    with pytest.raises(StudyError, match="different study"):
        run_study(other, tmp_path, resume=True, progress=False)


def test_a_kill_loses_no_finished_game(tmp_path: Path) -> None:
    """Rows reach the journal at once; a cut-off last line is dropped, not misread."""
    folder = tmp_path / "records"
    writer = RecordWriter(folder, flush_seconds=3600)
    rows = [{"arm": "a", "game_index": i, "length": i} for i in range(3)]
    for row in rows:
        writer.add(row)
    # a kill now: nothing flushed to Parquet yet, and a half-written line
    with open(folder / JOURNAL, "a", encoding="utf-8") as handle:
        handle.write('{"arm": "a", "game_ind')
    assert read_records(folder) == rows
    again = RecordWriter(folder)  # a resumed run moves the journal into a part
    assert not (folder / JOURNAL).read_text()
    again.add({"arm": "a", "game_index": 3, "length": 3})
    again.close()
    assert [r["game_index"] for r in read_records(folder)] == [0, 1, 2, 3]


def test_a_killed_process_resumes(tmp_path: Path) -> None:
    study = tmp_path / "slow.toml"
    study.write_text(
        'name = "slow"\ngame = "islandet"\ngames = 400\nseats = ["random", "random"]\n',
        encoding="utf-8",
    )
    command = [
        sys.executable,
        "-m",
        "spelbord.cli",
        "lab",
        "run",
        str(study),
        "--out",
        str(tmp_path),
        "--no-progress",
    ]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    records = tmp_path / "slow" / "records"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and len(read_records(records)) < 5:
        time.sleep(0.2)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    kept = read_records(records)
    assert 5 <= len(kept) < 400
    indexes = [r["game_index"] for r in kept]
    assert indexes == list(range(len(kept)))
    code = main(
        [
            "lab",
            "run",
            str(study),
            "--out",
            str(tmp_path),
            "--resume",
            "--games",
            str(len(kept) + 3),
            "--no-progress",
        ]
    )
    assert code == 0
    assert [r["game_index"] for r in read_records(records)] == list(range(len(kept) + 3))


def test_report_has_figures_tables_and_command(tmp_path: Path) -> None:
    run_study(SMALL, tmp_path, progress=False, command="spelbord lab run small.toml")
    report = write_report(tmp_path / "small")
    page = report.read_text(encoding="utf-8")
    assert "spelbord lab run small.toml" in page
    assert (
        "data:image/png;base64," in page
        and "http" not in page.split("<body>")[1].split("duckdb")[0]
    )
    for title in (
        "Win rates",
        "Seat advantage",
        "Elo ladder",
        "How games end",
        "Facts against winning",
    ):
        assert title in page
    names = {p.name for p in (tmp_path / "small" / "figures").iterdir()}
    for table in ("win-rates", "seats", "ladder", "lengths", "endings", "features"):
        assert {f"analysis-{table}.png", f"analysis-{table}.svg"} <= names
    # the report's own figures keep their names beside the analyses' (none overwrites one)
    assert {"seats.png", "lengths.png", "overview.png"} <= names
    summary = json.loads((tmp_path / "small" / "summary.json").read_text())
    assert summary["games"] == 12 and summary["study"] == "small"


def test_tasks_seed_each_game_by_study_arm_and_index() -> None:
    first = tasks(SMALL)
    assert len(first) == 12 and len({t.chance_seed for t in first}) == 12
    assert [(t.arm, t.index) for t in first[:3]] == [("gunst", 0), ("islandet", 0), ("gunst", 1)]
    assert next(t for t in tasks(SMALL, {("gunst", 0)}) if t.arm == "gunst").index == 1
    assert tasks(Study.from_dict({**SMALL.to_dict(), "games": 8}))[:6] == first[:6]

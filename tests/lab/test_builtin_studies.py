"""Every built-in study runs end to end at a tiny size (``--fast``: scripted plans stand in
for the search agents; Coerceo capped at a few turns)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spelbord.cli import main
from spelbord.lab.builtin import builtin
from spelbord.lab.records import read_records

CASES = [
    ["seats"],
    ["endings"],
    ["ladder", "gunst"],
    ["ladder", "coerceo"],
    ["gauntlet", "islandet"],
    ["omringad-units"],
    ["omringad-terrain"],
    ["coerceo-exchange"],
]


@pytest.mark.parametrize("args", CASES, ids=lambda a: "-".join(a))
def test_builtin_study_end_to_end(
    tmp_path: Path, args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    study = builtin(*args, games=1).with_fast_agents()
    extra = (
        ["--opt", "coerceo.max_moves=15"] if any(a.game == "coerceo" for a in study.arms) else []
    )
    code = main(
        [
            "lab",
            "run",
            *args,
            "--games",
            "1",
            "--fast",
            "--out",
            str(tmp_path),
            "--no-progress",
            *extra,
        ]
    )
    assert code == 0
    folder = tmp_path / study.name
    rows = read_records(folder / "records")
    assert len(rows) == len(study.arms)
    assert {r["arm"] for r in rows} == {a.label for a in study.arms}
    page = (folder / "report.html").read_text(encoding="utf-8")
    assert "--fast" in page and f"Study {study.name}" in page
    summary = json.loads((folder / "summary.json").read_text())
    assert {t["name"] for t in summary["tables"]} >= set(study.analyses) - {"endings"}
    assert "report:" in capsys.readouterr().out


def test_lab_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lab", "list"]) == 0
    out = capsys.readouterr().out
    for name in (
        "seats",
        "endings",
        "ladder GAME",
        "gauntlet GAME",
        "omringad-units",
        "omringad-terrain",
        "coerceo-exchange",
        "balance GAME",
        "skill GAME",
        "variants GAME",
        "choices GAME",
        "dominance GAME",
    ):
        assert name in out


def test_a_kind_runs_from_the_command_line(
    race: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["lab", "run", "balance", race, "--games", "4", "--out", str(tmp_path)]
    assert main([*args, "--no-progress"]) == 0
    summary = json.loads((tmp_path / f"balance-{race}" / "summary.json").read_text())
    # lab-race has no levels: balance plays its random mirror only
    assert summary["kind"] == "balance" and summary["games"] == 4 and summary["findings"]
    assert main(["lab", "run", "nonesuch", race, "--out", str(tmp_path)]) == 2
    assert "unknown study 'nonesuch'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["lab", "run", "nonesuch"], "unknown study 'nonesuch'"),
        (["lab", "run", "ladder"], "needs a game"),
        (["lab", "run", "ladder", "chess"], "unknown game 'chess'"),
        (["lab", "run", "seats", "--games", "0"], "--games must be at least 1"),
        (["lab", "run", "seats", "--opt", "coerceo=1"], "GAME.KEY=VALUE"),
        (["lab", "run", "seats", "--opt", "coerceo.colour=red"], "colour"),
        (["lab", "run", "seats", "--workers", "0"], "--workers must be at least 1"),
        (["lab", "run", "seats", "--ray", "nowhere"], "HOST:PORT"),
        (["lab", "run", "seats", "--ray", "127.0.0.1:1"], "cannot reach the Ray cluster"),
    ],
)
def test_bad_input_is_a_usage_error(
    tmp_path: Path, args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*args, "--out", str(tmp_path)]) == 2
    assert message in capsys.readouterr().err
    assert not any(tmp_path.iterdir())


def test_bench_lab_local(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "lab", "--games", "1", "--no-ray"]) == 0
    out = capsys.readouterr().out
    assert "1 local worker(s)" in out and "2 local worker(s)" in out and "efficiency" in out
    assert "speed-up" in out and "level:medium at every seat" in out
    assert main(["bench", "lab", "--moves", "3"]) == 2
    assert main(["bench", "gunst", "--workers", "2"]) == 2

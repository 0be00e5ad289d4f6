"""The Ray path: one small study on a local Ray instance gives the same records as local
worker processes."""

from __future__ import annotations

from pathlib import Path

import pytest

from spelbord.lab.records import read_records
from spelbord.lab.runner import run_study
from spelbord.lab.study import Arm, Study

ray = pytest.importorskip("ray")

STUDY = Study(
    "both-ways",
    (
        Arm("gunst", "gunst", {}, ("random", "script:trickle")),
        Arm("islandet", "islandet", {}, ("script:shooter", "random")),
        Arm("omringad", "omringad", {}, ("random", "random")),
    ),
    games=4,
    seed=5,
)


def test_ray_and_local_workers_give_the_same_records(tmp_path: Path) -> None:
    run_study(STUDY, tmp_path / "local", workers=2, progress=False)
    try:
        result = run_study(STUDY, tmp_path / "ray", workers=2, ray="auto", progress=False)
    finally:
        ray.shutdown()
    assert result.where.startswith("ray at auto")
    local = read_records(tmp_path / "local" / "both-ways" / "records")
    on_ray = read_records(tmp_path / "ray" / "both-ways" / "records")
    assert len(local) == 12

    def plain(rows: list[dict[str, object]]) -> list[dict[str, object]]:
        return [{k: v for k, v in row.items() if k != "seconds"} for row in rows]

    assert plain(local) == plain(on_ray)

"""The lab on a game registered by the documented steps (tests/extra_game.py): the seats
study plays it, its own studies, its lab data and its benchmark seats are found through
its extras."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from tests.extra_game import registered

from spelbord.lab import kinds
from spelbord.lab.bench import workload
from spelbord.lab.builtin import builtin, listing
from spelbord.lab.gamedata import lab_data
from spelbord.lab.records import read_records
from spelbord.lab.runner import run_study


@pytest.fixture(scope="module")
def name() -> Iterator[str]:
    with registered() as found:
        yield found


def test_the_seats_study_plays_it(name: str, tmp_path: Path) -> None:
    study = builtin("seats", games=2)
    mine = tuple(arm for arm in study.arms if arm.game == name)
    assert [arm.seats for arm in mine] == [("random", "random"), ("level:hard", "level:hard")]
    result = run_study(replace(study, arms=mine), tmp_path, progress=False)
    rows = read_records(tmp_path / "seats" / "records")
    assert result.played == len(rows) == 4
    assert {row["arm"] for row in rows} == {arm.label for arm in mine}
    assert all("fact_s0_card" in row for row in rows)  # its facts extra, recorded


def test_its_own_study_and_bench_seats_come_from_its_extras(name: str) -> None:
    assert ("rutor-cards", "Does playing to one's card pay in Rutor?") in listing()
    study = builtin("rutor-cards", games=3)
    assert [arm.seats for arm in study.arms] == [("rutor-greedy", "random")]
    assert [arm.seats for arm in workload().arms if arm.game == name] == [
        ("rutor-greedy", "random")
    ]


def test_its_lab_data_comes_from_the_same_extra(name: str) -> None:
    """One ``studies`` extra: the package's ``lab.toml`` is its lab data (not a study)."""
    assert [n for n, _ in listing() if n.startswith("rutor")] == ["rutor-cards"]
    assert lab_data(name).choice("centre").match.text() == "text=b2"
    assert ("rutor-centre rutor", "What taking the centre is worth to the greedy plan") in (
        kinds.listing()
    )
    study = kinds.game_study("rutor-centre", name, games=2)
    assert study is not None and study.kind == "choices"
    assert any("without:centre:rutor-greedy" in arm.seats for arm in study.arms)

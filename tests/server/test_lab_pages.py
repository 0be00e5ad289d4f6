"""``/lab`` and ``/api/lab``: the lab's studies, newest first, read-only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spelbord.server.config import LAB_ENV


def _study(folder: Path, name: str, updated: str, report: bool = True) -> None:
    (folder / name).mkdir(parents=True)
    run = {"status": "finished", "games": 4, "planned": 4, "updated": updated,
           "command": f"spelbord lab run {name}", "where": "1 local worker(s)"}  # fmt: skip
    (folder / name / "run.json").write_text(json.dumps(run), encoding="utf-8")
    if report:
        (folder / name / "report.html").write_text(f"<h1>Study {name}</h1>", encoding="utf-8")


def test_lab_lists_studies_newest_first(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(LAB_ENV, str(tmp_path))
    assert client.get("/api/lab").json()["studies"] == []
    assert "No studies yet" in client.get("/lab").text
    _study(tmp_path, "seats", "2026-01-01T10:00:00Z")
    _study(tmp_path, "endings", "2026-01-02T10:00:00Z")
    _study(tmp_path, "running", "2026-01-03T10:00:00Z", report=False)
    (tmp_path / "stray").mkdir()
    listed = client.get("/api/lab").json()["studies"]
    assert [s["study"] for s in listed] == ["running", "endings", "seats"]
    assert listed[1]["report"] == "/lab/endings/report.html" and listed[0]["report"] is None
    page = client.get("/lab").text
    assert page.index("endings") < page.index("seats")
    assert "spelbord lab run seats" in page
    report = client.get("/lab/seats/report.html").text
    assert report.endswith("<h1>Study seats</h1>") and 'href="/lab"' in report  # a way back
    assert 'class="topbar"' in page and 'href="/lab"' in client.get("/").text
    for bad in ("/lab/running/report.html", "/lab/stray/report.html", "/lab/..%2Fx/report.html"):
        assert client.get(bad).status_code == 404
    assert client.post("/api/lab").status_code == 405


def test_the_lab_page_speaks_the_readers_language(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(LAB_ENV, str(tmp_path))
    _study(tmp_path, "seats", "2026-01-01T10:00:00Z")
    expected = {
        "sv": ("Labbet", "4 av 4 partier", "Tillbaka till borden", "klar"),
        "da": ("Laboratoriet", "4 af 4 spil", "Tilbage til bordene", "færdig"),
        "nb": ("Laboratoriet", "4 av 4 partier", "Tilbake til bordene", "ferdig"),
        "en": ("The lab", "4 of 4 games", "Back to the tables", "finished"),
    }
    for code, words in expected.items():
        page = client.get(f"/lab?lang={code}").text
        assert f'<html lang="{code}">' in page
        for word in words:
            assert word in page, (code, word)
    # the browser's languages, when no choice was made
    assert "Labbet" in client.get("/lab", headers={"Accept-Language": "sv-SE,sv;q=0.9"}).text
    assert client.get("/lab?lang=fr").status_code == 400
    from spelbord.server.web.lab import LAB_TEXTS

    assert all(LAB_TEXTS[code].keys() == LAB_TEXTS["en"].keys() for code in expected)

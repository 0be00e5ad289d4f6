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
    # a report with its own top bar back to the lab (as reports are written now): not two
    own = "<body><header class='topbar'><nav><a href='/lab'>Lab</a></nav></header><h1>S</h1>"
    (tmp_path / "endings" / "report.html").write_text(own, encoding="utf-8")
    assert client.get("/lab/endings/report.html").text == own
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


def test_a_report_in_the_readers_language(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(LAB_ENV, str(tmp_path))
    _study(tmp_path, "seats", "2026-01-01T10:00:00Z")
    _study(tmp_path, "old", "2026-01-02T10:00:00Z")  # written before reports spoke sv, da, nb
    for code, heading in (("sv", "Studie seats"), ("da", "Undersøgelse seats")):
        page = f"<html lang='{code}'><body><h1>{heading}</h1></body></html>"
        (tmp_path / "seats" / f"report.{code}.html").write_text(page, encoding="utf-8")
    summary = {
        "description": "Is the first mover ahead?",
        "findings": [
            {"text": "In X (a) the first mover's share is not measured.", "topic": "seats"},
            {"text": "In X (a) no game of 4 is drawn.", "topic": "endings"},
        ],
        "findings_i18n": {
            "sv": [
                {"text": "I X (a) mäts inte andelen.", "topic": "seats"},
                {"text": "I X (a) slutar inget av 4 partier oavgjort.", "topic": "endings"},
            ]
        },
    }
    (tmp_path / "seats" / "summary.json").write_text(json.dumps(summary), encoding="utf-8")

    def report(study: str, cookie: str | None = None, **how: object) -> str:
        client.cookies.clear()
        if cookie:
            client.cookies.set("spelbord_lang", cookie)
        answer = client.get(f"/lab/{study}/report.html", **how)  # type: ignore[arg-type]
        client.cookies.clear()
        assert answer.status_code == 200
        return answer.text

    assert "<h1>Studie seats</h1>" in report("seats", params={"lang": "sv"})
    assert "Labbet" in report("seats", params={"lang": "sv"})  # the bar back, in Swedish
    assert "<h1>Studie seats</h1>" in report("seats", cookie="sv")
    assert "Undersøgelse" in report("seats", headers={"Accept-Language": "da-DK,da;q=0.9"})
    # English: asked for, an unknown cookie, a language the study has no report in
    assert report("seats", cookie="fr").endswith("<h1>Study seats</h1>")
    for code in ("en", "nb"):
        assert report("seats", params={"lang": code}).endswith("<h1>Study seats</h1>")
    assert client.get("/lab/seats/report.html?lang=xx").status_code == 400
    # an older report speaks English whatever the reader asks
    assert report("old", params={"lang": "sv"}).endswith("<h1>Study old</h1>")
    # the language switch's links: one language outright
    assert "<h1>Studie seats</h1>" in client.get("/lab/seats/report.sv.html").text
    assert client.get("/lab/seats/report.nb.html").text.endswith("<h1>Study seats</h1>")
    for bad in ("/lab/seats/report.en.html", "/lab/seats/report.fr.html",
                "/lab/stray/report.sv.html", "/lab/seats/report.s%2Fv.html"):  # fmt: skip
        assert client.get(bad).status_code == 404, bad
    # the list page's finding in the reader's language (English where none was written)
    listed = client.get("/lab?lang=sv").text
    assert "<p lang='sv'>I X (a) slutar inget av 4 partier oavgjort.</p>" in listed
    listed = client.get("/lab?lang=da").text
    assert "<p lang='en'>In X (a) no game of 4 is drawn.</p>" in listed

"""The lab's words in en, sv, da and nb: every message complete, the findings and the
report in each language with the same figures, the English as it always read."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

from spelbord.lab.findings import Finding, findings
from spelbord.lab.records import read_records
from spelbord.lab.report import write_report
from spelbord.lab.runner import run_study
from spelbord.lab.study import Arm, Study
from spelbord.lab.summary import compute
from spelbord.lab.words import (
    LANGUAGES,
    Interval,
    Said,
    WordsError,
    messages,
    phrase,
    render,
    report_name,
    seat_name,
)

SRC = Path(__file__).resolve().parents[2] / "src" / "spelbord" / "lab"


def _names(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_message_is_in_every_language_with_the_same_values() -> None:
    assert len(messages()) > 100
    for key, texts in messages().items():
        assert set(texts) == set(LANGUAGES), key
        assert all(t.strip() for t in texts.values()), key
        names = _names(texts["en"])
        for code in LANGUAGES:
            assert _names(texts[code]) == names, (key, code)


def test_every_key_the_code_says_exists() -> None:
    """Literal keys (``Said("seats.first", ...)``, ``w("page.size")``) and the families
    the code builds (``verdict.<size>_<side>``, ``hole.<kind>``, ``short.<metric>``...)."""
    from spelbord.lab.holes import KINDS
    from spelbord.lab.metrics import SHORT

    said = re.compile(r"""(?:Said|\bw)\(\s*["']([a-z_]+\.[a-z_.-]+|yes|no|thresholds)["']""")
    keys = set()
    for file in SRC.glob("*.py"):
        keys |= set(said.findall(file.read_text(encoding="utf-8")))
    keys |= {f"verdict.{s}_{d}" for s in ("small", "clear") for d in ("advantage", "disadvantage")}
    keys |= {f"draws.{w}" for w in ("rare", "common", "occasional")}
    keys |= {f"hole.{k}" for k in KINDS} | {f"short.{k}" for k in SHORT}
    keys |= {f"who.{w}" for w in ("side", "player", "team")} | {"balance.good", "balance.poor"}
    keys |= {f"fig.{n}" for n in ("skill", "differences", "choices", "dominance", "overview",
                                  "seats", "play", "lengths")}  # fmt: skip
    assert len(keys) > 60
    missing = sorted(k for k in keys if k not in messages())
    assert not missing


def test_numbers_in_each_languages_style() -> None:
    share = Interval(0.514, 0.47, 0.553, "share")
    assert render(share, "en") == "51% [47, 55]"
    for code in ("sv", "da", "nb"):
        assert render(share, code) == "51\u00a0% [47; 55]"
    moves = Interval(9.42, 8.1, 10.75, "moves")
    assert render(moves, "en") == "9.42 [8.10, 10.8]"
    assert render(moves, "sv") == "9,42 [8,10; 10,8]"
    with pytest.raises(WordsError, match="no value for share"):
        render(Said("seats.first", game="g", arm="a", who="w", fair="f", verdict="v"), "en")
    with pytest.raises(WordsError):
        render(Said("no.such.key"), "sv")
    assert report_name("en") == "report.html" and report_name("nb") == "report.nb.html"
    with pytest.raises(WordsError):
        report_name("../x")


def test_phrases_and_seat_names_come_from_the_words_and_the_games() -> None:
    from spelbord import games

    assert phrase("How games end", "sv") == "Hur partierna slutar"
    assert phrase("an arm label", "da") == "an arm label"  # not the lab's: as it is
    assert phrase("Player 2", "nb") == "Spiller 2" and phrase("Seat 3", "sv") == "Plats 3"
    # every packaged game names its seats in every language (its own web texts)
    for name in games.names():
        info = games.info(name)
        for seat in range(info.max_seats):
            english = info.seat_name(seat)
            assert seat_name(name, english, "en", seat) == english
            for code in ("sv", "da", "nb"):
                assert seat_name(name, english, code, seat) != english, (name, seat, code)


def _study(race: str, games: int = 12) -> Study:
    return Study(
        "words",
        (
            Arm("mirror", race, {}, ("random", "random"), rotate=False),
            Arm("stuck", race, {"stuck_at": 3, "turns": 10}, ("random", "random"), rotate=False),
        ),
        games=games,
        seed=3,
    )


def test_findings_say_the_same_figures_in_every_language(race: str, tmp_path: Path) -> None:
    study = _study(race)
    result = run_study(study, tmp_path, progress=False, command="test")
    rows = read_records(result.folder / "records")
    found = findings(study, compute(study, rows))
    assert found and all(set(f.texts) == set(LANGUAGES) for f in found)
    for f in found:
        english = f.text
        assert f.in_language("en") == english
        # the same numbers, written each language's way (51% -> 51 %, 9.4 -> 9,4, [a, b] ->
        # [a; b])
        numbers = re.findall(r"\d+(?:\.\d+)?", english)
        for code in ("sv", "da", "nb"):
            text = f.in_language(code)
            assert text != english, (code, english)
            assert re.findall(r"\d+(?:,\d+)?", text) == [n.replace(".", ",") for n in numbers]
            assert "%" not in text or "\u00a0%" in text
            assert not re.search(r"\d%", text)
    seats = next(f for f in found if f.topic == "seats" and "first wins" in f.text)
    assert re.fullmatch(
        r"In Lab Race \(mirror\) the side to move first wins \d+% \[\d+, \d+\] of decisive games "
        r"\(fair: 50%\): (no advantage measured|a (small|clear) (dis)?advantage)\.",
        seats.text,
    )
    assert seats.in_language("sv").startswith("I ") and "av de avgjorda partierna" in (
        seats.in_language("sv")
    )
    assert "af de afgjorte spil" in seats.in_language("da")
    assert "av de avgjorte partiene" in seats.in_language("nb")
    # a finding made of English text alone reads the same everywhere
    plain = Finding("Plain.", "seats")
    assert plain.in_language("sv") == "Plain." and plain.to_dict("da")["text"] == "Plain."


def test_the_report_in_four_languages(race: str, tmp_path: Path) -> None:
    study = _study(race, games=8)
    result = run_study(study, tmp_path, progress=False, command="test")
    english = write_report(result.folder).read_text(encoding="utf-8")
    folder = result.folder
    summary = json.loads((folder / "summary.json").read_text(encoding="utf-8"))
    # summary.json's findings are the English ones, as before; the others beside them
    assert all(set(f) <= {"text", "topic", "items"} for f in summary["findings"])
    assert set(summary["findings_i18n"]) == {"sv", "da", "nb"}
    assert [len(v) for v in summary["findings_i18n"].values()] == [len(summary["findings"])] * 3
    assert "<html lang='en'>" in english and "<h2>Findings</h2>" in english
    for f in summary["findings"]:
        assert f["text"].replace("'", "&#x27;") in english
    for code, heading in (("sv", "Resultat"), ("da", "Resultater"), ("nb", "Funn")):
        page = (folder / report_name(code)).read_text(encoding="utf-8")
        assert f"<html lang='{code}'>" in page and f"<h2>{heading}</h2>" in page
        for f in summary["findings_i18n"][code]:
            assert f["text"].replace("'", "&#x27;") in page
        # the language switch links every version, this one marked
        for other in LANGUAGES:
            href = "report.html?lang=en" if other == "en" else report_name(other)
            assert f"href='{href}'" in page
        assert f"hreflang='{code}' lang='{code}' aria-current='true'" in page
        # no English words of the page's own left (agent specs and arm labels stay)
        text = re.sub(r"<(script|style)\b.*?</\1>|<[^>]+>", " ", page, flags=re.S)
        for word in ("Findings", "Rule holes", "Every figure", "How it was made", "Size:",
                     "games per arm", "Arms", "not checked", "win rate", "Replay"):  # fmt: skip
            assert word not in text, (code, word)

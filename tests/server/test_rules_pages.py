"""The rules pages a player opens: the guide in the reader's language (``?lang=``, the
``spelbord_lang`` cookie, ``Accept-Language``), every game's guide in all four languages,
English where a game has no guide in it, links to the languages there are, and no file paths,
module names or implementation notes."""

from __future__ import annotations

import importlib.resources
import json
import re
import shutil
from pathlib import Path
from typing import Any

import markdown
import pytest
from fastapi.testclient import TestClient

import spelbord.games  # noqa: F401  (registers the games)
from spelbord import games
from spelbord.core.registry import load
from spelbord.rulebook import (
    LANGUAGES,
    diagrams,
    documents,
    guide_languages,
    guide_path,
    load_examples,
    play_example,
    reference_path,
)

GAMES = list(games.packages())

OWN_LANGUAGE = {"omringad": "sv", "coerceo": "sv", "gunst": "da", "islandet": "nb"}
"""The rulebook's own language of each game (its guide is written in it too)."""

LEAKS = (".py", ".txt", "seeds/", "RULES-NOTES", "spelbord.", "src/", "tests/", "games.load")
"""What a player must never read on a rules page: files, modules, code."""

COMPONENTS = {"en": "Components", "sv": "(Spelkomponenter|Innehåll)",
              "da": "(Opstilling|Indhold)", "nb": "(Komponenter|Innhold)"}  # fmt: skip
"""The first section of a guide in each language (the rulebook's own word)."""


def page_language(text: str) -> str:
    found = re.search(r'<html lang="(\w+)"', text)
    assert found
    return found.group(1)


def visible_text(page: str) -> str:
    """What the page's ``<main>`` shows (the example positions are data, not text)."""
    found = re.search(r"<main>(.*)</main>", page, flags=re.S)
    assert found
    return found.group(1)


def test_every_game_has_a_guide_in_all_four_languages() -> None:
    for game in GAMES:
        assert guide_languages(documents(game)) == list(LANGUAGES), game


def examples_shown(text: str) -> list[str]:
    """What a guide shows verbatim in every language: its diagrams (the example positions
    they draw), fenced blocks and notation in backquotes, in order."""
    fenced = re.findall(r"^```.*?^```", text, flags=re.M | re.S)
    inline = re.findall(r"`[^`\n]+`", re.sub(r"^```.*?^```", "", text, flags=re.M | re.S))
    return [*diagrams(text), *fenced, *inline]


@pytest.mark.parametrize("game", GAMES)
def test_each_guide_has_every_section_of_the_english_one(game: str) -> None:
    """What the game is (the opening paragraph), the components, a turn, as many headings,
    the same diagrams drawn from the same example positions and the same notation, in the
    same order, in every language."""
    english = guide_path(documents(game), "en").read_text(encoding="utf-8")
    headings = re.findall(r"^(#+) ", english, flags=re.M)
    for code in LANGUAGES:
        text = guide_path(documents(game), code).read_text(encoding="utf-8")
        html = markdown.markdown(text, extensions=["tables"])
        assert html.startswith("<h1>") and "<p>" in html.split("<h2>")[0], code
        assert re.findall(r"^(#+) ", text, flags=re.M) == headings, code
        sections = re.findall(r"^## (.+)$", text, flags=re.M)
        assert len(sections) >= 2, code
        assert re.fullmatch(COMPONENTS[code], sections[0]), (code, sections)
        assert examples_shown(text) == examples_shown(english) and diagrams(text), code
        assert not any(leak in text for leak in LEAKS), code


@pytest.mark.parametrize("game", GAMES)
def test_every_diagram_is_an_example_position_the_game_reaches(
    client: TestClient, game: str
) -> None:
    """Each example is played from the start by its moves; the page carries the position
    as the example's seat sees it, for the renderer to draw."""
    examples = load_examples(documents(game))
    drawn = set(diagrams(guide_path(documents(game), "en").read_text(encoding="utf-8")))
    assert drawn <= {"start", *examples}
    page = client.get(f"/rules/{game}").text
    found = re.search(r'<script type="application/json" id="rules-examples">(.*?)</script>', page)
    assert found
    views = json.loads(found.group(1).replace("<\\/", "</"))
    assert drawn <= set(views)
    for name, example in examples.items():
        state = play_example(load(game), example)
        assert state.history() and not state.is_terminal()
        assert views[name]["observation"] == json.loads(json.dumps(state.observation(0)))
        assert views[name]["ply"] == len(state.history()) and views[name]["game"] == game


@pytest.mark.parametrize("game", GAMES)
def test_no_page_names_files_modules_or_code(client: TestClient, game: str) -> None:
    """The reference keeps every rule number (tests cite them) without implementation."""
    reference = reference_path(documents(game), "en").read_text(encoding="utf-8")
    numbers = re.findall(r"\*\*(R\d+)\b", reference)
    assert numbers and len(numbers) == len(set(numbers))
    for code in LANGUAGES:
        r = client.get(f"/rules/{game}?lang={code}")
        assert r.status_code == 200
        text = visible_text(r.text)
        for leak in (*LEAKS, "## Status", "<h2>Status", "resample", "observation's"):
            assert leak not in text, (game, code, leak)
        for number in numbers:
            assert f"<strong>{number}" in text, (game, number)


@pytest.mark.parametrize("game", GAMES)
def test_the_page_in_the_rulebook_language(client: TestClient, game: str) -> None:
    code = OWN_LANGUAGE[game]
    r = client.get(f"/rules/{game}", params={"lang": code})
    assert r.status_code == 200 and page_language(r.text) == code
    ours = guide_path(documents(game), code).read_text(encoding="utf-8")
    first_line = next(line for line in ours.splitlines()[2:] if line.strip())
    assert first_line.split()[0] in r.text  # the guide in that language
    # the numbered rules follow, translated where they are, else in English (and the page
    # says so in the reader's language)
    translated = reference_path(documents(game), code).is_file()
    told = code if translated else "en"
    section = f'<section class="rules-reference" id="reference" lang="{told}">'
    assert section + '<p class="rules-note">' in r.text
    english = {"sv": "bara på engelska", "da": "kun på engelsk", "nb": "bare på engelsk"}[code]
    assert (english in r.text) is not translated
    assert "<strong>R1" in r.text
    # links to the other languages (every game has a guide in each)
    assert '<a href="?lang=en" hreflang="en" lang="en">English</a>' in r.text
    assert f'aria-current="page" lang="{code}"' in r.text
    for other in set(LANGUAGES) - {code}:
        assert f'<a href="?lang={other}" hreflang="{other}" lang="{other}">' in r.text
    assert "Vary" in r.headers and "Accept-Language" in r.headers["Vary"]


@pytest.mark.parametrize("game", GAMES)
def test_a_translated_reference_keeps_every_rule_number(game: str) -> None:
    """Tests cite the rule numbers: a translation has the same ones in the same order."""
    english = reference_path(documents(game), "en").read_text(encoding="utf-8")
    for code in LANGUAGES[1:]:
        path = reference_path(documents(game), code)
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        assert re.findall(r"\*\*(R\d+)\b", text) == re.findall(r"\*\*(R\d+)\b", english)
        assert not any(leak in text for leak in LEAKS), (game, code)


def test_the_swedish_coerceo_reference_is_swedish(client: TestClient) -> None:
    r = client.get("/rules/coerceo?lang=sv")
    assert "<strong>R7. Fångst (avgörande).</strong>" in r.text
    assert "De numrerade reglerna nedan är referensen" in r.text and "engelska" not in r.text
    english = client.get("/rules/coerceo?lang=en")
    assert "<strong>R7. Capture (ruling).</strong>" in english.text


def test_a_language_without_a_guide_falls_back_to_english(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Gunst's own documents without the Swedish guide: a Swedish reader gets the English
    guide, a note saying so in Swedish, and links to the guides there are."""
    shutil.copytree(str(documents("gunst")), tmp_path / "gunst")
    (tmp_path / "gunst" / "guide.sv.md").unlink()
    monkeypatch.setenv("SPELBORD_RULES_DIR", str(tmp_path))
    r = client.get("/rules/gunst?lang=sv")
    assert r.status_code == 200 and page_language(r.text) == "en"
    assert re.search(r"<h2[^>]*>Components</h2>", r.text)
    assert 'class="rules-fallback" lang="sv"' in r.text and "svenska" in r.text
    assert 'hreflang="da"' in r.text and 'hreflang="nb"' in r.text
    assert 'hreflang="sv"' not in r.text
    monkeypatch.delenv("SPELBORD_RULES_DIR")
    r = client.get("/rules/coerceo?lang=en")
    assert page_language(r.text) == "en" and "rules-fallback" not in r.text
    assert re.search(r"<h2[^>]*>Components</h2>", r.text)


def test_the_language_from_the_cookie_then_the_browser(client: TestClient) -> None:
    # the browser's languages, in order of preference (q), bokmål for no/nn
    r = client.get("/rules/islandet", headers={"Accept-Language": "de, nn;q=0.8, en;q=0.5"})
    assert page_language(r.text) == "nb"
    r = client.get("/rules/islandet", headers={"Accept-Language": "en-GB, nb;q=0.9"})
    assert page_language(r.text) == "en"
    r = client.get("/rules/coerceo", headers={"Accept-Language": "sv-SE,sv;q=0.9"})
    assert page_language(r.text) == "sv"
    # the language switch's cookie wins over the browser; ?lang= wins over both
    client.cookies.set("spelbord_lang", "da")
    r = client.get("/rules/gunst", headers={"Accept-Language": "sv"})
    assert page_language(r.text) == "da"
    r = client.get("/rules/gunst?lang=en", headers={"Accept-Language": "sv"})
    assert page_language(r.text) == "en"
    client.cookies.set("spelbord_lang", "klingon")  # a cookie the server cannot use is ignored
    r = client.get("/rules/omringad", headers={"Accept-Language": "sv"})
    assert page_language(r.text) == "sv"
    client.cookies.clear()


def test_an_unknown_language_is_refused(client: TestClient) -> None:
    r = client.get("/rules/coerceo?lang=fr")
    assert r.status_code == 400
    assert r.json()["error"] == "no language 'fr' here (languages: en, sv, da, nb)"


@pytest.mark.parametrize("game", GAMES)
def test_the_documents_ship_in_the_games_package(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found as the package's resources (a wheel has them), not in a checkout's folder."""
    monkeypatch.delenv("SPELBORD_RULES_DIR", raising=False)
    package = importlib.resources.files(games.packages()[game])
    folder = documents(game)
    assert str(folder) == str(package / "rules")
    assert guide_path(folder, "en") == folder / "guide.en.md"
    assert (
        reference_path(folder, OWN_LANGUAGE[game]) == folder / f"reference.{OWN_LANGUAGE[game]}.md"
    )
    assert {"reference.en.md", "guide.en.md", "examples.toml"} <= {f.name for f in folder.iterdir()}


def test_a_broken_example_leaves_the_page_readable(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: Any
) -> None:
    (tmp_path / "coerceo").mkdir()
    (tmp_path / "coerceo" / "reference.en.md").write_text("# Coerceo\n\n**R1. Players.** Two.\n")
    (tmp_path / "coerceo" / "guide.en.md").write_text(
        "# Coerceo\n\nA game.\n\n## Components\n\n"
        '<div class="rules-diagram" data-example="good" aria-label="g"></div>\n'
        '<div class="rules-diagram" data-example="bad" aria-label="b"></div>\n'
    )
    (tmp_path / "coerceo" / "examples.toml").write_text(
        "[good]\nmoves = 'b2:5-b2:3'\n[bad]\nmoves = 'b2:5-e5:0'\n"
    )
    monkeypatch.setenv("SPELBORD_RULES_DIR", str(tmp_path))
    r = client.get("/rules/coerceo")
    assert r.status_code == 200 and "<strong>R1. Players.</strong>" in r.text
    found = re.search(r'id="rules-examples">(.*?)</script>', r.text)
    assert found and set(json.loads(found.group(1))) == {"start", "good"}
    assert "example 'bad', step 1 (b2:5-e5:0)" in caplog.text

"""The rules documents for players: which language a reader gets, and example positions
played from their moves."""

from __future__ import annotations

from pathlib import Path

import pytest

import spelbord.games  # noqa: F401  (registers the games)
from spelbord.core.errors import UnknownGameError
from spelbord.core.registry import load
from spelbord.rulebook import (
    Example,
    ExampleError,
    UnknownLanguageError,
    accepted_languages,
    documents,
    language_of,
    load_examples,
    parse_examples,
    play_example,
    rules_text,
    wanted_language,
)


def test_browser_tags_map_to_the_four_languages() -> None:
    assert [language_of(t) for t in ("sv-FI", "DA", "no", "nn-NO", "nb", "en_GB")] == [
        "sv",
        "da",
        "nb",
        "nb",
        "nb",
        "en",
    ]
    assert language_of("de") is None and language_of("") is None and language_of(None) is None


def test_accept_language_by_weight_then_order() -> None:
    assert accepted_languages("da;q=0.4, sv;q=0.9, fr, nb;q=0.9") == ["sv", "nb", "da"]
    assert accepted_languages("sv-SE, sv;q=0.8, en;q=0.5") == ["sv", "en"]
    assert accepted_languages("*, en;q=0, sv;q=x") == []  # q=0 refuses; a bad q too
    assert accepted_languages("") == [] and accepted_languages(None) == []


def test_query_then_cookie_then_browser_then_english() -> None:
    assert wanted_language(query="sv", cookie="da", accept="nb") == "sv"
    assert wanted_language(query=None, cookie="da", accept="nb") == "da"
    assert wanted_language(query=None, cookie="xx", accept="nb, sv") == "nb"
    assert wanted_language(query="", cookie=None, accept="de") == "en"
    with pytest.raises(UnknownLanguageError, match="no language 'se' here"):
        wanted_language(query="se", cookie="sv", accept=None)


def test_a_guide_in_the_language_else_english(tmp_path: Path) -> None:
    (tmp_path / "reference.en.md").write_text("# Pile\n\n**R1.** Take one.\n")
    (tmp_path / "guide.en.md").write_text("# Pile\n")
    (tmp_path / "guide.da.md").write_text("# Bunke\n")
    danish = rules_text(tmp_path, "pile", "da")
    assert (danish.language, danish.guide, danish.available) == ("da", "# Bunke\n", ("en", "da"))
    assert not danish.fell_back and danish.reference.startswith("# Pile")
    swedish = rules_text(tmp_path, "pile", "sv")
    assert (swedish.language, swedish.guide, swedish.fell_back) == ("en", "# Pile\n", True)
    (tmp_path / "guide.en.md").unlink()
    (tmp_path / "guide.da.md").unlink()
    bare = rules_text(tmp_path, "pile", "sv")
    assert (bare.language, bare.guide, bare.available) == (None, "", ())
    with pytest.raises(FileNotFoundError):
        rules_text(tmp_path / "stones", "stones", "en")
    with pytest.raises(UnknownLanguageError):
        rules_text(tmp_path, "pile", "fi")


def test_examples_are_read_step_by_step() -> None:
    examples = parse_examples(
        "[one]\nseat = 1\nmoves = '''\n# a comment line\nc4:1-c4:3\n\n"
        "  bring 1K | bring 1W  \n'''\n"
    )
    assert examples == {"one": Example("one", (("c4:1-c4:3",), ("bring 1K", "bring 1W")), seat=1)}
    for bad, message in [
        ("[one\n", "examples: "),
        ("one = 3\n", "example 'one' has no moves"),
        ("[one]\nmoves = 3\n", "example 'one' has no moves"),
        ("[one]\nmoves = ''\nseat = -1\n", "bad seat -1"),
        ("[one]\nmoves = ''\nseat = true\n", "bad seat True"),
    ]:
        with pytest.raises(ExampleError, match=message):
            parse_examples(bad)


def test_an_example_is_played_from_the_start() -> None:
    coerceo = load("coerceo")
    state = play_example(coerceo, Example("x", (("b2:5-b2:3",), ("b4:4-b3:0",))))
    assert [coerceo.new_initial_state().action_to_string(state.history()[0])] == ["b2:5-b2:3"]
    assert len(state.history()) == 2
    # a simultaneous step: one move per seat
    gunst = load("gunst")
    state = play_example(gunst, Example("t", (("bring 1K", "bring nothing"),)))
    assert state.history()[0] == tuple(state.history()[0]) and len(state.history()[0]) == 2


@pytest.mark.parametrize(
    ("game", "steps", "message"),
    [
        ("coerceo", (("b2:5-b2:3",), ("b2:5-b2:3",)), r"step 2 \(b2:5-b2:3\): .* not a legal"),
        ("coerceo", (("b2:5-b2:3", "b4:4-b3:0"),), "one move wanted"),
        ("gunst", (("bring 1K",),), "2 moves wanted, one per seat"),
    ],
)
def test_an_example_that_is_not_a_game_names_its_step(
    game: str, steps: tuple[tuple[str, ...], ...], message: str
) -> None:
    with pytest.raises(ExampleError, match=message):
        play_example(load(game), Example("bad", steps))
    with pytest.raises(ExampleError, match="no seat 2"):
        play_example(load(game), Example("bad", (), seat=2))


def test_a_game_without_examples_has_none(tmp_path: Path) -> None:
    assert load_examples(tmp_path) == {}


def test_documents_are_the_games_package_resources_or_the_override(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SPELBORD_RULES_DIR", raising=False)
    folder = documents("gunst")
    assert folder.joinpath("reference.en.md").is_file() and folder.name == "rules"
    assert "R1" in rules_text(folder, "gunst", "da").reference
    monkeypatch.setenv("SPELBORD_RULES_DIR", str(tmp_path))
    assert documents("gunst") == tmp_path / "gunst"
    with pytest.raises(UnknownGameError):
        monkeypatch.delenv("SPELBORD_RULES_DIR")
        documents("chess")

"""The front end's language catalogues (static/i18n/<code>.json): English, Swedish, Danish
and Norwegian bokmål hold the same keys with the same placeholders, and every key the
pages use is in them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from spelbord import games
from spelbord.server.web import pages

STATIC = pages.STATIC
LANGUAGES = ("en", "sv", "da", "nb")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def catalogue(code: str) -> dict[str, str]:
    return dict(json.loads((STATIC / "i18n" / f"{code}.json").read_text(encoding="utf-8")))


def used_keys() -> set[str]:
    """Keys named in the pages: t("key" ...) (``tr`` where ``t`` names something else) in the
    scripts, data-i18n="key" in the HTML."""
    keys: set[str] = set()
    for path in STATIC.glob("*.js"):
        keys |= set(re.findall(r"""\btr?\(\s*["']([\w.]+)["']""", path.read_text("utf-8")))
        # keys chosen by a condition: t(cond ? "a.b" : "a.c", ...)
        for pair in re.findall(
            r"""\?\s*["']([a-z]+\.[\w.]+)["']\s*:\s*["']([a-z]+\.[\w.]+)["']""",
            path.read_text("utf-8"),
        ):
            keys |= set(pair)
    for path in STATIC.glob("*.html"):
        keys |= set(re.findall(r'data-i18n="([\w.]+)"', path.read_text("utf-8")))
    return keys


@pytest.mark.parametrize("code", LANGUAGES[1:])
def test_every_catalogue_has_every_key_of_english_with_its_placeholders(code: str) -> None:
    english, other = catalogue("en"), catalogue(code)
    missing = sorted(set(english) - set(other))
    extra = sorted(set(other) - set(english))
    assert not missing, f"{code}.json misses {missing}"
    assert not extra, f"{code}.json has keys English lacks: {extra}"
    for key, text in english.items():
        want = set(PLACEHOLDER.findall(text))
        assert set(PLACEHOLDER.findall(other[key])) == want, f"{code}: {key}"
        assert other[key].strip(), f"{code}: {key} is empty"


def test_every_key_the_pages_use_is_in_the_english_catalogue() -> None:
    english = catalogue("en")
    used = used_keys()
    assert {"status.your_move", "role.plays", "btn.resign"} <= used
    assert used <= set(english), sorted(used - set(english))


# ---------------------------------------------------------------- the games' renderers
GAMES = STATIC.parents[2] / "games"
GAME_WEBS = sorted(p.parent for p in GAMES.glob("*/web/renderer.js"))
KEY = re.compile(r"""\btn?\(\s*["']([\w.]+)["']""")
CHOICE = re.compile(r"""\btn?\(\s*[^()"'`]*?\?\s*["']([\w.]+)["']\s*:\s*["']([\w.]+)["']""")


def game_catalogue(web: Path, code: str) -> dict[str, str]:
    return dict(json.loads((web / "i18n" / f"{code}.json").read_text(encoding="utf-8")))


def game_keys(web: Path) -> set[str]:
    """Keys a game's scripts name literally: t("key"), tn("key", n) and t(c ? "a" : "b")."""
    keys: set[str] = set()
    for path in web.glob("*.js"):
        text = path.read_text("utf-8")
        keys |= set(KEY.findall(text))
        for pair in CHOICE.findall(text):
            keys |= set(pair)
    return keys


def test_every_game_with_a_renderer_has_catalogues() -> None:
    assert {w.parent.name for w in GAME_WEBS} >= set(games.packages())
    for web in GAME_WEBS:
        for code in LANGUAGES:
            assert (web / "i18n" / f"{code}.json").is_file(), f"{web.parent.name}: {code}.json"


@pytest.mark.parametrize("web", GAME_WEBS, ids=lambda w: w.parent.name)
@pytest.mark.parametrize("code", LANGUAGES[1:])
def test_every_game_catalogue_has_every_key_of_english_with_its_placeholders(
    web: Path, code: str
) -> None:
    english, other = game_catalogue(web, "en"), game_catalogue(web, code)
    missing = sorted(set(english) - set(other))
    extra = sorted(set(other) - set(english))
    assert not missing, f"{web.parent.name}/{code}.json misses {missing}"
    assert not extra, f"{web.parent.name}/{code}.json has keys English lacks: {extra}"
    for key, text in english.items():
        want = set(PLACEHOLDER.findall(text))
        assert set(PLACEHOLDER.findall(other[key])) == want, f"{code}: {key}"
        assert other[key].strip(), f"{code}: {key} is empty"


@pytest.mark.parametrize("web", GAME_WEBS, ids=lambda w: w.parent.name)
def test_every_key_a_renderer_names_is_in_its_english_catalogue(web: Path) -> None:
    """tn("key", n) looks up key.one / key.many; a game may also use the page's keys."""
    english = set(game_catalogue(web, "en")) | set(catalogue("en"))
    used = game_keys(web)
    assert len(used) > 10
    missing = sorted(
        k for k in used if k not in english and not {f"{k}.one", f"{k}.many"} <= english
    )
    assert not missing, f"{web.parent.name} names keys its catalogue lacks: {missing}"


# Text a player reads, written as a literal where the scripts build the page: an argument
# of h(...)/el(...) or a textContent / title / aria-label. Two words or more of letters.
PROSE = re.compile(r"[A-Za-z]{2,}[^\"`]*\s[A-Za-z]{2,}")
SHOWN = re.compile(
    r"""(?:textContent\s*=|["']?(?:title|aria-label)["']?\s*:|h\(\s*"\w+",\s*\{[^}]*\},)"""
    r"""\s*(["`])((?:(?!\1).)*)\1"""
)


@pytest.mark.parametrize("web", GAME_WEBS, ids=lambda w: w.parent.name)
def test_renderers_show_no_literal_english_text(web: Path) -> None:
    """Every text a renderer shows goes through its catalogue: no literal prose is set as
    an element's text, title or label."""
    found = []
    for path in web.glob("*.js"):
        for match in SHOWN.finditer(path.read_text("utf-8")):
            literal = re.sub(r"\$\{[^}]*\}", "", match.group(2))
            if PROSE.search(literal):
                found.append(f"{path.name}: {match.group(2)[:60]}")
    assert not found, found

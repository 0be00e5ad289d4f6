"""The front end's language catalogues (static/i18n/<code>.json): English, Swedish, Danish
and Norwegian bokmål hold the same keys with the same placeholders, and every key the
pages use is in them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "src" / "spelbord" / "server" / "static"
LANGUAGES = ("en", "sv", "da", "nb")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def catalogue(code: str) -> dict[str, str]:
    return dict(json.loads((STATIC / "i18n" / f"{code}.json").read_text(encoding="utf-8")))


def used_keys() -> set[str]:
    """Keys named in the pages: t("key" ...) in the scripts, data-i18n="key" in the HTML."""
    keys: set[str] = set()
    for path in STATIC.glob("*.js"):
        keys |= set(re.findall(r"""\bt\(\s*["']([\w.]+)["']""", path.read_text("utf-8")))
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

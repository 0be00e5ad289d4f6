"""The lab's words in every language Spelbord speaks: messages, numbers, names.

A report says everything in English, Swedish, Danish and Norwegian (bokmål). Its words live
in ``words.toml`` beside this module, one table per message key with a template per
language (``{name}`` marks where a value goes). A sentence is said once, as a key and its
values (``Said``), and rendered in any language by ``render``: the figures are written in
that language's style, the games named as they name themselves, the rest as given.

English numbers read ``51%``, ``9.4``, ``[47, 55]``; Swedish, Danish and Norwegian ones
``51 %`` (a no-break space before the sign), ``9,4`` (decimal comma) and ``[47; 55]`` (a
semicolon between an interval's ends, since the comma is the decimal sign).

>>> render(Said("verdict.none"), "sv")
'ingen mätbar fördel'
>>> [render(Interval(0.514, 0.47, 0.553, "share"), code) for code in ("en", "sv")]
['51% [47, 55]', '51\\xa0% [47; 55]']
>>> render(Fig(9.42, "moves"), "da"), render(Fig(0.032, "share", signed=True), "nb")
('9,42', '+3,2 prosentpoeng')
>>> render(Said("length.one", length=Interval(22.4, 21.3, 23.4, "moves"), arm="a"), "nb")
'Et parti varer 22,4 [21,3; 23,4] trekk (a).'
"""

from __future__ import annotations

import functools
import json
import math
import re
import string
import sys
import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

from spelbord.rulebook import LANGUAGES

WORDS_FILE = "words.toml"
NBSP = "\u00a0"


class WordsError(LookupError):
    """A message key that ``words.toml`` lacks, or a template naming a value not given."""


@functools.cache
def messages() -> dict[str, dict[str, str]]:
    """Every message key -> {language: template}, from ``words.toml`` (nested tables read
    as dotted keys: ``[seats.first]`` is ``seats.first``)."""
    text = resources.files("spelbord.lab").joinpath(WORDS_FILE).read_text(encoding="utf-8")
    out: dict[str, dict[str, str]] = {}

    def walk(prefix: str, table: dict[str, Any]) -> None:
        leaves = {k: v for k, v in table.items() if isinstance(v, str)}
        if leaves:
            out[prefix] = leaves
        for key, value in table.items():
            if isinstance(value, dict):
                walk(f"{prefix}.{key}" if prefix else key, value)

    walk("", tomllib.loads(text))
    return out


def template(key: str, language: str) -> str:
    """The template of ``key`` in ``language`` (English when that language lacks it)."""
    try:
        texts = messages()[key]
    except KeyError:
        raise WordsError(f"no lab message {key!r} in {WORDS_FILE}") from None
    return texts.get(language) or texts["en"]


def word(key: str, language: str, **values: Any) -> str:
    """``key`` rendered in ``language`` with ``values`` (a shorthand of ``Said``)."""
    return render(Said(key, **values), language)


PHRASES = ("phrase.", "hole.", "status.")
"""Keys whose English is text another module writes (metric labels, table titles and
columns, interval methods, hole kinds, a run's status): ``phrase`` translates it."""


@functools.cache
def _phrases() -> tuple[dict[str, str], list[tuple[re.Pattern[str], str]]]:
    exact: dict[str, str] = {}
    patterns: list[tuple[re.Pattern[str], str]] = []
    for key, texts in messages().items():
        if not key.startswith(PHRASES):
            continue
        english = texts["en"]
        if "{" in english:
            parts = re.split(r"\{(\w+)\}", english)
            regex = "".join(
                re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)"
                for i, part in enumerate(parts)
            )
            patterns.append((re.compile(regex + r"\Z"), key))
        else:
            exact.setdefault(english, key)
    return exact, patterns


def phrase(text: str, language: str) -> str:
    """``text`` (English another module of the lab wrote) in ``language`` when
    ``words.toml`` knows it, else as it is.

    >>> phrase("How games end", "nb"), phrase("lab:max-length", "sv")
    ('Hvordan partiene ender', 'lab:max-length')
    """
    if language == "en":
        return text
    exact, patterns = _phrases()
    if text in exact:
        return template(exact[text], language)
    for regex, key in patterns:
        found = regex.match(text)
        if found:
            return template(key, language).format(**found.groupdict())
    return text


# ---------------------------------------------------------------------- values
class Said:
    """A message: its key and the values its templates name (each a ``str``, a number, a
    value type of this module, another ``Said``, or ``None`` for nothing)."""

    __slots__ = ("key", "values")

    def __init__(self, key: str, **values: Any) -> None:
        self.key = key
        self.values = values

    def __repr__(self) -> str:
        return f"Said({self.key!r}, {self.values!r})"


@dataclass(frozen=True)
class Fig:
    """A figure in its unit: ``share`` (a fraction, shown in per cent, or in points when
    ``signed``), ``moves``, ``count``, ``actions`` (plain numbers)."""

    value: float
    unit: str
    signed: bool = False


@dataclass(frozen=True)
class Bounds:
    """An interval's two ends in brackets, in the unit but without it: ``[47, 55]``
    (in the format ``spec`` when given: ``+.0f`` for Elo)."""

    low: float
    high: float
    unit: str
    signed: bool = False
    spec: str = ""


@dataclass(frozen=True)
class Interval:
    """A figure and its interval: ``51% [47, 55]``."""

    value: float
    low: float
    high: float
    unit: str
    signed: bool = False


@dataclass(frozen=True)
class Num:
    """A number in a format (``+.0f``, ``.1f``), with the language's decimal sign."""

    value: float
    spec: str


@dataclass(frozen=True)
class Game:
    """A game's name as the game itself writes it in the language (its guide's title)."""

    name: str


@dataclass(frozen=True)
class Seat:
    """A seat's name (the game's own, in English) as the game names it in the language;
    ``index`` counts from 0."""

    game: str
    name: str
    index: int = -1


@dataclass(frozen=True)
class Phrase:
    """English another module of the lab wrote (a metric's label, a table's title), shown
    in the language when ``words.toml`` knows it (``phrase``)."""

    text: str


@dataclass(frozen=True)
class Joined:
    """Values joined by ``sep``."""

    items: tuple[Any, ...]
    sep: str = ", "


def render(value: Any, language: str) -> str:
    """``value`` as text in ``language`` (see the module)."""
    if value is None:
        return ""
    if isinstance(value, Said):
        text = template(value.key, language)
        names = {n for _, n, _, _ in string.Formatter().parse(text) if n}
        missing = names - value.values.keys()
        if missing:
            raise WordsError(f"{value.key}: no value for {', '.join(sorted(missing))}")
        return text.format(**{n: render(value.values[n], language) for n in names})
    if isinstance(value, Fig):
        return number(value.value, value.unit, language, value.signed)
    if isinstance(value, Bounds):
        sep = ", " if language == "en" else "; "
        if value.spec:
            low, high = (render(Num(x, value.spec), language) for x in (value.low, value.high))
        else:
            low = end(value.low, value.unit, language, value.signed)
            high = end(value.high, value.unit, language, value.signed)
        return f"[{low}{sep}{high}]"
    if isinstance(value, Interval):
        figure = number(value.value, value.unit, language, value.signed)
        bounds = Bounds(value.low, value.high, value.unit, value.signed)
        return f"{figure} {render(bounds, language)}"
    if isinstance(value, Num):
        if math.isnan(value.value):
            return "–"
        return _decimal(format(value.value, value.spec), language)
    if isinstance(value, Game):
        return game_title(value.name, language)
    if isinstance(value, Seat):
        return seat_name(value.game, value.name, language, value.index)
    if isinstance(value, Phrase):
        return phrase(value.text, language)
    if isinstance(value, Joined):
        return value.sep.join(render(v, language) for v in value.items)
    return str(value)


# ---------------------------------------------------------------------- numbers
def number(x: float, unit: str, language: str, signed: bool = False) -> str:
    """A figure as a reader of ``language`` sees it.

    >>> number(0.514, "share", "en"), number(0.514, "share", "sv"), number(9.42, "moves", "nb")
    ('51%', '51\\xa0%', '9,42')
    """
    from spelbord.lab.metrics import fmt

    if language == "en" or math.isnan(x):
        return fmt(x, unit, signed)
    if unit == "share":
        if signed:
            return f"{_decimal(f'{x * 100:+.1f}', language)} {template('unit.points', language)}"
        return f"{x * 100:.0f}{NBSP}%"
    return _decimal(fmt(x, unit, signed), language)


def end(x: float, unit: str, language: str, signed: bool = False) -> str:
    """An interval's end in ``language``'s style (``47``, ``+1,0``)."""
    from spelbord.lab.metrics import bound

    return _decimal(bound(x, unit, signed), language)


def _decimal(text: str, language: str) -> str:
    return text if language == "en" else text.replace(".", ",")


# ---------------------------------------------------------------------- names
@functools.cache
def game_title(game: str, language: str) -> str:
    """The game's name in ``language``: the title of its player guide in that language
    (``# Slag for Islandet``), else its registered title, else ``game`` itself.

    >>> game_title("no-such-game", "da")
    'no-such-game'
    """
    from spelbord import games as registry
    from spelbord.core.errors import SpelbordError
    from spelbord.rulebook import documents, guide_path

    try:
        title = registry.info(game).title
    except SpelbordError:
        return game
    try:
        guide = guide_path(documents(game), language)
        if guide.is_file():
            first = guide.read_text(encoding="utf-8").lstrip().splitlines()[0]
            if first.startswith("# "):
                return first[2:].strip()
    except (SpelbordError, OSError, IndexError):
        pass
    return title


@functools.cache
def seat_name(game: str, name: str, language: str, index: int = -1) -> str:
    """A seat's name in ``language`` as the game's web texts give it (``side.<name>`` or
    ``side.<index>`` in its ``web/i18n/<language>.json``), else a plain "Player 2" or
    "Seat 2" in the language (``phrase``), else the name as the game gives it.

    >>> seat_name("no-such-game", "South", "nb")
    'South'
    """
    if language == "en":
        return name
    texts = _web_texts(game, language)
    for key in (f"side.{name.lower()}", f"side.{index}"):
        if isinstance(texts.get(key), str) and texts[key]:
            return str(texts[key])
    return phrase(name, language)


@functools.cache
def _web_texts(game: str, language: str) -> dict[str, Any]:
    """The game's own web texts in ``language`` (its ``web/i18n/<language>.json``), found
    through the registry; empty when it has none."""
    from spelbord import games as registry
    from spelbord.core.errors import SpelbordError

    try:
        cls = registry.game_class(game)
    except SpelbordError:
        return {}
    module = sys.modules.get(cls.__module__)
    package = getattr(module, "__package__", None)
    if not package:
        return {}
    try:
        file = resources.files(package) / "web" / "i18n" / f"{language}.json"
        texts = json.loads(file.read_text(encoding="utf-8")) if file.is_file() else {}
    except (OSError, ValueError):
        return {}
    return texts if isinstance(texts, dict) else {}


def report_name(language: str) -> str:
    """The file of a study's report in ``language``: ``report.html`` (English) or
    ``report.<language>.html``.

    >>> report_name("en"), report_name("sv")
    ('report.html', 'report.sv.html')
    """
    if language not in LANGUAGES:
        raise WordsError(f"no language {language!r} here (languages: {', '.join(LANGUAGES)})")
    return "report.html" if language == "en" else f"report.{language}.html"


__all__ = [
    "LANGUAGES",
    "Bounds",
    "Fig",
    "Game",
    "Interval",
    "Joined",
    "Num",
    "Phrase",
    "Said",
    "Seat",
    "WordsError",
    "game_title",
    "messages",
    "number",
    "phrase",
    "render",
    "report_name",
    "seat_name",
    "template",
    "word",
]

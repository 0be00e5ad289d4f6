"""A game's rules documents for players: the guide in each language and the reference.

The documents ship inside the game's package, in its folder ``rules/`` (found with
``importlib.resources`` through the registry, ``core.registry.documents``), so a wheel
carries them: a numbered reference in English, ``reference.en.md`` (R1, R2, ...), perhaps
translated as ``reference.<code>.md`` (the same rule numbers); player guides,
``guide.en.md`` and ``guide.<code>.md`` translated into ``sv``, ``da`` and ``nb`` (the
packaged games have all four); and ``examples.toml``, the example positions the guides
draw. A reader asks for a language; a game without a guide in it is shown in English, and
a reference not translated stays English. ``$SPELBORD_RULES_DIR``, when set, replaces
every game's folder by ``$SPELBORD_RULES_DIR/<game>/`` of the same shape (other texts, or a
game with none).

>>> language_of("sv-SE"), language_of("nn"), language_of("de")
('sv', 'nb', None)
>>> accepted_languages("de;q=0.9, nb-NO, da;q=0.5, en;q=0")
['nb', 'da']
>>> wanted_language(query=None, cookie="da", accept="sv-SE")
'da'
>>> wanted_language(query="nb", cookie="da", accept=None)
'nb'
>>> wanted_language(query=None, cookie=None, accept=None)
'en'
>>> try:
...     wanted_language(query="fr", cookie=None, accept=None)
... except UnknownLanguageError as exc:
...     print(exc)
no language 'fr' here (languages: en, sv, da, nb)
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path

from spelbord.core import registry
from spelbord.core.errors import NotationError, SpelbordError
from spelbord.core.game import SIMULTANEOUS, Game, State

LANGUAGES = ("en", "sv", "da", "nb")
"""The languages Spelbord speaks, English first (the fallback)."""

RULES_DIR_ENV = "SPELBORD_RULES_DIR"
"""A folder holding ``<game>/`` folders of documents that replace the packages' own."""

NAMES = {"en": "English", "sv": "Svenska", "da": "Dansk", "nb": "Norsk bokmål"}
"""Each language's name in that language (what a link to it reads)."""


class UnknownLanguageError(SpelbordError, ValueError):
    """A language code Spelbord does not speak."""


class ExampleError(SpelbordError, ValueError):
    """An example position that cannot be read or played (names the file and the line)."""


def language_of(tag: str | None) -> str | None:
    """The language code of a browser language tag, or None (``no``, ``nn`` and ``nb``
    are bokmål here)."""
    base = (tag or "").strip().lower().replace("_", "-").split("-")[0]
    if base in ("no", "nn", "nb"):
        return "nb"
    return base if base in LANGUAGES else None


def accepted_languages(header: str | None) -> list[str]:
    """The languages of an ``Accept-Language`` header that Spelbord speaks, most
    wanted first (by ``q``, then by order); ``q=0`` (or a ``q`` that is no number) means
    "not this one". Only the first 20 entries are read."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")[:20]):
        tag, _, params = part.partition(";")
        weight = 1.0
        match = re.search(r"\bq\s*=\s*([^;\s]*)", params)
        if match:
            try:
                weight = float(match.group(1))
            except ValueError:
                weight = 0.0
        code = language_of(tag)
        if code and weight > 0:
            ranked.append((-weight, index, code))
    seen: list[str] = []
    for _, _, code in sorted(ranked):
        if code not in seen:
            seen.append(code)
    return seen


def checked_language(code: str) -> str:
    """``code`` if Spelbord speaks it, else ``UnknownLanguageError``."""
    if code not in LANGUAGES:
        raise UnknownLanguageError(f"no language {code!r} here (languages: {', '.join(LANGUAGES)})")
    return code


def wanted_language(*, query: str | None, cookie: str | None, accept: str | None) -> str:
    """The language a reader asks for: ``?lang=`` (checked), else the ``lang`` cookie the
    language switch stores, else the browser's ``Accept-Language``, else English."""
    if query:
        return checked_language(query)
    return spoken_language(cookie, accept)


def spoken_language(chosen: str | None, accept: str | None) -> str:
    """The language to answer in: ``chosen`` (a page's choice) if Spelbord speaks it, else
    the first of the ``Accept-Language`` header's languages it speaks, else English.

    >>> spoken_language(None, "da-DK,da;q=0.9,en;q=0.5"), spoken_language("fr", "nn,en;q=0.5")
    ('da', 'nb')
    >>> spoken_language("sv", "da"), spoken_language(None, "fr")
    ('sv', 'en')
    """
    offered = accepted_languages(accept)
    return language_of(chosen) or (offered[0] if offered else "en")


class NoDocumentsError(SpelbordError, LookupError):
    """A game whose package ships no rules documents (no ``rules/reference.en.md``)."""


def documents(game: str) -> Traversable:
    """The folder of ``game``'s rules documents: ``$SPELBORD_RULES_DIR/<game>/`` when set,
    else ``rules/`` in the game's package; ``NoDocumentsError`` for a game defined outside a
    package (``UnknownGameError`` for an unknown name)."""
    override = os.environ.get(RULES_DIR_ENV)
    if override:
        return Path(override) / game
    folder = registry.documents(game)
    if folder is None:
        raise NoDocumentsError(f"{game} is not a package and has no rules documents")
    return folder


def guide_path(folder: Traversable, language: str) -> Traversable:
    """Where the player guide in ``language`` lives in a game's documents (it may not exist).

    >>> guide_path(Path("rules"), "sv").name, guide_path(Path("rules"), "en").name
    ('guide.sv.md', 'guide.en.md')
    """
    return folder / f"guide.{checked_language(language)}.md"


def reference_path(folder: Traversable, language: str) -> Traversable:
    """Where the numbered reference in ``language`` lives (it may not exist)."""
    return folder / f"reference.{checked_language(language)}.md"


def guide_languages(folder: Traversable) -> list[str]:
    """The languages the game has a player guide in, in the order of ``LANGUAGES``."""
    return [code for code in LANGUAGES if guide_path(folder, code).is_file()]


@dataclass(frozen=True)
class RulesText:
    """What a reader in ``wanted`` gets: the guide's ``language`` (``wanted``, or English
    when the game has no guide in it; None without any guide), its text, the reference
    (translated into the guide's language where it is, else English) and the languages
    the game's guide is available in."""

    game: str
    wanted: str
    language: str | None
    guide: str
    reference: str
    available: tuple[str, ...]
    reference_language: str = "en"

    @property
    def fell_back(self) -> bool:
        """True when the reader asked for a language the game's guide is not in."""
        return self.language != self.wanted


def rules_text(folder: Traversable, game: str, wanted: str) -> RulesText:
    """The guide (in ``wanted`` if there is one, else English) and reference of ``game``
    from its documents ``folder``; ``FileNotFoundError`` without an English reference."""
    checked_language(wanted)
    english = reference_path(folder, "en")
    if not english.is_file():
        raise FileNotFoundError(f"no {english.name} for {game}")
    reference = english.read_text(encoding="utf-8")
    available = tuple(guide_languages(folder))
    language = wanted if wanted in available else ("en" if "en" in available else None)
    guide = guide_path(folder, language).read_text(encoding="utf-8") if language else ""
    told = "en"
    translated = reference_path(folder, language or "en")
    if language and language != "en" and translated.is_file():
        reference, told = translated.read_text(encoding="utf-8"), language
    return RulesText(game, wanted, language, guide, reference, available, told)


DIAGRAM = re.compile(r'<div class="rules-diagram" data-example="([\w-]+)"[^>]*></div>\n?')
"""A diagram in a guide: the example position it draws."""


def diagrams(guide: str) -> list[str]:
    """The example positions a guide draws, in order.

    >>> diagrams('# X\\n<div class="rules-diagram" data-example="start" aria-label="s"></div>\\n')
    ['start']
    """
    return DIAGRAM.findall(guide)


@dataclass(frozen=True)
class Example:
    """An example position a guide draws: the moves from the start that reach it, each a
    step in the game's notation (one move per seat where the players decide at once),
    seen as ``seat`` sees it."""

    name: str
    moves: tuple[tuple[str, ...], ...]
    seat: int = 0


def examples_path(folder: Traversable) -> Traversable:
    """The example positions a game's guides draw (shared by every language)."""
    return folder / "examples.toml"


def parse_examples(text: str, source: str = "examples") -> dict[str, Example]:
    r"""The examples of a TOML text: a table per example with ``moves``, one step a line
    (``" | "`` between the seats' moves of a simultaneous step; ``#`` starts a comment),
    and optionally ``seat``.

    >>> text = "[opening]\nmoves = '''\nc4:1-c4:3  # White\nbring 1K | bring nothing\n'''"
    >>> parse_examples(text)["opening"].moves
    (('c4:1-c4:3',), ('bring 1K', 'bring nothing'))
    >>> parse_examples("[x]\nseat = 1")
    Traceback (most recent call last):
    spelbord.rulebook.ExampleError: examples: example 'x' has no moves
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ExampleError(f"{source}: {exc}") from None
    examples: dict[str, Example] = {}
    for name, entry in data.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("moves"), str):
            raise ExampleError(f"{source}: example {name!r} has no moves")
        seat = entry.get("seat", 0)
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
            raise ExampleError(f"{source}: example {name!r} has a bad seat {seat!r}")
        steps = []
        for line in entry["moves"].splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                steps.append(tuple(part.strip() for part in line.split("|")))
        examples[name] = Example(name, tuple(steps), seat)
    return examples


def load_examples(folder: Traversable) -> dict[str, Example]:
    """The examples in a game's documents ``folder`` (none without an examples file)."""
    path = examples_path(folder)
    if not path.is_file():
        return {}
    return parse_examples(path.read_text(encoding="utf-8"), path.name)


def play_example(game: Game, example: Example) -> State:
    """The position ``example`` reaches from the start of ``game``; ``ExampleError`` names
    the first step that is not a legal move there."""
    state = game.new_initial_state()
    for number, step in enumerate(example.moves, 1):
        try:
            if state.current_player() == SIMULTANEOUS:
                if len(step) != state.num_players():
                    raise NotationError(f"{state.num_players()} moves wanted, one per seat")
                state.apply_actions(
                    [state.string_to_action(text, seat) for seat, text in enumerate(step)]
                )
            elif len(step) != 1:
                raise NotationError("one move wanted: the players do not decide at once here")
            else:
                state.apply_action(state.string_to_action(step[0]))
        except NotationError as exc:
            raise ExampleError(
                f"example {example.name!r}, step {number} ({' | '.join(step)}): {exc}"
            ) from None
    if example.seat >= state.num_players():
        raise ExampleError(f"example {example.name!r}: no seat {example.seat}")
    return state

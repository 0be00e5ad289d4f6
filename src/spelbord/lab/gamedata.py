"""What a game tells the lab about itself, as data: its safety bounds, its choices, its
variants and its built-in studies.

A game declares it as its ``studies`` extra (``core.extras``; read here by
``lab_data(name)``), a dotted path naming either

- a package of data files (``"spelbord.ai.<game>.studies"``): its ``lab.toml``, when
  there is one, holds the lab data below, and every other ``*.toml`` file in it is one of
  the game's built-in studies, a study file of ``spelbord.lab.study`` with a one-line
  ``summary`` (``spelbord lab list``; ``study_files(name)``); or
- a mapping of lab data in a module (``"package.module:NAME"``: the mapping, or a
  function of no arguments that returns it).

Every key is optional:

```toml
caps = ["move-limit"]          # terminations that are safety bounds, not the rules' end
cap_facts = ["stalled"]        # facts (State.game_facts) counting bound hits in a game
lead = "heuristic"             # who leads after each move: heuristic | margin | none
position_key = "pkg.mod:key"   # state -> hashable position, for repetition loops
first_fact = "first"           # fact naming the seat that moved first (default: the
                               # seat of the game's first decision)
facts = "pkg.mod:more"         # state -> dict: facts the lab adds to State.game_facts
                               # (e.g. a count of safety-bound hits for cap_facts)
describe = "pkg.mod:fields"    # (state, action, seat) -> dict: fields a choice's match
                               # may name beside State.action_to_dict's

[[choice]]                     # a choice a player may be barred from (study "choices")
name = "exchange"
description = "exchanging two captured tiles for an enemy piece"
match = { kind = "exchange" }  # action_to_dict fields; a list is "any of"; texts are
                               # shell patterns (fnmatch), so text = "X*" matches notation

[[variant]]                    # a variant of the rules (study "variants")
name = "cost 2"
description = "an exchange costs two tiles"
options = { exchange_cost = 2 }
rules_version = 3              # optional: the rules version it is played under

[[study]]                      # a study of a kind (``spelbord.lab.kinds``) for the
name = "variants"              # game, run as `lab run variants GAME`
kind = "variants"
```

Without a declaration a game gets ``LabData()``: terminations containing ``limit`` or
``stall`` count as safety bounds, the lead follows ``heuristic_value`` (else ``margin``),
and there are no choices, variants or loop checks.

>>> data = parse_lab_data({"caps": ["move-limit"], "choice": [
...     {"name": "exchange", "description": "trade tiles", "match": {"kind": "exchange"}}]})
>>> data.is_cap("move-limit"), data.is_cap("capture-all")
(True, False)
>>> data.choice("exchange").match.text()
'kind=exchange'
>>> parse_lab_data({"lead": "vibes"}, "demo")
Traceback (most recent call last):
...
spelbord.lab.gamedata.LabDataError: demo: lead: one of auto, heuristic, margin, none, got 'vibes'
"""

from __future__ import annotations

import fnmatch
import functools
import importlib
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from spelbord.core.errors import SpelbordError

DEFAULT_CAPS = ("*limit*", "*stall*")
"""Termination patterns read as safety bounds when a game declares none."""
LEADS = ("auto", "heuristic", "margin", "none")
EXTRA = "studies"
"""The key of ``Game.extras`` under which a game declares its lab data and studies."""
LAB_FILE = "lab.toml"
"""The lab data's file in a package of data files (the other ``*.toml``: studies)."""
_KEYS = {
    "caps",
    "cap_facts",
    "lead",
    "position_key",
    "first_fact",
    "facts",
    "describe",
    "choice",
    "variant",
    "study",
}


class LabDataError(SpelbordError):
    """A game's lab data that does not parse (names the game and the key)."""


# ---------------------------------------------------------------------- values
@dataclass(frozen=True)
class ActionMatch:
    """Which actions a choice covers: every named field of ``State.action_to_dict`` must
    match one of its values (a text value is a shell pattern, ``fnmatch``).

    >>> m = ActionMatch.parse("kind=shoot|blast;unit=tank")
    >>> m.matches({"kind": "blast", "unit": "tank"}), m.matches({"kind": "move", "unit": "tank"})
    (True, False)
    >>> ActionMatch.parse("text=X*").matches({"text": "X a1"})
    True
    >>> ActionMatch.parse("kind")
    Traceback (most recent call last):
    ...
    spelbord.lab.gamedata.LabDataError: a match is FIELD=VALUE[|VALUE...][;FIELD=...], got 'kind'
    """

    fields: tuple[tuple[str, tuple[Any, ...]], ...]

    def matches(self, described: Mapping[str, Any]) -> bool:
        """Whether an action described as ``described`` (``action_to_dict``) matches."""
        for key, accepted in self.fields:
            if key not in described:
                return False
            value = described[key]
            if not any(_same(value, want) for want in accepted):
                return False
        return True

    def text(self) -> str:
        return ";".join(f"{k}={'|'.join(map(str, vs))}" for k, vs in self.fields)

    def to_data(self) -> dict[str, Any]:
        return {k: list(vs) if len(vs) > 1 else vs[0] for k, vs in self.fields}

    @classmethod
    def parse(cls, text: str) -> ActionMatch:
        """Read the text form ``FIELD=VALUE[|VALUE...][;FIELD=...]`` (values as texts)."""
        fields = []
        for part in text.split(";"):
            key, sep, values = part.partition("=")
            if not sep or not key.strip() or not values:
                raise LabDataError(f"a match is FIELD=VALUE[|VALUE...][;FIELD=...], got {text!r}")
            fields.append((key.strip(), tuple(v.strip() for v in values.split("|"))))
        return cls(tuple(fields))

    @classmethod
    def from_data(cls, data: Any) -> ActionMatch:
        """From a mapping ``{field: value or [values]}`` or the text form."""
        if isinstance(data, str):
            return cls.parse(data)
        if not isinstance(data, Mapping) or not data:
            raise LabDataError(f"a match is a table of action fields, got {data!r}")
        fields = []
        for key, value in data.items():
            values = tuple(value) if isinstance(value, list | tuple) else (value,)
            if not values or not all(isinstance(v, str | int | float | bool) for v in values):
                raise LabDataError(f"match field {key!r}: texts, numbers or a list of them")
            fields.append((str(key), values))
        return cls(tuple(fields))


def _same(value: Any, want: Any) -> bool:
    if isinstance(want, str):
        return fnmatch.fnmatchcase(str(value), want)
    return bool(value == want) and isinstance(value, bool) == isinstance(want, bool)


@dataclass(frozen=True)
class Choice:
    """A choice a player may be barred from, to measure what it is worth."""

    name: str
    description: str
    match: ActionMatch

    def to_data(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description, "match": self.match.to_data()}


@dataclass(frozen=True)
class Variant:
    """A variant of the rules: game options and, optionally, a rules version."""

    name: str
    description: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    rules_version: int | None = None

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "description": self.description}
        out["options"] = dict(self.options)
        if self.rules_version is not None:
            out["rules_version"] = self.rules_version
        return out


@dataclass(frozen=True)
class LabData:
    """A game's lab data (see the module); the defaults are every game's."""

    caps: tuple[str, ...] = DEFAULT_CAPS
    cap_facts: tuple[str, ...] = ()
    lead: str = "auto"
    position_key: str = ""
    first_fact: str = ""
    choices: tuple[Choice, ...] = ()
    variants: tuple[Variant, ...] = ()
    studies: tuple[dict[str, Any], ...] = ()
    facts: str = ""
    describe: str = ""

    def is_cap(self, termination: str) -> bool:
        """Whether ``termination`` is a safety bound's (a pattern of ``caps``)."""
        return any(fnmatch.fnmatchcase(termination, p) for p in self.caps)

    def choice(self, name: str) -> Choice:
        for choice in self.choices:
            if choice.name == name:
                return choice
        known = ", ".join(c.name for c in self.choices) or "none declared"
        raise LabDataError(f"no choice {name!r} (choices: {known})")

    def variant(self, name: str) -> Variant:
        for variant in self.variants:
            if variant.name == name:
                return variant
        known = ", ".join(v.name for v in self.variants) or "none declared"
        raise LabDataError(f"no variant {name!r} (variants: {known})")

    def study(self, name: str) -> dict[str, Any] | None:
        """The declared study ``name`` (its data), or ``None``."""
        return next((s for s in self.studies if s.get("name") == name), None)

    def key_function(self) -> Callable[[Any], Any] | None:
        """The position key for repetition loops, or ``None`` when not declared."""
        return resolve(self.position_key) if self.position_key else None

    def more_facts(self) -> Callable[[Any], Mapping[str, Any]] | None:
        """The function of a final state to the facts the lab adds (``None``: none)."""
        return resolve(self.facts) if self.facts else None

    def describer(self) -> Callable[[Any, int, int], Mapping[str, Any]] | None:
        """The function of ``(state, action, seat)`` to the fields a match may name beside
        ``action_to_dict``'s (``None``: none declared)."""
        return resolve(self.describe) if self.describe else None


# ---------------------------------------------------------------------- parsing
def parse_lab_data(data: Any, source: str = "lab data") -> LabData:
    """A ``LabData`` from its mapping (``LabDataError`` naming ``source`` and the key)."""
    if not isinstance(data, Mapping):
        raise LabDataError(f"{source}: lab data is a table, got {type(data).__name__}")

    def fail(key: str, message: str) -> LabDataError:
        return LabDataError(f"{source}: {key}: {message}")

    for key in data:
        if key not in _KEYS:
            raise fail(key, f"unknown key (keys: {', '.join(sorted(_KEYS))})")
    caps = _texts(data, "caps", list(DEFAULT_CAPS), fail)
    cap_facts = _texts(data, "cap_facts", [], fail)
    lead = data.get("lead", "auto")
    if lead not in LEADS:
        raise fail("lead", f"one of {', '.join(LEADS)}, got {lead!r}")
    position_key = data.get("position_key", "")
    first_fact = data.get("first_fact", "")
    more_facts = data.get("facts", "")
    describe = data.get("describe", "")
    paths = (("position_key", position_key), ("facts", more_facts), ("describe", describe))
    for key, value in (*paths, ("first_fact", first_fact)):
        if not isinstance(value, str):
            raise fail(key, f"a text, got {value!r}")
    for key, value in paths:
        if value and ":" not in value:
            raise fail(key, f"a path 'package.module:function', got {value!r}")
    choices = []
    for i, item in enumerate(_tables(data, "choice", fail)):
        where = f"choice[{i + 1}]"
        if not isinstance(item.get("name"), str) or not item["name"]:
            raise fail(where, "needs a name")
        if "match" not in item:
            raise fail(where, "needs a match")
        try:
            match = ActionMatch.from_data(item["match"])
        except LabDataError as exc:
            raise fail(where, str(exc)) from None
        choices.append(Choice(item["name"], str(item.get("description", "")), match))
    variants = []
    for i, item in enumerate(_tables(data, "variant", fail)):
        where = f"variant[{i + 1}]"
        name, options = item.get("name"), item.get("options", {})
        version = item.get("rules_version")
        if not isinstance(name, str) or not name:
            raise fail(where, "needs a name")
        if not isinstance(options, Mapping):
            raise fail(where, f"options: a table, got {options!r}")
        if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
            raise fail(where, f"rules_version: a whole number, got {version!r}")
        variants.append(Variant(name, str(item.get("description", "")), dict(options), version))
    for kind, items in (("choice", choices), ("variant", variants)):
        names = [x.name for x in items]
        if len(set(names)) != len(names):
            raise fail(kind, f"names must differ: {names}")
    studies = tuple(dict(s) for s in _tables(data, "study", fail))
    return LabData(
        tuple(caps),
        tuple(cap_facts),
        lead,
        position_key,
        first_fact,
        tuple(choices),
        tuple(variants),
        studies,
        more_facts,
        describe,
    )


def _texts(data: Mapping[str, Any], key: str, default: list[str], fail: Any) -> list[str]:
    value = data.get(key, default)
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise fail(key, f"a list of texts, got {value!r}")
    return list(value)


def _tables(data: Mapping[str, Any], key: str, fail: Any) -> list[Mapping[str, Any]]:
    value = data.get(key, [])
    if not isinstance(value, list | tuple) or not all(isinstance(v, Mapping) for v in value):
        raise fail(key, "a list of tables ([[" + key + "]])")
    return list(value)


# ---------------------------------------------------------------------- lookup
def resolve(path: str) -> Any:
    """The object ``package.module:NAME`` names (``LabDataError`` when it is missing)."""
    module, sep, name = path.partition(":")
    if not sep or not module or not name:
        raise LabDataError(f"a path is 'package.module:NAME', got {path!r}")
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as exc:
        raise LabDataError(f"cannot load {path!r}: {exc}") from None


def _load(declared: Any, source: str) -> Any:
    """The mapping a declaration names: a package's ``lab.toml`` (``{}`` without one), a
    module's mapping, or what a module's function returns."""
    if not isinstance(declared, str):
        raise LabDataError(f"{source}: declare lab data as a dotted path, got {declared!r}")
    if ":" not in declared:
        entry = _package_files(declared, source).get(LAB_FILE)
        if entry is None:
            return {}
        try:
            return tomllib.loads(entry.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise LabDataError(f"{source}: cannot read {declared}/{LAB_FILE}: {exc}") from None
    value = resolve(declared)
    value = value() if callable(value) else value
    if not isinstance(value, Mapping):
        raise LabDataError(f"{source}: {declared!r} is not a table of lab data")
    return value


def _package_files(package: str, source: str) -> dict[str, Any]:
    """The ``*.toml`` files of ``package`` by name, sorted."""
    try:
        entries = resources.files(package).iterdir()
    except (ModuleNotFoundError, TypeError, OSError) as exc:
        raise LabDataError(f"{source}: cannot read the package {package!r}: {exc}") from None
    found = {e.name: e for e in entries if e.name.endswith(".toml")}
    return dict(sorted(found.items()))


def declared(game_class: type) -> str | None:
    """What ``game_class`` declares as its ``studies`` extra (``None``: nothing)."""
    extras = getattr(game_class, "extras", None)
    found = getattr(extras, EXTRA, None)
    return found if isinstance(found, str) else None


def lab_data(name: str) -> LabData:
    """The lab data of the registered game ``name`` (defaults when it declares none)."""
    from spelbord import games

    return _cached(games.game_class(name))


@functools.cache
def _cached(game_class: type) -> LabData:
    source = f"{game_class.info.name} lab data"  # type: ignore[attr-defined]
    found = declared(game_class)
    if found is None:
        return LabData()
    return parse_lab_data(_load(found, source), source)


def study_files(name: str) -> list[tuple[str, str]]:
    """``(source, text)`` of every built-in study file of the registered game ``name``:
    the ``*.toml`` files of the package its ``studies`` extra names, ``lab.toml`` aside
    (none when it names a mapping, or nothing)."""
    from spelbord import games

    found = declared(games.game_class(name))
    if found is None or ":" in found:
        return []
    source = f"{name} studies"
    return [
        (f"{found}/{file}", entry.read_text(encoding="utf-8"))
        for file, entry in _package_files(found, source).items()
        if file != LAB_FILE
    ]

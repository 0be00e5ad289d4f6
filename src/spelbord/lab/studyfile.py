"""Study files: a study written in TOML (``seats``, ``[[arm]]`` tables, or ``kind = "..."``
for the designer's kinds of ``spelbord.lab.kinds``), read into a ``Study`` with errors that
name the line and the field.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from spelbord.lab import kinds
from spelbord.lab.study import (
    ANALYSES,
    DEFAULT_ANALYSES,
    DEFAULT_GAMES,
    NAME,
    RECORDS,
    Arm,
    Study,
    StudyError,
    check_arm,
    check_spec,
    check_study,
    load_game,
    round_robin,
)

_TOP_KEYS = {
    "name",
    "summary",
    "description",
    "games",
    "seed",
    "record",
    "analyses",
    "features",
    "categories",
    "game",
    "options",
    "rotate",
    "seats",
    "agents",
    "arm",
}
_ARM_KEYS = {"label", "game", "options", "rotate", "seats"}


# ---------------------------------------------------------------------- TOML files
def load_study(path: str) -> Study:
    """The study in the TOML file ``path`` (``StudyError`` naming line and field)."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except OSError as exc:
        raise StudyError(f"cannot read study file {path!r}: {exc.strerror}") from None
    return parse_study(text, path)


def parse_study(text: str, source: str = "<study>") -> Study:
    """The study described by the TOML ``text`` (``source`` names it in errors)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise StudyError(f"{source}: {exc}") from None
    lines = text.splitlines()

    def fail(message: str, key: str, table: str | None = None, index: int | None = None) -> None:
        line = _locate(lines, key, table, index)
        where = key if table is None else f"{table}[{(index or 0) + 1}].{key}"
        raise StudyError(f"{source}:{line}: {where}: {message}")

    if "kind" in data:
        return _parse_kind(data, fail)
    for key in data:
        if key not in _TOP_KEYS:
            fail(f"unknown field (fields: {', '.join(sorted(_TOP_KEYS))})", key)
    name = _get(data, "name", str, fail, required=True)
    games = _get(data, "games", int, fail, default=DEFAULT_GAMES)
    if games < 1:
        fail(f"must be at least 1, got {games}", "games")
    seed = _get(data, "seed", int, fail, default=0)
    description = _get(data, "description", str, fail, default="")
    _get(data, "summary", str, fail, default="")  # the line `spelbord lab list` shows
    record = tuple(_get_list(data, "record", fail, default=["facts"]))
    for item in record:
        if item not in RECORDS:
            fail(f"unknown record {item!r} (records: {', '.join(RECORDS)})", "record")
    analyses = tuple(_get_list(data, "analyses", fail, default=list(DEFAULT_ANALYSES)))
    for item in analyses:
        if item not in ANALYSES:
            fail(f"unknown analysis {item!r} (analyses: {', '.join(ANALYSES)})", "analyses")
    features = tuple(_get_list(data, "features", fail, default=[]))
    categories = tuple(_get_list(data, "categories", fail, default=[]))
    if not NAME.match(name):
        fail("lowercase letters, digits, '-', '_' and '.', at most 64", "name")

    default_game = _get(data, "game", str, fail, default="")
    default_options = _get(data, "options", dict, fail, default={})
    default_rotate = _get(data, "rotate", bool, fail, default=True)
    arms: list[Arm] = []
    sources = [k for k in ("seats", "agents", "arm") if k in data]
    if len(sources) != 1:
        fail("give exactly one of seats, agents or [[arm]] tables", sources[1] if sources else "")
    if "seats" in data or "agents" in data:
        key = sources[0]
        if not default_game:
            fail("a study with seats or agents needs a game", key)
        _check(lambda: load_game(default_game, {}), fail, "game")
        _check(lambda: load_game(default_game, default_options), fail, "options")
        specs = _get_list(data, key, fail, required=True)
        for spec in specs:
            _check(lambda spec=spec: check_spec(spec, default_game), fail, key)
        if key == "seats":
            arms.append(Arm(name, default_game, default_options, tuple(specs), default_rotate))
        else:
            arms.extend(round_robin(default_game, default_options, specs, default_rotate))
            if not arms:
                fail("a round robin needs more agents than the game has seats", key)
    else:
        tables = data["arm"]
        if not isinstance(tables, list):
            fail("write arms as [[arm]] tables", "arm")
        for index, table in enumerate(tables):
            for key in table:
                if key not in _ARM_KEYS:
                    fail(
                        f"unknown field (fields: {', '.join(sorted(_ARM_KEYS))})", key, "arm", index
                    )

            def arm_fail(message: str, key: str, index: int = index) -> None:
                fail(message, key, "arm", index)

            game = _get(table, "game", str, arm_fail, default=default_game)
            if not game:
                arm_fail("every arm needs a game", "game")
            options = {**default_options, **_get(table, "options", dict, arm_fail, default={})}
            _check(lambda game=game: load_game(game, {}), arm_fail, "game")
            _check(lambda game=game, options=options: load_game(game, options), arm_fail, "options")
            seats = _get_list(table, "seats", arm_fail, required=True)
            for spec in seats:
                _check(lambda spec=spec, game=game: check_spec(spec, game), arm_fail, "seats")
            label = _get(table, "label", str, arm_fail, default=f"arm{index + 1}")
            rotate = _get(table, "rotate", bool, arm_fail, default=default_rotate)
            arm = Arm(label, game, options, tuple(seats), rotate)
            _check(lambda arm=arm: check_arm(arm), arm_fail, "seats")
            arms.append(arm)
    study = Study(
        name=name,
        arms=tuple(arms),
        games=games,
        seed=seed,
        description=description,
        record=record,
        analyses=analyses,
        features=features,
        categories=categories,
    )
    _check(lambda: check_study(study), fail, "seats" if "seats" in data else sources[0])
    return study


def _parse_kind(data: dict[str, Any], fail: Any) -> Study:
    """A study file with ``kind = "..."``: the kind's fields (``spelbord.lab.kinds``)."""
    kind = data["kind"]
    if not isinstance(kind, str) or kind not in kinds.KINDS:
        fail(f"one of {', '.join(kinds.KINDS)}, got {kind!r}", "kind")
    game = _get(data, "game", str, fail, required=True)
    _check(lambda: load_game(game, {}), fail, "game")
    fields = {k: v for k, v in data.items() if k not in ("game", "kind")}
    return kinds.build(kind, game, fields, fail=fail)


def _check(action: Any, fail: Any, key: str) -> None:
    try:
        action()
    except StudyError as exc:
        fail(str(exc), key)


def _get(data: dict[str, Any], key: str, kind: type, fail: Any, **how: Any) -> Any:
    if key not in data:
        if how.get("required"):
            fail("missing (required)", key)
        return how.get("default")
    value = data[key]
    if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
        fail(f"must be {_KIND_NAMES[kind]}, got {value!r}", key)
    return value


def _get_list(data: dict[str, Any], key: str, fail: Any, **how: Any) -> list[str]:
    value = _get(data, key, list, fail, **how)
    if not all(isinstance(item, str) for item in value):
        fail(f"must be a list of texts, got {value!r}", key)
    return list(value)


_KIND_NAMES = {str: "a text", int: "an integer", bool: "true or false", list: "a list"}
_KIND_NAMES[dict] = "a table"


def _locate(lines: list[str], key: str, table: str | None, index: int | None) -> int:
    """The 1-based line of ``key`` in ``table`` (its ``index``-th ``[[table]]``); the
    table's header, or line 1, when the key is not written there."""
    current: tuple[str | None, int | None] = (None, None)
    counts: dict[str, int] = {}
    header = 1
    for number, raw in enumerate(lines, 1):
        line = raw.split("#", 1)[0].strip()
        if match := re.match(r"^\[\[\s*([\w.-]+)\s*\]\]$", line):
            name = match.group(1)
            counts[name] = counts.get(name, 0) + 1
            current = (name, counts[name] - 1)
            if current == (table, index):
                header = number
            continue
        if match := re.match(r"^\[\s*([\w.-]+)\s*\]$", line):
            current = (match.group(1), None)
            continue
        if key and current == (table, index) and re.match(rf"^\"?{re.escape(key)}\"?\s*=", line):
            return number
    return header

"""A study: which games to play between which agents, how many, and what to make of them.

A study is a tuple of *arms* (one game with its options and one agent spec per seat), a
number of games per arm, a seed, what to record and which analyses to run. Studies are
built in (``spelbord.lab.builtin``) or written by a user as a small TOML file; a mistake
in a file is a ``StudyError`` naming the file, the line and the field.

>>> study = parse_study('''
... name = "demo"
... game = "coerceo"
... games = 4
... seats = ["random", "script:material"]
... ''')
>>> study.name, study.games, [arm.seats for arm in study.arms]
('demo', 4, [('random', 'script:material')])
>>> bad = 'name = "demo"\\ngame = "chess"\\nseats = ["random"]'
>>> parse_study(bad, "my.toml")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
spelbord.lab.study.StudyError: my.toml:2: game: unknown game 'chess' (games: coerceo, ...)
"""

from __future__ import annotations

import itertools
import json
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from spelbord.core.errors import SpelbordError

ANALYSES = ("win-rates", "seats", "ladder", "lengths", "endings", "features")
"""Every analysis a study may ask for (see ``spelbord.lab.analysis``)."""
DEFAULT_ANALYSES = ("win-rates", "seats", "lengths", "endings")
RECORDS = ("facts", "moves")
"""Optional columns: the game's facts (``State.game_facts``) and the moves as JSON."""
DEFAULT_GAMES = 20
NAME = re.compile(r"^[a-z0-9][a-z0-9_.-]{0,63}$")
SLOW_LEVELS = ("level:hard", "level:master")
FAST_SPEC = "level:medium"
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


class StudyError(SpelbordError):
    """A study that cannot be run: unknown study, game, agent or option, or a bad file."""


@dataclass(frozen=True)
class Arm:
    """One game (with options) played between ``seats`` (one agent spec per seat).

    With ``rotate`` game ``i`` seats agent ``(seat + i) % n`` at each seat, so every agent
    plays every seat equally often; without it the seats keep their agents.
    """

    label: str
    game: str
    options: dict[str, Any]
    seats: tuple[str, ...]
    rotate: bool = True
    rules_version: int | None = None
    """The rules version the arm plays under (``None``: the game's newest)."""
    pairing: str = ""
    """Arms with the same pairing play game ``i`` from the same seeds (``runner.tasks``),
    so their differences are paired game by game; empty: the arm's own seeds."""

    def seating(self, index: int) -> tuple[str, ...]:
        """The agent spec at each seat in the arm's game ``index``."""
        n = len(self.seats)
        if not self.rotate:
            return self.seats
        return tuple(self.seats[(seat + index) % n] for seat in range(n))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "label": self.label,
            "game": self.game,
            "options": dict(self.options),
            "seats": list(self.seats),
            "rotate": self.rotate,
        }
        if self.rules_version is not None:
            out["rules_version"] = self.rules_version
        if self.pairing:
            out["pairing"] = self.pairing
        return out

    @classmethod
    def from_dict(cls, a: dict[str, Any]) -> Arm:
        return cls(
            a["label"],
            a["game"],
            dict(a["options"]),
            tuple(a["seats"]),
            bool(a["rotate"]),
            a.get("rules_version"),
            a.get("pairing", ""),
        )


@dataclass(frozen=True)
class Study:
    """What to play (``arms``, ``games`` each), from which ``seed``, and what to analyse."""

    name: str
    arms: tuple[Arm, ...]
    games: int = DEFAULT_GAMES
    seed: int = 0
    description: str = ""
    record: tuple[str, ...] = ("facts",)
    analyses: tuple[str, ...] = DEFAULT_ANALYSES
    features: tuple[str, ...] = ()
    """Per-seat facts (without the ``s<seat>_`` prefix, ``*`` wildcards) whose effect on
    winning the ``features`` analysis measures."""
    categories: tuple[str, ...] = field(default=())
    """Per-seat facts the ``features`` analysis treats as categories (win rate per value)."""
    kind: str = ""
    """The study kind that built it (``spelbord.lab.kinds``: skill, variants, choices,
    dominance, balance), empty for a plain list of arms."""
    params: dict[str, Any] = field(default_factory=dict)
    """The kind's parameters (JSON-ready), for its analysis and report."""

    @property
    def total_games(self) -> int:
        return self.games * len(self.arms)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready; ``from_dict`` is the inverse."""
        return {
            "name": self.name,
            "description": self.description,
            "games": self.games,
            "seed": self.seed,
            "record": list(self.record),
            "analyses": list(self.analyses),
            "features": list(self.features),
            "categories": list(self.categories),
            "kind": self.kind,
            "params": dict(self.params),
            "arms": [arm.to_dict() for arm in self.arms],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Study:
        arms = tuple(Arm.from_dict(a) for a in data["arms"])
        return cls(
            name=data["name"],
            arms=arms,
            games=int(data["games"]),
            seed=int(data["seed"]),
            description=data.get("description", ""),
            record=tuple(data["record"]),
            analyses=tuple(data["analyses"]),
            features=tuple(data.get("features", ())),
            categories=tuple(data.get("categories", ())),
            kind=data.get("kind", ""),
            params=dict(data.get("params", {})),
        )

    def same_plan(self, other: Study) -> bool:
        """Whether ``other`` plays the same games (any number of them) as this study."""
        mine, theirs = self.to_dict(), other.to_dict()
        for key in ("games", "analyses", "description", "features", "categories", "params"):
            mine.pop(key, None)
            theirs.pop(key, None)
        return json.dumps(mine, sort_keys=True) == json.dumps(theirs, sort_keys=True)

    def with_fast_agents(self) -> Study:
        """The study with every search agent and slow level replaced by ``level:medium``
        (the game's scripted plan), for smoke tests and a quick look. Arm labels show the
        swap: ``random vs level:medium[level:hard]``."""
        arms = []
        for arm in self.arms:
            label = arm.label
            for spec in dict.fromkeys(arm.seats):
                if fast_spec(spec) != spec:
                    label = label.replace(spec, f"{fast_spec(spec)}[{spec}]")
            arms.append(replace(arm, label=label, seats=tuple(map(fast_spec, arm.seats))))
        return replace(self, arms=tuple(arms))

    def with_options(self, game: str, options: dict[str, Any]) -> Study:
        """The study with ``options`` added to every arm that plays ``game`` (checked)."""
        if game not in {arm.game for arm in self.arms}:
            raise StudyError(f"study {self.name!r} plays no {game!r} to set options of")
        arms = tuple(
            replace(arm, options={**arm.options, **options}) if arm.game == game else arm
            for arm in self.arms
        )
        return check_study(replace(self, arms=arms))


def fast_spec(spec: str) -> str:
    """``level:medium`` for a search agent or a slow level, else ``spec`` unchanged.

    >>> fast_spec("mcts:1s"), fast_spec("level:master"), fast_spec("script:material")
    ('level:medium', 'level:medium', 'script:material')
    """
    from spelbord.ai.spec import searching_kinds

    kind = spec.split(":", 1)[0]
    return FAST_SPEC if kind in searching_kinds() or spec in SLOW_LEVELS else spec


# ---------------------------------------------------------------------- checking
def check_study(study: Study) -> Study:
    """Load every arm's game and agent specs once; ``StudyError`` for anything wrong."""
    if not NAME.match(study.name):
        raise StudyError(f"a study name is lowercase letters, digits, '-', '_', got {study.name!r}")
    if study.games < 1:
        raise StudyError(f"a study needs at least one game per arm, got {study.games}")
    if not study.arms:
        raise StudyError(f"study {study.name!r} has no arms")
    labels = [arm.label for arm in study.arms]
    if len(set(labels)) != len(labels):
        raise StudyError(f"arm labels must differ: {labels}")
    for arm in study.arms:
        check_arm(arm)
    return study


def check_arm(arm: Arm) -> None:
    """``StudyError`` unless the game loads with its options and every seat's spec parses."""
    game = load_game(arm.game, arm.options, arm.rules_version)
    if len(arm.seats) != game.num_players():
        raise StudyError(
            f"{arm.game} has {game.num_players()} seats: give {game.num_players()} agent "
            f"specs, got {len(arm.seats)}"
        )
    for spec in arm.seats:
        check_spec(spec, arm.game)


def load_game(name: str, options: dict[str, Any], rules_version: int | None = None) -> Any:
    """The game ``name`` with ``options`` (under ``rules_version``), or ``StudyError``."""
    from spelbord import games

    known = games.names()
    if name not in known:
        raise StudyError(f"unknown game {name!r} (games: {', '.join(known)})")
    if "rules_version" in options:
        raise StudyError("give a rules version as rules_version beside the options, not in them")
    try:
        return games.load(name, rules_version=rules_version, **options)
    except (SpelbordError, TypeError) as exc:
        raise StudyError(str(exc)) from None


def check_spec(spec: str, game: str) -> None:
    """``StudyError`` for an agent spec that does not parse, or does not play ``game`` (a
    plan of another game, another game's own agent).

    ``without:CHOICE:SPEC`` (``spelbord.lab.restrict``) needs a choice ``game`` declares.
    """
    from spelbord.ai import make_agent
    from spelbord.lab.gamedata import LabDataError, lab_data
    from spelbord.lab.restrict import RestrictedSpec

    if not isinstance(spec, str):
        raise StudyError(f"an agent spec is a text, got {spec!r}")
    try:
        restricted = RestrictedSpec.parse(spec)
        if restricted is not None:
            lab_data(game).choice(restricted.choice)
            spec = restricted.inner
    except LabDataError as exc:
        raise StudyError(f"{spec!r}: {exc}") from None
    try:
        make_agent(spec, game=game)
    except ValueError as exc:
        raise StudyError(str(exc)) from None


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
    from spelbord.lab import kinds

    kind = data["kind"]
    if not isinstance(kind, str) or kind not in kinds.KINDS:
        fail(f"one of {', '.join(kinds.KINDS)}, got {kind!r}", "kind")
    game = _get(data, "game", str, fail, required=True)
    _check(lambda: load_game(game, {}), fail, "game")
    fields = {k: v for k, v in data.items() if k not in ("game", "kind")}
    return kinds.build(kind, game, fields, fail=fail)


def round_robin(
    game: str, options: dict[str, Any], agents: Sequence[str], rotate: bool = True
) -> list[Arm]:
    """One arm for every set of distinct agents that fills the game's seats."""
    seats = load_game(game, options).num_players()
    return [
        Arm(" vs ".join(group), game, dict(options), tuple(group), rotate)
        for group in itertools.combinations(dict.fromkeys(agents), seats)
    ]


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

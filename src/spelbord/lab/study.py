"""A study: which games to play between which agents, how many, and what to make of them.

A study is a tuple of *arms* (one game with its options and one agent spec per seat), a
number of games per arm, a seed, what to record and which analyses to run. Studies are
built in (``spelbord.lab.builtin``) or written by a user as a small TOML file; a mistake
in a file is a ``StudyError`` naming the file, the line and the field
(``spelbord.lab.studyfile`` reads the files).

>>> from spelbord.lab.studyfile import parse_study
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
    """Arms with the same pairing play game ``i`` from the same seeds (``tasks.tasks``),
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
        """The study with every search agent and clocked level replaced by the game's
        strongest level that answers without a clock (``fast_spec``), for smoke tests and a
        quick look. Arm labels show the swap: ``random vs level:medium[level:hard]``."""
        arms = []
        for arm in self.arms:
            label = arm.label
            seats = tuple(fast_spec(spec, arm.game) for spec in arm.seats)
            for spec, fast in dict(zip(arm.seats, seats, strict=True)).items():
                if fast != spec:
                    label = label.replace(spec, f"{fast}[{spec}]")
            arms.append(replace(arm, label=label, seats=seats))
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


def fast_spec(spec: str, game: str) -> str:
    """In place of a search agent, or of a level that searches on a clock, the strongest
    level of ``game`` that answers without one (``ai.levels.quick_levels``; ``random`` for
    a game without such a level); any other ``spec`` unchanged.

    >>> fast_spec("mcts:1s", "islandet"), fast_spec("level:medium", "islandet")
    ('level:easy', 'level:easy')
    >>> fast_spec("level:master", "coerceo"), fast_spec("level:medium", "coerceo")
    ('level:medium', 'level:medium')
    >>> fast_spec("script:turtle", "omringad"), fast_spec("mcts:1s", "chess")
    ('script:turtle', 'random')
    """
    from spelbord.ai.levels import LEVEL_NAMES, quick_levels
    from spelbord.ai.spec import searching_kinds

    quick = quick_levels(game)
    kind, _, level = spec.partition(":")
    if kind == "level" and level in LEVEL_NAMES:
        if level in quick:
            return spec
    elif kind not in searching_kinds():
        return spec
    return f"level:{quick[-1]}" if quick else "random"


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


def round_robin(
    game: str, options: dict[str, Any], agents: Sequence[str], rotate: bool = True
) -> list[Arm]:
    """One arm for every set of distinct agents that fills the game's seats."""
    seats = load_game(game, options).num_players()
    return [
        Arm(" vs ".join(group), game, dict(options), tuple(group), rotate)
        for group in itertools.combinations(dict.fromkeys(agents), seats)
    ]

"""What a game declares up front: its facts and its options.

>>> opt = Option("variant", "laurentius", choices=("laurentius", "ocius"), help="start")
>>> opt.check("ocius")
'ocius'
>>> opt.check("blitz")
Traceback (most recent call last):
...
spelbord.core.errors.GameOptionError: option 'variant' must be one of laurentius, ocius; got 'blitz'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from spelbord.core.errors import GameOptionError, RulesVersionError

Information = Literal["perfect", "imperfect"]


@dataclass(frozen=True)
class Option:
    """One game option: its name, default, and the values it accepts.

    A numeric option without ``choices`` declares its bounds (``minimum``/``maximum``,
    inclusive); ``check`` is the one place they are enforced.

    >>> Option("bid_clock", 10, minimum=0, maximum=600).check("600")
    600
    >>> Option("bid_clock", 10, minimum=0, maximum=600).check(10**18)
    Traceback (most recent call last):
    ...
    spelbord.core.errors.GameOptionError: option 'bid_clock' must be 0..600; got 1000000000000000000
    """

    name: str
    default: Any
    choices: tuple[Any, ...] | None = None
    help: str = ""
    minimum: int | None = None
    maximum: int | None = None

    def __post_init__(self) -> None:
        numeric = isinstance(self.default, int) and not isinstance(self.default, bool)
        if numeric and self.choices is None and (self.minimum is None or self.maximum is None):
            raise ValueError(f"numeric option {self.name!r} must declare minimum and maximum")

    def check(self, value: Any) -> Any:
        """Return ``value`` coerced to the default's type, or raise ``GameOptionError``."""
        kind = type(self.default)
        if kind is bool and isinstance(value, str):
            if len(value) > 10 or value.lower() not in (
                "true",
                "false",
                "1",
                "0",
                "yes",
                "no",
                "on",
                "off",
            ):
                raise GameOptionError(f"option {self.name!r} takes true or false; got {value!r}")
            value = value.lower() in ("true", "1", "yes", "on")
        elif kind is int and isinstance(value, str):
            if len(value.strip()) > 20:
                raise GameOptionError(f"option {self.name!r} takes a whole number; got a long text")
            try:
                value = int(value)
            except ValueError:
                raise GameOptionError(
                    f"option {self.name!r} takes a whole number; got {value!r}"
                ) from None
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise GameOptionError(f"option {self.name!r} takes a {kind.__name__}; got {value!r}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise GameOptionError(f"option {self.name!r} must be one of {allowed}; got {value!r}")
        bounded = self.minimum is not None and self.maximum is not None
        if bounded and not self.minimum <= value <= self.maximum:
            raise GameOptionError(
                f"option {self.name!r} must be {self.minimum}..{self.maximum}; got {value!r}"
            )
        return value


@dataclass(frozen=True)
class GameInfo:
    """The facts of a game, in OpenSpiel's terms.

    ``num_distinct_actions`` is an upper bound on every action id of a seat (chance outcomes
    have their own ids below ``max_chance_outcomes``); ``max_game_length`` bounds the
    number of decisions in one game (for the longest options).

    ``version`` is the rules version new games are played under; it is bumped whenever a
    change of the rules could change what a recorded game means (an action becomes
    illegal, a result differs). Every version from ``oldest_version`` to ``version`` can
    still be loaded (``load(name, rules_version=N)``), so records stored under an older
    version replay exactly as they were played; ``changes`` says what each version changed.

    ``seat_names`` are the sides as the game names them, seat 0 first (White and Black,
    South and North): what every page, move list, log and export calls the seats.
    """

    name: str
    title: str
    min_seats: int
    max_seats: int
    teams: bool
    chance: bool
    information: Information
    simultaneous: bool
    num_distinct_actions: int
    max_chance_outcomes: int
    max_game_length: int
    options: tuple[Option, ...] = field(default_factory=tuple)
    version: int = 1
    summary: str = ""
    oldest_version: int = 1
    changes: tuple[tuple[int, str], ...] = ()
    seat_names: tuple[str, ...] = ()

    def seat_name(self, seat: int) -> str:
        """What players call ``seat`` (its side: White, North, ...), counted from 1 if unnamed.

        >>> GameInfo("x", "X", 2, 2, False, False, "perfect", False, 1, 0, 1,
        ...          seat_names=("White", "Black")).seat_name(1)
        'Black'
        >>> GameInfo("x", "X", 2, 3, False, False, "perfect", False, 1, 0, 1).seat_name(2)
        'Seat 3'
        """
        if 0 <= seat < len(self.seat_names):
            return self.seat_names[seat]
        return f"Seat {seat + 1}"

    def versions(self) -> range:
        """Every rules version this code can still play, oldest first."""
        return range(self.oldest_version, self.version + 1)

    def check_version(self, version: Any) -> int:
        """``version`` if it can be played, else ``RulesVersionError`` naming the range."""
        if isinstance(version, str) and version.strip().isdigit():
            version = int(version)
        if not isinstance(version, int) or isinstance(version, bool):
            raise RulesVersionError(
                f"{self.name} rules version must be a whole number; got {version!r}"
            )
        if version not in self.versions():
            raise RulesVersionError(
                f"{self.name} rules version {version} cannot be played here "
                f"(this installation plays versions {self.oldest_version}-{self.version})"
            )
        return version

    def option(self, name: str) -> Option:
        for opt in self.options:
            if opt.name == name:
                return opt
        known = ", ".join(o.name for o in self.options) or "none"
        raise GameOptionError(f"{self.name} has no option {name!r} (options: {known})")

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults overlaid with ``given``; every value checked."""
        resolved = {opt.name: opt.default for opt in self.options}
        for name, value in given.items():
            resolved[name] = self.option(name).check(value)
        return resolved

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready description (for ``spelbord games`` and the lobby)."""
        return {
            "name": self.name,
            "title": self.title,
            "seats": [self.min_seats, self.max_seats],
            "teams": self.teams,
            "chance": self.chance,
            "information": self.information,
            "simultaneous": self.simultaneous,
            "num_distinct_actions": self.num_distinct_actions,
            "max_chance_outcomes": self.max_chance_outcomes,
            "max_game_length": self.max_game_length,
            "version": self.version,
            "oldest_version": self.oldest_version,
            "changes": [{"version": v, "text": t} for v, t in self.changes],
            "summary": self.summary,
            "seat_names": [self.seat_name(i) for i in range(self.max_seats)],
            "options": [
                {
                    "name": o.name,
                    "default": o.default,
                    "choices": list(o.choices) if o.choices is not None else None,
                    "help": o.help,
                    "minimum": o.minimum,
                    "maximum": o.maximum,
                }
                for o in self.options
            ],
        }

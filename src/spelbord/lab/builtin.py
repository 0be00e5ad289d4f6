"""The built-in studies (``spelbord lab list``): the studies of every game, each a function
of the games it studies, and the studies each game declares as data.

``seats``, ``endings``, ``ladder GAME`` and ``gauntlet GAME`` play whichever games are
registered (``spelbord.games.names()``). A game's own studies are TOML files in the study
format of ``spelbord.lab.study`` (plus a one-line ``summary``), in the package its
``studies`` extra names (``spelbord/ai/<game>/studies/``, read by
``lab.gamedata.study_files``; its ``lab.toml`` is the game's lab data, not a study):
adding one edits no code here.

>>> [name for name, _ in listing()][:4]
['seats', 'endings', 'ladder GAME', 'gauntlet GAME']
>>> study = builtin("ladder", "coerceo")
>>> study.name, len(study.arms), study.arms[0].seats
('ladder-coerceo', 3, ('random', 'script:material'))
>>> builtin("ladder")
Traceback (most recent call last):
...
spelbord.lab.study.StudyError: study 'ladder' needs a game: spelbord lab run ladder GAME
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import replace

from spelbord.lab.study import Arm, Study, StudyError, check_study, round_robin
from spelbord.lab.studyfile import parse_study


def _games() -> list[str]:
    from spelbord import games

    return games.names()


def _with_levels() -> list[str]:
    from spelbord.ai.levels import games_with_levels

    return games_with_levels()


def _plans(game: str) -> list[str]:
    from spelbord.ai.scripted import plans_for

    return [f"script:{plan}" for plan in plans_for(game)]


def seats(games: int) -> Study:
    """First-seat advantage in every game, with random agents and with the strong level."""
    leveled = _with_levels()
    arms = []
    for game in _games():
        arms.append(Arm(f"{game} random", game, {}, ("random", "random"), rotate=False))
        if game in leveled:
            arms.append(
                Arm(f"{game} level:hard", game, {}, ("level:hard", "level:hard"), rotate=False)
            )
    return Study(
        "seats",
        tuple(arms),
        games=games,
        description="Does the first seat win more? Each game between equal agents "
        "(random, and the hard level), seats fixed.",
        analyses=("seats", "lengths", "endings"),
    )


def endings(games: int) -> Study:
    """How and when games end: random and scripted play in every game."""
    leveled = _with_levels()
    arms = []
    for game in _games():
        arms.append(Arm(f"{game} random", game, {}, ("random", "random")))
        if game in leveled:
            arms.append(Arm(f"{game} medium", game, {}, ("level:medium", "level:medium")))
    return Study(
        "endings",
        tuple(arms),
        games=games,
        description="How and when games end: terminations, lengths, and the facts each "
        "game records of its end (State.game_facts: what removed the units, why the game "
        "ended, how it was won).",
        analyses=("endings", "lengths", "seats"),
    )


def ladder(game: str, games: int) -> Study:
    """The Elo ladder of the agents and scripted plans of ``game`` (a round robin)."""
    agents = ["random", *_plans(game), "level:hard"]
    return Study(
        f"ladder-{game}",
        tuple(round_robin(game, {}, agents)),
        games=games,
        description=f"The Elo / Bradley-Terry ladder of {game}'s agents and scripted plans: "
        "every pair plays, seats rotating.",
        analyses=("ladder", "win-rates", "lengths"),
    )


def gauntlet(game: str, games: int) -> Study:
    """Every scripted plan of ``game`` against every AI level."""
    arms = [
        Arm(f"{plan} vs level:{level}", game, {}, (plan, f"level:{level}"))
        for plan in _plans(game)
        for level in ("easy", "medium", "hard", "master")
    ]
    return Study(
        f"gauntlet-{game}",
        tuple(arms),
        games=games,
        description=f"Every scripted plan of {game} against every AI level, seats rotating.",
        analyses=("win-rates", "ladder", "lengths"),
    )


_PLAIN: dict[str, Callable[[int], Study]] = {"seats": seats, "endings": endings}
_PER_GAME: dict[str, Callable[[str, int], Study]] = {"ladder": ladder, "gauntlet": gauntlet}
DEFAULT_SIZE = 200
"""Games per arm when ``--games`` is not given (the "full size" of a built-in study)."""


def game_studies() -> dict[str, tuple[str, str, str]]:
    """Every game's own studies: name -> (the file's source, its text, its summary), in
    the order of the games and their files."""
    from spelbord import games
    from spelbord.lab.gamedata import study_files

    out: dict[str, tuple[str, str, str]] = {}
    for game in games.games_with("studies"):
        for source, text in study_files(game):
            try:
                data = tomllib.loads(text)
            except tomllib.TOMLDecodeError as exc:
                raise StudyError(f"{source}: {exc}") from None
            name = data.get("name")
            if not isinstance(name, str) or name in out or name in _PLAIN or name in _PER_GAME:
                raise StudyError(f"{source}: a study needs a name of its own, got {name!r}")
            out[name] = (source, text, str(data.get("summary", "")))
    return out


def listing() -> list[tuple[str, str]]:
    """``(name, one line)`` for every built-in study, in order."""
    funcs = {**_PLAIN, **{f"{k} GAME": v for k, v in _PER_GAME.items()}}
    lines = [(name, (f.__doc__ or "").strip().splitlines()[0]) for name, f in funcs.items()]
    return lines + [(name, summary) for name, (_, _, summary) in game_studies().items()]


def is_builtin(name: str) -> bool:
    return name in _PLAIN or name in _PER_GAME or name in game_studies()


def builtin(name: str, game: str | None = None, games: int = DEFAULT_SIZE) -> Study:
    """The built-in study ``name`` (for ``ladder`` and ``gauntlet``: of ``game``)."""
    if name in _PER_GAME:
        if game is None:
            raise StudyError(f"study {name!r} needs a game: spelbord lab run {name} GAME")
        registered = _games()
        if game not in registered:
            raise StudyError(f"unknown game {game!r} (games: {', '.join(registered)})")
        return check_study(_PER_GAME[name](game, games))
    own = game_studies()
    if name in _PLAIN or name in own:
        if game is not None:
            raise StudyError(f"study {name!r} takes no game (got {game!r})")
        if name in _PLAIN:
            return check_study(_PLAIN[name](games))
        source, text, _ = own[name]
        return check_study(replace(parse_study(text, source), games=games))
    known = ", ".join(n for n, _ in listing())
    raise StudyError(f"unknown study {name!r} (built in: {known}; or a .toml file)")

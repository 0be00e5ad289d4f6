"""The built-in studies (``spelbord lab list``): each a function of the game it studies.

>>> [name for name, _ in listing()]  # doctest: +NORMALIZE_WHITESPACE
['seats', 'endings', 'ladder GAME', 'gauntlet GAME', 'omringad-units', 'omringad-terrain',
 'coerceo-exchange']
>>> study = builtin("ladder", "coerceo")
>>> study.name, len(study.arms), study.arms[0].seats
('ladder-coerceo', 3, ('random', 'script:material'))
>>> builtin("ladder")
Traceback (most recent call last):
...
spelbord.lab.study.StudyError: study 'ladder' needs a game: spelbord lab run ladder GAME
"""

from __future__ import annotations

from collections.abc import Callable

from spelbord.lab.study import Arm, Study, StudyError, check_study, round_robin

GAMES = ("coerceo", "gunst", "islandet", "omringad")


def _plans(game: str) -> list[str]:
    from spelbord.ai.scripted import plans_for

    return [f"script:{plan}" for plan in plans_for(game)]


def seats(games: int) -> Study:
    """First-seat advantage in every game, with random agents and with the strong level."""
    arms = []
    for game in GAMES:
        arms.append(Arm(f"{game} random", game, {}, ("random", "random"), rotate=False))
        arms.append(Arm(f"{game} level:hard", game, {}, ("level:hard", "level:hard"), rotate=False))
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
    arms = []
    for game in GAMES:
        arms.append(Arm(f"{game} random", game, {}, ("random", "random")))
        arms.append(Arm(f"{game} medium", game, {}, ("level:medium", "level:medium")))
    return Study(
        "endings",
        tuple(arms),
        games=games,
        description="How and when games end: terminations, lengths, and the facts of the "
        "end (Islandet removals by shot, blast and free removal; Gunst life or seasons; "
        "Coerceo capture-all, stalemate, repetition).",
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


def omringad_units(games: int) -> Study:
    """The value of each unit type, and of each special against the price it fetched."""
    return Study(
        "omringad-units",
        (
            Arm("random", "omringad", {}, ("random", "random")),
            Arm("plans", "omringad", {}, ("script:bidder", "script:conqueror")),
            Arm("plans-2", "omringad", {}, ("script:turtle", "script:rush")),
        ),
        games=games,
        description="Win rate against units bought (per kind), against each special unit "
        "won at auction and the price paid.",
        analyses=("win-rates", "features", "lengths"),
        features=("bought_*", "won_*", "auction_gold"),
    )


def omringad_terrain(games: int) -> Study:
    """Which terrain layouts win: the castle's cell and the whole layout."""
    return Study(
        "omringad-terrain",
        (
            Arm("random", "omringad", {}, ("random", "random")),
            Arm("medium", "omringad", {}, ("level:medium", "level:medium")),
        ),
        games=games,
        description="Win rate by the cell of each seat's castle and by layout (R5).",
        analyses=("features", "seats", "lengths"),
        categories=("castle_cell", "layout"),
    )


def coerceo_exchange(games: int) -> Study:
    """How often Coerceo's exchanges are used and whether they win games."""
    return Study(
        "coerceo-exchange",
        (
            Arm("random", "coerceo", {}, ("random", "random")),
            Arm("material", "coerceo", {}, ("script:material", "script:material")),
            Arm("material-random", "coerceo", {}, ("script:material", "random")),
            Arm("level:hard vs material", "coerceo", {}, ("level:hard", "script:material")),
        ),
        games=games,
        description="Exchanges (two tiles for an enemy piece) per game and the win rate "
        "of the seat that exchanged more.",
        analyses=("features", "endings", "win-rates", "lengths"),
        features=("exchanges",),
    )


_PLAIN: dict[str, Callable[[int], Study]] = {
    "seats": seats,
    "endings": endings,
    "omringad-units": omringad_units,
    "omringad-terrain": omringad_terrain,
    "coerceo-exchange": coerceo_exchange,
}
_PER_GAME: dict[str, Callable[[str, int], Study]] = {"ladder": ladder, "gauntlet": gauntlet}
DEFAULT_SIZE = 200
"""Games per arm when ``--games`` is not given (the "full size" of a built-in study)."""


def listing() -> list[tuple[str, str]]:
    """``(name, one line)`` for every built-in study, in order."""
    order = [
        "seats",
        "endings",
        "ladder GAME",
        "gauntlet GAME",
        "omringad-units",
        "omringad-terrain",
        "coerceo-exchange",
    ]
    funcs = {**_PLAIN, **{f"{k} GAME": v for k, v in _PER_GAME.items()}}
    return [(name, (funcs[name].__doc__ or "").strip().splitlines()[0]) for name in order]


def is_builtin(name: str) -> bool:
    return name in _PLAIN or name in _PER_GAME


def builtin(name: str, game: str | None = None, games: int = DEFAULT_SIZE) -> Study:
    """The built-in study ``name`` (for ``ladder`` and ``gauntlet``: of ``game``)."""
    if name in _PER_GAME:
        if game is None:
            raise StudyError(f"study {name!r} needs a game: spelbord lab run {name} GAME")
        if game not in GAMES:
            raise StudyError(f"unknown game {game!r} (games: {', '.join(GAMES)})")
        return check_study(_PER_GAME[name](game, games))
    if name in _PLAIN:
        if game is not None:
            raise StudyError(f"study {name!r} takes no game (got {game!r})")
        return check_study(_PLAIN[name](games))
    known = ", ".join(n for n, _ in listing())
    raise StudyError(f"unknown study {name!r} (built in: {known}; or a .toml file)")

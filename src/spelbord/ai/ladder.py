"""What was measured of a game's agents, as data, and the reports made of it.

A game's records are one data file, ``spelbord/ai/ladders/GAME.json``::

    {"round_robin": {...} or null, "pairings": [...], "measured": [...]}

- ``round_robin``: the last round robin of the four levels and the game's scripted plans
  (``entrants``), every two of them playing each other with seats rotating, one row per
  game (who sat where, who won), with the command that played it and how long it took.
  The lab plays it (``spelbord ai levels GAME --run``, ``spelbord.lab.levels``) and
  ``store`` keeps it.
- ``pairings``: games between two levels (``Pairing``: ``a``'s wins, draws and losses
  against ``b``, the specs that played, the minutes they took).
- ``measured``: any other match (``Measured``: ``spec``'s score of ``games`` against
  ``opponent``).

Every pairing and measured row says how it was played: the ``command``, the ``commit``
that recorded it (the code measured is that commit's tree or its parent's, unless the
``note`` says otherwise), the ``date`` and a ``note`` (machine load, what was compared).
Recording a match is adding a row to the file (``spelbord match ... --record NOTE`` does
it, as a pairing when the two seats are two levels): no Python changes. Nothing here is estimated.

One source gives a level's Elo (``ratings``): the level-against-level games when a game
has any (Bradley-Terry strengths, ``spelbord.core.bradley_terry``, with half a virtual
draw between levels that met, Easy = 0, and a 95% interval from a seeded bootstrap over
the games resampled within each pairing), else the round robin's Elo ladder (with
bootstrap intervals; a round robin's time budgets may be scaled, ``scale``: on a busy
2-core machine a round robin at full time does not fit, so a stored ladder says the scale
it was played at). ``describe`` lists the levels as the lobby shows them (the server's one
levels endpoint) and ``report`` is the text of ``spelbord ai levels GAME``.

>>> scaled("ismcts:1s", 0.25), scaled("script:turtle", 0.25), scaled("ab:depth=3", 0.5)
('ismcts:250ms', 'script:turtle', 'ab:depth=3')
>>> [(r.level, round(r.elo)) for r in fit_pairings((
...     Pairing("medium", "easy", 9, 0, 1, ("m", "e"), 1.0, "..."),
...     Pairing("hard", "medium", 5, 0, 5, ("h", "m"), 1.0, "..."),
... ), resamples=50)]
[('easy', 0), ('medium', 321), ('hard', 321)]
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields, replace
from importlib import resources
from pathlib import Path
from typing import Any

from spelbord.ai.budget import AgentSpecError, Budget
from spelbord.ai.levels import LEVEL_NAMES, VARIATIONS, levels_of, per_move, resolve, time_per_move
from spelbord.ai.scripted import plans_for
from spelbord.ai.spec import AgentSpec
from spelbord.core.bradley_terry import Rung, ladder
from spelbord.core.bradley_terry import elo as fit_elo

LADDERS = "ladders"
"""The package folder (under ``spelbord.ai``) of the games' records."""
RESAMPLES = 500
"""Bootstrap resamples of the level-against-level fit."""


class LadderError(AgentSpecError):
    """Records that cannot be read or a round robin that cannot be played (no levels, a
    bad scale, bad data)."""


# ---------------------------------------------------------------------- the rows
@dataclass(frozen=True)
class Measured:
    """One measured match: ``spec`` against ``opponent``, ``score`` of ``games`` for
    ``spec`` (wins + draws / 2)."""

    spec: str
    opponent: str
    games: int
    score: float
    command: str
    commit: str | None = None
    date: str | None = None
    note: str = ""

    def line(self) -> str:
        pct = 100.0 * self.score / self.games
        return (
            f"{self.spec} vs {self.opponent}: {self.score:g}/{self.games} ({pct:.0f}%)"
            f"   [{self.command}]"
        )


@dataclass(frozen=True)
class Pairing:
    """Games between two levels: ``wins`` for level ``a``, ``draws`` and ``losses``;
    ``specs`` are the agent specs that played (the levels' own, with varied openings so
    that repeated games differ); ``minutes`` the wall time the games took."""

    a: str
    b: str
    wins: int
    draws: int
    losses: int
    specs: tuple[str, str]
    minutes: float | None
    command: str
    commit: str | None = None
    date: str | None = None
    note: str = ""

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def scores(self) -> list[float]:
        """``a``'s score in each game (1, 0.5, 0)."""
        return [1.0] * self.wins + [0.5] * self.draws + [0.0] * self.losses

    def line(self) -> str:
        took = f", {self.minutes:g} min" if self.minutes is not None else ""
        return (
            f"{self.a} vs {self.b}: +{self.wins} ={self.draws} -{self.losses}"
            f" ({self.games} games{took})   [{self.command}]"
        )


def _row(cls: type[Any], data: Any, where: str) -> Any:
    """A ``Measured`` or ``Pairing`` from its JSON object (``LadderError`` naming ``where``)."""
    names = {f.name for f in fields(cls)}
    if not isinstance(data, dict) or set(data) - names:
        raise LadderError(f"{where}: an object with fields {', '.join(sorted(names))}")
    try:
        row = cls(**{k: tuple(v) if k == "specs" else v for k, v in data.items()})
    except TypeError as exc:
        raise LadderError(f"{where}: {exc}") from None
    if not isinstance(row.command, str) or not row.command.startswith("spelbord "):
        raise LadderError(f"{where}: the command that played it, 'spelbord ...'")
    return row


@dataclass(frozen=True)
class Records:
    """A game's records: its stored round robin (``None``: never played), its
    level-against-level pairings and its other measured matches, in file order."""

    game: str
    round_robin: dict[str, Any] | None
    pairings: tuple[Pairing, ...]
    measured: tuple[Measured, ...]

    def as_dict(self) -> dict[str, Any]:
        """The file's JSON form."""
        return {
            "round_robin": self.round_robin,
            "pairings": [{**asdict(p), "specs": list(p.specs)} for p in self.pairings],
            "measured": [asdict(m) for m in self.measured],
        }


def _folder() -> Path:
    return Path(str(resources.files("spelbord.ai").joinpath(LADDERS)))


def records(game: str, folder: Path | None = None) -> Records:
    """The records of ``game`` (empty for a game without a file)."""
    path = (folder or _folder()) / f"{game}.json"
    if not path.is_file():
        return Records(game, None, (), ())
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as exc:
        raise LadderError(f"the records of {game} are not JSON: {exc}") from None
    if not isinstance(data, dict) or set(data) != {"round_robin", "pairings", "measured"}:
        raise LadderError(f"{path.name}: an object of round_robin, pairings and measured")
    robin = data["round_robin"]
    if robin is not None and not (isinstance(robin, dict) and isinstance(robin.get("rows"), list)):
        raise LadderError(f"{path.name}: the round robin has no rows")
    return Records(
        game,
        robin,
        tuple(
            _row(Pairing, p, f"{path.name} pairings[{i}]") for i, p in enumerate(data["pairings"])
        ),
        tuple(
            _row(Measured, m, f"{path.name} measured[{i}]") for i, m in enumerate(data["measured"])
        ),
    )


def _write(found: Records, folder: Path | None) -> Path:
    folder = folder or _folder()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{found.game}.json"
    path.write_text(json.dumps(found.as_dict(), indent=1) + "\n", encoding="utf-8")
    return path


def stored(game: str) -> dict[str, Any] | None:
    """The stored round robin of ``game`` (``None`` if none was played)."""
    return records(game).round_robin


def store(data: dict[str, Any], folder: Path | None = None) -> Path:
    """Keep a round robin (``spelbord.lab.levels.play_round_robin``) in its game's
    records (or in ``folder``), the other rows as they were."""
    found = records(data["game"], folder)
    return _write(Records(found.game, data, found.pairings, found.measured), folder)


def record(game: str, row: Measured | Pairing, folder: Path | None = None) -> Path:
    """Add a measured match or a level-against-level pairing to ``game``'s records."""
    found = records(game, folder)
    if isinstance(row, Pairing):
        found = Records(game, found.round_robin, (*found.pairings, row), found.measured)
    else:
        found = Records(game, found.round_robin, found.pairings, (*found.measured, row))
    return _write(found, folder)


# ---------------------------------------------------------------------- the round robin
def entrants(game: str) -> list[str]:
    """The levels, then the game's scripted plans: who plays the round robin."""
    return [f"level:{level}" for level in LEVEL_NAMES] + [f"script:{p}" for p in plans_for(game)]


def scaled(spec: str, scale: float) -> str:
    """``spec`` with its time budget multiplied by ``scale`` (other specs unchanged)."""
    parsed = AgentSpec.parse(spec)
    if parsed.budget is None or parsed.budget.seconds is None:
        return spec
    return str(parsed.with_budget(Budget(seconds=round(parsed.budget.seconds * scale, 4))))


def elo(data: dict[str, Any]) -> list[Rung]:
    """The Bradley-Terry Elo ladder of a stored round robin, best first."""
    games = [
        (row["agents"][0], row["agents"][1], _score(row))
        for row in data["rows"]
        if row["agents"][0] != row["agents"][1]
    ]
    return ladder(games)


def _score(row: dict[str, Any]) -> float:
    """The first seat's score in a stored game: 1 won, 0.5 drawn, 0 lost."""
    if row["result"] == "draw":
        return 0.5
    return 1.0 if 0 in row["winners"] else 0.0


# ---------------------------------------------------------------------- a level's Elo
@dataclass(frozen=True)
class LevelRating:
    """One level's Elo with its 95% interval and the games behind it; ``source`` says
    which records gave it (``pairings``: Easy = 0; ``round robin``: the ladder's own
    zero) and ``scale`` the time budgets it was played at."""

    level: str
    elo: float
    low: float
    high: float
    games: int
    source: str = "pairings"
    scale: float = 1.0

    def text(self) -> str:
        if self.level == "easy" and self.source == "pairings":
            return f"Elo {self.elo:+.0f} (the anchor, {self.games} games)"
        return f"Elo {self.elo:+.0f}  95% [{self.low:+.0f}, {self.high:+.0f}]  ({self.games} games)"

    def as_dict(self) -> dict[str, object]:
        return {
            "level": self.level,
            "elo": round(self.elo),
            "low": round(self.low),
            "high": round(self.high),
            "games": self.games,
        }


def _matrix(counts: Sequence[tuple[int, int, int, int, int]]) -> list[list[float]]:
    """The score matrix of (a, b, wins, draws, losses) entries."""
    n = len(LEVEL_NAMES)
    wins = [[0.0] * n for _ in range(n)]
    for a, b, won, drawn, lost in counts:
        wins[a][b] += won + drawn / 2
        wins[b][a] += lost + drawn / 2
    return wins


def fit_pairings(
    pairings: Sequence[Pairing], resamples: int = RESAMPLES, seed: int = 0
) -> list[LevelRating]:
    """Each level that played in ``pairings``, weakest first, Easy = 0 (see the module)."""
    import numpy as np

    if not pairings:
        return []
    index = {name: i for i, name in enumerate(LEVEL_NAMES)}
    counts = [(index[p.a], index[p.b], p.wins, p.draws, p.losses) for p in pairings]
    anchor = index["easy"]
    point = fit_elo(_matrix(counts), anchor=anchor)
    rng = np.random.default_rng(seed)
    # Each pairing's games drawn again with replacement: a multinomial of its results.
    draws = [
        rng.multinomial(
            won + tied + lost, np.array([won, tied, lost]) / (won + tied + lost), resamples
        )
        for _, _, won, tied, lost in counts
    ]
    samples = []
    for k in range(resamples):
        again = [
            (c[0], c[1], int(d[k][0]), int(d[k][1]), int(d[k][2]))
            for c, d in zip(counts, draws, strict=True)
        ]
        samples.append(fit_elo(_matrix(again), anchor=anchor))
    spread = np.array(samples)
    played = {name: 0 for name in LEVEL_NAMES}
    for p in pairings:
        played[p.a] += p.games
        played[p.b] += p.games
    return [
        LevelRating(
            level,
            point[i],
            float(np.percentile(spread[:, i], 2.5)),
            float(np.percentile(spread[:, i], 97.5)),
            played[level],
        )
        for i, level in enumerate(LEVEL_NAMES)
        if played[level]
    ]


def plays_as(game: str, level: str, played: str, scale: float = 1.0) -> bool:
    """Whether ``played``, the spec a record names for ``level``, is the level as it plays
    now: its spec (time budget times ``scale``) up to the ``VARIATIONS``. A level given
    another agent after a record was made is not rated by that record. (A change inside an
    agent's code under the same spec is not seen here: its records say their ``commit``.)

    >>> plays_as("coerceo", "hard", "ab:300ms:openings=4"), plays_as("gunst", "easy", "random")
    (True, False)
    """
    parsed = AgentSpec.parse(played)
    kept = tuple((k, v) for k, v in parsed.options if k not in VARIATIONS)
    return str(replace(parsed, options=kept)) == scaled(resolve(game, level), scale)


def current_pairings(game: str, found: Records) -> list[Pairing]:
    """The pairings of ``found`` that both levels played as they play now (``plays_as``)."""
    return [
        p
        for p in found.pairings
        if plays_as(game, p.a, p.specs[0]) and plays_as(game, p.b, p.specs[1])
    ]


def stale_levels(game: str, robin: dict[str, Any]) -> list[str]:
    """The levels a stored round robin played as other agents than they are now."""
    scale = float(robin["scale"])
    return [
        level
        for level in LEVEL_NAMES
        if f"level:{level}" in robin["specs"]
        and not plays_as(game, level, robin["specs"][f"level:{level}"], scale)
    ]


def ratings(game: str) -> dict[str, LevelRating]:
    """Each rated level of ``game`` and its Elo, from the one source (see the module):
    the level-against-level games if any, else the stored round robin; ``{}`` if neither.
    Only records of a level as it plays now count (``plays_as``): a level whose agent
    changed since is unrated until it is measured again."""
    found = records(game)
    pairings = current_pairings(game, found)
    if pairings:
        return {r.level: r for r in fit_pairings(pairings)}
    if found.round_robin is None:
        return {}
    scale = float(found.round_robin["scale"])
    stale = stale_levels(game, found.round_robin)
    return {
        level: LevelRating(level, r.elo, r.low, r.high, r.games, "round robin", scale)
        for r in elo(found.round_robin)
        if r.name.startswith("level:") and (level := r.name.split(":", 1)[1]) not in stale
    }


# ---------------------------------------------------------------------- reports
def describe(game: str) -> list[dict[str, object]]:
    """The levels of ``game`` as the lobby lists them (``GET /api/games/GAME/levels``):
    the agent spec to ask for (``level:NAME``), the spec it plays as, what it may spend on
    a move (``budget`` as text, ``per_move`` as numbers, ``seconds_per_move`` stated) and
    its Elo (``rating``, and flat ``elo``, ``elo_low``, ``elo_high``; ``None`` when
    unrated) with the time scale it was measured at. No levels: an empty list.

    >>> [d["agent"] for d in describe("islandet")]
    ['level:easy', 'level:medium', 'level:hard', 'level:master']
    """
    if levels_of(game) is None:
        return []
    rated = ratings(game)
    out: list[dict[str, object]] = []
    for level in LEVEL_NAMES:
        limit = per_move(game, level)
        rating = rated.get(level)
        out.append(
            {
                "level": level,
                "agent": f"level:{level}",
                "spec": resolve(game, level),
                "budget": str(limit),
                "per_move": limit.as_dict(),
                "seconds_per_move": time_per_move(game, level),
                "rating": None if rating is None else rating.as_dict(),
                "elo": None if rating is None else round(rating.elo),
                "elo_low": None if rating is None else round(rating.low),
                "elo_high": None if rating is None else round(rating.high),
                "elo_time_scale": None if rating is None else rating.scale,
            }
        )
    return out


def report(game: str) -> str:
    """The text ``spelbord ai levels GAME`` prints: levels, specs, time per move, the Elo
    of each level from level-against-level games, the Elo ladder of the stored round
    robin of the levels and the scripted plans, and the measured matches."""
    from spelbord.ai.levels import games_with_levels

    if levels_of(game) is None:
        raise LadderError(f"no levels for {game!r} (games: {', '.join(games_with_levels())})")
    found = records(game)
    current = current_pairings(game, found)
    rated = {r.level: r.text() for r in fit_pairings(current)}
    lines = [f"{game} levels:"]
    width = max(24, *(len(resolve(game, level)) for level in LEVEL_NAMES))
    for level in LEVEL_NAMES:
        spec = resolve(game, level)
        rating = rated.get(level, "")
        per_move = f"{time_per_move(game, level):g} s a move"
        lines.append(f"  {level:<7} {spec:<{width}} {per_move}  {rating}".rstrip())
    if found.pairings:
        lines.append("level against level:")
        lines.extend(
            f"  {p.line()}" + ("" if p in current else "  (an older agent: not rated)")
            for p in found.pairings
        )
    data = found.round_robin
    if data is None:
        lines.append(f"round robin: not played yet (spelbord ai levels {game} --run)")
    else:
        lines.append(
            f"round robin Elo (Bradley-Terry, 95% bootstrap interval; {len(data['rows'])} games, "
            f"{data['games_per_pair']} a pair, time budgets x{data['scale']:g}, "
            f"{data['seconds']:g} s to play):"
        )
        stale = {f"level:{level}" for level in stale_levels(game, data)}
        for rung in elo(data):
            spec = data["specs"].get(rung.name, rung.name)
            shown = rung.name if spec == rung.name else f"{rung.name} ({spec})"
            if rung.name in stale:
                shown += f", not the level now ({resolve(game, rung.name.split(':', 1)[1])})"
            lines.append(
                f"  {rung.elo:+7.0f}  [{rung.low:+.0f}, {rung.high:+.0f}]  "
                f"{rung.games:>3} games  {shown}"
            )
        lines.append(f"  [{data['command']}]")
    lines.append("measured matches:")
    if found.measured:
        lines.extend(f"  {m.line()}" for m in found.measured)
    else:
        lines.append("  nothing measured yet")
    return "\n".join(lines)

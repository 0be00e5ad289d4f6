"""A designer's metrics of every study arm, each with its 95% interval.

``arm_games(rows)`` turns an arm's records into per-game arrays (``ArmGames``);
``METRICS`` defines each metric as per-game columns and a statistic of them, so the same
definition gives the value, the interval and the difference between two arms:

- shares (draw rate, completion, safety bounds, the first seat's share of decisive games,
  each seat's and team's win rate): Wilson score intervals;
- everything else (balance, game length mean and SD, decisions, branching factor, when
  the lead settles, lead changes): bias-corrected bootstrap intervals
  (``scipy.stats.bootstrap``, BCa, ``RESAMPLES`` resamples of the games, seeded);
- differences between arms (``difference``): bootstrap, resampling the games in pairs
  when the arms share their seeds (``Arm.pairing``), each arm on its own otherwise.

Scores are team-aware: a seat's score is 1 when its side alone wins, ``1/k`` when ``k``
sides share the win, and ``1/sides`` each in a draw (two seats: 1, 1/2, 0).

>>> from spelbord import games
>>> two = next(n for n in games.names() if games.load(n).num_players() == 2)
>>> rows = [_demo(two, i) for i in range(40)]
>>> games = arm_games(rows)
>>> m = {x.key: x for x in arm_metrics(games)}
>>> m["draw_rate"].value, m["first_seat"].value, m["length_mean"].value
(0.25, 0.6666666666666666, 29.5)
>>> m["first_seat"].low < 0.5 < m["first_seat"].high
True
"""

from __future__ import annotations

import functools
import json
import math
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from spelbord.lab.gamedata import LabData, lab_data
from spelbord.lab.playout import LOOP_SEEN, lead_changes, settled_at
from spelbord.lab.stats import wilson_interval

Row = dict[str, Any]
RESAMPLES = 2000
"""Bootstrap resamples behind every interval that is not a share's."""


# ---------------------------------------------------------------------- per-game arrays
@dataclass
class ArmGames:
    """One arm's games as aligned per-game arrays (``nan`` where a game does not count)."""

    arm: str
    game: str
    options: dict[str, Any]
    rules_version: int
    seat_names: list[str]
    teams: list[tuple[int, ...]]
    index: np.ndarray
    agents: list[tuple[str, ...]]
    finished: np.ndarray
    draw: np.ndarray
    win: np.ndarray
    """(games, seats): 1 when the seat is among the winners (nan: unfinished game)."""
    score: np.ndarray
    """(games, seats): the seat's score (team-aware; see the module)."""
    team_win: np.ndarray
    first_won: np.ndarray
    complete: np.ndarray
    cap: np.ndarray
    hole: np.ndarray
    loop: np.ndarray
    length: np.ndarray
    decisions: np.ndarray
    branch_sum: np.ndarray
    branch_count: np.ndarray
    settled: np.ndarray
    changes: np.ndarray
    rows: list[Row]

    @property
    def n(self) -> int:
        return len(self.index)

    @property
    def seats(self) -> int:
        return len(self.seat_names)

    @property
    def has_teams(self) -> bool:
        return any(len(t) > 1 for t in self.teams)

    def team_name(self, team: int) -> str:
        return " + ".join(self.seat_names[s] for s in self.teams[team])


def seat_scores(row: Row, teams: Sequence[tuple[int, ...]], seats: int) -> list[float]:
    """Each seat's score in a game (team-aware); ``nan`` for a game that did not finish."""
    if row["result"] == "none":
        return [math.nan] * seats
    team_of = {s: t for t, members in enumerate(teams) for s in members}
    winners = row["winners"] if row["result"] == "win" else []
    if not winners:
        return [1.0 / len(teams)] * seats
    camps = {team_of[w] for w in winners}
    return [1.0 / len(camps) if team_of[s] in camps else 0.0 for s in range(seats)]


def arm_games(rows: Sequence[Row], data: LabData | None = None) -> ArmGames:
    """The per-game arrays of one arm's ``rows`` (all of the same arm)."""
    from spelbord import games as registry

    first = rows[0]
    options = json.loads(first["options"]) if isinstance(first["options"], str) else {}
    version = int(first.get("rules_version") or 1)
    game = registry.load(first["game"], rules_version=version, **options)
    data = data if data is not None else lab_data(first["game"])
    teams = game.teams()
    seats = game.num_players()
    team_of = {s: t for t, members in enumerate(teams) for s in members}
    nan = math.nan
    cols: dict[str, list[Any]] = {k: [] for k in _COLUMNS}
    for row in rows:
        finished = row["result"] != "none"
        winners = row["winners"] if row["result"] == "win" else []
        camps = {team_of[w] for w in winners}
        cols["finished"].append(float(finished))
        cols["draw"].append(float(row["result"] == "draw") if finished else nan)
        cols["win"].append([float(s in winners) if finished else nan for s in range(seats)])
        cols["score"].append(seat_scores(row, teams, seats))
        cols["team_win"].append([float(t in camps) if finished else nan for t in range(len(teams))])
        mover = row.get("first", -1)
        mover = -1 if mover is None else int(mover)
        decisive = finished and bool(winners) and mover >= 0
        cols["first_won"].append(float(team_of.get(mover) in camps) if decisive else nan)
        cap = finished and (
            data.is_cap(row["termination"])
            or any(row.get(f"fact_{name}") for name in data.cap_facts)
        )
        cols["cap"].append(float(cap))
        cols["complete"].append(float(finished and not cap))
        cols["hole"].append(float(not finished or bool(row.get("hole"))))
        seen = row.get("max_seen")
        cols["loop"].append(nan if seen is None else float(seen >= LOOP_SEEN))
        cols["length"].append(float(row["length"]) if finished else nan)
        branching = row.get("branching")
        if branching is None:
            cols["decisions"].append(nan)
            cols["branch_sum"].append(nan)
            cols["branch_count"].append(nan)
        else:
            cols["decisions"].append(float(sum(1 for b in branching if b > 1)))
            cols["branch_sum"].append(float(sum(branching)))
            cols["branch_count"].append(float(len(branching)))
        in_teams = len(teams) < seats
        points = row.get("lead_team") if in_teams else row.get("lead")
        if points is None or not finished:
            cols["settled"].append(nan)
            cols["changes"].append(nan)
        else:
            cols["changes"].append(float(lead_changes(points)))
            side = next(iter(camps)) if in_teams and len(camps) == 1 else -1
            if not in_teams and len(winners) == 1:
                side = winners[0]
            when = settled_at(points, int(row["length"]), side) if side >= 0 else None
            cols["settled"].append(nan if when is None else when)
    arrays = {k: np.array(v, dtype=float) for k, v in cols.items()}
    return ArmGames(
        arm=first["arm"],
        game=first["game"],
        options=dict(game.options),
        rules_version=game.rules_version,
        seat_names=[game.info.seat_name(s) for s in range(seats)],
        teams=teams,
        index=np.array([int(r["game_index"]) for r in rows]),
        agents=[tuple(r["agents"]) for r in rows],
        rows=list(rows),
        **arrays,
    )


_COLUMNS = (
    "finished",
    "draw",
    "win",
    "score",
    "team_win",
    "first_won",
    "complete",
    "cap",
    "hole",
    "loop",
    "length",
    "decisions",
    "branch_sum",
    "branch_count",
    "settled",
    "changes",
)


# ---------------------------------------------------------------------- metric values
@dataclass(frozen=True)
class Metric:
    """One figure of one arm with its 95% interval (``nan`` where it cannot be known)."""

    key: str
    label: str
    value: float
    low: float
    high: float
    n: int
    """The games behind it."""
    unit: str
    """``share`` (0-1, shown in per cent), ``moves``, ``actions``, ``count``."""
    method: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "label": self.label,
            "value": _json(self.value),
            "low": _json(self.low),
            "high": _json(self.high),
            "n": self.n,
            "unit": self.unit,
            "method": self.method,
        }

    def text(self) -> str:
        """``51% [47, 55]`` or ``212 [205, 220]``."""
        return f"{fmt(self.value, self.unit)} [{bound(self.low, self.unit)}, " + (
            f"{bound(self.high, self.unit)}]"
        )


def _json(x: float) -> float | None:
    return None if math.isnan(x) else round(float(x), 6)


def fmt(x: float, unit: str, signed: bool = False) -> str:
    """A value as a reader sees it: ``51%``, ``+3.2 points``, ``212``, ``4.37``.

    >>> fmt(0.514, "share"), fmt(0.032, "share", signed=True), fmt(212.4, "moves")
    ('51%', '+3.2 points', '212')
    """
    if math.isnan(x):
        return "–"
    if unit == "share":
        return f"{x * 100:+.1f} points" if signed else f"{x * 100:.0f}%"
    return _number(x, signed)


def bound(x: float, unit: str, signed: bool = False) -> str:
    """An interval's end, in the value's unit but without it: ``47``, ``+1.0``."""
    if math.isnan(x):
        return "–"
    if unit == "share":
        return f"{x * 100:+.1f}" if signed else f"{x * 100:.0f}"
    return _number(x, signed)


def _number(x: float, signed: bool) -> str:
    sign = "+" if signed else ""
    if abs(x) >= 100:
        return f"{x:{sign}.0f}"
    if abs(x) >= 10:
        return f"{x:{sign}.1f}"
    return f"{x:{sign}.2f}"


Stat = Callable[..., Any]


@dataclass(frozen=True)
class MetricDef:
    """How a metric comes from an arm's arrays: columns, a statistic, a share or not."""

    key: str
    label: str
    unit: str
    columns: Callable[[ArmGames], list[np.ndarray]]
    stat: Stat
    share: bool = False
    """A mean of 0/1 columns: Wilson interval for one arm."""
    applies: Callable[[ArmGames], bool] = lambda g: True
    methods: tuple[str, ...] = ("BCa", "percentile")
    """Bootstrap methods to try in turn. Balance takes percentile only: at its top (1, equal
    seats) BCa's bias correction pushes both ends of the interval onto the value."""


def _nanmean(x: np.ndarray, axis: int = -1) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return np.nanmean(x, axis=axis)


def _nansd(x: np.ndarray, axis: int = -1) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return np.nanstd(x, axis=axis, ddof=1)


def _ratio(a: np.ndarray, b: np.ndarray, axis: int = -1) -> Any:
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.nansum(a, axis=axis) / np.nansum(b, axis=axis)


def _balance(*cols: np.ndarray, axis: int = -1) -> Any:
    rates = np.stack([_nanmean(c, axis=axis) for c in cols])
    return 1.0 - (np.max(rates, axis=0) - np.min(rates, axis=0))


def _seats(g: ArmGames) -> list[np.ndarray]:
    return [g.win[:, s] for s in range(g.seats)]


def _teams(g: ArmGames) -> list[np.ndarray]:
    return [g.team_win[:, t] for t in range(len(g.teams))]


METRICS: tuple[MetricDef, ...] = (
    MetricDef(
        "first_seat",
        "first mover's share of decisive games",
        "share",
        lambda g: [g.first_won],
        _nanmean,
        share=True,
    ),
    MetricDef(
        "balance",
        "balance (1 − largest gap in seat win rates)",
        "share",
        _seats,
        _balance,
        methods=("percentile",),
    ),
    MetricDef(
        "team_balance",
        "team balance (1 − largest gap in team win rates)",
        "share",
        _teams,
        _balance,
        applies=lambda g: g.has_teams,
        methods=("percentile",),
    ),
    MetricDef("draw_rate", "draws", "share", lambda g: [g.draw], _nanmean, share=True),
    MetricDef(
        "completion",
        "games ending by the rules (no safety bound, no hole)",
        "share",
        lambda g: [g.complete],
        _nanmean,
        share=True,
    ),
    MetricDef(
        "caps", "games ending at a safety bound", "share", lambda g: [g.cap], _nanmean, share=True
    ),
    MetricDef("length_mean", "game length (moves), mean", "moves", lambda g: [g.length], _nanmean),
    MetricDef("length_sd", "game length (moves), SD", "moves", lambda g: [g.length], _nansd),
    MetricDef(
        "decisions",
        "decisions per game (a seat choosing among two or more actions)",
        "count",
        lambda g: [g.decisions],
        _nanmean,
    ),
    MetricDef(
        "branching",
        "branching factor (legal actions per decision)",
        "actions",
        lambda g: [g.branch_sum, g.branch_count],
        _ratio,
    ),
    MetricDef(
        "lead_settled",
        "share of the game played when the winner took the lead for good",
        "share",
        lambda g: [g.settled],
        _nanmean,
    ),
    MetricDef("lead_changes", "lead changes per game", "count", lambda g: [g.changes], _nanmean),
)
"""Every arm-level metric (per-seat and per-team win rates come from ``seat_defs``)."""


def _seat_column(g: ArmGames, seat: int) -> list[np.ndarray]:
    return [g.win[:, seat]]


def _team_column(g: ArmGames, team: int) -> list[np.ndarray]:
    return [g.team_win[:, team]]


SHORT = {
    "first_seat": "first mover's share",
    "balance": "balance",
    "team_balance": "team balance",
    "draw_rate": "draws",
    "completion": "completion",
    "caps": "safety-bound endings",
    "length_mean": "mean length",
    "length_sd": "length SD",
    "decisions": "decisions per game",
    "branching": "branching factor",
    "lead_settled": "lead settles at",
    "lead_changes": "lead changes",
}


def short(key: str, label: str) -> str:
    """A metric's short name for figures and findings: ``mean length``, ``South wins``.

    >>> short("seat_win_1", "North (seat 2) win rate"), short("branching", "...")
    ('North wins', 'branching factor')
    """
    if key in SHORT:
        return SHORT[key]
    name = label.removesuffix(" win rate")
    if key.startswith("seat_win_"):
        name = name.split(" (seat ")[0]
    return f"{name} wins"


def seat_defs(g: ArmGames) -> list[MetricDef]:
    """Each seat's (and team's) win rate, as metrics of ``g``."""
    out = [
        MetricDef(
            f"seat_win_{s}",
            f"{g.seat_names[s]} (seat {s + 1}) win rate",
            "share",
            functools.partial(_seat_column, seat=s),
            _nanmean,
            share=True,
        )
        for s in range(g.seats)
    ]
    if g.has_teams:
        out += [
            MetricDef(
                f"team_win_{t}",
                f"team {g.team_name(t)} win rate",
                "share",
                functools.partial(_team_column, team=t),
                _nanmean,
                share=True,
            )
            for t in range(len(g.teams))
        ]
    return out


def definitions(g: ArmGames) -> list[MetricDef]:
    return [d for d in (*METRICS, *seat_defs(g)) if d.applies(g)]


def arm_metrics(g: ArmGames, seed: int = 0) -> list[Metric]:
    """Every metric of the arm ``g`` with its 95% interval."""
    return [metric(g, d, seed) for d in definitions(g)]


def metric(g: ArmGames, d: MetricDef, seed: int = 0) -> Metric:
    """One metric of ``g``: a Wilson interval for a share, else a bootstrap one."""
    columns = d.columns(g)
    value = float(d.stat(*columns))
    if d.share:
        values = columns[0][~np.isnan(columns[0])]
        wins, trials = int(values.sum()), len(values)
        low, high = wilson_interval(wins, trials) if trials else (math.nan, math.nan)
        return Metric(d.key, d.label, value, low, high, trials, d.unit, "Wilson")
    keep = ~np.all([np.isnan(c) for c in columns], axis=0)
    columns = [c[keep] for c in columns]
    low, high, method = interval(columns, d.stat, seed, d.methods)
    return Metric(d.key, d.label, value, low, high, int(keep.sum()), d.unit, method)


def interval(
    columns: list[np.ndarray],
    stat: Stat,
    seed: int = 0,
    methods: Sequence[str] = ("BCa", "percentile"),
) -> tuple[float, float, str]:
    """A 95% bootstrap interval of ``stat`` over paired ``columns`` (rows = games)."""
    from scipy import stats

    n = len(columns[0]) if columns else 0
    if n < 2:
        return math.nan, math.nan, "too few games"
    if all(np.nanmax(c) == np.nanmin(c) for c in columns if not np.all(np.isnan(c))):
        value = float(stat(*columns))
        return value, value, "constant"
    for method in methods:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            res = stats.bootstrap(
                tuple(columns),
                stat,
                paired=True,
                vectorized=True,
                n_resamples=RESAMPLES,
                batch=500,
                method=method,
                random_state=np.random.default_rng(seed),
            )
        low, high = (float(x) for x in res.confidence_interval)
        if not (math.isnan(low) or math.isnan(high)):
            return low, high, f"bootstrap {method}"
    return math.nan, math.nan, "bootstrap failed"


def score_interval(values: np.ndarray) -> tuple[float, float, float]:
    """A mean score with its 95% interval: Wilson when every score is 0 or 1, else a
    bootstrap; ``nan`` for no games.

    >>> [round(x, 3) for x in score_interval(np.array([1.0, 0.0, 1.0, 1.0]))]
    [0.75, 0.301, 0.954]
    """
    if not len(values):
        return math.nan, math.nan, math.nan
    if set(np.unique(values)) <= {0.0, 1.0}:
        low, high = wilson_interval(int(values.sum()), len(values))
        return float(values.mean()), low, high
    low, high, _ = interval([values], _nanmean)
    return float(values.mean()), low, high


def distribution(columns: list[np.ndarray], stat: Stat, seed: int) -> np.ndarray:
    """``RESAMPLES`` bootstrap values of ``stat`` (games resampled with replacement)."""
    n = len(columns[0])
    picks = np.random.default_rng(seed).integers(0, n, (RESAMPLES, n))
    return np.asarray(stat(*[c[picks] for c in columns], axis=-1), dtype=float)


# ---------------------------------------------------------------------- differences
@dataclass(frozen=True)
class Difference:
    """A metric of arm ``arm`` minus the same metric of ``baseline``, with its interval."""

    key: str
    label: str
    arm: str
    baseline: str
    value: float
    low: float
    high: float
    unit: str
    paired: bool
    n: int

    @property
    def clear(self) -> bool:
        """Whether the interval excludes no change."""
        return not (math.isnan(self.low) or self.low <= 0.0 <= self.high)

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "label": self.label,
            "arm": self.arm,
            "baseline": self.baseline,
            "difference": _json(self.value),
            "low": _json(self.low),
            "high": _json(self.high),
            "unit": self.unit,
            "paired": self.paired,
            "games": self.n,
        }


def difference(
    arm: ArmGames, baseline: ArmGames, d: MetricDef, paired: bool, seed: int = 0
) -> Difference:
    """``d`` of ``arm`` minus ``d`` of ``baseline``, 95% percentile bootstrap interval.

    ``paired``: the arms played game ``i`` from the same seeds; the games both have are
    resampled together (the differences of paired games vary less).
    """
    if paired:
        common, mine, theirs = np.intersect1d(arm.index, baseline.index, return_indices=True)
        a = [c[mine] for c in d.columns(arm)]
        b = [c[theirs] for c in d.columns(baseline)]
        k = len(a)

        def stat(*cols: np.ndarray, axis: int = -1) -> Any:
            return d.stat(*cols[:k], axis=axis) - d.stat(*cols[k:], axis=axis)

        value = float(stat(*a, *b))
        n = len(common)
        if n < 2:
            return Difference(d.key, d.label, arm.arm, baseline.arm, value, math.nan, math.nan,
                              d.unit, True, n)  # fmt: skip
        spread = distribution([*a, *b], stat, seed)
    else:
        a, b = d.columns(arm), d.columns(baseline)
        value = float(d.stat(*a)) - float(d.stat(*b))
        n = min(arm.n, baseline.n)
        if n < 2:
            return Difference(d.key, d.label, arm.arm, baseline.arm, value, math.nan, math.nan,
                              d.unit, False, n)  # fmt: skip
        spread = distribution(a, d.stat, seed) - distribution(b, d.stat, seed + 1)
    spread = spread[~np.isnan(spread)]
    if not len(spread):
        low = high = math.nan
    else:
        low, high = (float(x) for x in np.percentile(spread, [2.5, 97.5]))
    return Difference(d.key, d.label, arm.arm, baseline.arm, value, low, high, d.unit, paired, n)


def _demo(game: str, i: int) -> Row:
    """A row of ``game`` for the examples: seat 0 moves first; draws every fourth game."""
    draw = i % 4 == 0
    winners = [] if draw else [0 if i % 3 else 1]
    return {
        "arm": "demo",
        "game": game,
        "options": "{}",
        "rules_version": None,
        "game_index": i,
        "agents": ["random", "random"],
        "result": "draw" if draw else "win",
        "winners": winners,
        "length": 10 + i,
        "termination": "ended",
        "first": 0,
        "branching": [3, 1, 2],
        "lead": [1, 0, 10 + i, -1 if draw else winners[0]],
    }

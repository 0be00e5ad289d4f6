"""The analyses of a study's records: tables of numbers with their 95% intervals.

Each analysis takes the rows (``spelbord.lab.records``) and returns a ``Table``: a title,
column names, rows of plain values and a note on the method. ``analyse`` runs the ones a
study asks for. Nothing here draws; ``spelbord.lab.report`` turns tables into figures.

- ``win_rates``: per arm and agent, wins/draws/losses, win rate with a Wilson interval.
- ``seat_advantage``: per arm, wins by seat; an exact binomial test (two seats, decisive
  games) or a chi-square test (more seats) of "every seat wins equally often".
- ``ladder``: a Bradley-Terry fit over every game between two agents, as Elo (400 log10
  of the strength ratio, the mean agent at 0), with bootstrap 95% intervals.
- ``lengths`` and ``endings``: the distribution of game lengths, the share of each way of
  ending (Wilson intervals) and the mean of the game's facts.
- ``features``: per-seat facts against winning: for 0/1 facts the win rate with and
  without (and, for specials won at auction, the mean price); for counts the change in
  win rate per unit (least squares, 95% interval); for categories the win rate per value.

>>> rows = [_row("a", i, ["x", "y"], [0] if i % 4 else [1]) for i in range(20)]
>>> table = win_rates(rows)
>>> table.rows[0][:6]
['a', 'x', 15, 0, 5, 0.75]
"""

from __future__ import annotations

import fnmatch
import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from spelbord.core.bradley_terry import fit, scores
from spelbord.core.bradley_terry import ladder as elo_ladder
from spelbord.lab.records import FACT_PREFIX
from spelbord.lab.stats import wilson_interval

Row = dict[str, Any]
MIN_CATEGORY = 5
"""A category value needs this many seat-games to be shown (unique layouts are noise)."""
BOOTSTRAP = 200
"""Resamples behind the ladder's intervals (seeded: the same records, the same intervals)."""


@dataclass(frozen=True)
class Table:
    """One analysis result: ``rows`` under ``columns``, with a ``note`` on the method."""

    name: str
    title: str
    columns: tuple[str, ...]
    rows: list[list[Any]]
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    """Data for the figure that goes with the table (histograms and the like)."""


def _won(row: Row, seat: int) -> float:
    """1 for a win, 0.5 for a shared draw, 0 for a loss (a seat's score in a game)."""
    if row["result"] == "draw":
        return 0.5
    return 1.0 if seat in row["winners"] else 0.0


def _arms(rows: Sequence[Row]) -> list[str]:
    return list(dict.fromkeys(row["arm"] for row in rows))


def win_rates(rows: Sequence[Row]) -> Table:
    """Per arm and agent: games, wins, draws, losses, win rate and its Wilson interval."""
    counts: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    for row in rows:
        for seat, agent in enumerate(row["agents"]):
            column = 1 if row["result"] == "draw" else (0 if seat in row["winners"] else 2)
            counts[row["arm"], agent][column] += 1
    out = []
    for (arm, agent), (w, d, lost) in counts.items():
        n = w + d + lost
        low, high = wilson_interval(w, n)
        out.append([arm, agent, w, d, lost, round(w / n, 4), round(low, 4), round(high, 4)])
    return Table(
        "win-rates",
        "Win rates",
        ("arm", "agent", "wins", "draws", "losses", "win rate", "95% low", "95% high"),
        out,
        "Wilson score interval; an agent seated twice in an arm counts both seats.",
    )


def seat_advantage(rows: Sequence[Row]) -> Table:
    """Per arm: wins by seat, the first seat's share of decisive games, and a test."""
    from scipy import stats

    out = []
    for arm in _arms(rows):
        mine = [row for row in rows if row["arm"] == arm]
        seats = len(mine[0]["agents"])
        wins = [0] * seats
        draws = 0
        for row in mine:
            if row["result"] == "draw":
                draws += 1
            else:
                for seat in row["winners"]:
                    wins[seat] += 1
        decisive = sum(wins)
        if seats == 2:
            p = stats.binomtest(wins[0], decisive, 0.5).pvalue if decisive else 1.0
            test = "binomial"
        else:
            p = stats.chisquare(wins).pvalue if decisive else 1.0
            test = "chi-square"
        share = wins[0] / decisive if decisive else math.nan
        low, high = wilson_interval(wins[0], decisive)
        out.append(
            [
                arm,
                len(mine),
                draws,
                " / ".join(map(str, wins)),
                round(share, 4),
                round(low, 4),
                round(high, 4),
                test,
                _p(p),
            ]
        )
    return Table(
        "seats",
        "Seat advantage",
        (
            "arm",
            "games",
            "draws",
            "wins by seat",
            "seat 1 share",
            "95% low",
            "95% high",
            "test",
            "p",
        ),
        out,
        "Seat 1 share = the first seat's wins among decisive games (Wilson interval). "
        "Two seats: exact binomial test of a share of 1/2; more: chi-square test of equal "
        "wins. Only meaningful when the seats hold equal agents or rotate.",
    )


def _p(p: float) -> float:
    return float(f"{p:.3g}")


def bradley_terry(
    pairs: Sequence[tuple[int, int, float]], agents: int, prior: float = 0.5
) -> list[float]:
    """Bradley-Terry strengths (geometric mean 1) of the games ``pairs``
    (``spelbord.core.bradley_terry.fit``).

    ``pairs`` holds ``(i, j, score of i)`` per game (1, 0.5 or 0). ``prior`` adds that
    many virtual draws between every two agents who met, so a spotless record stays
    finite.

    >>> s = bradley_terry([(0, 1, 1.0)] * 3 + [(0, 1, 0.0)], 2, prior=0.0)
    >>> round(s[0] / s[1], 3)
    3.0
    """
    return [math.exp(t) for t in fit(scores(pairs, agents), prior)]


def ladder(rows: Sequence[Row], resamples: int = BOOTSTRAP, seed: int = 0) -> Table:
    """The Elo ladder of every agent over every two-seat game between different agents."""
    games = [
        (row["agents"][0], row["agents"][1], _won(row, 0))
        for row in rows
        if len(row["agents"]) == 2 and row["agents"][0] != row["agents"][1]
    ]
    return Table(
        "ladder",
        "Elo ladder (Bradley-Terry)" if games else "Elo ladder",
        ("agent", "elo", "95% low", "95% high", "games"),
        [[r.name, r.elo, r.low, r.high, r.games] for r in elo_ladder(games, resamples, seed)],
        f"Bradley-Terry fit (Newton, half a virtual draw between agents who met), as Elo "
        f"with the mean agent at 0; {resamples} bootstrap resamples of the games give the "
        "intervals. Draws count half."
        if games
        else "No games between two different agents.",
    )


def lengths(rows: Sequence[Row]) -> Table:
    """Per arm: mean, median, 10th and 90th percentile of the game length in moves."""
    import numpy as np

    out = []
    hist: dict[str, list[int]] = {}
    for arm in _arms(rows):
        values = np.array([row["length"] for row in rows if row["arm"] == arm])
        hist[arm] = [int(v) for v in values]
        out.append(
            [
                arm,
                len(values),
                round(float(values.mean()), 1),
                float(np.median(values)),
                float(np.percentile(values, 10)),
                float(np.percentile(values, 90)),
                int(values.min()),
                int(values.max()),
            ]
        )
    return Table(
        "lengths",
        "Game length (moves, chance events and simultaneous rounds each count one)",
        ("arm", "games", "mean", "median", "p10", "p90", "min", "max"),
        out,
        extra={"lengths": hist},
    )


def endings(rows: Sequence[Row]) -> Table:
    """Per arm: how games ended (share with Wilson interval) and the mean of each fact."""
    out = []
    shares: dict[str, dict[str, int]] = {}
    for arm in _arms(rows):
        mine = [row for row in rows if row["arm"] == arm]
        counts = Counter(row["termination"] for row in mine)
        shares[arm] = dict(counts)
        for how, n in counts.most_common():
            low, high = wilson_interval(n, len(mine))
            out.append([arm, how, n, round(n / len(mine), 4), round(low, 4), round(high, 4)])
    facts = _fact_means(rows)
    return Table(
        "endings",
        "How games end",
        ("arm", "termination", "games", "share", "95% low", "95% high"),
        out,
        "Wilson intervals of each ending's share.",
        extra={"shares": shares, "facts": facts},
    )


def _fact_means(rows: Sequence[Row]) -> Table:
    """Per arm, the mean per game of every numeric fact (per-seat facts summed over seats)."""
    out = []
    for arm in _arms(rows):
        mine = [row for row in rows if row["arm"] == arm]
        sums: dict[str, list[float]] = defaultdict(list)
        for row in mine:
            total: dict[str, float] = defaultdict(float)
            for key, value in row.items():
                if not key.startswith(FACT_PREFIX) or value is None or isinstance(value, str):
                    continue
                name = key[len(FACT_PREFIX) :]
                base = _seatless(name)
                if base is not None and name.split("_", 1)[0][1:].isdigit():
                    if base.startswith("price_") or base.endswith("_cell") or value < 0:
                        continue  # prices (see features), cells (places, not counts)
                    total[base + " (all seats)"] += value
                else:
                    total[name] += value
            for key, value in total.items():
                sums[key].append(value)
        for key in sorted(sums):
            values = sums[key]
            out.append([arm, key, round(sum(values) / len(mine), 3)])
    return Table("facts", "Facts per game (means)", ("arm", "fact", "mean per game"), out)


def _seatless(name: str) -> str | None:
    """``bought_archer`` for ``s0_bought_archer``; ``None`` for a fact of the whole game."""
    head, sep, rest = name.partition("_")
    if sep and len(head) > 1 and head[0] == "s" and head[1:].isdigit():
        return rest
    return None


def seat_facts(rows: Sequence[Row]) -> list[tuple[Row, int, dict[str, Any]]]:
    """``(row, seat, {fact: value})`` for every seat of every game (per-seat facts)."""
    out: list[tuple[Row, int, dict[str, Any]]] = []
    for row in rows:
        per_seat: list[dict[str, Any]] = [{} for _ in row["agents"]]
        for key, value in row.items():
            if not key.startswith(FACT_PREFIX) or value is None:
                continue
            name = key[len(FACT_PREFIX) :]
            base = _seatless(name)
            if base is not None:
                seat = int(name.split("_", 1)[0][1:])
                if seat < len(per_seat):
                    per_seat[seat][base] = value
        out.extend((row, seat, facts) for seat, facts in enumerate(per_seat))
    return out


def features(rows: Sequence[Row], patterns: Sequence[str], categories: Sequence[str] = ()) -> Table:
    """Per-seat facts matching ``patterns`` (or ``categories``) against the seat's score,
    in each arm and, when there are several, in all arms together (``all``): pooling
    arms mixes the agents' plans with the facts, so read the arms first."""
    arms = _arms(rows)
    groups = [(arm, [r for r in rows if r["arm"] == arm]) for arm in arms]
    if len(arms) > 1:
        groups.append(("all", list(rows)))
    out: list[list[Any]] = []
    plots: list[dict[str, Any]] = []
    for arm, mine in groups:
        found, effects = _features_of(mine, patterns, categories)
        out.extend([arm, *r] for r in found)
        plots.extend({**e, "label": f"{arm}: {e['label']}"} for e in effects)
    return Table(
        "features",
        "Facts against winning",
        ("arm", "fact", "value", "seat-games", "win rate or slope", "95% low", "95% high", "note"),
        out,
        "Each seat of each game is one sample; its score is 1 for a win, 1/2 for a draw, 0 "
        "for a loss. Yes/no facts and categories (values seen at least "
        f"{MIN_CATEGORY} times, the 12 commonest): win rate (Wilson interval). Counts: "
        "least-squares slope of the score on the count, 95% interval (normal). These are "
        "associations in the played games, not causes; 'all' pools the arms, and with them "
        "the agents' plans.",
        extra={"effects": plots},
    )


def _features_of(
    rows: Sequence[Row], patterns: Sequence[str], categories: Sequence[str]
) -> tuple[list[list[Any]], list[dict[str, Any]]]:
    import numpy as np

    samples = seat_facts(rows)
    names = sorted({name for _, _, facts in samples for name in facts})
    out: list[list[Any]] = []
    plots: list[dict[str, Any]] = []
    for name in names:
        is_category = any(fnmatch.fnmatch(name, p) for p in categories)
        if not is_category and not any(fnmatch.fnmatch(name, p) for p in patterns):
            continue
        pairs = [(facts[name], _won(row, seat)) for row, seat, facts in samples if name in facts]
        if not pairs:
            continue
        if is_category:
            groups: dict[Any, list[float]] = defaultdict(list)
            for value, score in pairs:
                groups[value].append(score)
            ranked = sorted(groups.items(), key=lambda kv: (-len(kv[1]), str(kv[0])))
            ranked = [kv for kv in ranked if len(kv[1]) >= MIN_CATEGORY][:12]
            for value, scores in ranked:
                wins = sum(1 for s in scores if s == 1.0)
                low, high = wilson_interval(wins, len(scores))
                rate = wins / len(scores)
                out.append(
                    [
                        name,
                        f"= {value}",
                        len(scores),
                        round(rate, 4),
                        round(low, 4),
                        round(high, 4),
                        "",
                    ]
                )
                plots.append({"label": f"{name}={value}", "value": rate, "low": low, "high": high})
            continue
        xs = np.array([float(v) for v, _ in pairs])
        ys = np.array([s for _, s in pairs])
        if len(np.unique(xs)) < 2:
            continue  # the same in every game of these rows: nothing to compare
        if set(np.unique(xs)) <= {0.0, 1.0}:
            price_name = name.replace("won_", "price_", 1) if name.startswith("won_") else ""
            for flag in (1.0, 0.0):
                chosen = ys[xs == flag]
                wins = int((chosen == 1.0).sum())
                low, high = wilson_interval(wins, len(chosen))
                rate = wins / len(chosen) if len(chosen) else math.nan
                extra = ""
                if flag == 1.0 and price_name:
                    prices = [
                        f[price_name]
                        for _, _, f in samples
                        if f.get(name) == 1 and f.get(price_name, -1) >= 0
                    ]
                    extra = f"mean price {np.mean(prices):.1f}" if prices else ""
                out.append(
                    [
                        name,
                        "yes" if flag else "no",
                        len(chosen),
                        round(rate, 4),
                        round(low, 4),
                        round(high, 4),
                        extra,
                    ]
                )
                if flag == 1.0 and len(chosen):
                    plots.append(
                        {"label": f"{name} (yes)", "value": rate, "low": low, "high": high}
                    )
            continue
        slope, low, high = _slope(xs, ys)
        out.append(
            [
                name,
                "per +1",
                len(xs),
                round(slope, 4),
                round(low, 4),
                round(high, 4),
                f"mean {xs.mean():.2f}",
            ]
        )
        plots.append(
            {"label": f"{name} per +1", "value": slope, "low": low, "high": high, "slope": True}
        )
    return out, plots


def _slope(xs: Any, ys: Any) -> tuple[float, float, float]:
    """The least-squares slope of ``ys`` on ``xs`` and its 95% interval."""
    from scipy import stats

    if len(xs) < 3 or float(xs.std()) == 0.0:
        return (math.nan, math.nan, math.nan)
    fit = stats.linregress(xs, ys)
    half = 1.959963984540054 * float(fit.stderr)
    return (float(fit.slope), float(fit.slope) - half, float(fit.slope) + half)


def analyse(
    rows: Sequence[Row],
    analyses: Sequence[str],
    features_patterns: Sequence[str] = (),
    categories: Sequence[str] = (),
) -> list[Table]:
    """The tables of ``analyses`` (names from ``spelbord.lab.study.ANALYSES``) on ``rows``."""
    tables = []
    for name in analyses:
        if name == "win-rates":
            tables.append(win_rates(rows))
        elif name == "seats":
            tables.append(seat_advantage(rows))
        elif name == "ladder":
            tables.append(ladder(rows))
        elif name == "lengths":
            tables.append(lengths(rows))
        elif name == "endings":
            table = endings(rows)
            tables.extend([table, table.extra["facts"]])
        elif name == "features":
            tables.append(features(rows, features_patterns, categories))
        else:
            raise ValueError(f"unknown analysis {name!r}")
    return tables


def _row(arm: str, index: int, agents: list[str], winners: list[int]) -> Row:
    """A minimal row for examples and tests."""
    return {
        "arm": arm,
        "game_index": index,
        "agents": agents,
        "result": "win" if winners else "draw",
        "winners": winners,
        "length": 10 + index,
        "termination": "ended",
    }

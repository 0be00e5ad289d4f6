"""The figures of a study's report (matplotlib, PNG and SVG): every figure an interval.

Each function draws one figure from ``StudyResults`` into ``folder`` and returns the PNG's
path (``None`` when there is nothing to draw). Figures are narrow (about 5.6 inches) with
large type, so they stay readable scaled down to a phone's width.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from spelbord.lab.metrics import Metric
from spelbord.lab.summary import StudyResults

WIDTH = 5.6
DPI = 120
SHARE_KEYS = ("first_seat", "balance", "draw_rate", "completion")
PLAY_KEYS = ("length_mean", "decisions", "branching", "lead_settled", "lead_changes")


def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update({"font.size": 10, "axes.titlesize": 10.5, "axes.labelsize": 9.5})
    return plt


def _save(fig: Any, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=DPI)
    fig.savefig(path.with_suffix(".svg"))
    import matplotlib.pyplot as plt

    plt.close(fig)
    return path


def _errorbars(
    ax: Any,
    labels: Sequence[str],
    ms: Sequence[Metric | None],
    reference: float | Sequence[float | None] | None,
) -> None:
    """One row per label: the value with its interval (shares in per cent), and the fair
    value as a dashed line (one for all rows) or a dashed mark on each row (one per row:
    two sides share 50%, four players 25%)."""
    ys = list(range(len(labels)))
    share = any(m is not None and m.unit == "share" for m in ms)
    scale = 100.0 if share else 1.0
    values, left, right = [], [], []
    for m in ms:
        if m is None or math.isnan(m.value):
            values.append(math.nan)
            left.append(0.0)
            right.append(0.0)
            continue
        v = m.value * scale
        values.append(v)
        left.append(0.0 if math.isnan(m.low) else max(0.0, v - m.low * scale))
        right.append(0.0 if math.isnan(m.high) else max(0.0, m.high * scale - v))
    ax.errorbar(values, ys, xerr=[left, right], fmt="o", capsize=4, color="#1f5f8b")
    if isinstance(reference, Sequence):
        for y, fair in zip(ys, reference, strict=True):
            if fair is not None:
                ax.vlines(fair * scale, y - 0.4, y + 0.4, color="grey", linewidth=0.8, ls="--")
    elif reference is not None:
        ax.axvline(reference * scale, color="grey", linewidth=0.8, linestyle="--")
    ax.set_yticks(ys, labels)
    ax.set_ylim(len(labels) - 0.5, -0.5)
    if share:
        ax.set_xlabel("per cent")


def _short(label: str, width: int = 28) -> str:
    return label if len(label) <= width else label[: width - 1] + "…"


def overview(results: StudyResults, folder: Path) -> Path | None:
    """Fairness and endings per arm: first mover's share, balance, draws, completion."""
    arms = [g.arm for g in results.arms]
    if not arms:
        return None
    plt = _plt()
    panels = [
        k
        for k in SHARE_KEYS
        if any(
            (m := results.metric(a, k)) is not None
            and not math.isnan(m.value)
            and (k not in ("first_seat", "balance") or results.seat_fair.get(a))
            for a in arms
        )
    ]
    if not panels:
        return None
    height = 0.9 + 0.32 * len(arms)
    fig, axes = plt.subplots(len(panels), 1, figsize=(WIDTH, height * len(panels)), squeeze=False)
    for ax, key in zip(axes[:, 0], panels, strict=True):
        ms = [
            results.metric(a, key)
            if key not in ("first_seat", "balance") or results.seat_fair.get(a)
            else None
            for a in arms
        ]
        label = next(m.label for m in ms if m is not None) if any(ms) else key
        fair: list[float | None] | None = None
        if key == "first_seat":  # each arm's own: 1/2 with two sides, 1/4 with four players
            fair = [1.0 / len(g.teams) for g in results.arms]
        _errorbars(ax, [_short(a) for a in arms], ms, fair)
        ax.set_title(label[0].upper() + label[1:])
        ax.set_xlim(-2, 102)
    return _save(fig, folder / "overview.png")


def seats(results: StudyResults, folder: Path) -> Path | None:
    """Each seat's (and team's) win rate per arm where the seat figures mean something."""
    arms = [g for g in results.arms if results.seat_fair.get(g.arm)]
    if not arms:
        return None
    plt = _plt()
    labels, ms, fair = [], [], []
    for g in arms:
        for m in results.metrics[g.arm]:
            if m.key.startswith(("seat_win_", "team_win_")):
                labels.append(_short(f"{g.arm}: {m.label.replace(' win rate', '')}", 40))
                ms.append(m)
                # a seat wins when its side does: the fair rate is one side's share
                fair.append(1.0 / len(g.teams))
    fig, ax = plt.subplots(figsize=(WIDTH, 0.9 + 0.3 * len(labels)))
    _errorbars(ax, labels, ms, fair)
    ax.set_title("Win rate by seat (and team)")
    ax.set_xlim(-2, 102)
    return _save(fig, folder / "seats.png")


def play(results: StudyResults, folder: Path) -> Path | None:
    """How games play per arm: length, decisions, branching, when the lead settles, drama."""
    arms = [g.arm for g in results.arms]
    panels = [
        k
        for k in PLAY_KEYS
        if any((m := results.metric(a, k)) is not None and not math.isnan(m.value) for a in arms)
    ]
    if not panels:
        return None
    plt = _plt()
    height = 0.9 + 0.32 * len(arms)
    fig, axes = plt.subplots(len(panels), 1, figsize=(WIDTH, height * len(panels)), squeeze=False)
    for ax, key in zip(axes[:, 0], panels, strict=True):
        ms = [results.metric(a, key) for a in arms]
        label = next(m.label for m in ms if m is not None)
        _errorbars(ax, [_short(a) for a in arms], ms, None)
        ax.set_title(label[0].upper() + label[1:])
    return _save(fig, folder / "play.png")


def lengths(results: StudyResults, folder: Path) -> Path | None:
    """Histograms of game length, one small panel per arm (the same bins throughout)."""
    import numpy as np

    data = [(g.arm, g.length[~np.isnan(g.length)]) for g in results.arms]
    data = [(a, v) for a, v in data if len(v)]
    if not data:
        return None
    plt = _plt()
    top = max(float(v.max()) for _, v in data)
    low = min(float(v.min()) for _, v in data)
    bins = np.linspace(low, top + 1, 31)
    fig, axes = plt.subplots(
        len(data), 1, figsize=(WIDTH, 0.5 + 1.25 * len(data)), squeeze=False, sharex=True
    )
    for ax, (arm, values) in zip(axes[:, 0], data, strict=True):
        ax.hist(values, bins=bins, color="#5fa3b3", edgecolor="white")
        ax.axvline(float(values.mean()), color="#c0392b", linewidth=1)
        ax.set_ylabel("games")
        sd = values.std(ddof=1) if len(values) > 1 else 0.0
        ax.set_title(f"{_short(arm, 40)}: mean {values.mean():.0f}, SD {sd:.0f}", fontsize=9)
    axes[-1, 0].set_xlabel("moves per game (red: the mean)")
    return _save(fig, folder / "lengths.png")


def skill(results: StudyResults, folder: Path) -> Path | None:
    """The skill trace: Elo against the base by budget, and each budget's score."""
    points = results.skill or []
    if len(points) < 2:
        return None
    plt = _plt()
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(WIDTH, 6.0))
    xs = list(range(len(points)))
    names = [p.agent.split(":", 1)[-1] for p in points]
    elo = [p.elo for p in points]
    top.errorbar(
        xs,
        elo,
        yerr=[[max(0.0, e - p.elo_low) for e, p in zip(elo, points, strict=True)],
              [max(0.0, p.elo_high - e) for e, p in zip(elo, points, strict=True)]],
        fmt="o-",
        capsize=4,
        color="#1f5f8b",
    )  # fmt: skip
    top.axhline(0, color="grey", linewidth=0.8, linestyle="--")
    top.set_xticks(xs, names)
    top.set_ylabel(f"Elo against {points[0].agent}")
    top.set_title("Skill trace: does more thinking win more?")
    scored = [p for p in points[1:] if not math.isnan(p.score)]
    sx = [points.index(p) for p in scored]
    bottom.errorbar(
        sx,
        [p.score * 100 for p in scored],
        yerr=[[max(0.0, (p.score - p.low) * 100) for p in scored],
              [max(0.0, (p.high - p.score) * 100) for p in scored]],
        fmt="s",
        capsize=4,
        color="#b36b00",
    )  # fmt: skip
    bottom.axhline(50, color="grey", linewidth=0.8, linestyle="--")
    bottom.set_xticks(xs, names)
    bottom.set_xlim(-0.5, len(points) - 0.5)
    bottom.set_ylim(0, 100)
    bottom.set_ylabel("score against weaker (%)")
    bottom.set_xlabel("budget (each step doubles it)")
    return _save(fig, folder / "skill.png")


def differences(results: StudyResults, folder: Path) -> Path | None:
    """Each variant minus the baseline: one panel per figure, one row per variant (red: a
    clear change; shares in points)."""
    from spelbord.lab.metrics import short

    diffs = results.differences or []
    if not diffs:
        return None
    plt = _plt()
    keys = list(dict.fromkeys(d.key for d in diffs if not math.isnan(d.value) and _moved(d)))
    if not keys:
        return None
    arms = list(dict.fromkeys(d.arm for d in diffs))
    row = 0.3
    fig, axes = plt.subplots(
        len(keys), 1, figsize=(WIDTH, len(keys) * (0.75 + row * len(arms))), squeeze=False
    )
    for ax, key in zip(axes[:, 0], keys, strict=True):
        mine = {d.arm: d for d in diffs if d.key == key}
        first = next(iter(mine.values()))
        scale = 100.0 if first.unit == "share" else 1.0
        for y, arm in enumerate(arms):
            d = mine.get(arm)
            if d is None or math.isnan(d.value):
                continue
            lo = 0.0 if math.isnan(d.low) else max(0.0, (d.value - d.low) * scale)
            hi = 0.0 if math.isnan(d.high) else max(0.0, (d.high - d.value) * scale)
            colour = "#c0392b" if d.clear else "#7f8c8d"
            ax.errorbar([d.value * scale], [y], xerr=[[lo], [hi]], fmt="o", capsize=4, color=colour)
        ax.axvline(0, color="grey", linewidth=0.8, linestyle="--")
        ax.set_yticks(range(len(arms)), [_short(a, 24) for a in arms])
        ax.set_ylim(len(arms) - 0.5, -0.5)
        unit = {"share": "points", "moves": "moves", "count": "per game", "actions": "actions"}
        ax.set_title(f"{short(key, first.label)} ({unit.get(first.unit, first.unit)})")
    return _save(fig, folder / "differences.png")


def _moved(d: Any) -> bool:
    """Whether a difference is worth a panel: not zero with a zero-width interval."""
    return any(x != 0 and not math.isnan(x) for x in (d.value, d.low, d.high))


def choices(results: StudyResults, folder: Path) -> Path | None:
    """What each choice is worth: the score lost when barred from it."""
    values = [c for c in results.choices or [] if not math.isnan(c.value)]
    if not values:
        return None
    plt = _plt()
    fig, ax = plt.subplots(figsize=(WIDTH, 0.9 + 0.35 * len(values)))
    ys = list(range(len(values)))
    for y, c in zip(ys, values, strict=True):
        ax.errorbar(
            [c.value * 100],
            [y],
            xerr=[
                [max(0.0, (c.value - c.value_low) * 100)],
                [max(0.0, (c.value_high - c.value) * 100)],
            ],
            fmt="o",
            capsize=4,
            color="#c0392b" if c.clear else "#7f8c8d",
        )
    ax.axvline(0, color="grey", linewidth=0.8, linestyle="--")
    ax.set_yticks(ys, [_short(c.choice, 30) for c in values])
    ax.set_ylim(len(values) - 0.5, -0.5)
    ax.set_xlabel("score lost when barred from it (points)")
    ax.set_title(f"What each choice is worth to {values[0].agent}")
    return _save(fig, folder / "choices.png")


def dominance(results: StudyResults, folder: Path) -> Path | None:
    graph = results.dominance
    if graph is None or not graph.edges:
        return None
    from spelbord.lab.dominance import draw

    path = folder / "dominance.png"
    draw(graph, path)
    return path


FIGURES = (
    ("skill", "The skill trace", skill),
    ("differences", "Each variant minus the baseline (red: a clear change)", differences),
    ("choices", "What each choice is worth", choices),
    ("dominance", "Who beats whom", dominance),
    ("overview", "Fairness and endings", overview),
    ("seats", "Seats and teams", seats),
    ("play", "How the games play", play),
    ("lengths", "Game lengths", lengths),
)
"""Every figure, in the order the report shows them: ``(name, title, draw)``."""

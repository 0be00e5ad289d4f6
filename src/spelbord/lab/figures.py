"""The figures of a study's report (matplotlib, PNG and SVG): every figure an interval.

Each function draws one figure from ``StudyResults`` into ``folder`` and returns the PNG's
path (``None`` when there is nothing to draw). Figures are narrow (about 5.6 inches) with
large type, so they stay readable scaled down to a phone's width.

The figures are language-neutral: numbers, arm labels, agent specs, seat and panel
numbers; their words are captions in each language (``caption``, from ``words.toml``), so
a report in four languages draws each figure once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from spelbord.lab.metrics import Metric
from spelbord.lab.summary import StudyResults
from spelbord.lab.words import Joined, Phrase, Said

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
        ax.set_xlabel("%")


def _short(label: str, width: int = 28) -> str:
    """A figure's label within ``width`` characters: two agents of one kind named once
    (``compact_arm``), then, if still too long, cut in the middle, where two labels of
    one figure are most alike (their ends name the budgets and seats that differ).

    >>> _short("gunst-smmcts:100it vs gunst-smmcts:50it: 1 (seat 1)", 40)
    'gunst-smmcts 100it vs 50it: 1 (seat 1)'
    >>> _short("script:conqueror vs script:starver-of-the-specials", 28)
    'script conquero…the-specials'
    """
    label = compact_arm(label)
    if len(label) <= width:
        return label
    head = (width - 1) // 2 + 2
    return label[:head] + "…" + label[len(label) - (width - 1 - head) :]


def compact_arm(label: str) -> str:
    """An arm's label ``A vs B`` (with an optional ``: seat`` after it) with the fields
    the two agents' specs share said once, when they are of one kind.

    >>> compact_arm("mcts:800it:cutoff=0 vs mcts:50it:cutoff=0")
    'mcts 800it vs 50it'
    >>> compact_arm("random vs script:material"), compact_arm("level:easy mirror")
    ('random vs script:material', 'level:easy mirror')
    """
    arm, colon, rest = label.partition(": ")
    first, vs, second = arm.partition(" vs ")
    a, b = first.split(":"), second.split(":")
    if not vs or len(a) != len(b) or len(a) < 2 or a[0] != b[0]:
        return label
    one, other = budget_labels([first, second])
    return f"{a[0]} {one} vs {other}{colon}{rest}"


def _number_panel(ax: Any, number: int) -> None:
    ax.set_title(str(number), loc="left", fontweight="bold")


def overview_panels(results: StudyResults) -> list[str]:
    """The figures the overview draws, one panel each (in order)."""
    arms = [g.arm for g in results.arms]
    return [
        k
        for k in SHARE_KEYS
        if any(
            (m := results.metric(a, k)) is not None
            and not math.isnan(m.value)
            and (k not in ("first_seat", "balance") or results.seat_fair.get(a))
            for a in arms
        )
    ]


def overview(results: StudyResults, folder: Path) -> Path | None:
    """Fairness and endings per arm: first mover's share, balance, draws, completion."""
    arms = [g.arm for g in results.arms]
    if not arms:
        return None
    plt = _plt()
    panels = overview_panels(results)
    if not panels:
        return None
    height = 0.9 + 0.32 * len(arms)
    fig, axes = plt.subplots(len(panels), 1, figsize=(WIDTH, height * len(panels)), squeeze=False)
    for number, (ax, key) in enumerate(zip(axes[:, 0], panels, strict=True), 1):
        ms = [
            results.metric(a, key)
            if key not in ("first_seat", "balance") or results.seat_fair.get(a)
            else None
            for a in arms
        ]
        fair: list[float | None] | None = None
        if key == "first_seat":  # each arm's own: 1/2 with two sides, 1/4 with four players
            fair = [1.0 / len(g.teams) for g in results.arms]
        _errorbars(ax, [_short(a) for a in arms], ms, fair)
        _number_panel(ax, number)
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
                labels.append(_short(f"{g.arm}: {_seat_numbers(g, m.key)}", 40))
                ms.append(m)
                # a seat wins when its side does: the fair rate is one side's share
                fair.append(1.0 / len(g.teams))
    fig, ax = plt.subplots(figsize=(WIDTH, 0.9 + 0.3 * len(labels)))
    _errorbars(ax, labels, ms, fair)
    ax.set_xlim(-2, 102)
    return _save(fig, folder / "seats.png")


def _seat_numbers(g: Any, key: str) -> str:
    """A seat's number (``2``) or a team's seats (``1+3``) for a win-rate metric's key."""
    n = int(key.rpartition("_")[2])
    if key.startswith("team_win_"):
        return "+".join(str(s + 1) for s in g.teams[n])
    return str(n + 1)


def play_panels(results: StudyResults) -> list[str]:
    """The figures the play figure draws, one panel each (in order)."""
    arms = [g.arm for g in results.arms]
    return [
        k
        for k in PLAY_KEYS
        if any((m := results.metric(a, k)) is not None and not math.isnan(m.value) for a in arms)
    ]


def play(results: StudyResults, folder: Path) -> Path | None:
    """How games play per arm: length, decisions, branching, when the lead settles, drama."""
    arms = [g.arm for g in results.arms]
    panels = play_panels(results)
    if not panels:
        return None
    plt = _plt()
    height = 0.9 + 0.32 * len(arms)
    fig, axes = plt.subplots(len(panels), 1, figsize=(WIDTH, height * len(panels)), squeeze=False)
    for number, (ax, key) in enumerate(zip(axes[:, 0], panels, strict=True), 1):
        ms = [results.metric(a, key) for a in arms]
        _errorbars(ax, [_short(a) for a in arms], ms, None)
        _number_panel(ax, number)
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
        sd = values.std(ddof=1) if len(values) > 1 else 0.0
        ax.set_title(f"{_short(arm, 40)}: {values.mean():.0f} ± {sd:.0f}", fontsize=9)
    return _save(fig, folder / "lengths.png")


def budget_labels(agents: list[str]) -> list[str]:
    """The fields of the agents' specs that differ between them (their budgets), so that
    the axis reads ``50it``, ``100it`` ... and not the whole spec.

    >>> budget_labels(["mcts:50it:cutoff=0", "mcts:100it:cutoff=0"])
    ['50it', '100it']
    >>> budget_labels(["mcts:50it"])
    ['50it']
    """
    fields = [agent.split(":") for agent in agents]
    if len(fields) < 2 or len({len(f) for f in fields}) != 1:
        return [agent.split(":", 1)[-1] for agent in agents]
    varying = [i for i in range(len(fields[0])) if len({f[i] for f in fields}) > 1]
    return [":".join(f[i] for i in varying) for f in fields]


def skill(results: StudyResults, folder: Path) -> Path | None:
    """The skill trace: Elo against the base by budget, and each budget's score."""
    points = results.skill or []
    if len(points) < 2:
        return None
    plt = _plt()
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(WIDTH, 6.0))
    xs = list(range(len(points)))
    names = budget_labels([p.agent for p in points])
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
    top.set_ylabel("Elo")
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
    bottom.set_ylabel("%")
    return _save(fig, folder / "skill.png")


def differences(results: StudyResults, folder: Path) -> Path | None:
    """Each variant minus the baseline: one panel per figure, one row per variant (red: a
    clear change; shares in points)."""
    diffs = results.differences or []
    if not diffs:
        return None
    plt = _plt()
    keys = difference_keys(results)
    if not keys:
        return None
    arms = list(dict.fromkeys(d.arm for d in diffs))
    row = 0.3
    fig, axes = plt.subplots(
        len(keys), 1, figsize=(WIDTH, len(keys) * (0.75 + row * len(arms))), squeeze=False
    )
    for number, (ax, key) in enumerate(zip(axes[:, 0], keys, strict=True), 1):
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
        _number_panel(ax, number)
    return _save(fig, folder / "differences.png")


def difference_keys(results: StudyResults) -> list[str]:
    """The figures the differences figure draws, one panel each (in order)."""
    diffs = results.differences or []
    return list(dict.fromkeys(d.key for d in diffs if not math.isnan(d.value) and _moved(d)))


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

    return _save(fig, folder / "choices.png")


def dominance(results: StudyResults, folder: Path) -> Path | None:
    graph = results.dominance
    if graph is None or not graph.edges:
        return None
    from spelbord.lab.dominance import draw

    path = folder / "dominance.png"
    draw(graph, path, title="")
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
"""Every figure, in the order the report shows them: ``(name, title, draw)`` (the title in
English, for the figure's file; the report shows ``caption(name, results)``)."""


def caption(name: str, results: StudyResults) -> Said:
    """What figure ``name`` shows, said in every language: its panels and marks."""
    from spelbord.lab.findings import figure_name, seat_label

    arms = {g.arm: g for g in results.arms}

    def panels(keys: Sequence[str], label: Any) -> Joined:
        return Joined(
            tuple(Said("fig.panel", number=n, figure=label(k)) for n, k in enumerate(keys, 1)),
            "; ",
        )

    def metric_label(key: str) -> Phrase:
        for g in results.arms:
            m = results.metric(g.arm, key)
            if m is not None:
                return Phrase(m.label)
        return Phrase(key)

    if name == "skill":
        points = results.skill or []
        return Said("fig.skill", base=points[0].agent if points else "")
    if name == "differences":
        diffs = {d.key: d for d in results.differences or []}
        unit_words = {
            "share": Said("unit.points"),
            "moves": Said("units.moves"),
            "count": Said("units.per_game"),
            "actions": Said("units.actions"),
        }

        def difference_label(key: str) -> Said:
            d = diffs[key]
            g = arms.get(d.arm)
            return Said(
                "fig.unit", figure=figure_name(key, d.label, g), unit=unit_words.get(d.unit, d.unit)
            )

        return Said("fig.differences", panels=panels(difference_keys(results), difference_label))
    if name == "choices":
        values = [c for c in results.choices or [] if not math.isnan(c.value)]
        return Said("fig.choices", agent=values[0].agent if values else "")
    if name == "overview":
        return Said("fig.overview", panels=panels(overview_panels(results), metric_label))
    if name == "play":
        return Said("fig.play", panels=panels(play_panels(results), metric_label))
    if name == "seats":
        seen: dict[str, Any] = {}
        for g in results.arms:
            if not results.seat_fair.get(g.arm):
                continue
            for m in results.metrics[g.arm]:
                if m.key.startswith(("seat_win_", "team_win_")):
                    text = _seat_numbers(g, m.key)
                    seen.setdefault(f"{g.game} {text}", Said(
                        "fig.panel", number=text, figure=seat_label(g, m.key)))  # fmt: skip
        return Said("fig.seats", seats=Joined(tuple(seen.values()), "; "))
    return Said(f"fig.{name}")

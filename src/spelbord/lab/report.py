"""A study's report: findings in plain sentences, figures, tables, and ``summary.json``.

``write_report(folder)`` reads ``study.json``, ``run.json`` and the records in ``folder``,
computes every figure (``spelbord.lab.summary``), words the findings
(``spelbord.lab.findings``), draws the figures into ``folder/figures/`` (PNG and SVG),
writes each game worth a look as a record file into ``folder/holes/`` and writes:

- ``report.html``: one self-contained page (figures embedded, no outside requests) that
  reads on a phone: the findings first, then the figures, then the tables; links back to
  the lab (``/lab``) and the lobby (``/``); every listed hole opens in the table's replay
  viewer when the page is served by Spelbord (it posts the record to ``/api/import``);
- ``report.sv.html``, ``report.da.html``, ``report.nb.html``: the same page in Swedish,
  Danish and Norwegian (bokmål), each linking to the others (one small static file per
  language: the figures are drawn once, language-neutral, and captioned on each page);
- ``summary.json``: every metric of every arm with its interval, the kind's figures,
  the findings (English, ``findings``; the other languages, ``findings_i18n``) and the
  analyses' tables, for scripts and the web table's ``/lab`` page.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from spelbord.lab.analysis import Table, analyse
from spelbord.lab.page import render_html
from spelbord.lab.records import read_records
from spelbord.lab.study import Study
from spelbord.lab.words import LANGUAGES, report_name

SUMMARY_FORMAT = "spelbord-lab-summary/1"


def write_report(folder: Path) -> Path:
    """Analyse the study in ``folder`` and write its figures, report and summary; the
    report's path."""
    from spelbord.lab import figures as figure_kinds
    from spelbord.lab.findings import THRESHOLDS, findings, to_json_languages
    from spelbord.lab.findings import to_json as findings_json
    from spelbord.lab.holes import write_records
    from spelbord.lab.summary import compute
    from spelbord.lab.summary import to_json as results_json

    study = Study.from_dict(json.loads((folder / "study.json").read_text(encoding="utf-8")))
    run = json.loads((folder / "run.json").read_text(encoding="utf-8"))
    # a study resumed with a smaller --games reports the games it now asks for
    rows = [r for r in read_records(folder / "records") if r["game_index"] < study.games]
    order = {arm.label: i for i, arm in enumerate(study.arms)}
    rows.sort(key=lambda r: (order.get(r["arm"], len(order)), r["game_index"]))
    tables = analyse(rows, study.analyses, study.features, study.categories) if rows else []
    results = compute(study, rows) if rows else None
    found = findings(study, results) if results is not None else []
    figures = folder / "figures"
    figures.mkdir(exist_ok=True)
    drawn: dict[str, tuple[str, Path]] = {}
    captions = {}
    if results is not None:
        write_records(results.listed, folder)
        for name, title, draw_figure in figure_kinds.FIGURES:
            png = draw_figure(results, figures)
            if png is not None:
                drawn[name] = (title, png)
                captions[name] = figure_kinds.caption(name, results)
    legacy: dict[str, Path] = {}
    for table in tables:
        png = draw(table, figures)
        if png is not None:
            legacy[table.name] = png
    size = size_check(study, results)
    for language in LANGUAGES:
        page = render_html(
            study, run, len(rows), tables, legacy, results, found, drawn, size, language, captions
        )
        (folder / report_name(language)).write_text(page, encoding="utf-8")
    report = folder / report_name("en")
    summary = {
        "format": SUMMARY_FORMAT,
        "study": study.name,
        "description": study.description,
        "kind": study.kind,
        "params": study.params,
        "games": len(rows),
        "planned": study.total_games,
        "command": run.get("command", ""),
        "status": run.get("status", ""),
        "updated": run.get("updated", ""),
        "where": run.get("where", ""),
        "versions": run.get("versions", {}),
        "rules_versions": run.get("rules_versions", {}),
        "findings": findings_json(found),
        "findings_i18n": to_json_languages(found),
        "thresholds": THRESHOLDS,
        "size": size,
        **(results_json(results) if results is not None else {}),
        "tables": [
            {"name": t.name, "title": t.title, "columns": list(t.columns), "rows": _plain(t.rows)}
            for t in tables
        ],
    }
    (folder / "summary.json").write_text(
        json.dumps(summary, indent=1, default=str, allow_nan=False), "utf-8"
    )
    return report


def size_check(study: Study, results: Any) -> dict[str, Any]:
    """The study's size and the widest 95% interval it got on its headline figure."""
    from spelbord.lab.sizes import HALF_WIDTH

    stated = dict(study.params.get("size", {}))
    target = float(stated.get("half_width", HALF_WIDTH))
    widths: list[float] = []
    if results is not None:
        if results.skill:
            widths = [(p.high - p.low) / 2 for p in results.skill[1:]]
        elif results.differences:
            widths = [
                (d.high - d.low) / 2
                for d in results.differences
                if d.unit == "share" and d.key not in GAPS
            ]
        elif results.choices:
            widths = [(c.high - c.low) / 2 for c in results.choices]
        elif results.dominance is not None:
            widths = [(e.high - e.low) / 2 for e in results.dominance.edges]
        else:
            widths = [w for g in results.arms for w in _headline_widths(results, g.arm)]
    widths = [w for w in widths if not math.isnan(w)]
    widest = max(widths) if widths else None
    return {
        "games_per_arm": study.games,
        "figure": stated.get("figure", "the first mover's share of decisive games"),
        "target_half_width": target,
        "widest_half_width": None if widest is None else round(widest, 4),
        "met": None if widest is None else widest <= target + 1e-9,
    }


GAPS = ("balance", "team_balance")
"""Share figures that are gaps between two win rates (1 − the largest gap): a difference
of them varies about four times as much as one of a win rate, so the size check of a
variants study leaves them out of its headline (their intervals are reported all the same)."""


def _headline_widths(results: Any, arm: str) -> list[float]:
    """The half-widths of an arm's headline: the first mover's share, or, in a game whose
    first decision is simultaneous (no first mover), each seat's (team's) win rate."""
    first = results.metric(arm, "first_seat")
    if first is not None and not math.isnan(first.high - first.low):
        return [(first.high - first.low) / 2]
    return [
        (m.high - m.low) / 2
        for m in results.metrics.get(arm, [])
        if m.key.startswith(("seat_win_", "team_win_"))
    ]


def _plain(rows: list[list[Any]]) -> list[list[Any]]:
    """Rows with ``nan`` as ``null`` (strict JSON has no NaN)."""
    return [[None if isinstance(v, float) and math.isnan(v) else v for v in row] for row in rows]


# ---------------------------------------------------------------------- figures
def draw(table: Table, folder: Path) -> Path | None:
    """The figure of ``table`` as ``folder/analysis-NAME.png`` and ``.svg``; ``None`` if it
    has none. It has no words but the data's (arm labels, agents, terminations): the
    report's caption, the table's title, says what it shows in the reader's language."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig = None
    if table.name == "win-rates" and table.rows:
        labels = [f"{r[0]}: {r[1]}" for r in table.rows]
        fig = _intervals(
            plt,
            labels,
            [r[5] for r in table.rows],
            [r[6] for r in table.rows],
            [r[7] for r in table.rows],
            "",
            0.5,
        )
    elif table.name == "seats" and table.rows:
        rows = [r for r in table.rows if not math.isnan(r[4])]
        if rows:
            fig = _intervals(
                plt,
                [r[0] for r in rows],
                [r[4] for r in rows],
                [r[5] for r in rows],
                [r[6] for r in rows],
                "",
                # the fair share is one seat's: 1/2 with two seats, 1/4 with four
                [1 / len(str(r[3]).split(" / ")) for r in rows],
            )
    elif table.name == "ladder" and table.rows:
        fig = _intervals(
            plt,
            [r[0] for r in table.rows],
            [r[1] for r in table.rows],
            [r[2] for r in table.rows],
            [r[3] for r in table.rows],
            "Elo",
            0.0,
        )
    elif table.name == "lengths" and table.rows:
        data = table.extra["lengths"]
        fig, ax = plt.subplots(figsize=(7, max(2.2, 0.5 + 0.45 * len(data))))
        ax.boxplot(
            list(data.values()), orientation="horizontal", tick_labels=list(data), showmeans=True
        )
        ax.invert_yaxis()
    elif table.name == "endings" and table.rows:
        shares = table.extra["shares"]
        kinds = sorted({k for counts in shares.values() for k in counts})
        fig, ax = plt.subplots(figsize=(8.5, max(2.2, 0.5 + 0.45 * len(shares))))
        left = [0.0] * len(shares)
        for kind in kinds:
            values = [
                counts.get(kind, 0) / max(1, sum(counts.values())) for counts in shares.values()
            ]
            ax.barh(list(shares), values, left=left, label=kind)
            left = [a + b for a, b in zip(left, values, strict=True)]
        ax.set_xlim(0, 1)
        ax.invert_yaxis()
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    elif table.name == "features" and table.extra.get("effects"):
        effects = table.extra["effects"][:80]
        slopes = [e for e in effects if e.get("slope")]
        rates = [e for e in effects if not e.get("slope")]
        panels = [p for p in (rates, slopes) if p]
        fig, axes = plt.subplots(
            len(panels), 1, figsize=(7, max(2.4, 0.8 + 0.3 * len(effects))), squeeze=False
        )
        for ax, group in zip(axes[:, 0], panels, strict=True):
            _interval_axes(
                ax,
                [e["label"] for e in group],
                [e["value"] for e in group],
                [e["low"] for e in group],
                [e["high"] for e in group],
                "Δ" if group is slopes else "",
                0.0 if group is slopes else 0.5,
            )
    if fig is None:
        return None
    fig.tight_layout()
    # "analysis-": the report's own figures are named seats.png, lengths.png ... too
    png = folder / f"analysis-{table.name}.png"
    fig.savefig(png, dpi=110)
    fig.savefig(png.with_suffix(".svg"))
    plt.close(fig)
    return png


def _intervals(
    plt: Any,
    labels: list[str],
    values: list[float],
    lows: list[float],
    highs: list[float],
    xlabel: str,
    reference: float | list[float],
) -> Any:
    fig, ax = plt.subplots(figsize=(7, max(2.2, 0.6 + 0.35 * len(labels))))
    _interval_axes(ax, labels, values, lows, highs, xlabel, reference)
    return fig


def _interval_axes(
    ax: Any,
    labels: list[str],
    values: list[float],
    lows: list[float],
    highs: list[float],
    xlabel: str,
    reference: float | list[float],
) -> None:
    """Points with their intervals, one row per label, and the ``reference`` value (the
    fair or neutral one) as a dashed line; one reference per row draws a dashed mark on
    each row instead (rows whose fair value differs, e.g. two- and four-seat arms)."""
    ys = list(range(len(labels)))
    left = [
        max(0.0, v - lo) if not math.isnan(v) else 0.0 for v, lo in zip(values, lows, strict=True)
    ]
    right = [
        max(0.0, hi - v) if not math.isnan(v) else 0.0 for v, hi in zip(values, highs, strict=True)
    ]
    ax.errorbar(values, ys, xerr=[left, right], fmt="o", capsize=3)
    if isinstance(reference, list):
        for y, fair in zip(ys, reference, strict=True):
            ax.vlines(fair, y - 0.4, y + 0.4, color="grey", linewidth=0.8, linestyle="--")
    else:
        ax.axvline(reference, color="grey", linewidth=0.8, linestyle="--")
    ax.set_yticks(ys, labels, fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)

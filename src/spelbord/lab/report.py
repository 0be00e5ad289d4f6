"""A study's report: matplotlib figures (PNG and SVG) and one self-contained HTML page.

``write_report(folder)`` reads ``study.json``, ``run.json`` and the records in ``folder``,
runs the study's analyses, draws one figure per analysis into ``folder/figures/`` and
writes ``folder/report.html`` (figures embedded as PNG, tables, the exact command and the
versions that made it), and ``folder/summary.json`` (the tables, for scripts and the web
table's ``/lab`` page).
"""

from __future__ import annotations

import base64
import html
import json
import math
import time
from pathlib import Path
from typing import Any

from spelbord.lab.analysis import Table, analyse
from spelbord.lab.records import read_records
from spelbord.lab.study import Study


def write_report(folder: Path) -> Path:
    """Analyse the study in ``folder`` and write its figures and report; the report's path."""
    study = Study.from_dict(json.loads((folder / "study.json").read_text(encoding="utf-8")))
    run = json.loads((folder / "run.json").read_text(encoding="utf-8"))
    rows = read_records(folder / "records")
    order = {arm.label: i for i, arm in enumerate(study.arms)}
    rows.sort(key=lambda r: (order.get(r["arm"], len(order)), r["game_index"]))
    tables = analyse(rows, study.analyses, study.features, study.categories) if rows else []
    figures = folder / "figures"
    figures.mkdir(exist_ok=True)
    drawn: dict[str, Path] = {}
    for table in tables:
        png = draw(table, figures)
        if png is not None:
            drawn[table.name] = png
    page = render_html(study, run, len(rows), tables, drawn)
    report = folder / "report.html"
    report.write_text(page, encoding="utf-8")
    summary = {
        "study": study.name,
        "description": study.description,
        "games": len(rows),
        "command": run.get("command", ""),
        "status": run.get("status", ""),
        "updated": run.get("updated", ""),
        "tables": [
            {"name": t.name, "title": t.title, "columns": list(t.columns), "rows": _plain(t.rows)}
            for t in tables
        ],
    }
    (folder / "summary.json").write_text(
        json.dumps(summary, indent=1, default=str, allow_nan=False), "utf-8"
    )
    return report


def _plain(rows: list[list[Any]]) -> list[list[Any]]:
    """Rows with ``nan`` as ``null`` (strict JSON has no NaN)."""
    return [[None if isinstance(v, float) and math.isnan(v) else v for v in row] for row in rows]


# ---------------------------------------------------------------------- figures
def draw(table: Table, folder: Path) -> Path | None:
    """The figure of ``table`` as ``folder/NAME.png`` and ``.svg``; ``None`` if it has none."""
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
            "win rate",
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
                "first seat's share of decisive games",
                0.5,
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
        ax.set_xlabel("moves per game")
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
        ax.set_xlabel("share of games")
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
                "change in score per +1" if group is slopes else "win rate",
                0.0 if group is slopes else 0.5,
            )
    if fig is None:
        return None
    fig.suptitle(table.title, fontsize=10)
    fig.tight_layout()
    png = folder / f"{table.name}.png"
    fig.savefig(png, dpi=110)
    fig.savefig(folder / f"{table.name}.svg")
    plt.close(fig)
    return png


def _intervals(
    plt: Any,
    labels: list[str],
    values: list[float],
    lows: list[float],
    highs: list[float],
    xlabel: str,
    reference: float,
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
    reference: float,
) -> None:
    ys = list(range(len(labels)))
    left = [
        max(0.0, v - lo) if not math.isnan(v) else 0.0 for v, lo in zip(values, lows, strict=True)
    ]
    right = [
        max(0.0, hi - v) if not math.isnan(v) else 0.0 for v, hi in zip(values, highs, strict=True)
    ]
    ax.errorbar(values, ys, xerr=[left, right], fmt="o", capsize=3)
    ax.axvline(reference, color="grey", linewidth=0.8, linestyle="--")
    ax.set_yticks(ys, labels, fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)


# ---------------------------------------------------------------------- the page
def render_html(
    study: Study, run: dict[str, Any], games: int, tables: list[Table], figures: dict[str, Path]
) -> str:
    """The report page: everything inline, no outside requests."""
    esc = html.escape
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>Spelbord lab: {esc(study.name)}</title>",
        "<style>body{font:14px/1.45 system-ui,sans-serif;max-width:60rem;margin:2rem auto;"
        "padding:0 1rem;color:#222}table{border-collapse:collapse;margin:.5rem 0 1rem}"
        "td,th{border:1px solid #ccc;padding:.15rem .45rem;text-align:left;font-size:13px}"
        "th{background:#f3f3f3}code,pre{background:#f6f6f6;padding:.1rem .3rem}"
        "img{max-width:100%}.note{color:#555;font-size:13px}</style></head><body>",
        f"<h1>Study {esc(study.name)}</h1>",
        f"<p>{esc(study.description)}</p>",
        f"<p>{games} of {study.total_games} games recorded ({esc(str(run.get('status', '')))}), "
        f"{len(study.arms)} arm(s), {study.games} games per arm, seed {study.seed}.</p>",
        "<h2>How it was made</h2>",
        f"<pre>{esc(run.get('command', ''))}</pre>",
        f"<p>Ran on {esc(str(run.get('where', '')))}; "
        f"last update {esc(str(run.get('updated', '')))}; "
        f"report written {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}.</p>",
        "<p>Versions: "
        + ", ".join(f"{esc(k)} {esc(str(v))}" for k, v in run.get("versions", {}).items())
        + "; rules versions: "
        + ", ".join(f"{esc(k)} v{v}" for k, v in run.get("rules_versions", {}).items())
        + "</p>",
        "<h2>Arms</h2>",
        _table(
            ("arm", "game", "options", "seats", "rotate"),
            [
                [
                    a.label,
                    a.game,
                    json.dumps(a.options) if a.options else "default",
                    ", ".join(a.seats),
                    "yes" if a.rotate else "no",
                ]
                for a in study.arms
            ],
        ),
    ]
    if not tables:
        parts.append("<p>No games recorded yet.</p>")
    for table in tables:
        parts.append(f"<h2>{esc(table.title)}</h2>")
        if table.name in figures:
            data = base64.b64encode(figures[table.name].read_bytes()).decode("ascii")
            parts.append(f"<img alt='{esc(table.title)}' src='data:image/png;base64,{data}'>")
        parts.append(_table(table.columns, table.rows))
        if table.note:
            parts.append(f"<p class='note'>{esc(table.note)}</p>")
    parts.append(
        "<p class='note'>Records: <code>records/*.parquet</code> beside this report "
        '(one row per game), e.g. <code>duckdb -c "SELECT * FROM read_parquet('
        "'records/*.parquet', union_by_name=true)\"</code>.</p></body></html>"
    )
    return "\n".join(parts)


def _table(columns: Any, rows: list[list[Any]]) -> str:
    esc = html.escape
    head = "".join(f"<th>{esc(str(c))}</th>" for c in columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{esc(_cell(v))}</td>" for v in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return "–" if math.isnan(value) else f"{value:g}"
    return str(value)

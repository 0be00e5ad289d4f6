"""The report page: one self-contained, responsive HTML document.

Findings first (plain sentences), then the size check, the figures, the holes with their
replays, the tables, and how the study was made. The page looks like the web table (its
dark palette and top bar, linking back to ``/lab`` and the lobby ``/``) and reads on a
phone: one column, figures as wide as the screen, tables that scroll sideways.

A listed hole's "Replay" button posts its record (embedded in the page) to
``/api/import`` and opens ``/replay/<table>#<ply>``: that needs the page to be served by
Spelbord (under ``/lab``); opened as a file, the button says so, and "Record" saves the
``spelbord-record/1`` file for the replay viewer's "Import JSON".
"""

from __future__ import annotations

import base64
import html
import json
import math
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from spelbord.lab.analysis import Table
from spelbord.lab.holes import KINDS
from spelbord.lab.metrics import bound, fmt
from spelbord.lab.study import Study

esc = html.escape

STYLE = """
:root{--bg:#13171c;--panel:#1f262e;--panel-2:#28313a;--line:rgba(255,255,255,.09);
--text:#ece6da;--muted:#98a2ad;--accent:#e6b450;--teal:#5fb3a1;--danger:#e0705c}
*{box-sizing:border-box}html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--text);
font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--accent)}
.topbar{position:sticky;top:0;z-index:5;display:flex;gap:14px;align-items:center;
padding:10px 16px;background:rgba(19,23,28,.92);border-bottom:1px solid var(--line)}
.brand{font-weight:700;color:var(--accent);text-decoration:none}
.topbar nav{margin-left:auto;display:flex;gap:14px}.topbar nav a{text-decoration:none}
main{max-width:60rem;margin:0 auto;padding:16px}
h1{font-size:1.45rem;margin:.4em 0}h2{font-size:1.1rem;margin:1.6em 0 .5em}
h3{font-size:.95rem;margin:1.2em 0 .4em}
.muted,.note{color:var(--muted)}.note{font-size:13px}
.card{background:var(--panel);border:1px solid var(--line);border-radius:12px;
padding:12px 14px;margin:10px 0}
.findings{padding-left:1.2em;margin:0}.findings ul{padding-left:1.1em}
.findings li{margin:.35em 0}.findings li.holes{color:#f0c2b8}
figure{margin:12px 0;background:#fff;border-radius:12px;padding:8px}
figure img{display:block;width:100%;height:auto}
figcaption{color:#333;font-size:13px;padding:4px 6px 0}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch;margin:.4rem 0 1rem}
table{border-collapse:collapse;font-size:13px;min-width:100%}
td,th{border-bottom:1px solid var(--line);padding:.3rem .5rem;text-align:left;
vertical-align:top;white-space:nowrap}
th{color:var(--muted);font-weight:600;background:var(--panel-2)}
td.wrap{white-space:normal;min-width:14rem}
code,pre{background:var(--panel-2);border-radius:6px;padding:.1rem .35rem;
font-size:12.5px}pre{padding:.6rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all}
details{margin:.5rem 0}summary{cursor:pointer;color:var(--accent)}
button.btn{font:inherit;font-size:13px;padding:.25rem .6rem;border-radius:8px;
border:1px solid var(--line);background:var(--panel-2);color:var(--text);cursor:pointer}
button.btn:hover{border-color:var(--accent)}
#replay-status{min-height:1.4em}
@media (max-width:600px){body{font-size:14px}main{padding:10px}h1{font-size:1.25rem}
td,th{padding:.25rem .35rem}}
"""

SCRIPT = """
const status = document.getElementById("replay-status");
function record(id) { return document.getElementById(id).textContent; }
document.querySelectorAll("button[data-replay]").forEach((button) => {
  button.addEventListener("click", async () => {
    if (location.protocol === "file:") {
      status.textContent = "Replays open when Spelbord serves this report (under /lab): "
        + "save the record and import it in the replay viewer.";
      return;
    }
    status.textContent = "Importing the record…";
    try {
      const answer = await fetch("/api/import", {method: "POST",
        headers: {"content-type": "application/json"}, body: record(button.dataset.replay)});
      const body = await answer.json();
      if (!answer.ok) throw new Error(body.error || body.detail || answer.statusText);
      location.href = "/replay/" + encodeURIComponent(body.table) + "#" + button.dataset.ply;
    } catch (err) { status.textContent = "The record did not import: " + err.message; }
  });
});
document.querySelectorAll("button[data-save]").forEach((button) => {
  button.addEventListener("click", () => {
    const blob = new Blob([record(button.dataset.save)], {type: "application/json"});
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = button.dataset.name;
    document.body.append(link); link.click(); link.remove();
  });
});
"""


def render_html(
    study: Study,
    run: dict[str, Any],
    games: int,
    tables: Sequence[Table],
    legacy: dict[str, Path],
    results: Any,
    found: Sequence[Any],
    drawn: dict[str, tuple[str, Path]],
    size: dict[str, Any],
) -> str:
    """The report page (see the module)."""
    from spelbord.lab.findings import THRESHOLDS

    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width, initial-scale=1'>",
        f"<title>{esc(study.name)} · Spelbord lab</title><style>{STYLE}</style></head><body>",
        "<header class='topbar'><a class='brand' href='/'>Spelbord</a>"
        "<nav><a href='/lab'>Lab</a><a href='/'>Lobby</a></nav></header><main>",
        f"<h1>Study {esc(study.name)}</h1>",
        f"<p>{esc(study.description)}</p>" if study.description else "",
        f"<p class='muted'>{games} of {study.total_games} games recorded "
        f"({esc(str(run.get('status', '')))}); {len(study.arms)} arm(s), {study.games} games "
        f"per arm{', ' + esc(study.kind) + ' study' if study.kind else ''}.</p>",
        "<h2>Findings</h2>",
    ]
    if found:
        items = "".join(
            f"<li class='{esc(f.topic)}'>{esc(f.text)}"
            + ("<ul>" + "".join(f"<li>{esc(i)}</li>" for i in f.items) + "</ul>" if f.items else "")
            + "</li>"
            for f in found
        )
        parts.append(f"<div class='card'><ul class='findings'>{items}</ul></div>")
    else:
        parts.append("<p>No games recorded yet.</p>")
    parts.append(f"<p class='note'>{esc(THRESHOLDS)}</p>")
    parts.append(_size(size))
    for _name, (title, png) in drawn.items():
        parts.append(_figure(title, png))
    if results is not None:
        parts.append(_holes(results))
        parts.append(_kind_tables(results))
        parts.append(_metric_tables(results))
    if tables:
        parts.append("<h2>Analyses</h2>")
    for table in tables:
        parts.append(f"<h3>{esc(table.title)}</h3>")
        if table.name in legacy:
            parts.append(_figure(table.title, legacy[table.name]))
        parts.append(_table(table.columns, table.rows))
        if table.note:
            parts.append(f"<p class='note'>{esc(table.note)}</p>")
    parts += [
        "<h2>Arms</h2>",
        _table(
            ("arm", "game", "options", "rules", "seats", "rotate"),
            [
                [
                    a.label,
                    a.game,
                    json.dumps(a.options) if a.options else "default",
                    f"v{a.rules_version}" if a.rules_version is not None else "newest",
                    ", ".join(a.seats),
                    "yes" if a.rotate else "no",
                ]
                for a in study.arms
            ],
        ),
        "<h2>How it was made</h2>",
        f"<pre>{esc(str(run.get('command', '')))}</pre>",
        f"<p class='note'>Ran on {esc(str(run.get('where', '')))}; last update "
        f"{esc(str(run.get('updated', '')))}; report written "
        f"{time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}. Versions: "
        + ", ".join(f"{esc(k)} {esc(str(v))}" for k, v in run.get("versions", {}).items())
        + "; rules versions: "
        + ", ".join(f"{esc(k)} v{v}" for k, v in run.get("rules_versions", {}).items())
        + ".</p>",
        "<p class='note'>Beside this page: <code>summary.json</code> (every figure with its "
        "interval), <code>records/*.parquet</code> (one row per game), "
        "<code>figures/</code> (PNG and SVG) and <code>holes/</code> (record files).</p>",
        f"</main><script type='module'>{SCRIPT}</script></body></html>",
    ]
    return "\n".join(p for p in parts if p)


def _figure(title: str, png: Path) -> str:
    data = base64.b64encode(png.read_bytes()).decode("ascii")
    return (
        f"<figure><img alt='{esc(title)}' src='data:image/png;base64,{data}'>"
        f"<figcaption>{esc(title)}</figcaption></figure>"
    )


def _size(size: dict[str, Any]) -> str:
    widest = size.get("widest_half_width")
    got = (
        f"; the widest interval got is ±{widest * 100:.1f} points"
        + (
            " (within the target)"
            if size.get("met")
            else " (wider than the target: play more games)"
        )
        if widest is not None
        else ""
    )
    return (
        f"<p class='note'>Size: {size.get('games_per_arm')} games per arm, chosen for "
        f"±{size.get('target_half_width', 0.05) * 100:g} points on {esc(str(size.get('figure')))}"
        f"{got}.</p>"
    )


def _holes(results: Any) -> str:
    parts = ["<h2>Rule holes</h2>"]
    rows = []
    for h in results.holes:
        cells: list[Any] = [h.arm, h.games]
        for kind in KINDS:
            if kind == "loop" and not h.loops_checked:
                cells.append("not checked")
                continue
            share, low, high = h.share(kind)
            n = h.counts.get(kind, 0)
            cells.append(
                f"{n} ({share * 100:.0f}% [{low * 100:.0f}, {high * 100:.0f}])" if n else "0"
            )
        rows.append(cells)
    parts.append(_table(("arm", "games", *KINDS.values()), rows))
    if not results.listed:
        parts.append("<p class='note'>No game to look at.</p>")
        return "\n".join(parts)
    parts.append(
        "<p class='note'>Each game below opens in the table's replay viewer at the position "
        "named (served by Spelbord); an unfinished one is recorded as resigned by the seat "
        "to move.</p><p id='replay-status' class='note'></p>"
    )
    body = []
    scripts = []
    for n, hole in enumerate(results.listed):
        buttons = ""
        if hole.record is not None:
            ident = f"record-{n}"
            text = json.dumps(hole.record, separators=(",", ":")).replace("</", "<\\/")
            scripts.append(f"<script type='application/json' id='{ident}'>{text}</script>")
            name = esc(hole.file.split("/")[-1])
            buttons = (
                f"<button class='btn' data-replay='{ident}' data-ply='{hole.ply}'>Replay</button> "
                f"<button class='btn' data-save='{ident}' data-name='{name}'>Record</button>"
            )
        body.append(
            f"<tr><td>{buttons}</td>"
            + "".join(
                f"<td>{esc(str(v))}</td>"
                for v in (hole.arm, hole.index, KINDS.get(hole.kind, hole.kind), hole.termination)
            )
            + f"<td>{hole.ply}</td><td class='wrap'>{esc(hole.note)}</td></tr>"
        )
    head = "".join(
        f"<th>{c}</th>" for c in ("", "arm", "game", "kind", "ending", "at move", "note")
    )
    parts.append(
        f"<div class='scroll'><table><thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )
    parts.extend(scripts)
    return "\n".join(parts)


def _kind_tables(results: Any) -> str:
    parts = []
    if results.skill:
        parts.append("<h2>Skill trace</h2>")
        parts.append(
            _table(
                ("agent", "against", "games", "score", "95% interval", "Elo", "95% interval"),
                [
                    [
                        p.agent,
                        p.opponent,
                        p.games,
                        fmt(p.score, "share"),
                        f"[{bound(p.low, 'share')}, {bound(p.high, 'share')}]",
                        f"{p.elo:+.0f}",
                        f"[{p.elo_low:+.0f}, {p.elo_high:+.0f}]",
                    ]
                    for p in results.skill
                ],
            )
        )
    if results.differences:
        parts.append("<h2>Variants against the baseline</h2>")
        parts.append(
            _table(
                ("variant", "figure", "difference", "95% interval", "paired games"),
                [
                    [
                        d.arm,
                        d.label,
                        fmt(d.value, d.unit, signed=True),
                        f"[{bound(d.low, d.unit, True)}, {bound(d.high, d.unit, True)}]",
                        d.n if d.paired else f"unpaired ({d.n})",
                    ]
                    for d in results.differences
                ],
            )
        )
    if results.choices:
        parts.append("<h2>What each choice is worth</h2>")
        parts.append(
            _table(
                (
                    "choice",
                    "agent",
                    "games",
                    "score barred",
                    "95% interval",
                    "value",
                    "chances/game",
                    "forced",
                    "overrides",
                ),
                [
                    [
                        c.choice,
                        c.agent,
                        c.games,
                        fmt(c.score, "share"),
                        f"[{bound(c.low, 'share')}, {bound(c.high, 'share')}]",
                        fmt(c.value, "share", signed=True),
                        _num(c.chances),
                        _num(c.forced),
                        _num(c.overrides),
                    ]
                    for c in results.choices
                ],
            )
        )
    if results.dominance is not None and results.dominance.edges:
        parts.append("<h2>Who beats whom</h2>")
        parts.append(
            _table(
                ("winner", "loser", "games", "score", "95% interval", "clear"),
                [
                    [
                        e.winner,
                        e.loser,
                        e.games,
                        fmt(e.score, "share"),
                        f"[{bound(e.low, 'share')}, {bound(e.high, 'share')}]",
                        "yes" if e.clear else "no",
                    ]
                    for e in results.dominance.edges
                ],
            )
        )
    return "\n".join(parts)


def _metric_tables(results: Any) -> str:
    parts = ["<h2>Every figure, per arm</h2>"]
    for g in results.arms:
        rows = [
            [
                m.label,
                fmt(m.value, m.unit),
                f"[{bound(m.low, m.unit)}, {bound(m.high, m.unit)}]",
                m.n,
                m.method,
            ]
            for m in results.metrics[g.arm]
        ]
        parts.append(
            f"<details><summary>{esc(g.arm)} ({g.n} games)</summary>"
            + _table(("figure", "value", "95% interval", "games", "interval"), rows)
            + "</details>"
        )
    return "\n".join(parts)


def _num(x: float) -> str:
    return "–" if math.isnan(x) else f"{x:.2f}"


def _table(columns: Any, rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{esc(str(c))}</th>" for c in columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{esc(_cell(v))}</td>" for v in row) + "</tr>" for row in rows
    )
    return f"<div class='scroll'><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"  # noqa: E501


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return "–" if math.isnan(value) else f"{value:g}"
    return str(value)

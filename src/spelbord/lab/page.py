"""The report page: one self-contained, responsive HTML document.

Findings first (plain sentences), then the size check, the figures, the holes with their
replays, the tables, and how the study was made. The page looks like the web table (its
dark palette and top bar, linking back to ``/lab`` and the lobby ``/``) and reads on a
phone: one column, figures as wide as the screen, tables that scroll sideways.

A listed hole's "Replay" button posts its record (embedded in the page) to
``/api/import`` and opens ``/replay/<table>#<ply>``: that needs the page to be served by
Spelbord (under ``/lab``); opened as a file, the button says so, and "Record" saves the
``spelbord-record/1`` file for the replay viewer's "Import JSON".

The page is written in one language (``render_html(..., language=)``; ``spelbord.lab.words``
holds every word of it in en, sv, da and nb) and links to its other languages
(``report.html``, ``report.sv.html``, ...). Agent specs, arm labels, choice and variant
names, terminations and the study's description stay as the study wrote them.
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
from spelbord.lab.study import Study
from spelbord.lab.words import (
    LANGUAGES,
    Bounds,
    Interval,
    Num,
    Phrase,
    Said,
    number,
    phrase,
    render,
    report_name,
)

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
.languages{display:flex;gap:10px;flex-wrap:wrap;font-size:13px;margin:.2rem 0 .6rem}
.languages [aria-current]{color:var(--text);font-weight:600;text-decoration:none}
@media (max-width:600px){body{font-size:14px}main{padding:10px}h1{font-size:1.25rem}
td,th{padding:.25rem .35rem}}
"""

SCRIPT = """
const status = document.getElementById("replay-status");
const words = JSON.parse(document.getElementById("report-words").textContent);
function record(id) { return document.getElementById(id).textContent; }
document.querySelectorAll("button[data-replay]").forEach((button) => {
  button.addEventListener("click", async () => {
    if (location.protocol === "file:") {
      status.textContent = words.file;
      return;
    }
    status.textContent = words.importing;
    try {
      const answer = await fetch("/api/import", {method: "POST",
        headers: {"content-type": "application/json"}, body: record(button.dataset.replay)});
      const body = await answer.json();
      if (!answer.ok) throw new Error(body.error || body.detail || answer.statusText);
      location.href = "/replay/" + encodeURIComponent(body.table) + "#" + button.dataset.ply;
    } catch (err) { status.textContent = words.failed + err.message; }
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


class _Words:
    """The page's words in one language: ``w(key, **values)`` a message, ``p(text)`` a
    phrase of another module, ``iv``/``fig`` figures."""

    def __init__(self, language: str) -> None:
        self.language = language

    def __call__(self, key: str, **values: Any) -> str:
        return render(Said(key, **values), self.language)

    def p(self, text: str) -> str:
        return phrase(text, self.language)

    def fig(self, value: float, unit: str, signed: bool = False) -> str:
        return number(value, unit, self.language, signed)

    def bounds(self, low: float, high: float, unit: str, signed: bool = False) -> str:
        return render(Bounds(low, high, unit, signed), self.language)

    def num(self, x: float, spec: str) -> str:
        return render(Num(x, spec), self.language)

    def table(self, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
        """A table with its column headers and numbers in the language."""
        return _table([self.p(c) for c in columns], rows, self.language)


def language_switch(language: str) -> str:
    """Links to the report in every language, the current one marked. English links to
    ``report.html?lang=en``, so a server that serves ``report.html`` in the reader's
    language (``/lab/<study>/report.html``) still shows the English page."""
    from spelbord.rulebook import NAMES

    links = []
    for code in LANGUAGES:
        href = "report.html?lang=en" if code == "en" else report_name(code)
        current = " aria-current='true'" if code == language else ""
        links.append(
            f"<a href='{href}' hreflang='{code}' lang='{code}'{current}>{esc(NAMES[code])}</a>"
        )
    label = esc(render(Said("page.languages"), language))
    return f"<nav class='languages' aria-label='{label}'>{''.join(links)}</nav>"


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
    language: str = "en",
    captions: dict[str, Said] | None = None,
) -> str:
    """The report page in ``language`` (see the module); ``captions``: each drawn
    figure's caption (else its title)."""
    from spelbord.lab.findings import thresholds

    w = _Words(language)
    status = str(run.get("status", ""))
    shown_status = w.p(status)
    kind = w("page.kind", kind=study.kind) if study.kind else ""
    page_words = {
        "file": w("page.replay_file"),
        "importing": w("page.importing"),
        "failed": w("page.import_failed"),
    }
    parts = [
        f"<!doctype html><html lang='{language}'><head><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width, initial-scale=1'>",
        f"<title>{esc(w('page.title', study=study.name))}</title><style>{STYLE}</style></head>"
        "<body>",
        "<header class='topbar'><a class='brand' href='/'>Spelbord</a>"
        f"<nav><a href='/lab'>{esc(w('page.lab'))}</a><a href='/'>{esc(w('page.lobby'))}</a>"
        "</nav></header><main>",
        language_switch(language),
        f"<h1>{esc(w('page.heading', study=study.name))}</h1>",
        # a study's description stays in its author's language (English, as a rule)
        f"<p lang='en'>{esc(study.description)}</p>" if study.description else "",
        "<p class='muted'>"
        + esc(
            w(
                "page.recorded",
                games=games,
                planned=study.total_games,
                status=shown_status,
                arms=len(study.arms),
                per_arm=study.games,
                kind=kind,
            )
        )
        + "</p>",
        f"<h2>{esc(w('page.findings'))}</h2>",
    ]
    if found:
        items = "".join(
            f"<li class='{esc(f.topic)}'>{esc(f.in_language(language))}"
            + (
                "<ul>" + "".join(f"<li>{esc(i)}</li>" for i in f.items_in(language)) + "</ul>"
                if f.items
                else ""
            )
            + "</li>"
            for f in found
        )
        parts.append(f"<div class='card'><ul class='findings'>{items}</ul></div>")
    else:
        parts.append(f"<p>{esc(w('page.no_games'))}</p>")
    parts.append(f"<p class='note'>{esc(thresholds(language))}</p>")
    parts.append(_size(size, w))
    for name, (title, png) in drawn.items():
        said = (captions or {}).get(name)
        parts.append(_figure(render(said, language) if said is not None else title, png))
    if results is not None:
        parts.append(_holes(results, w))
        parts.append(_kind_tables(results, w))
        parts.append(_metric_tables(results, w))
    if tables:
        parts.append(f"<h2>{esc(w('page.analyses'))}</h2>")
    for table in tables:
        title = w.p(table.title)
        parts.append(f"<h3>{esc(title)}</h3>")
        if table.name in legacy:
            parts.append(_figure(title, legacy[table.name]))
        parts.append(w.table(table.columns, _worded(table, w)))
        if table.note:
            parts.append(f"<p class='note'>{esc(w.p(table.note))}</p>")
    yes, no = w("yes"), w("no")
    parts += [
        f"<h2>{esc(w('page.arms'))}</h2>",
        w.table(
            ("arm", "game", "options", "rules", "seats", "rotate"),
            [
                [
                    a.label,
                    a.game,
                    json.dumps(a.options) if a.options else w("page.default"),
                    f"v{a.rules_version}" if a.rules_version is not None else w("page.newest"),
                    ", ".join(a.seats),
                    yes if a.rotate else no,
                ]
                for a in study.arms
            ],
        ),
        f"<h2>{esc(w('page.made'))}</h2>",
        f"<pre>{esc(str(run.get('command', '')))}</pre>",
        "<p class='note'>"
        + esc(
            w(
                "page.ran",
                where=Phrase(str(run.get("where", ""))),
                updated=str(run.get("updated", "")),
                written=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                versions=", ".join(f"{k} {v}" for k, v in run.get("versions", {}).items()),
                rules=", ".join(f"{k} v{v}" for k, v in run.get("rules_versions", {}).items()),
            )
        )
        + "</p>",
        "<p class='note'>"
        + esc(
            w(
                "page.beside",
                summary="\0summary.json\1",
                records="\0records/*.parquet\1",
                figures="\0figures/\1",
                holes="\0holes/\1",
            )
        )
        .replace("\0", "<code>")
        .replace("\1", "</code>")
        + "</p>",
        "<script type='application/json' id='report-words'>"
        + json.dumps(page_words, ensure_ascii=False).replace("</", "<\\/")
        + "</script>",
        f"</main><script type='module'>{SCRIPT}</script></body></html>",
    ]
    return "\n".join(p for p in parts if p)


def _figure(title: str, png: Path) -> str:
    data = base64.b64encode(png.read_bytes()).decode("ascii")
    return (
        f"<figure><img alt='{esc(title)}' src='data:image/png;base64,{data}'>"
        f"<figcaption>{esc(title)}</figcaption></figure>"
    )


def _size(size: dict[str, Any], w: _Words) -> str:
    widest = size.get("widest_half_width")
    got = ""
    if widest is not None:
        got = w("page.size_got", widest=w.num(widest * 100, ".1f")) + w(
            "page.size_met" if size.get("met") else "page.size_unmet"
        )
    text = w(
        "page.size",
        games=size.get("games_per_arm"),
        target=w.num(size.get("target_half_width", 0.05) * 100, "g"),
        figure=Phrase(str(size.get("figure"))),
        got=got,
    )
    return f"<p class='note'>{esc(text)}</p>"


def _holes(results: Any, w: _Words) -> str:
    parts = [f"<h2>{esc(w('page.holes'))}</h2>"]
    rows = []
    for h in results.holes:
        cells: list[Any] = [h.arm, h.games]
        for kind in KINDS:
            if kind == "loop" and not h.loops_checked:
                cells.append(w("page.not_checked"))
                continue
            share, low, high = h.share(kind)
            n = h.counts.get(kind, 0)
            cells.append(
                f"{n} ({render(Interval(share, low, high, 'share'), w.language)})" if n else "0"
            )
        rows.append(cells)
    parts.append(w.table(("arm", "games", *KINDS.values()), rows))
    if not results.listed:
        parts.append(f"<p class='note'>{esc(w('page.no_holes'))}</p>")
        return "\n".join(parts)
    parts.append(
        f"<p class='note'>{esc(w('page.holes_note'))}</p><p id='replay-status' class='note'></p>"
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
                f"<button class='btn' data-replay='{ident}' data-ply='{hole.ply}'>"
                f"{esc(w('page.replay'))}</button> "
                f"<button class='btn' data-save='{ident}' data-name='{name}'>"
                f"{esc(w('page.record'))}</button>"
            )
        body.append(
            f"<tr><td>{buttons}</td>"
            + "".join(
                f"<td>{esc(str(v))}</td>"
                for v in (
                    hole.arm,
                    hole.index,
                    w.p(KINDS.get(hole.kind, hole.kind)),
                    hole.termination,
                )
            )
            + f"<td>{hole.ply}</td><td class='wrap'>{esc(hole.note)}</td></tr>"
        )
    head = "".join(
        f"<th>{esc(w.p(c)) if c else ''}</th>"
        for c in ("", "arm", "game", "kind", "ending", "at move", "note")
    )
    parts.append(
        f"<div class='scroll'><table><thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )
    parts.extend(scripts)
    return "\n".join(parts)


def _kind_tables(results: Any, w: _Words) -> str:
    parts = []
    arms = {g.arm: g for g in results.arms}
    yes, no = w("yes"), w("no")
    if results.skill:
        parts.append(f"<h2>{esc(w('page.skill'))}</h2>")
        parts.append(
            w.table(
                ("agent", "against", "games", "score", "95% interval", "Elo", "95% interval"),
                [
                    [
                        p.agent,
                        p.opponent,
                        p.games,
                        w.fig(p.score, "share"),
                        w.bounds(p.low, p.high, "share"),
                        w.num(p.elo, "+.0f"),
                        render(Bounds(p.elo_low, p.elo_high, "elo", spec="+.0f"), w.language),
                    ]
                    for p in results.skill
                ],
            )
        )
    if results.differences:
        parts.append(f"<h2>{esc(w('page.variants'))}</h2>")
        parts.append(
            w.table(
                ("variant", "figure", "difference", "95% interval", "paired games"),
                [
                    [
                        d.arm,
                        _label(d.key, d.label, arms.get(d.arm), w),
                        w.fig(d.value, d.unit, signed=True),
                        w.bounds(d.low, d.high, d.unit, True),
                        d.n if d.paired else w("page.unpaired", games=d.n),
                    ]
                    for d in results.differences
                ],
            )
        )
    if results.choices:
        parts.append(f"<h2>{esc(w('page.choices'))}</h2>")
        parts.append(
            w.table(
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
                        w.fig(c.score, "share"),
                        w.bounds(c.low, c.high, "share"),
                        w.fig(c.value, "share", signed=True),
                        w.num(c.chances, ".2f"),
                        w.num(c.forced, ".2f"),
                        w.num(c.overrides, ".2f"),
                    ]
                    for c in results.choices
                ],
            )
        )
    if results.dominance is not None and results.dominance.edges:
        parts.append(f"<h2>{esc(w('page.dominance'))}</h2>")
        parts.append(
            w.table(
                ("winner", "loser", "games", "score", "95% interval", "clear"),
                [
                    [
                        e.winner,
                        e.loser,
                        e.games,
                        w.fig(e.score, "share"),
                        w.bounds(e.low, e.high, "share"),
                        yes if e.clear else no,
                    ]
                    for e in results.dominance.edges
                ],
            )
        )
    return "\n".join(parts)


def _worded(table: Table, w: _Words) -> list[list[Any]]:
    """The table's rows, its ``fact`` column in the language (``moves (all seats)``)."""
    if "fact" not in table.columns:
        return table.rows
    at = list(table.columns).index("fact")
    return [
        [w.p(v) if i == at and isinstance(v, str) else v for i, v in enumerate(row)]
        for row in table.rows
    ]


def _label(key: str, label: str, g: Any, w: _Words) -> str:
    """A metric's label in the page's language (a seat's or team's win rate named as the
    game names the seat)."""
    from spelbord.lab.findings import seat_label

    if g is not None and key.startswith(("seat_win_", "team_win_")):
        return w("label.win_rate", who=seat_label(g, key))
    return w.p(label)


def _metric_tables(results: Any, w: _Words) -> str:
    parts = [f"<h2>{esc(w('page.metrics'))}</h2>"]
    for g in results.arms:
        rows = [
            [
                _label(m.key, m.label, g, w),
                w.fig(m.value, m.unit),
                w.bounds(m.low, m.high, m.unit),
                m.n,
                w.p(m.method),
            ]
            for m in results.metrics[g.arm]
        ]
        columns = ("figure", "value", "95% interval", "games", "interval")
        parts.append(
            f"<details><summary>{esc(w('page.arm_games', arm=g.arm, games=g.n))}</summary>"
            + w.table(columns, rows)
            + "</details>"
        )
    return "\n".join(parts)


def _table(columns: Any, rows: Sequence[Sequence[Any]], language: str = "en") -> str:
    head = "".join(f"<th>{esc(str(c))}</th>" for c in columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{esc(_cell(v, language))}</td>" for v in row) + "</tr>"
        for row in rows
    )
    return f"<div class='scroll'><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"  # noqa: E501


def _cell(value: Any, language: str = "en") -> str:
    if isinstance(value, float):
        return "–" if math.isnan(value) else render(Num(value, "g"), language)
    return str(value)

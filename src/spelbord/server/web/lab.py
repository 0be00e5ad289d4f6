"""The lab's studies, read-only: ``/lab`` (a page), ``/api/lab`` (a JSON list, newest
first) and ``/lab/<study>/report.html`` (a study's report as ``spelbord lab run`` wrote
it, with a bar back to the list unless the report has its own). The list page has the site's
top bar (``pages.SITE_HEADER``).

Both speak the reader's language (``?lang=``, the language cookie, the browser's
languages, else English): the report is ``report.<lang>.html`` when the study has one
(``report.html``, English, for older studies), and ``/lab/<study>/report.<lang>.html``
asks for one language outright (the links of a report's language switch).

Reads the folder ``config.lab_dir()`` names at each request; a study is a sub-folder with
``run.json``. Nothing here writes, and no page shows where the folder is on the server (its
name only, also in the commands listed).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Cookie, Header
from fastapi.responses import HTMLResponse

from spelbord.lab.words import phrase, report_name
from spelbord.rulebook import LANGUAGES, wanted_language
from spelbord.server.config import lab_dir
from spelbord.server.errors import NotFoundError
from spelbord.server.web.pages import SITE_HEADER, document

router = APIRouter()


def studies(folder: Path) -> list[dict[str, Any]]:
    """Every study in ``folder`` with its status, games and last update, newest first."""
    out: list[dict[str, Any]] = []
    if not folder.is_dir():
        return out
    for run_file in folder.glob("*/run.json"):
        try:
            run = json.loads(run_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        study = run_file.parent.name
        report = run_file.parent / "report.html"
        out.append(
            {
                "study": study,
                "status": str(run.get("status", "")),
                "games": int(run.get("games", 0)),
                "planned": int(run.get("planned", 0)),
                "updated": str(run.get("updated", "")),
                "command": str(run.get("command", "")).replace(str(folder), folder.name),
                "where": str(run.get("where", "")),
                "report": f"/lab/{study}/report.html" if report.is_file() else None,
            }
        )
    out.sort(key=lambda s: (s["updated"], s["study"]), reverse=True)
    return out


@router.get("/api/lab")
async def lab_list() -> dict[str, Any]:
    return {"folder": lab_dir().name, "studies": studies(lab_dir())}


LIST_STYLE = """
.study h2{margin:.1em 0 .2em;font-size:1.05rem}.study p{margin:.3em 0}
.study .meta{color:var(--muted);font-size:13px}
.study pre{margin:.4em 0 0;overflow-x:auto;white-space:pre;font-size:12px;padding:.3rem .5rem}
.status-running{color:var(--teal)}.status-stopped,.status-failed{color:var(--danger)}
"""


def _about(folder: Path, language: str = "en") -> tuple[str, str, str]:
    """A study's description, its first finding and that finding's language, from its
    ``summary.json`` (``findings_i18n`` for a language other than English; English for a
    study written before the lab spoke other languages; blank when it has none yet)."""
    try:
        summary = json.loads((folder / "summary.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "", "", "en"
    description = str(summary.get("description", ""))
    found = [f for f in summary.get("findings", []) if isinstance(f, dict)]
    texts = [str(f.get("text", "")) for f in found]
    measured = [i for i, t in enumerate(texts) if "not measured" not in t]
    if not texts:
        return description, "", "en"
    first = (measured or [0])[0]
    translated = summary.get("findings_i18n", {})
    mine = translated.get(language) if isinstance(translated, dict) else None
    if language != "en" and isinstance(mine, list) and len(mine) == len(texts):
        item = mine[first]
        if isinstance(item, dict) and item.get("text"):
            return description, str(item["text"]), language
    return description, texts[first], "en"


LAB_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "title": "The lab",
        "intro": "Studies of the games by simulation, newest first (folder {folder}). "
        "A running study shows its games when it stops or ends.",
        "none": "No studies yet: run {command}.",
        "games": "{games} of {planned} games",
        "updated": "updated {when} UTC",
        "back": "Back to the tables",
        "lab": "The lab",
        "running": "running",
        "finished": "finished",
        "interrupted": "interrupted",
        "stopped": "stopped",
        "failed": "failed",
    },
    "sv": {
        "title": "Labbet",
        "intro": "Studier av spelen genom simulering, nyaste först (mappen {folder}). "
        "En pågående studie visar sina partier när den stannar eller är klar.",
        "none": "Inga studier än: kör {command}.",
        "games": "{games} av {planned} partier",
        "updated": "uppdaterad {when} UTC",
        "back": "Tillbaka till borden",
        "lab": "Labbet",
        "running": "pågår",
        "finished": "klar",
        "interrupted": "avbruten",
        "stopped": "stoppad",
        "failed": "misslyckades",
    },
    "da": {
        "title": "Laboratoriet",
        "intro": "Undersøgelser af spillene ved simulering, nyeste først (mappen {folder}). "
        "En igangværende undersøgelse viser sine spil, når den stopper eller er færdig.",
        "none": "Ingen undersøgelser endnu: kør {command}.",
        "games": "{games} af {planned} spil",
        "updated": "opdateret {when} UTC",
        "back": "Tilbage til bordene",
        "lab": "Laboratoriet",
        "running": "i gang",
        "finished": "færdig",
        "interrupted": "afbrudt",
        "stopped": "stoppet",
        "failed": "mislykkedes",
    },
    "nb": {
        "title": "Laboratoriet",
        "intro": "Studier av spillene ved simulering, nyeste først (mappen {folder}). "
        "En pågående studie viser partiene sine når den stopper eller er ferdig.",
        "none": "Ingen studier ennå: kjør {command}.",
        "games": "{games} av {planned} partier",
        "updated": "oppdatert {when} UTC",
        "back": "Tilbake til bordene",
        "lab": "Laboratoriet",
        "running": "pågår",
        "finished": "ferdig",
        "interrupted": "avbrutt",
        "stopped": "stoppet",
        "failed": "mislyktes",
    },
}
"""The lab list page's own words in each language (a study's description and findings are
the report's, written by ``spelbord lab run``)."""


@router.get("/lab", response_class=HTMLResponse)
async def lab_page(
    lang: str | None = None,
    lang_cookie: Annotated[str | None, Cookie(alias="spelbord_lang")] = None,
    accept_language: Annotated[str | None, Header()] = None,
) -> HTMLResponse:
    """The list of studies in the reader's language (``?lang=``, the language cookie, the
    browser's languages, else English)."""
    language = wanted_language(query=lang, cookie=lang_cookie, accept=accept_language)
    words = LAB_TEXTS[language]
    esc = html.escape
    cards = []
    for s in studies(lab_dir()):
        name = esc(s["study"])
        title = f"<a href='{esc(s['report'])}'>{name}</a>" if s["report"] else name
        description, finding, said_in = _about(lab_dir() / s["study"], language)
        status = s["status"]
        shown = words.get(status, status)
        when = s["updated"].replace("T", " ").rstrip("Z")
        cards.append(
            f"<section class='card study'><h2>{title}</h2>"
            + (f"<p lang='en'>{esc(description)}</p>" if description else "")
            + (f"<p lang='{said_in}'>{esc(finding)}</p>" if finding else "")
            + f"<p class='meta'><span class='status-{esc(status)}'>{esc(shown)}</span> · "
            + esc(words["games"].format(games=s["games"], planned=s["planned"]))
            + f" · {esc(phrase(s['where'], language))} · "
            + esc(words["updated"].format(when=when))
            + "</p>"
            f"<pre><code>{esc(s['command'])}</code></pre></section>"
        )
    none = esc(words["none"]).format(command="<code>spelbord lab run seats</code>")
    intro = esc(words["intro"]).format(folder=f"<code>{esc(lab_dir().name)}</code>")
    body = "".join(cards) or f"<p>{none}</p>"
    return HTMLResponse(
        document(
            f"Spelbord · {words['title']}",
            SITE_HEADER + f"<style>{LIST_STYLE}</style><main class='lab-page'>"
            f"<h1>{esc(words['title'])}</h1><p class='muted'>{intro}</p>"
            f"{body}<p><a href='/'>{esc(words['back'])}</a></p></main>",
            lang=language,
            attributes=' class="page-lab"',
        )
    )


def back_bar(language: str = "en") -> str:
    """The bar a report gets when served: the way back to the lab's list and the lobby (a
    report is a file ``spelbord lab run`` wrote, readable on its own; the server adds
    this), in ``language``."""
    lab = html.escape(LAB_TEXTS.get(language, LAB_TEXTS["en"])["lab"])
    return (
        '<nav class="lab-back" style="font:15px/1.5 system-ui,sans-serif;padding:10px 16px;'
        'margin:0 0 12px;border-bottom:1px solid rgba(127,127,127,.35)">'
        f'<a href="/lab">&larr; {lab}</a> &middot; <a href="/">Spelbord</a></nav>'
    )


OWN_WAY_BACK = re.compile(r"""<header\b[^>]*\btopbar\b.*?href=['"]/lab['"].*?</header>""", re.S)
"""A report's own top bar with a link to the lab (reports written since they had one)."""


def with_back_bar(report: str, language: str = "en") -> str:
    """``report`` with ``back_bar(language)`` first in its body (first of all if it has no
    body); a report with its own top bar back to the lab (``OWN_WAY_BACK``) as it is, not
    under a second bar.

    >>> with_back_bar('<html><body class="x"><h1>Seats</h1></body></html>')[:38]
    '<html><body class="x"><nav class="lab-'
    >>> with_back_bar("<h1>Seats</h1>").endswith("</nav><h1>Seats</h1>")
    True
    >>> "Labbet" in with_back_bar("<h1>Seats</h1>", "sv")
    True
    >>> own = "<body><header class='topbar'><nav><a href='/lab'>Lab</a></nav></header><h1>S</h1>"
    >>> with_back_bar(own) == own
    True
    """
    if OWN_WAY_BACK.search(report):
        return report
    found = re.search(r"<body\b[^>]*>", report, re.IGNORECASE)
    at = found.end() if found else 0
    return report[:at] + back_bar(language) + report[at:]


def _study_folder(study: str) -> Path:
    """The folder of a study that has a report; ``NotFoundError`` for any other name."""
    known = {s["study"]: s for s in studies(lab_dir())}
    if study not in known or known[study]["report"] is None:
        raise NotFoundError(f"no lab report {study!r}")
    return lab_dir() / study


def _serve(folder: Path, language: str) -> HTMLResponse:
    """The report in ``language`` when the study has it, else in English."""
    page = folder / report_name(language)
    if not page.is_file():
        page, language = folder / report_name("en"), "en"
    return HTMLResponse(with_back_bar(page.read_text(encoding="utf-8"), language))


@router.get("/lab/{study}/report.html")
async def lab_report(
    study: str,
    lang: str | None = None,
    lang_cookie: Annotated[str | None, Cookie(alias="spelbord_lang")] = None,
    accept_language: Annotated[str | None, Header()] = None,
) -> HTMLResponse:
    """A study's report in the reader's language (as ``/lab``), English when the study
    has no report in it."""
    language = wanted_language(query=lang, cookie=lang_cookie, accept=accept_language)
    return _serve(_study_folder(study), language)


@router.get("/lab/{study}/report.{language}.html")
async def lab_report_in(study: str, language: str) -> HTMLResponse:
    """A study's report in one language (``sv``, ``da``, ``nb``): what a report's
    language switch links to; English when the study has no report in it."""
    if language not in LANGUAGES or language == "en":
        raise NotFoundError(f"no lab report {study!r} in {language[:20]!r}")
    return _serve(_study_folder(study), language)

"""HTML pages, rules documents and per-game renderers (the server never names a game).

A game's web front end is the ``web/`` folder beside its class: ``renderer.js`` (the ES
module the table loads) and any further ``*.js`` / ``*.css`` files it imports, served as
``/games/<name>/<file>`` so that ``import ... from "./board.js"`` works. Only plain file
names directly in ``web/`` are served:

>>> [web_file_name(n) for n in ("board.js", "map.v2.js", "style.css")]
['board.js', 'map.v2.js', 'style.css']
>>> for bad in ("../rules.py", ".hidden.js", "x/y.js", "a..js", "board.py", "b%2e.js"):
...     try:
...         web_file_name(bad)
...     except NotFoundError as exc:
...         print(exc)
no file '../rules.py' here
no file '.hidden.js' here
no file 'x/y.js' here
no file 'a..js' here
no file 'board.py' here
no file 'b%2e.js' here
"""

from __future__ import annotations

import functools
import html
import importlib.resources
import json
import logging
import re
import sys
from pathlib import Path
from typing import Annotated, Any

import markdown
from fastapi import APIRouter, Cookie, Header, Request
from fastapi.responses import FileResponse, HTMLResponse, Response

from spelbord.core import CHANCE
from spelbord.core.errors import UnknownGameError
from spelbord.core.game import State
from spelbord.core.registry import game_class, info, load
from spelbord.rulebook import (
    LANGUAGES,
    NAMES,
    ExampleError,
    NoDocumentsError,
    RulesText,
    documents,
    examples_path,
    parse_examples,
    play_example,
    rules_text,
    wanted_language,
)
from spelbord.server.errors import NotFoundError

STATIC = Path(__file__).resolve().parent / "static"

log = logging.getLogger(__name__)

router = APIRouter()


def page(name: str) -> FileResponse:
    """A static HTML page of the web table (404 when the installation lacks it)."""
    path = STATIC / name
    if not path.is_file():
        raise NotFoundError(f"the page {name} is missing from this installation")
    return FileResponse(path, media_type="text/html")


@router.get("/", include_in_schema=False)
def lobby() -> FileResponse:
    return page("index.html")


ICONS = {"favicon.ico": "image/x-icon", "favicon.svg": "image/svg+xml"}
"""The site's icon, a gold hexagon board: ``favicon.svg`` is the drawing, ``favicon.ico``
the same at 16, 32 and 48 pixels for browsers and tools that ask for ``/favicon.ico``."""


@router.get("/favicon.ico", include_in_schema=False)
@router.get("/favicon.svg", include_in_schema=False)
def favicon(request: Request) -> FileResponse:
    """The site's icon (a day's caching: it seldom changes)."""
    name = request.url.path.lstrip("/")
    return FileResponse(
        STATIC / name, media_type=ICONS[name], headers={"Cache-Control": "public, max-age=86400"}
    )


@router.get("/table/{table_id}", include_in_schema=False)
def table_page(table_id: str) -> FileResponse:
    return page("table.html")


@router.get("/join/{table_id}/{code}", include_in_schema=False)
def join_page(table_id: str, code: str) -> FileResponse:
    return page("table.html")


@router.get("/replay/{table_id}", include_in_schema=False)
def replay_page(table_id: str) -> FileResponse:
    return page("replay.html")


WEB_FILE = re.compile(r"[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.(js|css)")
"""A servable file name: dot-separated plain words ending in ``.js`` or ``.css``."""

MEDIA_TYPES = {"js": "text/javascript", "css": "text/css"}


def web_file_name(file: str) -> str:
    """``file`` if it is a servable name (no paths, no hidden files), else ``NotFoundError``."""
    if len(file) > 100 or not WEB_FILE.fullmatch(file):
        raise NotFoundError(f"no file {file!r} here")
    return file


def web_dir(name: str) -> Path:
    """The ``web/`` folder of the package that defines the game's class."""
    cls = game_class(name)
    module = sys.modules[cls.__module__]
    package = module.__package__
    if package:
        return Path(str(importlib.resources.files(package) / "web"))
    return Path(str(module.__file__)).parent / "web"  # a game in a top-level module


def web_file_path(name: str, file: str) -> Path:
    """The game's ``web/<file>``; ``NotFoundError`` for unknown games, names or files."""
    file = web_file_name(file)
    try:
        folder = web_dir(name)
    except UnknownGameError as exc:
        raise NotFoundError(str(exc)) from None
    path = folder / file
    if path.resolve().parent != folder.resolve() or not path.is_file():
        raise NotFoundError(
            f"{name} has no web renderer" if file == "renderer.js" else f"{name} has no {file}"
        )
    return path


def renderer_path(name: str) -> Path:
    """``web/renderer.js`` of the package that defines the game's class."""
    return web_file_path(name, "renderer.js")


@router.get("/games/{name}/{file}", include_in_schema=False)
def game_web_file(name: str, file: str) -> Response:
    """A file of the game's web front end: ``renderer.js`` and the modules it imports."""
    path = web_file_path(name, file)
    return FileResponse(path, media_type=MEDIA_TYPES[path.suffix[1:]])


@router.get("/games/{name}/i18n/{code}.json", include_in_schema=False)
def game_catalogue(name: str, code: str) -> FileResponse:
    """A game renderer's texts in one language: ``web/i18n/<code>.json`` (``code`` one of
    ``rulebook.LANGUAGES``); the page's ``i18n.js`` falls back to English for a missing one."""
    if code not in LANGUAGES:
        raise NotFoundError(f"no file {code + '.json'!r} here")
    try:
        folder = web_dir(name) / "i18n"
    except UnknownGameError as exc:
        raise NotFoundError(str(exc)) from None
    path = folder / f"{code}.json"
    if not path.is_file():
        raise NotFoundError(f"no file {path.name!r} here")
    return FileResponse(path, media_type="application/json")


def document(title: str, body: str, lang: str = "en", attributes: str = "") -> str:
    """An HTML page the server builds (the rules, the lab's list): the head they share
    (``title`` escaped here), then ``<body attributes>body</body>``; the static pages are
    files (``page``).

    >>> print(document("A & B", "<p>hi</p>"))  # doctest: +NORMALIZE_WHITESPACE
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>A &amp; B</title>
    <link rel="stylesheet" href="/static/spelbord.css"></head>
    <body><p>hi</p></body></html>
    """
    return (
        f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n"
        '<link rel="stylesheet" href="/static/spelbord.css"></head>\n'
        f"<body{attributes}>{body}</body></html>\n"
    )


SITE_HEADER = """<header class="topbar">
<a class="brand" href="/">Spelbord</a>
<nav class="topnav site-links" aria-label="Site"><a href="/" data-i18n="nav.lobby">Lobby</a> \
<a href="/tournaments" data-i18n="nav.tournaments">Tournaments</a> \
<a href="/lab" data-i18n="nav.lab">Lab</a></nav>
</header>
<script type="module" src="/static/header.js"></script>
"""
"""The top bar of the pages the server builds (rules, lab), as the static pages have it:
the brand, the site's links and the account corner ``header.js`` adds (who is signed in).
``header.js`` translates the links into the reader's language."""

RULES_BODY = (
    SITE_HEADER
    + """<main>
{languages}{body}
</main>
<script type="application/json" id="rules-examples">{examples}</script>
<script type="module" src="/static/rules.js"></script>
"""
)

PAGE_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "rules": "rules",
        "languages": "These rules in",
        "reference": "The numbered rules: the reference, with every ruling Spelbord makes.",
        "translated": "The numbered rules: the reference, with every ruling Spelbord makes.",
        "fallback": "",
    },
    "sv": {
        "rules": "regler",
        "languages": "Reglerna på",
        "reference": "De numrerade reglerna nedan är referensen, med alla avgöranden Spelbord "
        "gör. De finns bara på engelska.",
        "translated": "De numrerade reglerna nedan är referensen, med alla avgöranden "
        "Spelbord gör.",
        "fallback": "Reglerna för {title} finns inte på svenska ännu; här är de på engelska.",
    },
    "da": {
        "rules": "regler",
        "languages": "Reglerne på",
        "reference": "De nummererede regler nedenfor er opslagsværket, med alle afgørelser "
        "Spelbord træffer. De findes kun på engelsk.",
        "translated": "De nummererede regler nedenfor er opslagsværket, med alle afgørelser "
        "Spelbord træffer.",
        "fallback": "Reglerne for {title} findes ikke på dansk endnu; her er de på engelsk.",
    },
    "nb": {
        "rules": "regler",
        "languages": "Reglene på",
        "reference": "De nummererte reglene nedenfor er oppslagsverket, med alle avgjørelser "
        "Spelbord tar. De finnes bare på engelsk.",
        "translated": "De nummererte reglene nedenfor er oppslagsverket, med alle avgjørelser "
        "Spelbord tar.",
        "fallback": "Reglene for {title} finnes ikke på norsk ennå; her er de på engelsk.",
    },
}
"""The rules page's own few words in each language (the guides carry the rest)."""


def example_view(name: str, state: State, seat: int) -> dict[str, Any]:
    """A position as ``seat`` sees it, as a VIEW without actions (what a replay draws)."""
    return {
        "table": "rules",
        "game": name,
        "options": {},
        "status": "running",
        "seat": seat,
        "ply": len(state.history()),
        "to_move": state.current_player(),
        "your_turn": False,
        "observation": state.observation(seat),
        "legal": [],
        "moves": [],
        "seats": [{"seat": i, "kind": "open"} for i in range(state.num_players())],
        "result": None,
    }


def example_views(name: str) -> dict[str, Any]:
    """Positions the rules page draws with the game's own renderer: ``start``, the first
    position as seat 0 sees it, and every example of the game's guides (``examples.toml``
    in its documents: the moves that reach it). Kept while the examples stay the same."""
    try:
        path = examples_path(documents(name))
    except NoDocumentsError:
        return _example_views(name, "")
    return _example_views(name, path.read_text(encoding="utf-8") if path.is_file() else "")


@functools.lru_cache(maxsize=32)
def _example_views(name: str, source: str) -> dict[str, Any]:
    game = load(name)
    state = game.new_initial_state()
    while state.current_player() == CHANCE:  # e.g. a coin or a roll before the first move
        state.apply_action(state.chance_outcomes()[0][0])
    views = {"start": example_view(name, state, 0)}
    try:
        examples = parse_examples(source, "examples.toml")
    except ExampleError as exc:  # the page still serves its text; the tests catch this
        log.error("the examples of %s cannot be read: %s", name, exc)
        examples = {}
    for example in examples.values():
        try:
            views[example.name] = example_view(name, play_example(game, example), example.seat)
        except ExampleError as exc:
            log.error("an example of %s is not a game: %s", name, exc)
    return views


def language_links(text: RulesText) -> str:
    """Links to the page in every language the game's guide is written in."""
    if len(text.available) < 2:
        return ""
    words = PAGE_TEXTS[text.language or "en"]
    links = []
    for code in text.available:
        label = html.escape(NAMES[code])
        if code == text.language:
            links.append(f'<strong aria-current="page" lang="{code}">{label}</strong>')
        else:
            links.append(f'<a href="?lang={code}" hreflang="{code}" lang="{code}">{label}</a>')
    return (
        f'<p class="rules-languages">{html.escape(words["languages"])} '
        + " · ".join(links)
        + "</p>\n"
    )


def render_rules(name: str, language: str = "en") -> str:
    """The rules page of a registered game for a reader of ``language``: the player guide
    (in that language, else English) and then the numbered reference."""
    try:
        title = info(name).title
    except UnknownGameError as exc:
        raise NotFoundError(str(exc)) from None
    try:
        text = rules_text(documents(name), name, language)
    except (FileNotFoundError, NoDocumentsError):
        raise NotFoundError(f"no rules document for {name} yet (rules/reference.en.md)") from None
    shown = text.language or "en"
    words = PAGE_TEXTS[shown]
    extensions = ["tables", "fenced_code", "toc"]
    body = markdown.markdown(text.reference, extensions=extensions)
    if text.guide:
        # The page a player opens: the game, its components and a turn, with diagrams;
        # the numbered rules follow as the reference.
        intro = markdown.markdown(text.guide, extensions=extensions)
        said = words["translated" if text.reference_language == shown else "reference"]
        note = f'<p class="rules-note">{html.escape(said)}</p>'
        told = text.reference_language
        body = (
            f'{intro}\n<section class="rules-reference" id="reference" lang="{told}">'
            f"{note}\n{body}</section>"
        )
    if text.fell_back and text.wanted != "en":
        asked = PAGE_TEXTS[text.wanted]["fallback"].format(title=title)
        body = f'<p class="rules-fallback" lang="{text.wanted}">{html.escape(asked)}</p>\n{body}'
    examples = json.dumps(example_views(name)).replace("</", "<\\/")
    return document(
        f"{title}: {words['rules']}",
        RULES_BODY.format(languages=language_links(text), body=body, examples=examples),
        lang=shown,
        attributes=f' class="rules" data-game="{html.escape(name)}" data-lang="{shown}"',
    )


@router.get("/rules/{name}", include_in_schema=False)
def rules(
    name: str,
    lang: str | None = None,
    lang_cookie: Annotated[str | None, Cookie(alias="spelbord_lang")] = None,
    accept_language: Annotated[str | None, Header()] = None,
) -> HTMLResponse:
    """The rules page in the reader's language: ``?lang=``, else the ``spelbord_lang`` cookie,
    else the browser's ``Accept-Language``; English where the game has no guide in it."""
    language = wanted_language(query=lang, cookie=lang_cookie, accept=accept_language)
    response = HTMLResponse(render_rules(name, language))
    response.headers["Vary"] = "Accept-Language, Cookie"
    return response

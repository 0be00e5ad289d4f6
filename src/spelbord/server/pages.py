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

import html
import importlib.resources
import json
import re
import sys
from pathlib import Path
from typing import Any

import markdown
from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse, Response

from spelbord.core import CHANCE
from spelbord.core.errors import UnknownGameError
from spelbord.core.registry import game_class, info, load
from spelbord.server.config import rules_dir
from spelbord.server.errors import NotFoundError
from spelbord.server.messages import LANGUAGES

STATIC = Path(__file__).resolve().parent / "static"

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
    ``messages.LANGUAGES``); the page's ``i18n.js`` falls back to English for a missing one."""
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


RULES_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}: rules</title>
<link rel="stylesheet" href="/static/spelbord.css"></head>
<body class="rules" data-game="{name}"><nav><a href="/">Spelbord</a></nav><main>
{body}
</main>
<script type="application/json" id="rules-examples">{examples}</script>
<script type="module" src="/static/rules.js"></script>
</body></html>
"""


def example_views(name: str) -> dict[str, Any]:
    """Positions the rules page draws with the game's own renderer: ``start``, the first
    position as seat 0 sees it (a finished-table VIEW without actions)."""
    state = load(name).new_initial_state()
    while state.current_player() == CHANCE:  # e.g. a coin or a roll before the first move
        state.apply_action(state.chance_outcomes()[0][0])
    view = {
        "table": "rules",
        "game": name,
        "options": {},
        "status": "waiting",
        "seat": 0,
        "ply": 0,
        "to_move": state.current_player(),
        "your_turn": False,
        "observation": state.observation(0),
        "legal": [],
        "moves": [],
        "seats": [{"seat": i, "kind": "open"} for i in range(state.num_players())],
        "result": None,
    }
    return {"start": view}


def render_rules(name: str) -> str:
    """The rules document of a registered game as an HTML page."""
    try:
        title = info(name).title
    except UnknownGameError as exc:
        raise NotFoundError(str(exc)) from None
    path = rules_dir() / f"{name}.md"
    if not path.is_file():
        raise NotFoundError(f"no rules document for {name} yet ({path.name})")
    extensions = ["tables", "fenced_code", "toc"]
    body = markdown.markdown(path.read_text(encoding="utf-8"), extensions=extensions)
    guide = path.parent / "guide" / f"{name}.md"
    if guide.is_file():
        # The page a player opens: the game, its components and a turn, with diagrams;
        # the numbered rules follow as the reference.
        intro = markdown.markdown(guide.read_text(encoding="utf-8"), extensions=extensions)
        body = f'{intro}\n<section class="rules-reference" id="reference">{body}</section>'
    examples = json.dumps(example_views(name)).replace("</", "<\\/")
    return RULES_PAGE.format(
        title=html.escape(title), name=html.escape(name), body=body, examples=examples
    )


@router.get("/rules/{name}", include_in_schema=False)
def rules(name: str) -> HTMLResponse:
    return HTMLResponse(render_rules(name))

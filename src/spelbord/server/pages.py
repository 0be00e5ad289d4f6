"""HTML pages, rules documents and per-game renderers (the server never names a game)."""

from __future__ import annotations

import html
import importlib.resources
import sys
from pathlib import Path

import markdown
from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse, Response

from spelbord.core.errors import UnknownGameError
from spelbord.core.registry import game_class, info
from spelbord.server.config import rules_dir
from spelbord.server.errors import NotFoundError

STATIC = Path(__file__).resolve().parent / "static"

router = APIRouter()


def _page(name: str) -> FileResponse:
    path = STATIC / name
    if not path.is_file():
        raise NotFoundError(f"the page {name} is missing from this installation")
    return FileResponse(path, media_type="text/html")


@router.get("/", include_in_schema=False)
def lobby() -> FileResponse:
    return _page("index.html")


@router.get("/table/{table_id}", include_in_schema=False)
def table_page(table_id: str) -> FileResponse:
    return _page("table.html")


@router.get("/join/{table_id}/{code}", include_in_schema=False)
def join_page(table_id: str, code: str) -> FileResponse:
    return _page("table.html")


@router.get("/replay/{table_id}", include_in_schema=False)
def replay_page(table_id: str) -> FileResponse:
    return _page("replay.html")


def renderer_path(name: str) -> Path:
    """``web/renderer.js`` of the package that defines the game's class."""
    cls = game_class(name)
    module = sys.modules[cls.__module__]
    package = module.__package__
    if package:
        path = Path(str(importlib.resources.files(package) / "web" / "renderer.js"))
    else:  # a game defined in a top-level module: look beside its file
        path = Path(str(module.__file__)).parent / "web" / "renderer.js"
    if not path.is_file():
        raise NotFoundError(f"{name} has no web renderer")
    return path


@router.get("/games/{name}/renderer.js", include_in_schema=False)
def renderer(name: str) -> Response:
    try:
        path = renderer_path(name)
    except UnknownGameError as exc:
        raise NotFoundError(str(exc)) from None
    return FileResponse(path, media_type="text/javascript")


RULES_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}: rules</title>
<link rel="stylesheet" href="/static/spelbord.css"></head>
<body class="rules"><nav><a href="/">Spelbord</a></nav><main>
{body}
</main></body></html>
"""


def render_rules(name: str) -> str:
    """The rules document of a registered game as an HTML page."""
    try:
        title = info(name).title
    except UnknownGameError as exc:
        raise NotFoundError(str(exc)) from None
    path = rules_dir() / f"{name}.md"
    if not path.is_file():
        raise NotFoundError(f"no rules document for {name} yet ({path.name})")
    body = markdown.markdown(
        path.read_text(encoding="utf-8"), extensions=["tables", "fenced_code", "toc"]
    )
    return RULES_PAGE.format(title=html.escape(title), body=body)


@router.get("/rules/{name}", include_in_schema=False)
def rules(name: str) -> HTMLResponse:
    return HTMLResponse(render_rules(name))

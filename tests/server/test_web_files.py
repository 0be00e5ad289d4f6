"""Game front ends split over several files: every ``*.js`` / ``*.css`` file directly in a
game's ``web/`` folder is served as ``/games/<name>/<file>``; nothing else is."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
import webgame  # noqa: F401  (registers toy-web)
from fastapi.testclient import TestClient

from spelbord import games

ROOT = Path(__file__).resolve().parents[2]


def test_a_renderer_and_the_files_it_imports_are_served(client: TestClient) -> None:
    renderer = client.get("/games/toy-web/renderer.js")
    assert renderer.status_code == 200 and 'from "./board.js"' in renderer.text
    board = client.get("/games/toy-web/board.js")
    assert board.status_code == 200 and "export function drawPile" in board.text
    assert board.headers["content-type"].startswith("text/javascript")
    css = client.get("/games/toy-web/toy.css")
    assert css.status_code == 200 and css.headers["content-type"].startswith("text/css")


@pytest.mark.parametrize(
    "path",
    [
        "/games/toy-web/notes.txt",  # not a .js or .css file
        "/games/toy-web/.hidden.js",  # hidden files are never served
        "/games/toy-web/missing.js",
        "/games/toy-web/..%2Foutside.js",  # the folder above web/
        "/games/toy-web/%2E%2E%2Foutside.js",
        "/games/toy-web/..%5Coutside.js",
        "/games/toy-web/web%2Fboard.js",
        "/games/toy-web/../webgame/outside.js",
        "/games/toy-web/board.js%00.css",
        "/games/chess/renderer.js",  # no such game
        "/games/toy-open/board.js",  # a game without a web folder
    ],
)
def test_anything_else_is_not_found(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 404, (path, r.text)
    assert "export const" not in r.text


def test_installed_builds_ship_every_web_file() -> None:
    """The wheel's package data covers every file of every game's ``web/`` folder."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = data["tool"]["setuptools"]["package-data"]["spelbord"]
    package = ROOT / "src" / "spelbord"
    shipped = {p for pattern in patterns for p in package.glob(pattern)}
    web = [p for name in games.packages() for p in (package / "games" / name / "web").glob("*")]
    assert any(p.name == "renderer.js" for p in web)
    assert [p for p in web if p.is_file() and p not in shipped] == []


def test_installed_builds_ship_the_servers_static_files_and_catalogues() -> None:
    """The wheel's package data covers the pages, scripts, styles and language catalogues
    of ``server/web/`` and the migrations' template, wherever they move."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = data["tool"]["setuptools"]["package-data"]["spelbord"]
    package = ROOT / "src" / "spelbord"
    shipped = {p for pattern in patterns for p in package.glob(pattern)}
    server = package / "server"
    data_files = [
        p
        for p in server.rglob("*")
        if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts
    ]
    assert any(p.name == "kit.js" for p in data_files)
    assert any(p.suffix == ".po" for p in data_files)
    assert [p for p in data_files if p not in shipped] == []


def test_the_site_icon_is_served_as_ico_and_svg(client: TestClient) -> None:
    """``/favicon.ico`` (what browsers ask for by themselves) is a real icon: an ICO file
    holding 16, 32 and 48 pixel images; ``/favicon.svg`` is its drawing."""
    ico = client.get("/favicon.ico")
    assert ico.status_code == 200 and ico.headers["content-type"] == "image/x-icon"
    header = ico.content[:6]
    assert header[:4] == b"\x00\x00\x01\x00" and int.from_bytes(header[4:6], "little") == 3
    sizes = {ico.content[6 + 16 * i] for i in range(3)}  # each entry's width in pixels
    assert sizes == {16, 32, 48}
    svg = client.get("/favicon.svg")
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    assert svg.text.startswith("<svg") and "#e6b450" in svg.text

"""Shared harness of the real-browser tests: Debian's Chromium and a game renderer in a page.

``chromium()`` launches the system Chromium (``/usr/bin/chromium``, never ``playwright
install``) through Playwright; ``browser_missing()`` says why it cannot, and
``require_browser()`` skips the test then, except in CI (``CI=true``), where it fails.

A game's renderer tests need no server: ``Renderer(game).page(browser)`` routes a bare page
and every file of the game's ``web/`` folder to the browser (``web/renderer.js`` and the
modules it imports by relative paths, as the server serves them at ``/games/{name}/{file}``)
and the server's static files at ``/static/`` (the renderers' kit, ``/static/kit.js``),
``show`` draws a VIEW built by ``view_of`` from a real state (as the server builds it), and
``acted`` returns the action ids the renderer sent through ``ui.act``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from spelbord.core import SIMULTANEOUS, State

__all__ = [
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "IN_CI",
    "ROOT",
    "Renderer",
    "acted",
    "browser_missing",
    "chromium",
    "require_browser",
    "show",
    "view_of",
]

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "src" / "spelbord" / "server" / "web" / "static"
"""The server's static folder, served at ``/static/`` (``kit.js`` is the renderers' kit)."""
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")

PAGE = """<!doctype html><html><head><meta name="viewport" content="width=device-width">
<style>body { margin: 0; background: #13171c; color: #ece6da; font: 15px system-ui; }</style>
</head><body><div id="root"></div><script type="module">
import { render, describe } from "/renderer.js";
const root = document.getElementById("root");
window.acted = [];
window.show = (view, replay = false) => render(root, view, {
  seat: view.seat, replay, notify() {},
  act: (a) => window.acted.push(typeof a === "number" ? a : a.action),
});
window.describe = describe;
window.ready = true;
</script></body></html>"""
"""The page a renderer is drawn in: ``window.show(view, replay)``, ``window.acted``."""


def browser_missing() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is absent (install it with: apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is missing (pip install -e '.[dev]')"
    return None


def require_browser() -> None:
    """Skip the calling test when there is no browser; in CI, fail it instead."""
    reason = browser_missing()
    if reason:
        if IN_CI:
            pytest.fail(f"browser tests must run in CI, but {reason}", pytrace=False)
        pytest.skip(reason)


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium, headless, launched through Playwright and closed afterwards."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


CONTENT_TYPES = {".js": "text/javascript", ".css": "text/css"}
"""What the server serves of a game's ``web/`` folder (``/games/{name}/{file}``) and of its
static folder (``/static/{file}``) to renderers: these kinds."""


def servable(folder: Path) -> dict[str, bytes]:
    """The ``.js`` and ``.css`` files directly in ``folder`` (not hidden), by name."""
    return {
        p.name: p.read_bytes()
        for p in sorted(folder.iterdir())
        if p.is_file() and p.suffix in CONTENT_TYPES and not p.name.startswith(".")
    }


STATIC_FILES = servable(STATIC)
"""The server's static ``.js`` and ``.css`` files, by name: routed at ``/static/{name}``."""


@dataclass(frozen=True)
class Renderer:
    """The ``web/`` folder of one game, served at ``http://<game>.test/``: the page at ``/``,
    ``renderer.js`` and the folder's other ``.js`` and ``.css`` files beside it, and the
    server's static ``.js`` and ``.css`` files at ``/static/`` (the kit the renderers import)."""

    game: str

    @property
    def origin(self) -> str:
        return f"http://{self.game}.test"

    @property
    def folder(self) -> Path:
        return ROOT / "src" / "spelbord" / "games" / self.game / "web"

    @cached_property
    def files(self) -> dict[str, bytes]:
        """The files of the ``web/`` folder the server serves, by name (read once)."""
        return servable(self.folder)

    @property
    def source(self) -> str:
        """The text of ``web/renderer.js``."""
        return self.files["renderer.js"].decode("utf-8")

    def _serve(self, route: Any) -> None:
        path = urlsplit(route.request.url).path
        if path == "/":
            route.fulfill(body=PAGE, content_type="text/html")
            return
        catalogue = self._catalogue(path)
        if catalogue is not None:
            if catalogue.is_file():
                route.fulfill(body=catalogue.read_bytes(), content_type="application/json")
            else:
                route.fulfill(status=404, body=f"{catalogue} is missing")
            return
        if path.startswith("/static/"):
            name, files, folder = path.removeprefix("/static/"), STATIC_FILES, STATIC
        else:
            name, files, folder = path.lstrip("/"), self.files, self.folder
        body = files.get(name)
        if body is None:
            route.fulfill(status=404, body=f"{name} is not in {folder}")
            return
        route.fulfill(body=body, content_type=CONTENT_TYPES[Path(name).suffix])

    def _catalogue(self, path: str) -> Path | None:
        """The language catalogue at ``path``, as the server serves them: the game's
        ``/games/<game>/i18n/<code>.json`` and the page's ``/static/i18n/<code>.json``."""
        match = re.fullmatch(r"/games/([\w-]+)/i18n/(\w+)\.json", path)
        if match and match.group(1) == self.game:
            return self.folder / "i18n" / f"{match.group(2)}.json"
        match = re.fullmatch(r"/static/i18n/(\w+)\.json", path)
        if match:
            return STATIC / "i18n" / f"{match.group(1)}.json"
        return None

    def open(self, page: Any) -> None:
        """Route the page and the ``web/`` files to ``page``, load it and wait until ready."""
        page.route(f"{self.origin}/**", lambda route: self._serve(route))
        page.goto(f"{self.origin}/")
        page.wait_for_function("window.ready === true")

    @contextmanager
    def page(
        self, browser: Any, width: int = 1100, height: int = 900, *, has_touch: bool = False
    ) -> Iterator[Any]:
        """A fresh context of that size with the renderer loaded; fails on JavaScript errors."""
        context = browser.new_context(
            viewport={"width": width, "height": height}, has_touch=has_touch
        )
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        self.open(page)
        yield page
        context.close()
        assert not errors, errors


def view_of(state: State, seat: int | None, moves: list[str] | None = None) -> dict[str, Any]:
    """The VIEW the server sends ``seat``: legal actions only when that seat decides.

    ``moves`` are the texts of the moves log, all credited to seat 0.
    """
    player = state.current_player()
    acting = seat is not None and player in (seat, SIMULTANEOUS)
    legal = state.legal_actions(seat) if acting and seat is not None else []
    return {
        "table": "t1",
        "game": state.game.info.name,
        "options": dict(state.game.options),
        "status": "finished" if state.is_terminal() else "running",
        "seat": seat,
        "ply": state.move_number(),
        "to_move": player,
        "your_turn": bool(legal),
        "observation": json.loads(json.dumps(state.observation(seat))),
        "legal": state.legal_to_dicts(seat) if legal and seat is not None else [],
        "actions": legal,
        "moves": [{"ply": i, "seat": 0, "text": t} for i, t in enumerate(moves or [])],
        "seats": [
            {"seat": s, "kind": "local", "name": "", "claimed": True}
            for s in range(state.num_players())
        ],
        "result": None,
        "last": None,
        "clock": None,
    }


def played_view(state: State, seat: int | None, moves: list[dict[str, Any]]) -> dict[str, Any]:
    """``view_of`` at ``state`` of a played game: the moves log up to it (``moves``: the
    whole game's, each ``{"ply", "seat", "text"}``) and, once it is over, the result."""
    out = view_of(state, seat)
    out["moves"] = moves[: state.move_number()]
    if state.is_terminal():
        out["result"] = {"termination": state.termination(), "returns": state.returns()}
    return out


def show(page: Any, view: dict[str, Any], replay: bool = False) -> None:
    """Draw ``view`` (a replay without controls when ``replay``) and forget earlier actions."""
    page.evaluate("([v, r]) => { window.acted = []; window.show(v, r); }", [view, replay])


def acted(page: Any) -> list[int]:
    """The action ids sent through ``ui.act`` since the last ``show``."""
    return list(page.evaluate("window.acted"))

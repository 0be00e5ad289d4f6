"""Real-browser fixtures: a uvicorn server in a subprocess and Debian's Chromium via Playwright.

The server runs exactly as ``spelbord serve`` does (``spelbord.server.main.serve``) on a
free port with a temporary SQLite database. Chromium is the system one at
``/usr/bin/chromium`` (never ``playwright install``). Without it the tests skip, except in
CI (``CI=true``), where they must run.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from tests.webrender import IN_CI, ROOT, browser_missing, chromium

try:
    from playwright.sync_api import expect

    expect.set_options(timeout=15000)  # live updates on a busy 2-core CI machine
except ImportError:  # the tests are skipped below (and fail in CI)
    expect = None

__all__ = [
    "PASSWORD",
    "SCREENSHOTS",
    "Pages",
    "Server",
    "expect",
    "sign_up",
    "start_server",
    "stop_server",
]

SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
SAVE_TOKENS = "([t, toks]) => localStorage.setItem(`spelbord.tokens.${t}`, JSON.stringify(toks))"
"""Page script: keep ``toks`` (seat -> token) as this browser's tokens for table ``t``."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test here as a browser test; skip them all when no browser is available."""
    here = Path(__file__).resolve().parent
    reason = browser_missing()
    for item in items:
        if here not in Path(str(item.path)).resolve().parents:
            continue
        item.add_marker(pytest.mark.browser)
        if reason and not IN_CI:
            item.add_marker(pytest.mark.skip(reason=f"browser tests skipped: {reason}"))


@pytest.fixture(scope="session", autouse=True)
def _require_browser_in_ci() -> None:
    reason = browser_missing()
    if reason and IN_CI:
        pytest.fail(f"browser tests must run in CI, but {reason}", pytrace=False)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    """A running table server and a tiny JSON client for setting up tables."""

    base: str
    process: subprocess.Popen[bytes]
    log: Path

    def url(self, path: str) -> str:
        return self.base + path

    def call(self, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url(path),
            data=data,
            method="GET" if body is None else "POST",
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=15) as response:
            return json.loads(response.read())

    def wait_for(self, table: str, status: str, timeout: float = 60.0) -> dict[str, Any]:
        """Poll a table's spectator view until it reaches ``status``."""
        deadline = time.monotonic() + timeout
        view: dict[str, Any] = {}
        while time.monotonic() < deadline:
            view = self.call(f"/api/tables/{table}/view")
            if view["status"] == status:
                return view
            time.sleep(0.2)
        raise AssertionError(f"table {table} still {view.get('status')!r} after {timeout}s")


def start_server(
    workdir: Path, port: int | None = None, preload: Path | None = None, rate_limits: str = "off"
) -> Server:
    """``spelbord serve`` on ``port`` (default: a free one) with the SQLite file in ``workdir``.

    Starting it again with the same ``workdir`` and port continues with the same tables.
    ``preload``: a module file imported first (e.g. the test games of ``toygame.py``).
    ``rate_limits``: ``SPELBORD_RATE_LIMITS`` for the server (off: the tests act for many
    players from one address, faster than any person).
    """
    port = port or _free_port()
    database = f"sqlite:///{workdir / 'spelbord.sqlite3'}"
    log = workdir / f"server-{time.monotonic_ns()}.log"
    code = (
        "import sys; from spelbord.server.main import serve; "
        "serve(sys.argv[1], int(sys.argv[2]), sys.argv[3])"
    )
    # The tests act for many players from one address: no per-client bound on AI tables
    # or imports (the server's own tests check those bounds).
    env = {
        **os.environ,
        "SPELBORD_RATE_LIMITS": rate_limits,
        "SPELBORD_AI_TABLES_PER_CLIENT": "10000",
        "SPELBORD_IMPORT_LIMITS": "off",
    }
    if preload is not None:
        folder = str(preload.parent)
        code = f"import sys; sys.path.insert(0, {folder!r}); import {preload.stem}; {code}"
        # the agent processes register the same games (``WorkerConfig.from_env``)
        env.update(SPELBORD_AI_PRELOAD=preload.stem, SPELBORD_AI_PATH=folder)
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-c", code, "127.0.0.1", str(port), database],
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
            env=env,
        )
    server = Server(f"http://127.0.0.1:{port}", process, log)
    deadline = time.monotonic() + 30
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited early:\n{log.read_text()}")
        try:
            server.call("/api/games")
            return server
        except (urllib.error.URLError, ConnectionError):
            if time.monotonic() > deadline:
                process.kill()
                raise RuntimeError(f"the server did not start:\n{log.read_text()}") from None
            time.sleep(0.2)


def stop_server(server: Server) -> None:
    server.process.terminate()
    try:
        server.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The table server shared by the browser tests of one test process."""
    server = start_server(tmp_path_factory.mktemp("server"))
    yield server
    stop_server(server)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    with chromium() as browser:
        yield browser


@dataclass
class Pages:
    """Opens browser contexts (one per person) and records every page error in them."""

    browser: Any
    server: Server
    errors: list[str] = field(default_factory=list)
    contexts: list[Any] = field(default_factory=list)

    def open(self, path: str = "/", *, phone: bool = False) -> Any:
        """A new person (own context: own localStorage) looking at ``path``."""
        if phone:
            context = self.browser.new_context(
                viewport={"width": 375, "height": 812}, is_mobile=True, has_touch=True
            )
        else:
            context = self.browser.new_context(viewport={"width": 1280, "height": 800})
        context.set_default_timeout(20000)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: self.errors.append(f"{page.url}: {exc}"))
        page.goto(self.server.url(path))
        return page

    def account(self, name: str) -> Any:
        """A new person on the account page, signed up as ``name`` (``sign_up``)."""
        page = self.open("/account")
        sign_up(page, name)
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


PASSWORD = "correct horse battery"
"""The password of every account the browser tests sign up."""


def sign_up(page: Any, name: str) -> None:
    """Sign ``name`` up with ``PASSWORD`` on the account page ``page`` shows, and wait
    until the header and the page say it is signed in."""
    page.fill("#acc-name", name)
    page.fill("#acc-password", PASSWORD)
    page.click("#signup-button")
    expect(page.locator("#who")).to_have_attribute("data-account", name)
    expect(page.locator("#account-state")).to_have_text(f"Signed in as {name}.")


@pytest.fixture
def people(browser: Any, server: Server) -> Iterator[Pages]:
    """Browser contexts for one test; the test fails on any uncaught JavaScript error."""
    pages = Pages(browser, server)
    yield pages
    pages.close()
    assert not pages.errors, f"JavaScript errors: {pages.errors}"


def click_move(page: Any, *, tap: bool = False) -> str:
    """Pick the first movable piece and play its first target; return the piece's field."""
    piece = page.locator(".piece.movable").first
    field_key = str(piece.get_attribute("data-field"))
    if tap:
        piece.tap()
    else:
        piece.click()
    target = page.locator(".cb-hit[data-target]").first
    target.wait_for()
    if tap:
        target.tap()
    else:
        target.click()
    return field_key


@pytest.fixture
def play_move() -> Any:
    """``play_move(page, tap=False)``: play one legal move by pointing at the board."""
    return click_move

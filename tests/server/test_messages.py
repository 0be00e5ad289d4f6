"""Errors shown to players in their language: the API keeps ``error`` in English (stable)
and adds ``message`` in the language of the ``lang`` parameter, the page's cookie or the
``Accept-Language`` header; WebSocket errors add ``text`` the same way. The gettext
catalogues (web/locale/<code>/LC_MESSAGES/messages.po) translate every template of the
extracted ``messages.pot``."""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient

from conftest import create
from spelbord import server
from spelbord.core.errors import SpelbordError
from spelbord.server.web import messages

LOCALE = messages.LOCALE
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def po(path: Path) -> dict[str, str]:
    with path.open("rb") as file:
        return {str(m.id): str(m.string) for m in read_po(file) if m.id}


def test_the_template_file_holds_exactly_the_marked_templates() -> None:
    """messages.pot is what ``pybabel extract -k N_`` gives for server/web/messages.py."""
    assert set(po(LOCALE / "messages.pot")) == set(messages.TEMPLATES)


@pytest.mark.parametrize("code", messages.LANGUAGES[1:])
def test_every_catalogue_translates_every_template_with_its_placeholders(code: str) -> None:
    texts = po(LOCALE / code / "LC_MESSAGES" / "messages.po")
    missing = sorted(t for t in messages.TEMPLATES if not texts.get(t, "").strip())
    assert not missing, f"{code}/messages.po misses {missing}"
    for template in messages.TEMPLATES:
        assert set(PLACEHOLDER.findall(texts[template])) == set(PLACEHOLDER.findall(template)), (
            f"{code}: {template}"
        )
    # A catalogue copied from English is no translation: only a few texts may be the same
    # in both (Danish "send {'name': ...}" is English "send {'name': ...}").
    same = [template for template in messages.TEMPLATES if texts[template] == template]
    assert len(same) <= 3, same


def test_accept_language_sv_gives_swedish_errors_and_keeps_english_error(
    client: TestClient,
) -> None:
    r = client.get("/api/tables/nosuchtable/view", headers={"Accept-Language": "sv-SE,sv;q=0.9"})
    assert r.status_code == 404
    assert r.json() == {"error": "no table 'nosuchtable'", "message": "inget bord 'nosuchtable'"}


def test_the_pages_cookie_wins_over_the_header_and_lang_over_both(client: TestClient) -> None:
    made = create(client, "toy-open", ["local", "local"])
    table, token = made["table"], made["tokens"]["0"]
    body = {"token": token, "action": 0, "ply": 99}
    client.cookies.set(messages.COOKIE, "da")
    r = client.post(f"/api/tables/{table}/action", json=body, headers={"Accept-Language": "sv"})
    assert r.status_code == 409
    assert r.json()["error"].startswith("that move was for ply 99")
    assert r.json()["message"].startswith("trækket gjaldt træk 99")
    r = client.post(f"/api/tables/{table}/action?lang=nb", json=body)
    assert r.json()["message"].startswith("trekket gjaldt trekk 99")
    client.cookies.clear()
    r = client.post(f"/api/tables/{table}/action", json=body, headers={"Accept-Language": "fr"})
    assert r.json()["message"] == r.json()["error"]


def test_websocket_errors_carry_the_translated_text(client: TestClient) -> None:
    made = create(client, "toy-open", ["local", "local"])
    url = f"/ws/tables/{made['table']}?token={made['tokens']['0']}"
    with client.websocket_connect(url, headers={"Accept-Language": "nb-NO"}) as ws:
        while ws.receive_json()["type"] != "view":
            pass
        ws.send_text(json.dumps({"type": "dance"}))
        while (reply := ws.receive_json())["type"] != "error":
            pass
    assert reply["message"] == "unknown message type 'dance' (action, resign, offer, ping, sync)"
    assert reply["text"] == "ukjent meldingstype 'dance' (action, resign, offer, ping, sync)"


def test_a_nested_reason_is_translated_too() -> None:
    text = "the record cannot be replayed here: it is not seat 2's turn"
    assert messages.translate(text, "sv") == (
        "protokollet kan inte spelas upp här: det är inte plats 2s tur"
    )


def test_docstring_examples() -> None:
    import doctest

    result = doctest.testmod(messages)
    assert result.attempted > 0 and result.failed == 0


SERVER = Path(server.__file__).resolve().parent


def server_modules() -> list[tuple[Path, str]]:
    """(file, module name) of every module of the server, its sub-packages included (the
    migrations aside: Alembic runs them)."""
    found = []
    for path in sorted(SERVER.rglob("*.py")):
        parts = path.relative_to(SERVER).with_suffix("").parts
        if parts[0] == "migrations":
            continue
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found.append((path, ".".join(("spelbord.server", *parts))))
    return found


def raised_messages() -> list[tuple[str, int, str]]:
    """(file, line, message) for every error a client can cause that the server raises with
    a literal or f-string message; each formatted value stands as 'X1'."""
    found = []
    for path, name in server_modules():
        module = importlib.import_module(name)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                continue
            call = node.exc
            cls = getattr(module, call.func.id, None) if isinstance(call.func, ast.Name) else None
            if not (inspect.isclass(cls) and issubclass(cls, SpelbordError)) or not call.args:
                continue
            arg = call.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.append((str(path.relative_to(SERVER)), node.lineno, arg.value))
            elif isinstance(arg, ast.JoinedStr):
                text = "".join(
                    str(v.value) if isinstance(v, ast.Constant) else "'X1'" for v in arg.values
                )
                found.append((str(path.relative_to(SERVER)), node.lineno, text))
    return found


def test_every_error_the_server_raises_has_a_translated_template() -> None:
    """A new error message without its N_ template (and translations) fails here."""
    raised = raised_messages()
    assert len(raised) > 80
    untranslated = [r for r in raised if messages.translate(r[2], "sv") == r[2]]
    assert not untranslated, untranslated

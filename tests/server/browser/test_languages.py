"""The table page speaks the browser's language (Swedish, Danish, Norwegian bokmål or
English), can be switched, and remembers the choice."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import expect

pytestmark = pytest.mark.browser

SAVE = "([t, toks]) => localStorage.setItem(`spelbord.tokens.${t}`, JSON.stringify(toks))"


def test_language_from_the_browser_switchable_and_remembered(people: Any) -> None:
    server = people.server
    created = server.call(
        "/api/tables",
        {
            "game": "coerceo",
            "options": {},
            "seats": [{"kind": "local"}, {"kind": "ai", "agent": "random"}],
        },
    )
    context = people.browser.new_context(locale="sv-SE", viewport={"width": 1280, "height": 800})
    people.contexts.append(context)
    page = context.new_page()
    page.on("pageerror", lambda exc: people.errors.append(str(exc)))
    page.goto(server.url("/"))
    page.evaluate(SAVE, [created["table"], {"0": created["tokens"]["0"]}])
    page.goto(server.url(f"/table/{created['table']}"))
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#status")).to_have_text("Ditt drag")
    expect(page.locator("#role")).to_have_text("Du spelar White.")
    assert page.evaluate("document.documentElement.lang") == "sv"
    page.select_option(".lang-picker", "da")
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#status")).to_have_text("Dit træk")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#status")).to_have_text("Dit træk")  # remembered
    expect(page.locator("#moves-title")).to_contain_text("Træk")
    page.select_option(".lang-picker", "nb")
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#status")).to_have_text("Ditt trekk")

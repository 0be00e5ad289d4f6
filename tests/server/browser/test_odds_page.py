"""Omringad's battle calculator page (/tools/omringad/odds) in a real browser."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import expect

pytestmark = pytest.mark.browser


def test_the_calculator_computes_exact_odds(people: Any) -> None:
    """R41, R47: one mercenary against another: 635/1331 each way, 61/1331 nobody."""
    page = people.open("/tools/omringad/odds")
    expect(page.locator("#tool-title")).to_have_text("Battle calculator")
    page.locator("#odds-attack").fill("M")
    page.locator("#odds-defend").fill("1 mercenary")
    page.locator("#odds-go").click()
    row = page.locator('#odds-outcomes tr[data-outcome="attacker wins"]')
    expect(row).to_contain_text("47.71%")
    expect(row).to_contain_text("635/1331")
    expect(page.locator('#odds-outcomes tr[data-outcome="nobody left"]')).to_contain_text("61/1331")
    page.locator("#odds-terrain").select_option("castle")
    page.locator("#odds-go").click()  # the defender hits on 5-6 behind castle walls (R43)
    expect(row).not_to_contain_text("47.71%")


def test_bad_units_are_reported(people: Any) -> None:
    page = people.open("/tools/omringad/odds")
    page.locator("#odds-attack").fill("2 knights")
    page.locator("#odds-go").click()
    expect(page.locator("#odds-result [role=alert]")).to_contain_text("cannot read '2 knights'")


def test_the_calculator_speaks_the_browsers_language(people: Any) -> None:
    """A Swedish browser gets the calculator in Swedish: its title, labels, choices, the
    outcomes (in Swedish numbers: 47,71 %) and the server's error for units it cannot
    read (R47 outcomes)."""
    context = people.browser.new_context(locale="sv-SE", viewport={"width": 1280, "height": 800})
    people.contexts.append(context)
    page = context.new_page()
    page.on("pageerror", lambda exc: people.errors.append(str(exc)))
    page.goto(people.server.url("/tools/omringad/odds"))
    expect(page.locator("#tool-title")).to_have_text("Stridskalkylator")
    expect(page.locator("#odds-form")).to_contain_text("Anfallarens enheter (högst")
    expect(page.locator("#odds-terrain option[value=castle]")).to_have_text("borg")
    expect(page.locator("#odds-policy option[value=computer]")).to_have_text("datorn")
    page.locator("#odds-attack").fill("M")
    page.locator("#odds-defend").fill("M")
    page.locator("#odds-go").click()
    row = page.locator('#odds-outcomes tr[data-outcome="attacker wins"]')
    expect(row).to_contain_text("Anfallaren vinner")
    expect(row).to_contain_text(re.compile(r"47,71\s%"))  # Swedish writes a decimal comma
    expect(page.locator("#odds-result h3")).to_have_text(
        "1 × legoknekt mot 1 × legoknekt (kal mark)"
    )
    expect(page.locator("#odds-result")).to_contain_text("Försvararens överlevande")
    page.locator("#odds-attack").fill("2 knights")
    page.locator("#odds-go").click()
    expect(page.locator("#odds-result [role=alert]")).to_contain_text(
        "kan inte läsa '2 knights' som enheter"
    )

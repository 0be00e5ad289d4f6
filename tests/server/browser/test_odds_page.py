"""Omringad's battle calculator page (/tools/omringad/odds) in a real browser."""

from __future__ import annotations

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

"""The calculators in a real browser: htmx swaps the result and pushes a shareable URL."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, screenshot

# The strict CSP forbids eval in the page, so waits use expect(), never wait_for_function("...").
pytestmark = [pytest.mark.browser, pytest.mark.corpus]


def test_commander_tax_on_a_phone(phone, site_url):  # type: ignore[no-untyped-def]
    phone.goto(f"{site_url}/ja/calc/tax/")
    phone.locator("input[name=variant][value=commander]").check()
    phone.fill("#tax-mana-cost", "{3}{G}{G}")
    phone.fill("#tax-previous", "2")
    phone.fill("#tax-reduction", "1")
    phone.locator("form.calc-form button[type=submit]").click()
    expect(phone.locator("#result .answer")).to_have_text("{6}{G}{G}")
    # htmx pushed the query into the address bar, so the result can be shared as a link.
    assert "mana_cost=" in phone.url and "previous_casts=2" in phone.url
    steps = phone.locator("#result a[href*='/ja/rules/903.8/']")
    assert steps.count() >= 1, "the tax step links rule 903.8"
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(phone, "calc-tax-phone")


def test_dtc_tax_example(page, site_url):  # type: ignore[no-untyped-def]
    page.goto(f"{site_url}/en/calc/tax/")
    page.locator("input[name=variant][value=dtc]").check()
    page.fill("#tax-cost", "6")
    page.fill("#tax-reduction", "5")
    page.fill("#tax-play", "3")
    page.locator("form.calc-form button[type=submit]").click()
    # The DTC document's example: cost 1 after reductions, third play: 1 + 2 × (3 − 1) = 5.
    expect(page.locator("#result .answer")).to_have_text("5")


def test_commander_damage_with_a_stolen_commander(page, site_url):  # type: ignore[no-untyped-def]
    page.goto(f"{site_url}/en/calc/commander-damage/")
    page.fill("#damage-players", "Alex, Bianca, Carol")
    page.fill("#damage-commanders", "Rafiq | Alex")
    page.fill("#damage-events", "Rafiq -> Bianca 10\nRafiq -> Bianca 6 prevented 6\nRafiq -> Bianca 11 controller Carol")
    page.locator("form.calc-form button[type=submit]").click()
    lost = page.locator("#result .answer.lost")
    expect(lost).to_contain_text("Bianca")
    expect(lost).to_contain_text("21")
    assert lost.locator("a").first.inner_text() == "704.6c"
    screenshot(page, "calc-commander-damage")


def test_dtc_deck_check(page, site_url):  # type: ignore[no-untyped-def]
    deck = ["統率者", "1 ボルシャック・ドラゴン | 火 | SR | クリーチャー", "デッキ"]
    deck += [f"火のカード{i} | 火 | C | 呪文" for i in range(58)] + ["火のカード0 | 火 | C | 呪文"]
    page.goto(f"{site_url}/en/calc/deck-check/")
    page.select_option("#deck-variant", "dtc")
    page.fill("#deck-list", "\n".join(deck))
    page.locator("form.calc-form button[type=submit]").click()
    expect(page.locator("#result .answer")).to_have_text("Not legal")
    expect(page.locator("#result .problems")).to_contain_text("火のカード0")
    screenshot(page, "calc-deck-check")

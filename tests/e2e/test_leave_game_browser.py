"""The leave-game board and the worked rulings in a real browser."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, screenshot

# The strict CSP forbids eval in the page, so waits use expect(), never wait_for_function("...").
pytestmark = [pytest.mark.browser, pytest.mark.corpus]


def test_load_a_worked_example_and_resolve_it(phone, site_url):  # type: ignore[no-untyped-def]
    phone.goto(f"{site_url}/en/leave-game/")
    phone.select_option("#lg-preset", "mind-control")
    phone.locator("form.lg-preset button[type=submit]").click()
    # Wait for the swapped board itself: the select shows the preset before the swap lands, and a click on
    # the old form would resolve the empty board.
    phone.wait_for_url("**preset=mind-control*")
    expect(phone.locator("form.lg-form input[value='Assault Griffin']")).to_have_count(1)

    # Alex leaves: his Mind Control leaves the game with him, so Bianca's creature comes back to her (800.4a).
    phone.locator("button.lg-resolve", has_text="Alex").click()
    result = phone.locator("#lg-result")
    expect(result).to_contain_text("800.4a")
    expect(result.locator("a[href*='/rules/800.4a/']").first).to_be_visible()
    rows = result.locator("table.lg-objects-after tbody tr")
    griffin = rows.filter(has_text=re.compile("Griffin"))
    expect(griffin.locator(".lg-controller")).to_have_text("Bianca")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(phone, "leave-game-phone")


def test_step_through_a_scenario(page, site_url):  # type: ignore[no-untyped-def]
    page.goto(f"{site_url}/ja/scenarios/")
    page.locator("a[href*='/ja/scenarios/commander-damage-beacon-fog-stolen/']").first.click()
    page.wait_for_url("**/ja/scenarios/commander-damage-beacon-fog-stolen/1/")
    expect(page.locator("#sc-step-title")).to_contain_text("1")

    # Next is an htmx swap that still changes the address, so every step has a shareable URL.
    page.locator("#scenario-step a[rel=next]").click()
    page.wait_for_url("**/ja/scenarios/commander-damage-beacon-fog-stolen/2/")
    page.locator("#scenario-step a[rel=next]").click()
    page.wait_for_url("**/commander-damage-beacon-fog-stolen/3/")
    page.go_back()
    page.wait_for_url("**/commander-damage-beacon-fog-stolen/2/")

    # A cited rule opens in place with its text (a <details> disclosure, no script needed).
    disclosure = page.locator("#scenario-step details").first
    disclosure.locator("summary").click()
    expect(disclosure).to_have_attribute("open", "")
    assert len(disclosure.inner_text()) > 40
    screenshot(page, "scenario-step")

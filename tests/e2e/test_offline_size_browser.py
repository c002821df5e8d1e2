"""The offline save says what it will download, and what it saved (issue 42 item 5), in English at 844×390
(the Japanese portrait journey is tests/e2e/test_offline_browser.py): the size on the button, measured from
the pages (judge.rules.offline_size), is within 10 % of the bytes the worker fetched and kept, and the
box's report is those bytes."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import wait_controlled
from tests.e2e.test_offline_browser import PAGES_KEPT

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

LANDSCAPE = {"width": 844, "height": 390}


def test_the_english_save_states_its_size_and_reports_what_it_kept(browser, site_url):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=LANDSCAPE, is_mobile=True, has_touch=True, locale="en-GB")
    page = context.new_page()
    page.goto(f"{site_url}/en/")
    wait_controlled(page)
    page.goto(f"{site_url}/en/")
    box = page.locator("#offline-save")
    listed = page.evaluate("fetch('/api/offline-pages?lang=en').then((r) => r.json())")
    megabytes = round(listed["bytes"] / 1e6)
    button = box.locator(".offline-save-button")
    expect(button).to_have_text(f"Save all rules for offline (about {megabytes} MB)")
    button.click()
    expect(box.locator(".offline-save-status")).to_contain_text(
        "Every rule of the current release", timeout=600_000
    )
    kept = page.evaluate(PAGES_KEPT)
    print(f"\nOFFLINE en estimate {listed['bytes']} bytes, pages kept {kept} bytes")  # pytest -s
    assert abs(listed["bytes"] - kept) <= kept / 10
    state = page.evaluate("caches.match('/offline-state.json').then((r) => r.json())")
    assert state["complete"] and state["bytes"] == kept
    expect(box.locator(".offline-save-status")).to_contain_text(f"({kept / 1e6:.1f} MB)")
    context.close()

"""The table tracker in a real browser: two phones at the same table, htmx updates, tax and undo."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, screenshot

# The strict CSP forbids eval in the page, so waits use expect(), never wait_for_function("...").
pytestmark = [pytest.mark.browser, pytest.mark.corpus]


def _start_game(page, site_url: str) -> str:  # type: ignore[no-untyped-def]
    page.goto(f"{site_url}/ja/tracker/")
    page.select_option("#variant", "commander")
    for seat, (name, commander) in enumerate([("Alex", "Rafiq"), ("Bianca", "Atraxa"), ("Carol", "Krenko")], 1):
        page.fill(f"#name-{seat}", name)
        page.fill(f"#commander-{seat}", commander)
    page.locator("form.tracker-setup button[type=submit]").click()
    page.wait_for_url(re.compile(r".*/ja/tracker/[A-Za-z0-9_-]{8,32}/$"))
    return page.url


def test_two_phones_share_one_table(browser, site_url):  # type: ignore[no-untyped-def]
    first = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="ja-JP").new_page()
    second = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="ja-JP").new_page()
    url = _start_game(first, site_url)
    second.goto(url)

    alex = first.locator("#player-0")
    assert alex.locator(".life .value").inner_text() == "40"
    alex.locator(".life button[value='-5']").click()
    expect(alex.locator(".life .value")).to_have_text("35")

    # The second phone's board polls and catches up without a reload.
    expect(second.locator("#player-0 .life .value")).to_have_text("35", timeout=15_000)
    width = second.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], "the tracker must not scroll sideways on a phone"
    screenshot(second, "tracker-phone")

    # Casting the commander from the command zone raises its tax by {2} (903.8); undo takes it back.
    cast = alex.locator("button[value='cast-commander']").first
    tax = alex.locator(".commander .tax").first
    assert "{0}" in tax.inner_text()
    cast.click()
    expect(tax).to_contain_text("{2}")
    first.locator("form[action$='/undo/'] button").click()
    expect(tax).to_contain_text("{0}")
    assert alex.locator(".life .value").inner_text() == "35"
    first.context.close()
    second.context.close()


def test_a_press_on_a_stale_board_shows_the_problem_in_place(browser, site_url):  # type: ignore[no-untyped-def]
    """Phone B still shows Carol in the game after phone A recorded her concession (before B's next poll):
    B's press must swap in the fresh board with the problem on top, not vanish or replace the whole page."""
    first = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="ja-JP").new_page()
    second = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="ja-JP").new_page()
    url = _start_game(first, site_url)
    second.goto(url)

    def concede(page):  # type: ignore[no-untyped-def]
        carol = page.locator("#player-2")
        carol.locator("details:has(button[value='concede']) > summary").click()
        carol.locator("button[value='concede']").click()

    concede(first)
    expect(first.locator("#player-2 button[value='concede']")).to_have_count(0)
    concede(second)
    errors = second.locator("#board-errors")
    expect(errors).to_be_visible()
    expect(errors).to_contain_text("Carol")
    expect(second.locator(".site-header")).to_be_visible()  # still the whole site page, styled
    expect(second.locator("#player-2 button[value='concede']")).to_have_count(0)  # the board is the fresh one
    first.context.close()
    second.context.close()

"""The judge's documents in a real browser at phone width (390×844): a section page shows the section, its
edition's date and its links; 「ipg 2.5」 and 「mtr 4.4」 typed in the header search box go to them."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import PHONE, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.corpus]


@pytest.fixture()
def phone_en(browser):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-US")
    page = context.new_page()
    yield page
    context.close()


def _shows_the_section(page, *, title: str, date: str, links: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    expect(page.locator("h1")).to_contain_text(title)
    expect(page.locator("time.judge-doc-date").first).to_have_text(date)
    for href in links:
        expect(page.locator(f'a[href="{href}"]').first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_ipg_section_in_japanese_on_a_phone(phone, site_url):
    phone.goto(f"{site_url}/ja/docs/ipg/2.5/")
    _shows_the_section(
        phone,
        title="2.5 ゲームプレイ上のエラー — ゲームルール違反",
        date="2024年9月23日",  # a date as the reader writes it
        links=("/ja/docs/ipg/", "/ja/docs/ipg/2.4/", "/ja/docs/ipg/2.6/", "/ja/docs/ipg/1.4/"),
    )
    from playwright.sync_api import expect

    expect(phone.locator(".english-text")).to_contain_text("この文書の本文は英語です")
    expect(phone.locator(".judge-section-body")).to_contain_text("Game Rule Violations can be attributed")
    screenshot(phone, "judge-doc-ipg-2.5-ja")


def test_the_mtr_section_in_english_on_a_phone(phone_en, site_url):
    phone_en.goto(f"{site_url}/en/docs/mtr/4.4/")
    _shows_the_section(
        phone_en,
        title="4.4 Loops",
        date="April 21, 2025",
        links=("/en/docs/mtr/", "/en/docs/mtr/4.3/", "/en/docs/mtr/4.5/"),
    )
    from playwright.sync_api import expect

    # The installed MTR is older than the current edition Wizards publishes: the page says so.
    expect(phone_en.locator(".newer-edition")).to_contain_text("2026-02-27")
    screenshot(phone_en, "judge-doc-mtr-4.4-en")


@pytest.mark.parametrize(
    ("start", "query", "expected"),
    [("/ja/", "ipg 2.5", "**/ja/docs/ipg/2.5/"), ("/ja/rules/903.8/", "mtr 4.4", "**/ja/docs/mtr/4.4/")],
)
def test_typed_in_the_search_box_goes_to_the_section(phone, site_url, start, query, expected):
    phone.goto(f"{site_url}{start}")
    box = phone.locator("#site-q")
    if not box.is_visible():  # a rule page folds the header into a menu on a phone
        phone.locator("summary.site-menu-name, .site-menu summary").first.click()
    box.fill(query)
    phone.locator("#site-search-results .search-jump a").wait_for()
    box.press("Enter")
    phone.wait_for_url(expected)

"""A search asked again is answered from memory (judge.web.repeats) and works in a real browser as the first
answer did: the same hits, the scripts allowed by the same Content-Security-Policy, no console error."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.corpus]


def hrefs(locator) -> list[str]:  # type: ignore[no-untyped-def]
    return locator.evaluate_all("els => els.map(e => e.getAttribute('href'))")  # type: ignore[no-any-return]


def test_the_header_box_answers_a_repeat_like_the_first_ask(page, site_url):
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto(f"{site_url}/en/")
    box = page.locator("#site-q")
    hits = page.locator("#site-search-results .quick-hits a")
    box.fill("commander tax")
    hits.first.wait_for()
    first = hrefs(hits)
    box.fill("統率者ダメージ")
    page.locator("#site-search-results .quick-hits a[href*='/en/rules/903.10']").first.wait_for()
    box.fill("commander tax")  # asked again: the answer kept
    page.locator("#site-search-results .quick-hits a[href='/en/rules/903.8/']").first.wait_for()
    assert hrefs(hits) == first and "/en/rules/903.8/" in first
    assert not errors, errors


def test_the_search_page_loaded_again_still_searches_as_you_type(page, site_url):
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    for _ in range(2):  # the second load is answered from memory
        page.goto(f"{site_url}/ja/search/?q=%E7%B5%B1%E7%8E%87%E8%80%85%E7%A8%8E")
        page.locator("#search-results .search-hits a[href='/ja/rules/903.8/']").first.wait_for()
    page.locator("#search-q").fill("統率者ダメージ")  # htmx still runs on the page kept
    page.locator("#search-results .search-hits a[href*='/ja/rules/903.10']").first.wait_for()
    assert not errors, errors

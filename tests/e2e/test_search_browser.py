"""The header search box in a real browser: best matches while typing, on any page; no console errors (CSP)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.corpus]


@pytest.mark.parametrize(
    ("start", "query", "expected"),
    [
        ("/en/rules/903.8/", "commander tax", "/en/rules/903.8/"),
        ("/ja/glossary/", "統率者ダメージ", "/ja/rules/903.10a/"),
        ("/ja/docs/dtc/", "次元ダイス", "/ja/rules/901."),
        ("/en/", "player leaves the game", "/en/rules/800.4a/"),
        # Questions in plain words find the rule (question words do not block a match).
        ("/en/calc/", "how much does my commander cost after three casts", "/en/rules/903.8/"),
        ("/ja/calc/", "統率者税はいくらですか", "/ja/rules/903.8/"),
        ("/ja/", "統率者が墓地に置かれたらどうなる", "/ja/rules/903.9"),
    ],
)
def test_typing_shows_best_matches(page, site_url, start, query, expected):
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto(f"{site_url}{start}")
    page.locator("#site-q").fill(query)  # an "input" event: htmx asks after 300 ms
    hits = page.locator("#site-search-results .quick-hits a")
    hits.first.wait_for(timeout=10_000)
    assert page.url == f"{site_url}{start}"  # the page itself stays
    assert any(expected in (href or "") for href in hits.evaluate_all("els => els.map(e => e.getAttribute('href'))"))
    assert page.locator("#site-search-results mark").count() > 0
    screenshot(page, f"search-as-you-type-{query.replace(' ', '-')}")
    assert not errors, errors


def test_rule_number_while_typing_then_enter_opens_the_rule(page, site_url):
    page.goto(f"{site_url}/en/glossary/")
    page.locator("#site-q").fill("９０３．８")
    page.locator("#site-search-results .search-jump a").wait_for(timeout=10_000)
    page.locator("#site-q").press("Enter")
    page.wait_for_url("**/en/rules/903.8/")

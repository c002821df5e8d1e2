"""The header search box in a real browser: best matches while typing, on any page; no console errors
(CSP)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import PHONE, screenshot

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
    hits.first.wait_for()
    assert page.url == f"{site_url}{start}"  # the page itself stays
    assert any(
        expected in (href or "") for href in hits.evaluate_all("els => els.map(e => e.getAttribute('href'))")
    )
    assert page.locator("#site-search-results mark").count() > 0
    screenshot(page, f"search-as-you-type-{query.replace(' ', '-')}")
    assert not errors, errors


def test_rule_number_while_typing_then_enter_opens_the_rule(page, site_url):
    page.goto(f"{site_url}/en/glossary/")
    page.locator("#site-q").fill("９０３．８")
    page.locator("#site-search-results .search-jump a").wait_for()
    page.locator("#site-q").press("Enter")
    page.wait_for_url("**/en/rules/903.8/")


@pytest.mark.parametrize(
    ("query", "shown", "text"),
    [
        (
            "color identity hybrid mana",
            "#site-search-results .search-partial",
            "すべての語を含むルールはありません",
        ),
        (
            "comander tax",
            "#site-search-results .search-corrected",
            "「commander tax」の検索結果を表示しています",
        ),
        ("903.9zz", "#site-search-results .rule-suggestions a", "903.9"),
    ],
)
def test_no_dead_ends_on_a_phone(phone, browser, site_url, query, shown, text):
    """Closest matches (with the words each lacks), a corrected spelling (with a link to the spelling typed)
    and the nearest rules, in Japanese at phone width: in the header box while typing, and without
    JavaScript."""
    phone.goto(f"{site_url}/ja/")
    phone.locator("#site-q").fill(query)
    phone.locator(shown).first.wait_for()
    box = phone.locator("#site-search-results")
    assert text in box.inner_text()
    if "partial" in shown:
        assert "含まない語" in box.inner_text() and box.locator(".search-missing s").count() > 0
    if "corrected" in shown:
        assert box.locator('a[href*="as_typed=1"]').count() == 1
    assert (
        box.locator(".search-source").count() == box.locator(".quick-hits li").count()
    )  # every hit labelled
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    screenshot(phone, f"search-phone-{query.replace(' ', '-')}")

    context = browser.new_context(viewport=PHONE, is_mobile=True, java_script_enabled=False, locale="ja-JP")
    try:
        page = context.new_page()
        page.goto(f"{site_url}/ja/")
        page.locator("#site-q").fill(query)
        page.locator("#site-q").press("Enter")  # the form submits to the search page
        page.wait_for_url("**/ja/search/?q=*")
        assert text in page.locator("#search-results").inner_text()
        screenshot(page, f"search-phone-nojs-{query.replace(' ', '-')}")
        if "corrected" in shown:
            page.locator('#search-results a[href*="as_typed=1"]').click()
            page.wait_for_url("**as_typed=1*")
            assert "もしかして" in page.locator("#search-results").inner_text()
    finally:
        context.close()


def test_a_commander_tax_question_reaches_the_answer_in_two_taps_on_a_phone(phone, site_url):
    """Issue 20: 「統率者税 2回」 typed into the header box shows the calculator's card above the hits;
    one tap on it opens the tax page filled in, answering +{4}. Tap one is the box, tap two the card."""
    errors: list[str] = []
    phone.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    phone.goto(f"{site_url}/ja/")
    phone.locator("#site-q").tap()
    phone.locator("#site-q").fill("統率者税 2回")
    card = phone.locator("#site-search-results .answer-card-link")
    card.wait_for()
    assert "+4" in card.inner_text()  # +{4}, the 4 drawn as a mana symbol
    screenshot(phone, "search-answer-card-in-the-header-box")
    card.tap()
    phone.wait_for_url("**/ja/calc/tax/?variant=commander&previous_casts=2")
    answer = phone.locator("#result .answer .mana")
    assert answer.inner_text() == "+4" and answer.locator(".mana-symbol.pip-N").inner_text() == "4"
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "search-answer-card-commander-tax")
    assert not errors, errors

"""Rule pages in a real browser: cross-links, language switch, phone viewport."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import PHONE, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.corpus]


def test_follow_a_cross_link_and_switch_language(page, site_url):
    page.goto(f"{site_url}/en/rules/903.9/")
    assert page.locator("h1").first.inner_text().startswith("903.9")
    link = page.locator("a.rule-ref").first
    target = link.get_attribute("href")
    link.click()
    page.wait_for_url(f"**{target}")
    screenshot(page, "rule-cross-link")
    page.locator(".lang-switch a[hreflang=ja]").click()
    page.wait_for_url("**/ja/rules/**")
    assert page.locator("html").get_attribute("lang") == "ja"


def test_rule_page_on_a_phone(phone, site_url):
    phone.goto(f"{site_url}/ja/rules/800.4a/")
    assert phone.locator(".rule-ja").count() == 1
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "the rule page must not scroll sideways on a phone"
    screenshot(phone, "rule-page-phone")


def test_next_rule_with_htmx_pushes_the_url(page, site_url):
    page.goto(f"{site_url}/en/rules/903.8/")
    page.locator("a[rel=next]").click()
    page.wait_for_url("**/en/rules/903.9/")
    assert page.locator("h1").first.inner_text().startswith("903.9")


def test_rule_without_japanese_text_and_a_gloss_on_a_phone(phone, site_url):
    """/ja/rules/903.10a/ at 390×844: says there is no Japanese text, shows the Commander rules passage,
    and a tap on a glossed English word shows its Japanese name and definition."""
    phone.goto(f"{site_url}/ja/rules/903.10a/")
    assert phone.locator(".no-ja").inner_text().startswith("このルールの日本語訳はありません。")
    passage = phone.locator(".passage").first
    assert "統率者ダメージ" in passage.inner_text() and passage.is_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390, "no sideways scroll on a phone"
    screenshot(phone, "rule-no-japanese-phone")
    gloss = phone.locator("a.gloss", has_text="state-based action")
    gloss.scroll_into_view_if_needed()
    gloss.tap()
    popover = phone.locator(".gloss-pop")
    popover.wait_for(state="visible")
    assert "状況起因処理" in popover.inner_text() and "state-based action" in popover.inner_text().lower()
    assert phone.url.endswith("/ja/rules/903.10a/"), "with JavaScript the tap opens the popover in place"
    box = popover.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    screenshot(phone, "rule-gloss-popover-phone")
    popover.locator(".gloss-pop-close").tap()
    popover.wait_for(state="detached")


def test_a_gloss_without_javascript_leads_to_the_glossary(browser, site_url):
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale="ja-JP", java_script_enabled=False
    )
    page = context.new_page()
    try:
        page.goto(f"{site_url}/ja/rules/903.8/")
        page.locator("a.gloss", has_text="commander tax").tap()
        page.wait_for_url("**/ja/glossary/#term-*")
        anchor = page.url.split("#", 1)[1]
        assert "統率者税" in page.locator(f"[id='{anchor}']").inner_text()
    finally:
        context.close()


def test_rule_index_and_glossary_in_japanese_on_a_phone(phone, site_url):
    phone.goto(f"{site_url}/ja/rules/")
    link = phone.locator(".toc a", has_text="903. 統率者戦")
    assert link.is_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "rule-index-phone")
    link.tap()
    phone.wait_for_url("**/ja/rules/903/")
    assert "統率者戦" in phone.locator("h1").inner_text()
    assert "カジュアル変種ルール" in phone.locator(".breadcrumb").inner_text()

    phone.goto(f"{site_url}/ja/glossary/")
    phone.locator("#glossary-q").fill("とうそつ")
    phone.locator(".glossary-count").wait_for()  # htmx swapped the list in
    entries = phone.locator("#glossary-entries").inner_text()
    assert "統率者税" in entries and "Commander Tax" in entries and "Trample" not in entries
    screenshot(phone, "glossary-filter-phone")

"""Rule pages in a real browser: cross-links, language switch, phone viewport."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import screenshot

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

"""Search never answers a Japanese reader with an outdated text (issue 40 item 1), upright (390×844) and
sideways (844×390) on a phone: a hit whose Japanese is outdated or unchecked shows today's rule, the old
Japanese only behind the rule page's closed disclosure, and ranks after the hits that state today's rule."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

OLD_903_9 = "統率者がどこかから追放されたり"  # the blog's pre-2020 903.9: graveyard and exile a replacement
QUESTION = "統率者が墓地に置かれたら"


def _hrefs(page) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(a.get_attribute("href")) for a in page.locator(".search-hit > a.search-hit-title").all()]


def test_the_commander_in_the_graveyard_is_answered_by_todays_rule(screen, site_url) -> None:  # type: ignore[no-untyped-def]
    page, viewport = screen
    page.goto(f"{site_url}/ja/search/?q={quote(QUESTION)}")
    hits = page.locator(".search-hit")
    expect(hits.first).to_be_visible()
    # No pre-2020 Japanese anywhere before a tap.
    for shown in page.get_by_text(OLD_903_9).all():
        expect(shown).to_be_hidden()
    hrefs = _hrefs(page)
    # The first hit states today's rule: 903.9a, or the Commander rules' point 7 that says it in Japanese.
    assert hrefs[0].endswith(("/ja/rules/903.9a/", "/ja/docs/commander-rules/#rule-7")), hrefs
    assert "/ja/rules/903.9a/" in hrefs[:2], hrefs
    first_text = hits.first.locator(".search-snippet").inner_text()
    assert "墓地" in first_text or "graveyard" in first_text
    # 903.9b, whose Japanese is the pre-2020 rule, comes after and reads today's English.
    old = next(i for i, href in enumerate(hrefs) if href.endswith("/ja/rules/903.9b/"))
    assert old > hrefs.index(next(h for h in hrefs if h.endswith("/ja/rules/903.9a/")))
    hit = hits.nth(old)
    todays = hit.locator(".search-snippet").first
    expect(todays).to_contain_text("hand")  # today's 903.9b: hand or library, glossed in Japanese
    expect(todays).to_contain_text("library")
    expect(todays.locator(".gloss-inline").first).to_have_text("（統率者）")
    notice = hit.locator(".notice.differs")
    expect(notice).to_have_text(
        "古い訳です：この日本語は以前の版の規則の訳で、現在の規則とは内容が異なります。"
    )
    disclosure = hit.locator("details.earlier-translation")
    assert disclosure.get_attribute("open") is None
    expect(disclosure.get_by_text(OLD_903_9)).to_be_hidden()
    summary = disclosure.locator("summary")
    assert summary.inner_text().strip() == "以前の規則の訳を表示"
    summary.scroll_into_view_if_needed()
    summary.tap()
    expect(disclosure.locator(".search-snippet")).to_contain_text("統率者がどこかから追放されたり")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"], "no sideways scroll"
    screenshot(page, f"search-commander-graveyard-{viewport['width']}")

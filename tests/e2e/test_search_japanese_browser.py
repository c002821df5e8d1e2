"""Search answers a Japanese reader in Japanese, the rules of Magic first, several hits on the first screen
(issue 30, item 5): 「統率者税」 on /ja/search/ upright (390×844) and sideways (844×390)."""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

VIEWPORTS = {"upright": ({"width": 390, "height": 844}, 3), "sideways": ({"width": 844, "height": 390}, 1)}


@pytest.mark.parametrize("orientation", list(VIEWPORTS))
def test_commander_tax_in_japanese_first_screen(browser, site_url, orientation):  # type: ignore[no-untyped-def]
    viewport, at_least = VIEWPORTS[orientation]
    context = browser.new_context(viewport=viewport, is_mobile=True, has_touch=True, locale="ja-JP")
    page = context.new_page()
    try:
        page.goto(f"{site_url}/ja/search/?q=統率者税")
        hits = page.locator("#search-results .search-hit")
        hits.first.wait_for(timeout=10_000)
        first = hits.first
        # 903.8 for a Japanese reader: its number and section title in Japanese, and today's rule (its English
        # with the Japanese of its game words, where the Japanese text is not shown to state it: issue 40).
        assert first.locator(".search-hit-title").get_attribute("href").endswith("/ja/rules/903.8/")
        assert re.match(r"903\.8\.? ", first.locator(".search-hit-title").inner_text())
        assert first.locator(".search-hit-title").get_attribute("lang") == "ja"
        assert "（統率者）" in first.locator(".search-snippet").inner_text()  # the gloss of "commander"
        kinds = hits.evaluate_all("els => els.map(e => e.dataset.kind)")
        house = [i for i, k in enumerate(kinds) if k in ("house-rules", "prose")]
        assert len(house) == 1 and house[0] == len(kinds) - 1, kinds  # one, folded, after the rules of Magic
        folded = hits.nth(house[0]).locator(".search-folded a")
        assert "でも" in folded.inner_text() and "件" in folded.inner_text()
        assert "doc%3Adtc" in (folded.get_attribute("href") or "")
        # Complete hits between the search box and the bottom of the first screen.
        box = page.locator("#search-q").bounding_box()
        assert box is not None
        below = box["y"] + box["height"]
        shown = 0
        for i in range(hits.count()):
            rect = hits.nth(i).bounding_box()
            if rect is not None and rect["y"] >= below and rect["y"] + rect["height"] <= viewport["height"]:
                shown += 1
        screenshot(page, f"search-ja-commander-tax-{orientation}")
        assert shown >= at_least, (orientation, shown)
    finally:
        context.close()

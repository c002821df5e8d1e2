"""Cards in a real browser at phone width: the header search finds 《繁殖池》 and opens its card page."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import PHONE, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.corpus]


@pytest.mark.parametrize("query", ["《繁殖池》", "breding pool"])
def test_search_a_card_on_a_phone_and_open_its_page(phone, site_url, query):  # type: ignore[no-untyped-def]
    phone.goto(f"{site_url}/ja/")
    phone.locator("#site-q").fill(query)
    card = phone.locator("#site-search-results .search-cards a").first
    card.wait_for()
    assert card.get_attribute("href") == "/ja/cards/breeding-pool/"
    card.click()
    phone.wait_for_url("**/ja/cards/breeding-pool/")
    assert "《繁殖池》" in phone.locator("h1").inner_text()
    assert phone.locator("text=裁定").count() > 0 and phone.locator("time").count() == 2  # the rulings, dated
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width  # nothing wider than the phone
    screenshot(phone, f"card-page-{'ja' if '《' in query else 'typo'}")

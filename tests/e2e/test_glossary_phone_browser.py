"""The glossary on a phone (issue 42 item 6), at 390×844 and 844×390, in Japanese and English: the page is
under 10 screens (its headings folded), its index's links are thumb-sized and a letter loads its words, with
JavaScript (htmx swaps the list) and without (the link is a page); a fragment link to a word opens its
heading."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

VIEWPORTS = {"portrait": {"width": 390, "height": 844}, "landscape": {"width": 844, "height": 390}}
SCREENS = 10
THUMB = 44
#: The heading Commander Tax is under, and a word of another heading.
LETTERS = {"ja": ("た", "統率者税", "飛行"), "en": ("C", "Commander Tax", "Flying")}


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("orientation", list(VIEWPORTS))
def test_glossary_fits_a_phone_and_a_letter_loads_its_words(browser, site_url, orientation, lang, javascript):
    viewport = VIEWPORTS[orientation]
    context = browser.new_context(
        viewport=viewport,
        is_mobile=True,
        has_touch=True,
        locale="ja-JP" if lang == "ja" else "en-US",
        java_script_enabled=javascript,
    )
    page = context.new_page()
    try:
        page.goto(f"{site_url}/{lang}/glossary/")
        height = page.evaluate("document.documentElement.scrollHeight")
        screens = height / viewport["height"]
        assert screens < SCREENS, f"{height} px is {screens:.1f} screens"
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        links = page.locator(".glossary-groups a")
        assert links.count() >= 10
        for box in links.evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())"):
            assert box["width"] >= THUMB - 0.5 and box["height"] >= THUMB - 0.5, box
        screenshot(page, f"glossary-{lang}-{orientation}-{'js' if javascript else 'no-js'}")

        letter, word, elsewhere = LETTERS[lang]
        page.locator(".glossary-groups a", has_text=letter).first.tap()
        page.wait_for_url("**/glossary/?letter=*")
        entry = page.locator("#glossary-entries dt", has_text=word)
        expect(entry).to_be_visible()
        expect(page.locator("#glossary-entries dt", has_text=elsewhere)).to_have_count(0)
        expect(page.locator(".glossary-groups a[aria-current]")).to_have_text(letter)
        # The index is still there, above the words: another letter is one tap away.
        assert page.locator(".glossary-groups a").count() == links.count()
    finally:
        context.close()


def test_a_fragment_link_opens_the_heading_of_its_word(phone, site_url):
    """A gloss and a search hit link /ja/glossary/#term-N: the word's folded heading opens."""
    phone.goto(f"{site_url}/ja/glossary/")
    dt = phone.locator("#glossary-entries dt", has_text="統率者税")
    anchor = dt.get_attribute("id")
    expect(dt).to_be_hidden()
    phone.goto(f"{site_url}/ja/glossary/#{anchor}")
    expect(phone.locator(f"[id='{anchor}']")).to_be_visible()


WORDS = [("ja", "統率者税"), ("en", "Commander Tax"), ("ja", "トランプル")]


@pytest.mark.parametrize(("lang", "word"), WORDS)
def test_a_glossary_word_typed_in_the_header_box_gives_its_entry_first(phone, site_url, lang, word):
    """The real index: a query that is exactly a glossary headword (English or Japanese) lists its entry
    first, and the entry opens on the glossary page."""
    phone.goto(f"{site_url}/{lang}/")
    phone.locator("#site-q").fill(word)
    first = phone.locator("#site-search-results .quick-hits a").first
    expect(first).to_have_attribute("href", re.compile(rf"^/{lang}/glossary/#term-\d+$"))
    anchor = (first.get_attribute("href") or "").split("#", 1)[1]
    first.tap()
    phone.wait_for_url(f"**/{lang}/glossary/#{anchor}")
    expect(phone.locator(f"[id='{anchor}']")).to_be_visible()

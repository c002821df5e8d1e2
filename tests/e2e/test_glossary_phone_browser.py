"""The glossary on a phone (issue 42 item 6), at 390×844 and 844×390, in Japanese and English: the page is
under 10 screens (its headings folded), its index's links are thumb-sized and a letter loads its words, with
JavaScript (htmx swaps the list) and without (the link is a page); a fragment link to a word opens its
heading. A letter's page is at most 3 screens at 390×844 (its words in folded parts: と, "Co"), and the word
the reader chooses is two taps away: its part, then its headword."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, VIEWPORTS, phone_page, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

SCREENS = 10
THUMB = 44
#: A letter's page before the reader chooses a part, at 390×844.
LETTER_SCREENS = 3
#: The heading Commander Tax is under, its part there, and a word of another heading.
LETTERS = {"ja": ("た", "と", "統率者税", "飛行"), "en": ("C", "Co", "Commander Tax", "Flying")}


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("orientation", list(VIEWPORTS))
def test_glossary_fits_a_phone_and_a_letter_loads_its_words(
    phone_at, site_url, orientation, lang, javascript
):
    viewport = VIEWPORTS[orientation]
    page = phone_at(viewport=viewport, lang=lang, javascript=javascript)
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

    letter, part, word, elsewhere = LETTERS[lang]
    page.locator(".glossary-groups a", has_text=letter).first.tap()
    page.wait_for_url("**/glossary/?letter=*")
    _two_taps_to(page, part, word)
    expect(page.locator("#glossary-entries .glossary-word", has_text=elsewhere)).to_have_count(0)
    expect(page.locator(".glossary-groups a[aria-current]")).to_have_text(letter)
    # The index is still there, above the words: another letter is one tap away.
    assert page.locator(".glossary-groups a").count() == links.count()


def _two_taps_to(page, part: str, word: str) -> None:  # type: ignore[no-untyped-def]
    """On a letter's page: a tap on the word's part shows its headword, a tap on that its definition."""
    headword = page.locator("#glossary-entries .glossary-word > summary", has_text=word)
    expect(headword).to_be_hidden()  # folded until the reader chooses
    heading = page.locator("h3", has_text=re.compile(f"^{re.escape(part)}$"))
    page.locator("#glossary-entries .glossary-part > summary", has=heading).tap()
    expect(headword).to_be_visible()
    headword.tap()
    definition = headword.locator("xpath=..").locator("div[lang=en]")
    expect(definition).to_be_visible()
    expect(definition).to_be_in_viewport()


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_letters_page_is_a_few_screens_and_a_word_two_taps_away(browser, site_url, lang, javascript):
    """Every letter's page at 390×844 before the reader chooses: at most 3 screens, its parts folded and
    44 px to tap; then the word chosen is two taps away."""
    letter, part, word, _ = LETTERS[lang]
    with phone_page(browser, lang=lang, javascript=javascript) as page:
        page.goto(f"{site_url}/{lang}/glossary/")
        hrefs = [a.get_attribute("href") for a in page.locator(".glossary-groups a").all()]
        assert len(hrefs) >= 10
        for href in hrefs if not javascript else []:  # each letter a page of its own, as without JavaScript
            page.goto(f"{site_url}{href}")
            height = page.evaluate("document.documentElement.scrollHeight")
            assert height <= LETTER_SCREENS * PHONE["height"], f"{href}: {height} px"
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], href
            parts = page.locator("#glossary-entries .glossary-part > summary")
            assert parts.count() >= 1, href
            for box in parts.evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())"):
                assert box["height"] >= THUMB - 0.5, (href, box)
            expect(page.locator("#glossary-entries .glossary-word > summary").first).to_be_hidden()

        page.goto(f"{site_url}/{lang}/glossary/")
        page.locator(
            ".glossary-groups a", has_text=letter
        ).first.tap()  # with JavaScript, htmx swaps the list
        expect(page.locator(".glossary-groups a[aria-current]")).to_have_text(letter)
        height = page.evaluate("document.documentElement.scrollHeight")
        assert height <= LETTER_SCREENS * PHONE["height"], height
        screenshot(page, f"glossary-letter-{lang}-{'js' if javascript else 'no-js'}")
        _two_taps_to(page, part, word)
        screenshot(page, f"glossary-word-{lang}-{'js' if javascript else 'no-js'}")


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

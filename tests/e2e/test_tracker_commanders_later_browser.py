"""A Commander game started with the players' names alone, its commanders named later from the board
(issue 42 item 7): upright (390×844) and sideways (844×390), in Japanese and English.

The game starts with no commander typed; a seat's panel offers "add the commander"; once named, the seat's
tax shows in the table and the commander's damage column appears, and a cast raises the tax.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

VIEWPORTS = {"portrait": {"width": 390, "height": 844}, "landscape": {"width": 844, "height": 390}}
WORDS = {
    "ja": {"add": "統率者を追加", "partner": "共闘の統率者を追加", "names": ["たろう", "はなこ", "じろう"]},
    "en": {"add": "Add the commander", "partner": "Add the partner", "names": ["Taro", "Hanako", "Jiro"]},
}


def _open(page: Any, panel: str) -> None:
    """A seat's panel, unfolded (a board swapped in after a press may have folded it)."""
    if not page.locator(panel).evaluate("d => d.open"):
        # Set, not toggled: a click racing the board's swap (its poll keeps open panels open) could fold it.
        page.locator(panel).evaluate("d => { d.open = true; }")
    expect(page.locator(panel)).to_have_attribute("open", "")


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
def test_a_game_started_without_commanders_is_given_them_later(
    browser: Any, site_url: str, lang: str, orientation: str
) -> None:
    locale = "ja-JP" if lang == "ja" else "en-US"
    context = browser.new_context(
        viewport=VIEWPORTS[orientation], is_mobile=True, has_touch=True, locale=locale
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    words = WORDS[lang]
    page.goto(f"{site_url}/{lang}/tracker/?seats=3")
    page.select_option("#variant", "commander")
    for seat, name in enumerate(words["names"], 1):
        page.fill(f"#name-{seat}", name)
    page.locator("form.tracker-setup button[type=submit]").click()
    page.wait_for_url(re.compile(rf".*/{lang}/tracker/[A-Za-z0-9_-]{{8,32}}/$"))
    expect(page.locator(".table-view .life label").first).to_have_text("40")  # it started
    expect(page.locator(".table-view thead .cmd")).to_have_count(0)
    expect(page.locator(".tax-label")).to_have_count(0)

    _open(page, "#player-1")
    page.locator("#player-1 #name-cmd-1").fill("Kraum")
    page.locator("#player-1").get_by_role("button", name=words["add"], exact=True).click()
    expect(page.locator(".table-view thead .cmd")).to_have_count(1)  # its damage column
    expect(page.locator("#seat-1 .tax-label")).to_have_count(1)  # and its tax
    expect(page.locator("#seat-1 .taxes")).to_contain_text("0")

    _open(page, "#player-1")
    page.locator("#player-1 #name-cmd-1").fill("Tymna")
    page.locator("#player-1").get_by_role("button", name=words["partner"]).click()
    expect(page.locator(".table-view thead .cmd")).to_have_count(2)
    expect(page.locator("#player-1 .name-commander")).to_have_count(0)  # two: no room for a third

    _open(page, "#player-1")
    page.locator("#player-1 button.cast").first.click()
    expect(page.locator("#seat-1 .taxes")).to_contain_text("2")
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS[orientation]["width"]
    screenshot(page, f"tracker-commanders-later-{lang}-{orientation}")
    context.close()
    assert not errors, errors

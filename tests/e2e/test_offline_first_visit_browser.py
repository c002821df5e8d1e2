"""The first page a phone opens is kept (issue 42 item 1), at 390×844 and 844×390, in Japanese and English:
a friend opens a shared tracker link as their first visit to the site, presses once, loses the signal and
reloads: the game is there, with the press. The tracker's new-game form, never kept, opened offline is the
site's offline page in the reader's language with the site's header, not the browser's error.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import wait_controlled

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

VIEWPORTS = {"portrait": {"width": 390, "height": 844}, "landscape": {"width": 844, "height": 390}}
MISSING = {"ja": "このページはこの端末に保存されていません", "en": "This page was not saved on this phone"}


def _shared_game(browser: Any, site_url: str, lang: str) -> str:
    """A game started on another phone: its link, as shared."""
    context = browser.new_context(locale="ja-JP" if lang == "ja" else "en-US")
    page = context.new_page()
    page.goto(f"{site_url}/{lang}/tracker/?seats=2")
    page.select_option("#variant", "commander")
    page.fill("#name-1", "Aki")
    page.fill("#name-2", "Ben")
    page.locator("form.tracker-setup button[type=submit]").click()
    page.wait_for_url(re.compile(rf".*/{lang}/tracker/[A-Za-z0-9_-]{{8,32}}/$"))
    url = page.url
    context.close()
    return url


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
def test_a_shared_game_opened_first_reloads_offline(
    browser: Any, site_url: str, lang: str, orientation: str
) -> None:
    url = _shared_game(browser, site_url, lang)
    locale = "ja-JP" if lang == "ja" else "en-US"
    context = browser.new_context(
        viewport=VIEWPORTS[orientation], is_mobile=True, has_touch=True, locale=locale
    )
    phone = context.new_page()
    errors: list[str] = []
    phone.on("pageerror", lambda exc: errors.append(str(exc)))
    phone.goto(url)  # the phone's first page of the site
    wait_controlled(phone)
    expect(phone.locator("html")).to_have_attribute("data-game-kept", "0")  # kept when the worker came
    phone.locator("#player-1").evaluate("d => { d.open = true; }")
    phone.locator("#player-1 button[name=life][value='-5']").click()  # one press
    expect(phone.locator("#seat-1 td.life")).to_have_text("35")
    expect(phone.locator("html")).to_have_attribute("data-game-kept", "1")

    context.set_offline(True)
    phone.reload()
    expect(phone.locator("#seat-1 td.life")).to_have_text("35")
    expect(phone.locator("#board")).to_contain_text("Aki")
    assert phone.locator("html").get_attribute("data-offline-saved")

    # The new-game form was never kept: offline it is the site's page, in the reader's language.
    phone.goto(url.split("/tracker/")[0] + "/tracker/")
    expect(phone.locator("[data-offline-message], .offline-needs-network").first).to_contain_text(
        MISSING[lang]
    )
    assert phone.locator("html").get_attribute("lang") == lang
    expect(phone.locator(".site-nav")).to_have_count(1)
    context.close()
    assert not errors, errors

"""The leave-game page on a small screen (issue 34, item 5), at 390×844 in Japanese and English: the
who-leaves bar is one line (at most 64 px) that opens on a tap, a new player's button reads the name as it
is typed, and the page with four players stays within 2,200 px (2,100 before every control became at least
44 px tall and the page cited the MTR and the JAR on conceding, issues 42 and 39)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, screenshot
from tests.e2e.test_leave_game_browser import assert_fits_the_phone

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

MAX_BAR = 64
MAX_PAGE = 2200
LEAVES = {"ja": "{name} がゲームから離れる", "en": "{name} leaves the game"}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_bar_the_new_players_button_and_the_pages_length(phone, site_url, lang):  # type: ignore[no-untyped-def]
    phone.goto(f"{site_url}/{lang}/leave-game/")
    bar = phone.locator("details.lg-leave")
    box = bar.bounding_box()
    assert box is not None and box["height"] <= MAX_BAR  # folded: one line at the bottom of the screen
    assert box["y"] + box["height"] <= PHONE["height"]
    assert bar.evaluate("e => getComputedStyle(e).position") == "sticky"
    expect(bar.locator("button.lg-resolve").first).to_be_hidden()

    # A fourth player: the button reads the name as soon as it is typed, before any update.
    phone.locator("button[value=add-player]").click()
    expect(phone.locator("li.lg-player")).to_have_count(4)
    phone.locator("input[name=player-3-name]").fill("Dana")
    bar.locator("summary").click()  # a tap opens the bar
    expect(bar).to_have_attribute("open", "")
    expect(bar.locator("button.lg-resolve[value=resolve-3]")).to_have_text(LEAVES[lang].format(name="Dana"))
    opened = bar.bounding_box()
    assert opened is not None and opened["height"] <= 0.45 * PHONE["height"] + 1
    screenshot(phone, f"leave-game-small-screen-{lang}")
    bar.locator("summary").click()
    expect(bar).not_to_have_attribute("open", "")

    height = phone.evaluate("document.documentElement.scrollHeight")
    assert height <= MAX_PAGE, height
    assert_fits_the_phone(phone)

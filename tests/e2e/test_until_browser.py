"""Cards exiled "until" an event on the leave-game page at 390×844, in Japanese and English (issue 32): the
quick entry and the full board editor take one, and the resolution returns the card (610.3); the worked
rulings' title follows the step (issue 34)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, screenshot
from tests.e2e.test_leave_game_browser import TEXTS, assert_fits_the_phone, open_the_bar

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

UNTIL = {
    "ja": {"priest": "追放する僧侶", "atraxa": "法務官の声、アトラクサ", "battlefield": "戦場"},
    "en": {"priest": "Banisher Priest", "atraxa": "Atraxa, Praetors' Voice", "battlefield": "battlefield"},
}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_quick_entry_and_board_editor_take_an_until_exile_on_a_phone(phone, site_url, lang):  # type: ignore[no-untyped-def]
    """Alex's Banisher Priest exiled Bianca's commander; Alex leaves: the commander comes back at once, under
    Bianca's control (610.3, 610.3c)."""
    text, until = TEXTS[lang], UNTIL[lang]
    phone.goto(f"{site_url}/{lang}/leave-game/")
    form = phone.locator("form.lg-form")
    quick = form.locator("details.lg-quick-until")
    quick.locator("summary").click()
    quick.locator("select[name=until_by]").select_option(text["alex"])
    quick.locator("input[name=until_card]").fill(until["priest"])
    quick.locator("select[name=until_how]").select_option("until")
    quick.locator("select[name=until_owner]").select_option(text["bianca"])
    quick.locator("input[name=until_target]").fill(until["atraxa"])
    quick.locator("input[name=until_commander]").check()
    assert_fits_the_phone(phone)
    quick.locator("button[value=quick-until]").click()
    expect(phone.locator("li.lg-object")).to_have_count(4)  # the board came back with both cards (htmx)
    expect(phone.locator("li.lg-object").nth(3).locator("h3")).to_contain_text(until["atraxa"])

    # The full board editor shows the exile as a row of its own, every field a reader's word.
    phone.locator("details.lg-full > summary").click()
    row = phone.locator("li.lg-until-row")
    expect(row).to_have_count(1)
    expect(row.locator("select[name=unt-0-how]")).to_have_value("until")
    expect(row.locator("select[name=unt-0-ends]")).to_have_value("source-leaves")
    expect(row.locator("input[name=unt-0-objects]")).to_have_value("object-4")
    # A second one typed in the editor: the older wording's trigger, for the griffin's Aura's owner.
    phone.locator("button[value=add-until]").click()
    second = phone.locator("li.lg-until-row").nth(1)
    expect(second).to_be_visible()
    second.locator("select[name=unt-1-how]").select_option("trigger")
    assert_fits_the_phone(phone)
    screenshot(phone, f"leave-game-until-phone-{lang}")
    phone.locator("button[value=remove-until-1]").click()
    expect(phone.locator("li.lg-until-row")).to_have_count(1)

    open_the_bar(phone)
    leave = phone.locator("button.lg-resolve[value=resolve-0]")
    box = leave.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"]
    leave.click()
    result = phone.locator("#lg-result")
    expect(result).to_contain_text("610.3")
    atraxa = result.locator("li.lg-changed", has_text=until["atraxa"])
    expect(atraxa.locator(".lg-zone")).to_have_text(f"{until['battlefield']} · {text['bianca']}")
    expect(result).to_contain_text("903.9a")
    assert_fits_the_phone(phone)
    screenshot(phone, f"leave-game-until-resolved-phone-{lang}")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_page_title_follows_the_step(phone, site_url, lang):  # type: ignore[no-untyped-def]
    start = "開始" if lang == "ja" else "Start"
    slug = "monarch-and-initiative-holder-leaves"
    phone.goto(f"{site_url}/{lang}/scenarios/{slug}/")
    phone.wait_for_url(f"**/{slug}/0/")
    expect(phone).to_have_title(re.compile(rf"\({start}\)"))
    phone.locator(".sc-pager-top a[rel=next]").click()  # an htmx swap
    phone.wait_for_url(f"**/{slug}/1/")
    expect(phone).to_have_title(re.compile(r"\(1/4\)"))
    expect(phone.locator(".sc-pager-top a[rel=next]")).to_have_attribute("href", re.compile(r"/2/$"))
    phone.locator(".sc-pager-top a[rel=next]").click()
    expect(phone).to_have_title(re.compile(r"\(2/4\)"))

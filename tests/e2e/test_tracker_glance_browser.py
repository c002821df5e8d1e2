"""The tracker at a glance (issue 34 item 4), upright (390×844) and sideways (844×390), in both languages.

Every number on the board says what it is (the commander tax under each name is labelled); upright with four
players the keypad is on the first screen; its keys are a thumb's press (44 px) tall; the turn bar never lies
over a row of the table, however far the page is scrolled; the new-game form asks for the variant first
and shows only the fields that variant uses, its start button within two screens; without script the
variant links load the same form.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.test_tracker_landscape_browser import LANDSCAPE, PORTRAIT, PRESS, _outside, _phone, _start_game

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

TAX = {"ja": "統率者税", "en": "Commander tax"}


def _box(page: Any, selector: str) -> dict[str, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_upright_every_number_is_labelled_and_the_keypad_is_on_the_first_screen(browser, site_url, lang):  # type: ignore[no-untyped-def]
    page = _phone(browser, PORTRAIT, lang)
    _start_game(page, site_url, lang, 4)
    page.evaluate("window.scrollTo(0, 0)")
    # The grey number under each name is the commander tax, and says so.
    for seat in range(4):
        expect(page.locator(f"#seat-{seat} .taxes .tax-label")).to_have_text(TAX[lang])
    # Each column of numbers has its head: life, poison, each commander's damage.
    heads = page.locator(".table-view thead th")
    expect(heads).to_have_count(3 + 4)
    for i in range(7):
        assert heads.nth(i).inner_text().strip(), i
    # The keypad, its keys and its presses, all on the first screen; every key 44 px tall at least.
    outside: list[str] = []
    for press in ("#kp-digits", "button.minus", "button.plus", ".keys button", ".keypad-target label"):
        outside += _outside(page, press, PORTRAIT)
    assert not outside, outside
    keys = page.locator(".keys button").all()
    for key in [*keys, page.locator("button.minus"), page.locator("button.plus")]:
        box = key.bounding_box()
        assert box is not None and box["height"] >= PRESS, box
    # Scrolled a little at a time, the turn bar never lies over a row of the table.
    for y in range(0, 700, 35):
        page.evaluate(f"window.scrollTo(0, {y})")
        bar = _box(page, ".turn-bar")
        for row in page.locator(".table-view tbody tr").all():
            box = row.bounding_box()
            assert box is not None
            covered = box["y"] < bar["y"] + bar["height"] and box["y"] + box["height"] > bar["y"]
            assert not covered, (y, bar, box)
    # A seat's panel is one form: Enter in its "casts so far" box submits nothing (not the form's first
    # button, −5 life); its Set button sets the casts.
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("#player-0 > summary").click()
    page.locator("#player-0 .corrections > summary").first.click()
    casts = page.locator("#casts-0-0")
    casts.fill("2")
    casts.press("Enter")
    page.locator("#player-0 button[name='set-commander-casts']").first.click()
    expect(page.locator("#board")).to_have_attribute("data-revision", "1")
    expect(page.locator("#seat-0 td.life")).to_have_text("40")
    expect(page.locator("#player-0 .commander .tax").first).to_contain_text("4")
    assert not page.js_errors, page.js_errors


@pytest.mark.parametrize("viewport", [PORTRAIT, LANDSCAPE], ids=["upright", "sideways"])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_new_game_form_asks_for_the_variant_first(browser, site_url, lang, viewport):  # type: ignore[no-untyped-def]
    page = _phone(browser, viewport, lang)
    page.goto(f"{site_url}/{lang}/tracker/")
    # The variant comes before the seats; Commander (the default) asks for names and commanders, no teams.
    assert _box(page, ".variant-step")["y"] < _box(page, ".seats")["y"]
    expect(page.locator("#commander-1")).to_be_visible()
    expect(page.locator("#team-1")).to_be_hidden()
    expect(page.locator(".seats > li")).to_have_count(4)
    # Its start button within two screens upright (three sideways, where a screen is 390 px tall).
    start = _box(page, "form.tracker-setup button[type=submit]")
    screens = 2 if viewport is PORTRAIT else 3
    assert start["y"] + start["height"] <= screens * viewport["height"], start
    # Two-Headed Giant: two teams, no commander boxes (the variant box, with script).
    page.select_option("#variant", "two-headed-giant")
    expect(page.locator("#team-1")).to_be_visible()
    expect(page.locator("#commander-1")).to_be_hidden()
    expect(page.locator("#planechase")).to_be_visible()
    page.select_option("#variant", "planechase")
    expect(page.locator("#planechase")).to_be_hidden()
    expect(page.locator("#team-1")).to_be_hidden()
    assert not page.js_errors, page.js_errors


def test_without_script_the_variant_links_load_its_form(browser, site_url):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=PORTRAIT, java_script_enabled=False, locale="ja-JP")
    page = context.new_page()
    page.goto(f"{site_url}/ja/tracker/")
    page.locator(".variant-step a", has_text="双頭巨人戦").click()
    expect(page.locator("#team-1")).to_be_visible()
    expect(page.locator("#commander-1")).to_be_hidden()
    for seat, name in enumerate(["Alex", "Bianca", "Carol", "大輔"], 1):
        page.fill(f"#name-{seat}", name)
        page.select_option(f"#team-{seat}", "1" if seat <= 2 else "2")
    page.locator("form.tracker-setup button[type=submit]").click()
    expect(page.locator(".table-view tbody tr")).to_have_count(4)
    expect(page.locator("h1.tracker-title")).to_contain_text("双頭巨人戦")
    context.close()

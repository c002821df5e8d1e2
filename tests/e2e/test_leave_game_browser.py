"""The leave-game board and the worked rulings in a real browser, at phone width, in Japanese and English."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, screenshot

# The strict CSP forbids eval in the page, so waits use expect(), never wait_for_function("...").
pytestmark = [pytest.mark.browser, pytest.mark.corpus]

# Elements that scroll sideways inside the page: a table or a box cut off at the phone's edge.
CUT_OFF = """() => [...document.querySelectorAll('main *')]
    .filter(e => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible'
                 && !e.classList.contains('visually-hidden'))
    .map(e => e.tagName + '.' + e.className)"""
OPEN_ALL = "() => document.querySelectorAll('main details').forEach(d => d.open = true)"


def assert_fits_the_phone(page) -> None:  # type: ignore[no-untyped-def]
    page.evaluate(OPEN_ALL)  # what a tap opens must fit too
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate(CUT_OFF) == []
    assert page.locator("main table").count() == 0


def open_the_bar(page) -> None:  # type: ignore[no-untyped-def]
    """The who-leaves bar is one line at the bottom of the screen; a tap opens its buttons (issue 34)."""
    bar = page.locator("details.lg-leave")
    if bar.get_attribute("open") is None:
        bar.locator("summary").click()
    expect(bar).to_have_attribute("open", "")


TEXTS = {
    "ja": {
        "griffin": "《突撃するグリフィン》",
        "start": "開始時の盤面",
        "step2": "手順 2 / 2",
        "next": "次へ",
        "changed": "変わったこと",
        "gone": "ゲームから離れた",
        "monarch": "統治者",
        "initiative": "イニシアチブ",
        "remove_griffin": "《突撃するグリフィン》を削除",
        # The presets' players, named as the worked rulings' Japanese stories name them.
        "alex": "アレックス",
        "bianca": "ビアンカ",
        "carol": "キャロル",
    },
    "en": {
        "griffin": "Assault Griffin",
        "start": "The position at the start",
        "step2": "Step 2 of 2",
        "next": "Next",
        "changed": "What changed",
        "gone": "left the game",
        "monarch": "The monarch",
        "initiative": "The initiative",
        "remove_griffin": "Remove Assault Griffin",
        "alex": "Alex",
        "bianca": "Bianca",
        "carol": "Carol",
    },
}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_step_through_a_worked_ruling_on_a_phone(phone, site_url, lang):  # type: ignore[no-untyped-def]
    text = TEXTS[lang]
    phone.goto(f"{site_url}/{lang}/scenarios/")
    assert_fits_the_phone(phone)
    phone.locator("a.sc-title[href*='/scenarios/mind-control-bianca-leaves/']").click()
    # The ruling opens on its start position, the board before anything happens.
    phone.wait_for_url(f"**/{lang}/scenarios/mind-control-bianca-leaves/0/")
    expect(phone.locator("#sc-step-title")).to_have_text(text["start"])
    expect(phone.locator(".sc-now .bd-player").first).to_contain_text(text["griffin"])
    # Previous / next sit at the top: on the first screen, without scrolling.
    top_next = phone.locator(".sc-pager-top a[rel=next]")
    assert top_next.bounding_box()["y"] + top_next.bounding_box()["height"] <= PHONE["height"]
    assert_fits_the_phone(phone)
    screenshot(phone, f"scenario-start-phone-{lang}")

    # Next is an htmx swap that still changes the address, so every step has a shareable URL.
    top_next.click()
    phone.wait_for_url("**/mind-control-bianca-leaves/1/")
    expect(phone.locator(".sc-change")).to_contain_text(text["changed"])
    # The address changes before the swap lands: wait for step 1's own next link, or the click goes to step 1
    # again.
    expect(phone.locator(".sc-pager-top a[rel=next]")).to_have_attribute("href", re.compile(r"/2/$"))
    phone.locator(".sc-pager-top a[rel=next]").click()
    phone.wait_for_url("**/mind-control-bianca-leaves/2/")
    expect(phone.locator("#sc-step-title")).to_have_text(text["step2"])
    after = phone.locator(".sc-after")
    expect(after.locator("li.lg-gone").first).to_contain_text(text["griffin"])
    expect(after.locator("li.lg-gone").first).to_contain_text(text["gone"])
    # Names, never ids.
    body = phone.locator("main").inner_text()
    assert "assault-griffin" not in body and "mind-control-effect" not in body
    # Every cited rule one tap away, its text in place (a <details>, no script needed).
    rule = phone.locator(".sc-cited details.sc-rule").first
    rule.locator("summary").click()
    expect(rule).to_have_attribute("open", "")
    assert len(rule.locator(".sc-rule-text").inner_text()) > 40
    assert_fits_the_phone(phone)
    screenshot(phone, f"scenario-step-phone-{lang}")

    phone.go_back()
    phone.wait_for_url("**/mind-control-bianca-leaves/1/")
    phone.locator(".sc-pager-bottom a[rel=prev]").click()
    phone.wait_for_url("**/mind-control-bianca-leaves/0/")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_build_and_resolve_a_board_on_a_phone(phone, site_url, lang):  # type: ignore[no-untyped-def]
    """The default board (Mind Control), made into one the rules of issue 13 need: Alex is the monarch and
    will
    control Carol's next turn (Mindslaver); Alex leaves on his own turn."""
    text = TEXTS[lang]
    phone.goto(f"{site_url}/{lang}/leave-game/")
    form = phone.locator("form.lg-form")
    expect(form.locator("li.lg-object h3").first).to_have_text(text["griffin"])  # rows named by their object
    expect(form.locator("button.lg-remove", has_text=text["remove_griffin"])).to_have_count(1)
    # The monarch and control of a player are in the full board editor, one tap away.
    expect(form.locator("select[name=monarch]")).to_be_hidden()
    form.locator("details.lg-full > summary").click()
    form.locator("select[name=monarch]").select_option("0")  # Alex

    form.locator("button[value=add-control]").click()
    row = phone.locator("li.lg-control")
    expect(row).to_have_count(1)  # the board came back with the new row (htmx swap)
    row.locator("select[name=pc-0-controller]").select_option(text["alex"])
    row.locator("select[name=pc-0-player]").select_option(text["carol"])
    row.locator("input[name=pc-0-pending]").check()
    row.locator("input[name=pc-0-name]").fill("Mindslaver")
    row.locator("input[name=pc-0-name_ja]").fill("精神隷属器")
    phone.locator("form.lg-form .lg-full button.lg-update").click()
    expect(phone.locator("li.lg-control h3")).to_contain_text(text["carol"])
    assert_fits_the_phone(phone)
    screenshot(phone, f"leave-game-built-phone-{lang}")

    open_the_bar(phone)
    phone.locator("button.lg-resolve[value=resolve-0]").click()
    result = phone.locator("#lg-result")
    expect(result).to_contain_text("800.4a")
    expect(result.locator("a[href*='/rules/800.4a/']").first).to_be_visible()
    facts = result.locator(".lg-outcome .lg-facts")
    expect(facts).to_contain_text(re.compile(rf"{text['monarch']}\s*{text['alex']} → {text['bianca']}"))
    griffin = result.locator("li.lg-changed", has_text=text["griffin"])
    expect(griffin.locator(".lg-zone")).to_contain_text(text["bianca"])
    assert "722" in result.inner_text() or "800.4a" in result.inner_text()
    assert_fits_the_phone(phone)
    screenshot(phone, f"leave-game-resolved-phone-{lang}")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_load_a_duel_masters_example_and_its_team_loses(phone, site_url, lang):  # type: ignore[no-untyped-def]
    phone.goto(f"{site_url}/{lang}/leave-game/")
    phone.select_option("#lg-preset", "dtc")
    phone.locator("form.lg-preset button[type=submit]").click()
    # Wait for the swapped board itself: the select shows the preset before the swap lands.
    phone.wait_for_url("**preset=dtc*")
    lose = phone.locator("button.lg-resolve[value=lose-0]")
    expect(lose).to_have_count(1)  # Duel Masters has no leaving the game: a team loses
    open_the_bar(phone)
    expect(phone.locator("button[value=end-turn]")).to_have_count(0)
    lose.click()
    result = phone.locator("#lg-result")
    expect(result.locator(".lg-game-over")).to_be_visible()
    expect(result.locator(".lg-facts")).to_contain_text(TEXTS[lang]["alex"])
    expect(result.locator("a[href*='/docs/dtc/']").first).to_be_visible()
    assert "dtc:" not in result.inner_text()
    assert_fits_the_phone(phone)
    screenshot(phone, f"leave-game-dtc-phone-{lang}")


QUICK = {
    "ja": {"card": "反逆の行動", "creature": "セラの天使", "battlefield": "戦場"},
    "en": {"card": "Act of Treason", "creature": "Serra Angel", "battlefield": "battlefield"},
}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_quick_entry_then_who_leaves_on_a_phone(phone, site_url, lang):  # type: ignore[no-untyped-def]
    """Issue 25, item 4: who plays first, a quick line for the object in question, and the who-leaves
    buttons on the screen without scrolling. Carol takes Alex's creature until end of turn, then leaves:
    the control effect ends with her and the creature goes back to Alex (800.4a)."""
    text, quick = TEXTS[lang], QUICK[lang]
    phone.goto(f"{site_url}/{lang}/leave-game/")
    form = phone.locator("form.lg-form")
    # What the players know comes first: the players, then the objects; the rest is folded away.
    assert (
        form.locator("fieldset.lg-players").bounding_box()["y"]
        < form.locator("fieldset.lg-objects").bounding_box()["y"]
    )
    expect(form.locator("details.lg-full")).not_to_have_attribute("open", "")
    form.locator("details.lg-quick-control > summary").click()  # folded, one tap away (issue 34)
    form.locator("select[name=quick_by]").select_option(text["carol"])
    form.locator("input[name=quick_card]").fill(quick["card"])
    form.locator("select[name=quick_how]").select_option("end-of-turn")
    form.locator("select[name=quick_owner]").select_option(text["alex"])
    form.locator("input[name=quick_target]").fill(quick["creature"])
    form.locator("button[value=quick-control]").click()
    expect(phone.locator("li.lg-object")).to_have_count(3)  # the board came back with the creature (htmx)
    expect(phone.locator("li.lg-object").nth(2).locator("h3")).to_contain_text(quick["creature"])
    # The who-leaves bar sits at the bottom of the screen, one line; a tap opens it and Carol's button is in
    # view without scrolling.
    open_the_bar(phone)
    leave = phone.locator("button.lg-resolve[value=resolve-2]")
    expect(leave).to_contain_text(text["carol"])
    box = leave.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    assert phone.locator("details.lg-leave").evaluate("e => getComputedStyle(e).position") == "sticky"
    assert_fits_the_phone(phone)
    screenshot(phone, f"leave-game-quick-entry-phone-{lang}")

    leave.click()
    result = phone.locator("#lg-result")
    expect(result).to_contain_text("800.4a")
    angel = result.locator("li.lg-changed", has_text=quick["creature"])
    expect(angel.locator(".lg-zone")).to_have_text(f"{quick['battlefield']} · {text['alex']}")
    expect(angel.locator(".lg-move")).to_contain_text(f"{quick['battlefield']} · {text['carol']}")
    # Alex's own Mind Control and the griffin it took are untouched.
    expect(result.locator("li.lg-same")).to_have_count(2)
    assert_fits_the_phone(phone)
    screenshot(phone, f"leave-game-quick-resolved-phone-{lang}")

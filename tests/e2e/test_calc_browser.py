"""The calculators in a real browser at phone width (390×844), in Japanese and English, with and without
JavaScript: the tax answer on the first screen, commander damage by tapping, deck checks."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, screenshot

# The strict CSP forbids eval in the page, so waits use expect(), never wait_for_function("...").
pytestmark = [pytest.mark.browser, pytest.mark.corpus]

TEXTS = {
    "ja": {
        "calculate": "計算する",
        "dtc": "DTC",
        "loses": "の敗北",
        "team": "チーム2（プレイヤー3 / プレイヤー4）の敗北",
        "legal": "適正",
        "empty": "デッキ：カードがありません。",
    },
    "en": {
        "calculate": "Calculate",
        "dtc": "DTC",
        "loses": "loses:",
        "team": "Team 2 (Player 3 / Player 4) loses",
        "legal": "Legal",
        "empty": "Deck: no cards.",
    },
}


@pytest.fixture()
def phone_page(browser, request):  # type: ignore[no-untyped-def]
    """A phone (390×844, touch) in the test's language, with JavaScript unless the test says otherwise."""
    lang, javascript = request.param
    context = browser.new_context(
        viewport=PHONE,
        is_mobile=True,
        has_touch=True,
        java_script_enabled=javascript,
        locale="ja-JP" if lang == "ja" else "en-US",
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page, lang, javascript
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def on_first_screen(page, selector: str) -> None:  # type: ignore[no-untyped-def]
    """``selector`` is visible on the phone's first screen: the page is not scrolled and the element ends
    above
    the bottom of the viewport."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None
    assert page.evaluate("window.scrollY") == 0
    assert box["y"] + box["height"] <= PHONE["height"], box
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


BOTH = [("ja", True), ("en", True), ("ja", False), ("en", False)]
IDS = ["ja", "en", "ja-nojs", "en-nojs"]


@pytest.mark.parametrize("phone_page", BOTH, ids=IDS, indirect=True)
def test_commander_tax_answer_on_the_first_screen(phone_page, site_url):  # type: ignore[no-untyped-def]
    page, lang, javascript = phone_page
    page.goto(f"{site_url}/{lang}/calc/tax/")
    page.fill("#tax-mana-cost", "3GG")
    page.fill("#tax-previous", "2")
    page.select_option("#tax-cast-from", "command-zone")
    page.fill("#tax-reduction", "1")
    page.get_by_role("button", name=TEXTS[lang]["calculate"]).click()
    # Drawn as mana symbols, each named for a screen reader (「不特定マナ6」 / "6 generic mana").
    answer = page.locator("#result .answer")
    expect(answer).to_have_text("6GG")
    generic = "不特定マナ6" if lang.startswith("ja") else "6 generic mana"
    expect(answer.get_by_role("img", name=generic)).to_be_visible()
    # The result's URL is shareable: htmx pushed the query, or the form's GET put it there.
    expect(page).to_have_url(
        f"{site_url}/{lang}/calc/tax/?variant=commander&mana_cost=3GG&previous_casts=2"
        "&cast_from=command-zone&reduction=1"
    )
    on_first_screen(page, "#result .answer")
    assert page.locator(f"#result a[href='/{lang}/rules/903.8/']").count() >= 1
    screenshot(page, f"calc-tax-{lang}{'' if javascript else '-nojs'}")

    # Cast from the hand: no tax (903.8); a coloured reduction typed as mana (118.7).
    page.select_option("#tax-cast-from", "hand")
    page.fill("#tax-reduction", "{G}")
    page.get_by_role("button", name=TEXTS[lang]["calculate"]).click()
    expect(page.locator("#result .answer")).to_have_text("3G")  # {3}{G}, drawn as mana symbols
    on_first_screen(page, "#result .answer")

    # The format switch shows only the DTC fields.
    page.get_by_role("link", name=TEXTS[lang]["dtc"], exact=True).click()
    expect(page.locator("#tax-cost")).to_be_visible()
    expect(page.locator("#tax-mana-cost")).to_have_count(0)
    expect(page).to_have_url(f"{site_url}/{lang}/calc/tax/?variant=dtc")
    page.fill("#tax-cost", "6")
    page.fill("#tax-reduction", "5")
    page.fill("#tax-play", "3")
    page.get_by_role("button", name=TEXTS[lang]["calculate"]).click()
    # The DTC document's example: cost 1 after reductions, third play: 1 + 2 × (3 − 1) = 5.
    expect(page.locator("#result .answer")).to_have_text("5")
    on_first_screen(page, "#result .answer")
    screenshot(page, f"calc-tax-dtc-{lang}{'' if javascript else '-nojs'}")


@pytest.mark.parametrize("phone_page", BOTH, ids=IDS, indirect=True)
def test_commander_damage_by_tapping(phone_page, site_url):  # type: ignore[no-untyped-def]
    page, lang, javascript = phone_page
    page.goto(f"{site_url}/{lang}/calc/commander-damage/")
    page.fill("input[name=name1]", "Alex" if lang == "en" else "アレックス")
    page.fill("input[name=cmdr1]", "Rafiq" if lang == "en" else "ラフィーク")
    page.fill("input[name=partner3]", "Tymna")
    page.locator("input[name=partner3]").press("Enter")  # updates the table; it never taps
    expect(page.locator(".damage-grid thead th")).to_have_count(6)  # a corner and five commanders
    plus = page.locator("button[name=tap][value='up:d1a_2']")
    for _ in range(3):  # quick taps: none is lost
        plus.click()
    expect(page.locator("input[name=d1a_2]")).to_have_value("3")
    # The table answers the tap before typing goes on: an answer landing later would redraw the table.
    with page.expect_response(lambda r: "/calc/commander-damage/" in r.url and "d1a_2=2" in r.url):
        page.locator("button[name=tap][value='down:d1a_2']").click()
    expect(page.locator("input[name=d1a_2]")).to_have_value("2")
    # 21 typed into the cell of the partner Tymna and player 1.
    page.fill("input[name=d3b_1]", "21")
    page.locator("input[name=d3b_1]").press("Enter")
    loss = page.locator("#result .answer.lost")
    expect(loss).to_contain_text(TEXTS[lang]["loses"])
    expect(loss).to_contain_text("Tymna")
    expect(page.locator("td.cell.lost input[name=d3b_1]")).to_have_value("21")
    assert "d3b_1=21" in page.url and "tap=" not in page.url  # a reload taps nothing
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, f"calc-damage-{lang}{'' if javascript else '-nojs'}")

    # Two-Headed Giant: players 3 and 4 are a team, and player 4's loss is theirs too (810.8a).
    page.goto(f"{site_url}/{lang}/calc/commander-damage/?seats=4&thg=1&d1a_4=20")
    page.locator("button[name=tap][value='up:d1a_4']").click()
    expect(page.locator("#result")).to_contain_text(TEXTS[lang]["team"])
    expect(page.locator(f"#result a[href='/{lang}/rules/810.8a/']")).to_have_count(1)
    screenshot(page, f"calc-damage-2hg-{lang}{'' if javascript else '-nojs'}")


@pytest.mark.parametrize(
    "phone_page", [("ja", True), ("en", True), ("ja", False)], ids=["ja", "en", "ja-nojs"], indirect=True
)
def test_deck_checks(phone_page, site_url):  # type: ignore[no-untyped-def]
    page, lang, javascript = phone_page
    page.goto(f"{site_url}/{lang}/calc/deck-check/")
    page.select_option("#deck-variant", "commander")
    page.fill(
        "#deck-list",
        "統率者\n1 Kenrith, the Returned King\nデッキ\n1 《繁殖池》\n1 砕骨の巨人\n1 Sol Ring\n96 Plains",
    )
    page.locator("form.calc-form button[type=submit]").click()
    expect(page.locator("#result .answer.legal")).to_have_text(TEXTS[lang]["legal"])
    screenshot(page, f"calc-deck-{lang}{'' if javascript else '-nojs'}")

    # An empty Duel Masters deck is told what to paste, in the reader's language.
    page.select_option("#deck-variant", "dtc")
    page.fill("#deck-list", "")
    page.locator("form.calc-form button[type=submit]").click()
    expect(page.locator("#result .errorlist")).to_contain_text(TEXTS[lang]["empty"])

    deck = ["統率者", "1 ボルシャック・ドラゴン | 火 | SR | クリーチャー", "デッキ"]
    deck += [f"火のカード{i} | 火 | C | 呪文" for i in range(58)] + ["火のカード0 | 火 | C | 呪文"]
    page.fill("#deck-list", "\n".join(deck))
    page.locator("form.calc-form button[type=submit]").click()
    expect(page.locator("#result .answer.not-legal")).to_be_visible()
    expect(page.locator("#result .problems")).to_contain_text("火のカード0")
    expect(page.locator(f"#result .problems a[href='/{lang}/docs/dtc/#deck-basics']")).to_have_count(1)
    screenshot(page, f"calc-deck-dtc-{lang}{'' if javascript else '-nojs'}")

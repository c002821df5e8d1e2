"""Colour identity offline, at 390×844 and 844×390 (issue 34 item 2): on a kept colour identity page with no
connection, a card typed off its face (Japanese colour words, {緑/白}) is answered on the phone with the
engine's identity and steps in Japanese; a card name alone keeps its input and says in one line that it needs
the connection, or the printed fields; back online the server answers it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import VIEWPORTS, open_offline

pytestmark = [pytest.mark.browser, pytest.mark.corpus]


@pytest.mark.parametrize("orientation", sorted(VIEWPORTS, reverse=True))
def test_colour_identity_of_a_printed_card_is_worked_out_offline(phone_at, site_url, orientation) -> None:  # type: ignore[no-untyped-def]
    page = phone_at(viewport=VIEWPORTS[orientation])
    open_offline(page, site_url, "/ja/calc/color-identity/")
    page.fill("#identity-card-name", "Knight of the Reliquary")
    page.fill("#identity-card-cost", "1緑白")
    page.fill("#identity-card-type", "Creature — Human Knight")
    page.fill("#identity-card-text", "{T}：｛緑/白｝を加える。")
    submit = page.locator("form.calc-form button[type=submit]")
    submit.click()
    expect(page.locator("#result .offline-computed")).to_be_visible()
    expect(page.locator("#result .card-name")).to_have_text("Knight of the Reliquary")
    expect(page.locator("#result .pips abbr")).to_have_text(["W", "G"])
    steps = page.locator("#result .calc-steps")
    card = "《Knight of the Reliquary》"
    # {G} and the hybrid {G/W} drawn as the site draws them (their text "G", "G/W"; their names 緑マナ,
    # 緑マナか白マナ（混成）), never typed.
    expect(steps.locator(".mana-symbol.pip-G").first).to_have_attribute("aria-label", "緑マナ")
    hybrid = steps.locator(".mana-symbol.pip-H").first
    expect(hybrid).to_have_attribute("aria-label", "緑マナか白マナ（混成）")
    expect(steps).to_contain_text(f"{card}のマナ・コストの G で 緑 が加わります")
    expect(steps).to_contain_text(f"{card}のルール・テキストの G/W で 白・緑 が加わります")
    expect(steps).to_contain_text(f"{card}の固有色：白緑")
    # A cost that can't be read: the engine's problem, the fields as typed.
    page.fill("#identity-card-cost", "1QQ")
    submit.click()
    problem = "マナ・コスト：{Q} はマナ・シンボルではありません。"
    expect(page.locator("#result .error")).to_contain_text(problem)
    expect(page.locator("#identity-card-cost")).to_have_value("1QQ")

    # A card name alone needs the card data: the input stays, one line says so and offers the printed fields.
    for field in ("#identity-card-name", "#identity-card-cost", "#identity-card-type", "#identity-card-text"):
        page.fill(field, "")
    page.fill("#identity-names", "Sol Ring")
    submit.click()
    wait = page.locator("form.calc-form .offline-wait")
    expect(wait).to_contain_text("ネットワーク接続が必要です。")
    expect(wait).to_contain_text("カードに印刷されている内容")
    expect(page.locator("#identity-names")).to_have_value("Sol Ring")

    page.context.set_offline(False)
    expect(wait).to_have_count(0)
    # The server's answer, from its card data.
    expect(page.locator("#result .card-name")).to_have_text("《太陽の指輪》")
    expect(page.locator("#result .offline-computed")).to_have_count(0)

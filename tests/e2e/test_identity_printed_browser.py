"""Colour identity of a card typed off its face (issue 34 item 6), on a phone at 390×844 in Japanese: the
printed fields sit on the page, the JSON box folded away as an advanced option; the Japanese colour words and
a hybrid symbol are read, and the answer comes with htmx in place. (The server of the browser tests has card
data; the page without it is tested in tests/calc/test_views_identity.py.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.corpus]


def test_a_card_typed_off_its_face_on_a_phone(phone, site_url) -> None:  # type: ignore[no-untyped-def]
    phone.goto(f"{site_url}/ja/calc/color-identity/")
    expect(phone.locator("#identity-printed legend")).to_have_text("またはカードに印刷されている内容を入力")
    expect(phone.locator("#identity-json")).to_be_hidden()  # folded: an advanced option
    phone.fill("#identity-card-name", "テスト・カード")
    phone.fill("#identity-card-cost", "2緑")
    phone.fill("#identity-card-type", "クリーチャー — エルフ")
    phone.fill("#identity-card-text", "{緑/白}：このターン、+1/+1 の修整を受ける。")
    phone.locator("form.calc-form button[type=submit]").click()
    card = phone.locator("#result .identity-card")
    expect(card).to_have_count(1)
    expect(card.locator(".card-line .pip-W")).to_have_count(
        1
    )  # the identity line (the steps show symbols too)
    expect(card.locator(".card-line .pip-G")).to_have_count(1)
    expect(card.locator(".card-line .pip")).to_have_count(2)
    expect(phone.locator("#identity-card-cost")).to_have_value("2緑")  # the fields stay as typed
    box = phone.locator("#identity-printed").bounding_box()
    assert box is not None and box["width"] <= 390

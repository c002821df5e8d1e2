"""Japanese documents in a real browser at phone width: their facts, lists and card text, in Japanese."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

SLUGS = ("commander-rules", "cr-excerpt-ja", "cr-805-ja", "planechase-wiki", "dtc")


@pytest.mark.parametrize("slug", SLUGS)
def test_document_page_on_a_phone_in_japanese(phone, site_url, slug):
    phone.goto(f"{site_url}/ja/docs/{slug}/")
    assert "種類" in phone.locator(".doc-meta").inner_text()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "a document page must not scroll sideways on a phone"
    screenshot(phone, f"doc-{slug}-phone")


def test_dtc_card_text_and_notes_on_a_phone(phone, site_url):
    phone.goto(f"{site_url}/ja/docs/dtc/#effects-each-player")
    card = phone.locator("#effects-each-player blockquote.card-text").nth(2)
    assert card.is_visible() and "1少なくする" in card.inner_text()
    assert phone.locator("#deck-basics .item-notes li").count() == 2
    assert "デュエル・マスターズ" in phone.locator(".game-notice").inner_text()


def test_renumbered_rule_shows_its_old_numbers_japanese_on_a_phone(phone, site_url):
    phone.goto(f"{site_url}/ja/rules/805.10f/")
    ja = phone.locator(".rule-ja")
    assert "805.10g" in ja.inner_text() and "戦闘ダメージ・ステップ開始に際して" in ja.inner_text()
    notice = ja.locator(".notice").inner_text()  # one line: the number it had, and that it is today's rule
    assert "805.10g" in notice and "現在の 805.10f と同じ規則です" in notice
    screenshot(phone, "rule-805-10f-phone")

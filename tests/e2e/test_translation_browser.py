"""The whole Japanese Comprehensive Rules in a real browser at phone width: /ja/rules/805.1/ with the
translation
(the sample file of 20231117, ../shared/ja_cr_sample) and /ja/rules/903.9/ without it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.conftest import corpus_dir
from tests.e2e.conftest import PHONE, screenshot, serve

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

SAMPLE = corpus_dir().parent / "ja_cr_sample" / "JPN_CR_20231117_0.txt"


@pytest.fixture(scope="module")
def translated_site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site on the real corpus plus the sample translation (files linked, never copied)."""
    if not SAMPLE.is_file():
        pytest.skip(f"the sample translation is not at {SAMPLE}")
    corpus = tmp_path_factory.mktemp("e2e-translated-corpus")
    for folder in ("en", "ja"):
        (corpus / folder).mkdir()
        for path in sorted((corpus_dir() / folder).glob("*.txt")):
            (corpus / folder / path.name).symlink_to(path)
    (corpus / "ja" / SAMPLE.name).symlink_to(SAMPLE)
    with serve(tmp_path_factory.mktemp("e2e-translated-site"), corpus) as url:
        yield url


def test_a_rule_with_the_translation_reads_japanese_first_on_a_phone(phone, translated_site_url):
    phone.goto(f"{translated_site_url}/ja/rules/805.1/")
    japanese = phone.locator(".rule-ja").first
    english = phone.locator(".rule-en").first
    assert "チーム同士で戦う多人数戦において" in japanese.inner_text()
    assert "総合ルール 日本語訳（20231117.0）" in japanese.inner_text()
    # Japanese above the English, and no banner saying there is none.
    assert japanese.bounding_box()["y"] < english.bounding_box()["y"]
    assert phone.locator(".no-ja").count() == 0
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "no sideways scroll"
    screenshot(phone, "rule-whole-translation-phone")
    # The breadcrumb names the section by the translation's title.
    assert "「共有チーム・ターン」選択ルール" in phone.locator(".breadcrumb").inner_text()


def test_a_rule_without_the_translation_on_a_phone(phone, site_url):
    phone.goto(f"{site_url}/ja/rules/903.9/")
    banner = phone.locator(".no-ja")
    assert banner.inner_text().startswith("このルールそのものの日本語訳はありません。")
    # Each subrule's old Japanese (the blog excerpt) sits under its notice, never as today's text.
    child = phone.locator("#r903\\.9b .child-ja")
    assert "古い訳です" in child.locator(".notice").inner_text()
    child_box, notice_box = child.bounding_box(), child.locator(".notice").bounding_box()
    assert notice_box["y"] <= child_box["y"] + 5, "the notice stands above the old text"
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "no sideways scroll"
    screenshot(phone, "rule-without-translation-phone")

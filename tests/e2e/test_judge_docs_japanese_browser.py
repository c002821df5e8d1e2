"""An official Japanese edition of a judge's document in a real browser at phone width (390×844): on /ja/ the
section's official Japanese comes first with its source and date, today's English below it, nothing wider
than the screen; /en/ shows the English alone. Served on its own small corpus: the newest CR release and
the generated IPG in English and Japanese (tests/judge_pdfs.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.conftest import corpus_dir, corpus_releases
from tests.e2e.conftest import PHONE, screenshot, serve
from tests.judge_pdfs import IPG_JA_PAGES, IPG_PAGES, JA_FONT, needs_ja_font, write_pdf

pytestmark = [pytest.mark.browser, pytest.mark.corpus, needs_ja_font]


@pytest.fixture(scope="module")
def ja_site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    corpus = tmp_path_factory.mktemp("ja-edition-corpus")
    (corpus / "en").mkdir()
    newest = f"MagicCompRules {corpus_releases()[-1]}.txt"
    (corpus / "en" / newest).symlink_to(corpus_dir() / "en" / newest)
    (corpus / "judge").mkdir()
    write_pdf(corpus / "judge" / "ipg.pdf", IPG_PAGES, header="Magic Infraction Procedure Guide")
    write_pdf(corpus / "judge" / "ipg-ja.pdf", IPG_JA_PAGES, header="マジック違反処置指針", font=JA_FONT)
    with serve(tmp_path_factory.mktemp("ja-edition-site"), corpus) as url:
        yield url


def _fits(page) -> None:  # type: ignore[no-untyped-def]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_official_japanese_first_with_its_source_then_the_english(phone, ja_site_url) -> None:
    from playwright.sync_api import expect

    phone.goto(f"{ja_site_url}/ja/docs/ipg/2.5/")
    japanese = phone.locator(".judge-section-ja")
    expect(japanese).to_contain_text("この違反は、プレイヤーがゲームの手順を正しく守らなかった")
    expect(japanese.locator(".judge-ja-source")).to_contain_text("マジック違反処置指針")
    expect(japanese.locator(".judge-ja-source")).to_contain_text("2024-09-23発効")
    english = phone.locator("#judge-section > .judge-section-body")
    expect(english).to_contain_text("This infraction covers the majority")
    ja_box, en_box = japanese.bounding_box(), english.bounding_box()
    assert ja_box is not None and en_box is not None and ja_box["y"] < en_box["y"]
    expect(phone.locator(".japanese-edition")).to_contain_text("公式日本語版")
    expect(phone.locator(".earlier-translation")).to_have_count(0)
    _fits(phone)
    screenshot(phone, "judge-doc-ipg-2.5-ja-edition")


def test_in_english_the_english_alone(browser, ja_site_url) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-US")
    page = context.new_page()
    page.goto(f"{ja_site_url}/en/docs/ipg/2.5/")
    expect(page.locator(".judge-section-body")).to_contain_text("This infraction covers the majority")
    expect(page.locator(".judge-section-ja")).to_have_count(0)
    _fits(page)
    context.close()

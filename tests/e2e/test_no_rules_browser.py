"""A fresh machine offline: no rules text is installed, and the site serves. The home page and a rule page say
so in the reader's language; the commander tax calculator answers (issue 38 item 3)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, screenshot, serve

pytestmark = pytest.mark.browser

SAYS = {
    "ja": ("ルールの本文はまだ入っていません", "計算する"),
    "en": ("No rules text is installed yet", "Calculate"),
}


@pytest.fixture(scope="module")
def bare_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site as `make setup` leaves it offline on a fresh machine: an empty corpus folder, no ingest."""
    work = tmp_path_factory.mktemp("e2e-no-rules")
    (work / "corpus").mkdir()
    with serve(work, work / "corpus", ingest=False) as url:
        yield url


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_no_rules_text_is_said_and_the_tax_calculator_answers(browser, bare_site: str, lang: str) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        none_installed, calculate = SAYS[lang]
        page.goto(f"{bare_site}/{lang}/")
        expect(page.locator("#no-rules-text-title")).to_have_text(none_installed)
        response = page.goto(f"{bare_site}/{lang}/rules/903.8/")
        assert response is not None and response.status == 503
        expect(page.locator("#no-rules-text-title")).to_have_text(none_installed)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        screenshot(page, f"no-rules-rule-page-{lang}")
        page.goto(f"{bare_site}/{lang}/calc/tax/")
        page.fill("#tax-mana-cost", "3GG")
        page.fill("#tax-previous", "2")
        page.select_option("#tax-cast-from", "command-zone")
        page.get_by_role("button", name=calculate).click()
        expect(page.locator("#result .answer")).to_have_text("7GG")
    finally:
        context.close()

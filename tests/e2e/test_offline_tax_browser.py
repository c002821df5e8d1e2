"""The commander tax page offline answers every case as the server does (issue 34 item 2), at 390×844: a
hybrid cost with a coloured reduction, a DTC play (reached by the format switch without a connection) and a
mistyped cost are answered on the phone with the very result the server renders for the same inputs (the
same lines, steps, rule links and mana symbols, in Japanese), every input kept."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE
from tests.e2e.test_offline_game_browser import _wait_for

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

KEPT_CATALOG = """async () => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    if (await cache.match('/api/calc/tax-texts')) return true;
  }
  return false;
}"""

HYBRID = {"mana_cost": "{2}{G/W}{G/P}", "previous_casts": "2", "reduction": "{W}{G}"}
DTC = {"cost": "6", "reduction": "5", "play_number": "3"}
TYPO = {"mana_cost": "3QQ", "previous_casts": "1"}


def _result(page) -> str:  # type: ignore[no-untyped-def]
    """The result section as the browser holds it, the offline note left out, spaces between tags dropped."""
    html = page.locator("#result").inner_html()
    html = re.sub(r'<p class="notice offline-computed".*?</p>', "", html, flags=re.S)
    return re.sub(r">\s+<", "><", html).strip()


def _server(page, site_url: str, variant: str, values: dict[str, str]) -> str:  # type: ignore[no-untyped-def]
    """The result the server renders for these inputs (the page loaded with them in its address)."""
    page.goto(f"{site_url}/ja/calc/tax/?{urlencode({'variant': variant, **values})}")
    expect(page.locator("#result .answer, #result .errorlist").first).to_be_visible()
    return _result(page)


def test_the_tax_page_offline_answers_hybrid_dtc_and_typos_as_the_server(browser, site_url) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="ja-JP")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{site_url}/ja/")
    _wait_for(page, lambda: page.evaluate("navigator.serviceWorker.controller !== null"))
    online = {
        "hybrid": _server(page, site_url, "commander", HYBRID),
        "dtc": _server(page, site_url, "dtc", DTC),
        "typo": _server(page, site_url, "commander", TYPO),
    }
    assert "{G/P}" in online["hybrid"] and "統率者税" in online["dtc"] and "{Q}" in online["typo"]
    page.goto(f"{site_url}/ja/calc/tax/")
    _wait_for(page, lambda: page.evaluate(KEPT_CATALOG))

    context.set_offline(True)
    page.goto(f"{site_url}/ja/calc/tax/")
    expect(page.locator(".offline-saved")).to_be_visible()  # the kept page
    expect(page.locator("html[data-tax-offline=ready]")).to_have_count(1)
    submit = page.locator("#tax-calculator button[type=submit]")

    page.fill("#tax-mana-cost", HYBRID["mana_cost"])
    page.fill("#tax-previous", HYBRID["previous_casts"])
    page.fill("#tax-reduction", HYBRID["reduction"])
    submit.click()
    expect(page.locator("#result .offline-computed")).to_be_visible()
    assert _result(page) == online["hybrid"]
    expect(page.locator("#tax-mana-cost")).to_have_value(HYBRID["mana_cost"])

    page.fill("#tax-mana-cost", TYPO["mana_cost"])
    page.fill("#tax-previous", TYPO["previous_casts"])
    page.fill("#tax-reduction", "")
    submit.click()
    expect(page.locator("#result .errorlist")).to_be_visible()
    assert _result(page) == online["typo"]
    expect(page.locator("#tax-mana-cost")).to_have_value("3QQ")

    # The format switch works offline too: the DTC form, then its answer.
    page.locator(".variant-tabs a", has_text="DTC").click()
    expect(page.locator("#tax-cost")).to_be_visible()
    expect(page.locator(".variant-tabs a[aria-current=page]")).to_have_text("DTC")
    page.fill("#tax-cost", DTC["cost"])
    page.fill("#tax-reduction", DTC["reduction"])
    page.fill("#tax-play", DTC["play_number"])
    page.locator("#tax-calculator button[type=submit]").click()
    expect(page.locator("#result .offline-computed")).to_be_visible()
    expect(page.locator("#result .answer")).to_have_text("5")
    assert _result(page) == online["dtc"]
    box = page.locator("#result").bounding_box()
    assert box is not None and box["width"] <= PHONE["width"]
    expect(page.locator("#tax-calculator .offline-wait")).to_have_count(0)
    assert not errors, errors
    context.close()

"""Calculators offline keep every input (issue 34 item 2), at 390×844: a commander tax asked offline is
worked out on the phone, and a deck check asked offline (a POST that fails as htmx sends it) leaves what was
typed in place, says in one line that it needs a connection, and asks again by itself once the connection
is back."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, wait_controlled, wait_until
from tests.e2e.test_offline_tax_browser import KEPT_CATALOG

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

WAIT = "ネットワーク接続が必要です。入力した内容はそのまま残り、接続が戻ると答えます。"


def test_a_calculator_asked_offline_keeps_its_inputs_and_answers_when_back(browser, site_url) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="ja-JP")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{site_url}/ja/")
    wait_controlled(page)
    page.goto(f"{site_url}/ja/calc/tax/")  # kept by the worker
    wait_until(page, KEPT_CATALOG)  # and the rules and texts it answers offline by
    page.goto(f"{site_url}/ja/calc/deck-check/")

    context.set_offline(True)
    page.goto(f"{site_url}/ja/calc/tax/")
    expect(page.locator(".offline-saved")).to_be_visible()  # the kept page
    expect(page.locator("html[data-tax-offline=ready]")).to_have_count(1)
    # A plain commander tax is worked out on the phone, by the engine's rules and texts.
    page.fill("#tax-mana-cost", "{3}{G}{G}")
    page.fill("#tax-previous", "2")
    page.locator("#tax-calculator button[type=submit]").click()
    expect(page.locator("#result .offline-computed")).to_be_visible()
    expect(page.locator("#result .answer")).to_have_text("7GG")  # drawn as mana symbols, as the server does
    expect(page.locator("#result .calc-steps")).to_contain_text("総コスト：7GG。")  # the symbols drawn
    expect(page.locator("#tax-mana-cost")).to_have_value("{3}{G}{G}")
    # A hybrid cost is worked out on the phone too (every case: tests/e2e/test_offline_tax_browser.py).
    page.fill("#tax-mana-cost", "{2}{G/W}")
    page.locator("#tax-calculator button[type=submit]").click()
    expect(page.locator("#result .answer")).to_have_text(
        "6G/W"
    )  # {6}{G/W} drawn as mana symbols (their text)
    expect(page.locator("#tax-calculator .offline-wait")).to_have_count(0)
    expect(page.locator("#tax-previous")).to_have_value("2")

    context.set_offline(True)
    page.goto(f"{site_url}/ja/calc/deck-check/")
    page.fill("#deck-list", "1 Sol Ring")
    page.locator("form.calc-form button[type=submit]").click()
    expect(page.locator("form.calc-form .offline-wait")).to_have_text(WAIT)
    expect(page.locator("#deck-list")).to_have_value("1 Sol Ring")
    context.set_offline(False)  # asked again by itself once the connection is back
    expect(page.locator("form.calc-form .offline-wait")).to_have_count(0)
    expect(page.locator("#deck-list")).to_have_value("1 Sol Ring")
    assert not errors, errors
    context.close()

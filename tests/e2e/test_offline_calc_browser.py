"""Calculators offline keep every input (issue 34 item 2), at 390×844: a commander tax asked offline (a GET
the service worker answers without swapping anything) and a deck check asked offline (a POST that fails as
htmx sends it) leave what was typed in place, say in one line that they need a connection, and answer by
themselves once the connection is back."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, wait_controlled

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
    page.goto(f"{site_url}/ja/calc/deck-check/")

    context.set_offline(True)
    page.goto(f"{site_url}/ja/calc/tax/")
    expect(page.locator(".offline-saved")).to_be_visible()  # the kept page
    # A plain commander tax is worked out on the phone, by the engine's rules and texts.
    page.fill("#tax-mana-cost", "{3}{G}{G}")
    page.fill("#tax-previous", "2")
    page.locator("#tax-calculator button[type=submit]").click()
    expect(page.locator("#result .offline-computed")).to_be_visible()
    expect(page.locator("#result .answer")).to_have_text("{7}{G}{G}")
    expect(page.locator("#result .calc-steps")).to_contain_text("総コスト：{7}{G}{G}。")
    expect(page.locator("#tax-mana-cost")).to_have_value("{3}{G}{G}")
    # A hybrid cost is left to the server: the inputs stay, one line says so, and it answers when back.
    page.fill("#tax-mana-cost", "{2}{G/W}")
    page.locator("#tax-calculator button[type=submit]").click()
    expect(page.locator("#tax-calculator .offline-wait")).to_have_text(WAIT)
    expect(page.locator("#tax-mana-cost")).to_have_value("{2}{G/W}")
    expect(page.locator("#tax-previous")).to_have_value("2")
    context.set_offline(False)
    expect(page.locator("#result .offline-computed")).to_have_count(0)
    expect(page.locator("#result .answer")).to_contain_text("6")  # {6}{G/W}: the mana symbols' text
    expect(page.locator("#tax-calculator .offline-wait")).to_have_count(0)

    context.set_offline(True)
    page.goto(f"{site_url}/ja/calc/deck-check/")
    page.fill("#deck-list", "1 Sol Ring")
    page.locator("form.calc-form button[type=submit]").click()
    expect(page.locator("form.calc-form .offline-wait")).to_have_text(WAIT)
    expect(page.locator("#deck-list")).to_have_value("1 Sol Ring")
    assert not errors, errors
    context.close()

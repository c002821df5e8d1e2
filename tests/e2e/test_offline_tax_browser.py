"""The commander tax page offline answers every case as the server does (issue 34 item 2), at 390×844 in
Japanese and 844×390 in English: hybrid, Phyrexian and X costs, full-width and Japanese symbols, coloured
reductions, another zone, a partner, the tax alone, Brawl, DTC and the planar die (each format reached by the
format switch without a connection), and mistyped input, are answered on the phone with the very result the
server renders for the same form (the same lines, steps, rule links, mana symbols and problems), every input
kept."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, wait_controlled, wait_until

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

LANDSCAPE = {"width": 844, "height": 390}
KEPT_CATALOG = """async () => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    if (await cache.match('/api/calc/tax-texts')) return true;
  }
  return false;
}"""
#: What each format's form sends when nothing is typed (the page's fields, in its order).
BLANK = {
    "commander": {"mana_cost": "", "previous_casts": "", "cast_from": "command-zone", "reduction": ""},
    "brawl": {"mana_cost": "", "previous_casts": "", "cast_from": "command-zone", "reduction": ""},
    "dtc": {"cost": "", "play_number": "", "reduction": ""},
    "planechase": {"rolls_this_turn": ""},
}
BOXES = ("partner", "two_headed_giant")
CASES: list[tuple[str, dict[str, Any]]] = [
    ("commander", {"mana_cost": "{2}{G/W}{G/P}", "previous_casts": "2", "reduction": "{W}{G}"}),
    ("commander", {"mana_cost": "３ＷＢ", "previous_casts": "1", "reduction": "ＷＢ"}),
    ("commander", {"mana_cost": "{X}{X}{1}{R}", "previous_casts": "3", "reduction": "5"}),
    ("commander", {"mana_cost": "2/W2/W", "previous_casts": "1", "reduction": "2"}),
    ("commander", {"mana_cost": "2緑緑", "cast_from": "graveyard", "partner": True}),
    ("commander", {"previous_casts": "2", "partner": True}),  # the tax alone
    ("commander", {"mana_cost": "3QQ", "previous_casts": "1"}),  # a typo
    ("commander", {"mana_cost": "{G}", "previous_casts": "1", "reduction": "{X}"}),
    ("commander", {"mana_cost": "{4}{B}", "previous_casts": "1", "reduction": "٣"}),  # int() reads it: 3
    ("brawl", {"mana_cost": "{1}{U}{R}", "previous_casts": "1", "cast_from": "exile"}),
    ("dtc", {"cost": "6", "reduction": "5", "play_number": "3"}),
    ("dtc", {"cost": "4", "reduction": "9", "play_number": "1"}),
    ("dtc", {"play_number": "2"}),  # no cost: a problem
    ("planechase", {"rolls_this_turn": "2", "two_headed_giant": True}),
    ("planechase", {"rolls_this_turn": "0"}),
]


def _result(page) -> str:  # type: ignore[no-untyped-def]
    """The result section as the browser holds it, the offline note left out, spaces between tags dropped."""
    html = page.locator("#result").inner_html()
    html = re.sub(r'<p class="notice offline-computed".*?</p>', "", html, flags=re.S)
    return re.sub(r">\s+<", "><", html).strip()


def _query(variant: str, values: dict[str, Any]) -> str:
    """The form's query, as the browser sends it (every field, a ticked box as "1")."""
    fields = {**BLANK[variant], **{k: v for k, v in values.items() if k not in BOXES}}
    boxes = {name: "1" for name in BOXES if values.get(name)}
    return urlencode({"variant": variant, **fields, **boxes})


def _fill(page, variant: str, values: dict[str, Any]) -> None:  # type: ignore[no-untyped-def]
    page.locator(f'.variant-tabs a[href$="variant={variant}"]').click()  # offline: a fresh empty form
    expect(page.locator(".variant-tabs a[aria-current=page]")).to_have_attribute(
        "href", re.compile(f"variant={variant}$")
    )
    form = page.locator("#tax-calculator form")
    for name, value in values.items():
        field = form.locator(f'[name="{name}"]')
        if name in BOXES:
            field.check()
        elif name == "cast_from":
            field.select_option(value)
        else:
            field.fill(value)
    form.locator("button[type=submit]").click()


@pytest.mark.parametrize(
    ("viewport", "lang"), [(PHONE, "ja"), (LANDSCAPE, "en")], ids=["portrait", "landscape"]
)
def test_the_tax_page_offline_answers_every_case_as_the_server(browser, site_url, viewport, lang) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=viewport, is_mobile=True, has_touch=True, locale="ja-JP")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{site_url}/{lang}/")
    wait_controlled(page)
    online = []
    for variant, values in CASES:
        page.goto(f"{site_url}/{lang}/calc/tax/?{_query(variant, values)}")
        expect(page.locator("#result .answer, #result .errorlist").first).to_be_visible()
        online.append(_result(page))
    assert sum("errorlist" in html for html in online) == 3
    page.goto(f"{site_url}/{lang}/calc/tax/")
    wait_until(page, KEPT_CATALOG)

    context.set_offline(True)
    page.goto(f"{site_url}/{lang}/calc/tax/")
    expect(page.locator(".offline-saved")).to_be_visible()  # the kept page
    expect(page.locator("html[data-tax-offline=ready]")).to_have_count(1)
    for (variant, values), server in zip(CASES, online, strict=True):
        _fill(page, variant, values)
        expect(page.locator("#result .offline-computed")).to_be_visible()
        assert _result(page) == server, (variant, values)
        for name, value in values.items():  # every input stays as typed
            if name not in BOXES:
                expect(page.locator(f'#tax-calculator [name="{name}"]')).to_have_value(value)
        expect(page.locator("#tax-calculator .offline-wait")).to_have_count(0)
        box = page.locator("#result").bounding_box()
        assert box is not None and box["x"] + box["width"] <= viewport["width"]
    assert not errors, errors
    context.close()

"""Touch on a phone (390×844, issue 25 item 5): every target a thumb presses is at least 24×24 px (WCAG 2.2,
2.5.8).

Measured on every page of the every-page walk (tests/e2e/walk.py), in both languages, plus the
rule page the issue counted (903.9), a search and a game. A target is a link, button, field, ``<summary>``
or, for a radio or checkbox drawn hidden (the tracker's keypad), its label. Exempt, as WCAG exempts it: a
link inside running text (``display: inline`` in a block that holds other text too; those get a taller line
instead). The primary buttons (tracker presses, calculator submit, next/previous step) are at least 44 px
tall. The skip link is the first thing a keyboard reaches and is visible when focused.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import PHONE
from tests.e2e.walk import PAGE_ROUTES, TRACKER_ROUTES, route_url, start_game

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

SMALL = 24
PRIMARY = 44

# The targets under 24 px that are not inline text: "tag#id.class 'text' W×H". Run in the page.
MEASURE = """(small) => {
  const TARGETS = 'a[href], button, input:not([type=hidden]), select, textarea, summary, '
    + '[tabindex]:not([tabindex="-1"])';
  const shown = el => el.checkVisibility({opacityProperty: false, visibilityProperty: true});
  const hiddenBox = el => { const r = el.getBoundingClientRect(); return r.width <= 1 || r.height <= 1; };
  const inlineText = el => {
    if (el.matches('button, input, select, textarea')) return false;
    if (!getComputedStyle(el).display.startsWith('inline')) return false;
    let block = el.parentElement;
    while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
    const own = el.textContent.trim().length;
    return block && block.textContent.replace(/\\s+/g, ' ').trim().length > own + 3;
  };
  const name = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
    + (typeof el.className === 'string' && el.className.trim()
      ? '.' + el.className.trim().split(/\\s+/).join('.') : '')
    + ' ' + JSON.stringify((el.textContent || el.value || '').trim().slice(0, 30));
  const found = [];
  let count = 0;
  for (let el of document.querySelectorAll(TARGETS)) {
    if (el.closest('.skip-link, .visually-hidden') || !shown(el)) continue;  // drawn for no one's thumb
    if (hiddenBox(el) && el.matches('input[type=radio], input[type=checkbox]')) {
      el = el.labels && el.labels[0];  // drawn as its label: the label is what is pressed
      if (!el || !shown(el)) continue;
    } else if (hiddenBox(el)) continue;
    count += 1;
    const r = el.getBoundingClientRect();
    if ((r.width < small || r.height < small) && !inlineText(el))
      found.push(`${name(el)} ${Math.round(r.width)}×${Math.round(r.height)}`);
  }
  return {count, found};
}"""


def small_targets(page: Any) -> list[str]:
    page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
    seen = page.evaluate(MEASURE, SMALL)
    assert seen["count"] > 3, page.url  # the page has targets and the measure found them
    return list(seen["found"])


@pytest.fixture()
def thumb(browser):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="ja-JP")
    page = context.new_page()
    yield page
    context.close()


def test_every_target_on_every_page_is_at_least_24_px(thumb, site_url):  # type: ignore[no-untyped-def]
    too_small: dict[str, list[str]] = {}
    game = ""
    for lang in ("ja", "en"):
        urls = [route_url(name, lang) for name in PAGE_ROUTES if name not in TRACKER_ROUTES]
        game = start_game(thumb, site_url, lang).rstrip("/").rsplit("/", 1)[-1]
        urls += [route_url(name, lang, game) for name in TRACKER_ROUTES]
        urls += [
            f"/{lang}/rules/903.9/",
            f"/{lang}/search/?q=commander+tax",
            f"/{lang}/scenarios/bribery-alex-leaves/1/",
        ]
        for url in urls:
            thumb.goto(site_url + url)
            found = small_targets(thumb)
            if found:
                too_small[url] = found
    assert not too_small, "\n".join(
        f"{url}: {len(f)} under {SMALL} px: {f[:8]}" for url, f in too_small.items()
    )


def test_primary_buttons_are_44_px_and_the_skip_link_comes_first(thumb, site_url):  # type: ignore[no-untyped-def]
    heights: dict[str, float] = {}

    def height(selector: str) -> float:
        box = thumb.locator(selector).first.bounding_box()
        assert box is not None, selector
        heights[selector] = box["height"]
        return float(box["height"])

    start_game(thumb, site_url, "ja")
    for selector in ("button.minus", "button.plus", "button.next-turn", ".panel .buttons button"):
        assert height(selector) >= PRIMARY, heights
    thumb.goto(f"{site_url}/ja/calc/tax/")
    assert height("form.calc-form button[type=submit]") >= PRIMARY, heights
    thumb.goto(f"{site_url}/ja/scenarios/bribery-alex-leaves/1/")
    assert height(".sc-pager-top .sc-next") >= PRIMARY, heights
    thumb.goto(f"{site_url}/ja/rules/903.9/")
    assert height(".prev-next a") >= PRIMARY, heights

    thumb.keyboard.press("Tab")
    skip = thumb.locator(".skip-link")
    assert skip.evaluate("el => el === document.activeElement") and skip.inner_text() == "本文へ移動"
    box = skip.bounding_box()
    assert box is not None and box["y"] >= 0 and box["height"] >= SMALL  # on screen once focused
    outline = skip.evaluate("el => getComputedStyle(el).outlineStyle")
    assert outline != "none"
    thumb.keyboard.press("Enter")
    assert thumb.evaluate("() => location.hash") == "#main"


@pytest.mark.parametrize("query", ["統率者税", "commander tax"])
def test_search_results_come_first_on_a_phone(thumb, site_url, query):  # type: ignore[no-untyped-def]
    """Issue 25 item 6: at least three results on the first screen; the filters are one tap away."""
    thumb.goto(f"{site_url}/ja/search/?q={query}")
    hits = thumb.locator(".search-hit")
    assert hits.count() >= 3
    third = hits.nth(2).bounding_box()
    assert third is not None and third["y"] + third["height"] <= PHONE["height"], third
    radios = thumb.locator(".search-langs input[type=radio]")
    assert not radios.first.is_visible()
    thumb.locator(".search-filters summary").tap()
    assert radios.first.is_visible() and radios.count() == 3
    # Without a query the page is a form to fill: everything open.
    thumb.goto(f"{site_url}/ja/search/")
    assert thumb.locator(".search-langs input[type=radio]").first.is_visible()

"""Thumb targets (issue 42 item 4): every link and control a thumb presses on the home page, a rule page,
search results, the tracker, the leave-game page and the calculators is at least 44×44 CSS px, by padding
(never by a larger font), measured in Chromium at 390×844 and 844×390.

What is measured: each visible link, button, select, text box, summary and label of a chip (a radio or check
box drawn as its label). A link inside running text (a rule number in a sentence, with words either side
of it) is text, not a target of its own (WCAG 2.5.8's inline exception): it is not measured. A box clipped by
a scrolling parent is measured as drawn.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

VIEWPORTS = {"portrait": {"width": 390, "height": 844}, "landscape": {"width": 844, "height": 390}}
THUMB = 44

#: Every target on the page smaller than a thumb, as "what (its text): width×height".
SMALL_TARGETS = """(thumb) => {
  const wordy = (node) => node && node.nodeType === Node.TEXT_NODE
    && /[\\p{L}\\p{N}]/u.test(node.textContent);
  const inRunningText = (el) => el.tagName === 'A' && (wordy(el.previousSibling) || wordy(el.nextSibling));
  const shown = (el) => {
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') return false;
    const r = el.getBoundingClientRect();
    return r.width > 1 && r.height > 1
      && !el.closest('[hidden], .visually-hidden, details:not([open]) > :not(summary)');
  };
  const targets = document.querySelectorAll(
    'a[href], button, select, input:not([type=hidden]):not([type=radio]):not([type=checkbox]), summary, '
    + 'label:has(> input[type=radio]), label:has(> input[type=checkbox]), input[type=radio] + label, '
    + 'input[type=checkbox] + label');
  const small = [];
  for (const el of targets) {
    if (!shown(el) || inRunningText(el) || el.closest('.skip-link')) continue;
    const r = el.getBoundingClientRect();
    if (r.width < thumb - 0.5 || r.height < thumb - 0.5) {
      const kind = el.className ? '.' + String(el.className).split(' ')[0] : '';
      const what = el.tagName.toLowerCase() + kind;
      small.push(`${what} (${(el.textContent || el.value || '').trim().slice(0, 20)}): `
        + `${Math.round(r.width)}×${Math.round(r.height)}`);
    }
  }
  return small;
}"""


def _pages(page: Any, site_url: str, lang: str) -> list[str]:
    """The places of the issue: home, a rule, search results, the tracker, leave-game, the calculators."""
    page.goto(f"{site_url}/{lang}/tracker/?seats=3")
    page.select_option("#variant", "commander")
    for seat, (name, commander) in enumerate([("Aki", "Oona"), ("Ben", "Kraum"), ("Chie", "")], 1):
        page.fill(f"#name-{seat}", name)
        page.fill(f"#commander-{seat}", commander)
    page.locator("form.tracker-setup button[type=submit]").click()
    page.wait_for_url(re.compile(rf".*/{lang}/tracker/[A-Za-z0-9_-]{{8,32}}/$"))
    game = page.url
    return [
        f"{site_url}/{lang}/",
        f"{site_url}/{lang}/rules/903.8/",
        f"{site_url}/{lang}/search/?q=commander+tax",
        game,
        f"{site_url}/{lang}/leave-game/",
        f"{site_url}/{lang}/calc/",
        f"{site_url}/{lang}/calc/tax/",
        f"{site_url}/{lang}/calc/commander-damage/",
    ]


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
def test_every_thumb_target_is_a_thumbs_size(
    browser: Any, site_url: str, lang: str, orientation: str
) -> None:
    locale = "ja-JP" if lang == "ja" else "en-US"
    context = browser.new_context(
        viewport=VIEWPORTS[orientation], is_mobile=True, has_touch=True, locale=locale
    )
    page = context.new_page()
    small: dict[str, list[str]] = {}
    for url in _pages(page, site_url, lang):
        page.goto(url)
        expect(page.locator("main")).to_be_visible()
        found = page.evaluate(SMALL_TARGETS, THUMB)
        if found:
            small[url.removeprefix(site_url)] = found
    context.close()
    assert small == {}, "\n".join(f"{url}: {items}" for url, items in small.items())

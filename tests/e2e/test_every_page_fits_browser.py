"""Every page of the walk fits a phone held upright (390×844) and turned sideways (844×390), in Japanese and
in English (issue 25: "the every-page walk's screenshots at 390×844 and 844×390 show no overflow").

The walk is tests/e2e/walk.py (every page route, the states a page shows after a use, every step of every
worked ruling). On each page, with every ``<details>`` opened (a tap shows what they hold), nothing sticks out
sideways:

- the page is no wider than the screen (``document.documentElement.scrollWidth``);
- no shown element, and no line of text, reaches past the screen's right edge (or its left one). What lies
  inside a box that scrolls or clips sideways (a wide table in ``overflow-x: auto``) is that box's to show:
  the box itself must fit, not what it scrolls.

A failure lists what sticks out: the element (tag#id.class, or the text and the element holding it) and its
edges in px, the outermost first. With ``JUDGE_SCREENSHOTS=<dir>`` each page is also saved there as a
full-page screenshot (``<width>x<height>-<lang>-<page>.png``), to look at by eye; not by default.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.walk import LANGS, PAGE_ROUTES, SCENARIOS, STATES, visit_route, walk_scenario, walk_state

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

VIEWPORTS = {"upright": {"width": 390, "height": 844}, "sideways": {"width": 844, "height": 390}}
SHOTS = os.environ.get("JUDGE_SCREENSHOTS", "")
#: How far past the edge counts (sub-pixel rounding is not overflow).
SLACK = 0.5

# What sticks out past the screen's sides: {width, found: ["what [left, right]", ...]}. Run in the page.
STICKING_OUT = """([width, slack]) => {
  const doc = document.documentElement;
  // A box that scrolls or clips sideways shows what it holds itself (body and html are the page).
  const boxed = el => {
    for (let e = el.parentElement; e && e !== document.body && e !== doc; e = e.parentElement) {
      if (getComputedStyle(e).overflowX !== 'visible') return true;
    }
    return false;
  };
  const shown = el => el.checkVisibility({visibilityProperty: true, opacityProperty: false});
  const out = r => r.width > 0 && r.height > 0 && (r.right > width + slack || r.left < -slack);
  const name = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
    + (typeof el.className === 'string' && el.className.trim()
      ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
  const edges = r => `[${Math.round(r.left)}, ${Math.round(r.right)}]`;
  const found = [];
  const sticking = new Set();
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('.skip-link, .visually-hidden, script, style, template') || !shown(el) || boxed(el))
      continue;
    const r = el.getBoundingClientRect();
    if (!out(r)) continue;
    sticking.add(el);
    if (!sticking.has(el.parentElement)) found.push(`${name(el)} ${edges(r)}`);
  }
  const range = document.createRange();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || sticking.has(el) || boxed(node) || !shown(el)
        || el.closest('.skip-link, .visually-hidden, script, style, template')) continue;
    range.selectNodeContents(node);
    const r = range.getBoundingClientRect();
    const text = JSON.stringify(node.textContent.trim().slice(0, 40));
    if (out(r)) found.push(`${text} in ${name(el)} ${edges(r)}`);
  }
  return {width: Math.max(doc.scrollWidth, document.body.scrollWidth), found};
}"""


def sticking_out(page: Any, viewport: dict[str, int]) -> list[str]:
    """What on ``page`` reaches past the sides of ``viewport`` (the page's own width first, if too wide)."""
    page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
    seen = page.evaluate(STICKING_OUT, [viewport["width"], SLACK])
    wide = [f"the page is {seen['width']} px wide"] if seen["width"] > viewport["width"] else []
    return wide + list(seen["found"])


@pytest.fixture(params=[(v, lang) for v in VIEWPORTS for lang in LANGS], ids=lambda p: f"{p[0]}-{p[1]}")
def viewer(browser, request):  # type: ignore[no-untyped-def]
    """A phone held as ``request.param`` says, asking for the page's language; ``look`` notes into
    ``problems`` what sticks out on each page it is shown."""
    held, lang = request.param
    viewport = VIEWPORTS[held]
    context = browser.new_context(
        viewport=viewport, is_mobile=True, has_touch=True, locale="ja-JP" if lang == "ja" else "en-US"
    )
    page = context.new_page()
    problems: dict[str, list[str]] = {}

    def look(shown: Any, name: str) -> None:
        found = sticking_out(shown, viewport)
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            size = f"{viewport['width']}x{viewport['height']}"
            shown.screenshot(path=str(Path(SHOTS) / f"{size}-{lang}-{name}.png"), full_page=True)
        if found:
            problems[f"{shown.url} ({name})"] = found

    yield page, lang, look, problems
    context.close()


def report(problems: dict[str, list[str]]) -> str:
    return "sticks out sideways:\n" + "\n".join(
        f"{where}: {len(found)}: {found[:12]}" for where, found in problems.items()
    )


@pytest.mark.parametrize("name", PAGE_ROUTES)
def test_every_page_fits_the_phone(viewer, site_url, name):  # type: ignore[no-untyped-def]
    page, lang, look, problems = viewer
    visit_route(page, site_url, lang, name)
    look(page, name.replace(":", "-"))
    assert not problems, report(problems)


@pytest.mark.parametrize("name", sorted(STATES))
def test_every_state_fits_the_phone(viewer, site_url, name):  # type: ignore[no-untyped-def]
    page, lang, look, problems = viewer
    walk_state(page, site_url, lang, name, look)
    assert not problems, report(problems)


@pytest.mark.parametrize("slug", SCENARIOS)
def test_every_step_of_every_worked_ruling_fits_the_phone(viewer, site_url, slug):  # type: ignore[no-untyped-def]
    page, lang, look, problems = viewer
    walk_scenario(page, site_url, lang, slug, look)
    assert not problems, report(problems)

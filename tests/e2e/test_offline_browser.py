"""Offline reading (issue 25 item 1): one online visit to the home page, then the phone loses its connection.

The service worker (static/js/sw.js, served at /sw.js) keeps the rule pages of the current release in
the background within its budget (judge.web.views.OFFLINE_BUDGET); the test waits for that pre-cache,
measures what it kept, then reads /ja/rules/903.9/ offline and follows a rule link, jumps to a rule by
number from the offline search, and reads a subrule on its rule's page.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from judge.web.views import OFFLINE_BUDGET
from tests.e2e.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

PRECACHE = """async () => {
  const reg = await navigator.serviceWorker.ready;
  return await new Promise((done) => {
    navigator.serviceWorker.addEventListener('message', (e) => {
      if (e.data && e.data.precached) done(e.data.precached);
    });
    reg.active.postMessage({precache: 'ja'});
  });
}"""

CACHED = """async () => {
  let bytes = 0, pages = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      bytes += (await (await cache.match(request)).arrayBuffer()).byteLength;
      if (name.startsWith('judge-pages-')) pages += 1;
    }
  }
  return {bytes, pages, names: await caches.keys()};
}"""


def test_rule_pages_read_offline_after_one_visit_to_the_home_page(browser, site_url):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="ja-JP")
    page = context.new_page()
    page.set_default_timeout(300_000)  # the background pre-cache of the whole release on a loaded machine
    page.goto(f"{site_url}/ja/")
    done = page.evaluate(PRECACHE)
    kept = page.evaluate(CACHED)
    print(f"\nOFFLINE pre-cache: {done}; kept: {kept['bytes']} bytes, {kept['pages']} pages")  # pytest -s
    assert kept["bytes"] <= OFFLINE_BUDGET + 1024 * 1024  # the pages and the assets within the budget
    assert done["saved"] >= 100 and kept["pages"] >= 100
    assert any(name.startswith("judge-pages-") for name in kept["names"])
    page.set_default_timeout(30_000)

    context.set_offline(True)
    page.goto(f"{site_url}/ja/rules/903.9/")
    expect(page.locator(".offline-saved")).to_contain_text("この端末に保存")
    expect(page.locator("main")).to_contain_text("903.9")
    link = page.locator("main .rule-columns a[href^='/ja/rules/']").first
    target = link.get_attribute("href") or ""
    link.click()
    page.wait_for_url(re.compile(re.escape(target.split("#")[0]) + "$"))
    expect(page.locator(".offline-saved")).to_be_visible()
    assert page.locator(".offline-needs-network").count() == 0

    # Offline search says it needs the network and offers the jump and the index.
    page.goto(f"{site_url}/ja/search/?q=統率者税")
    expect(page.locator(".offline-needs-network")).to_contain_text("ネットワーク接続が必要")
    expect(page.locator("a[href='/ja/rules/']")).to_be_visible()
    page.fill("#offline-q", "903.8")
    page.locator(".offline-jump button").click()
    page.wait_for_url(re.compile(r"/ja/rules/903\.8/$"))
    expect(page.locator(".offline-saved")).to_be_visible()

    # A subrule is read on its rule's page; the rule index and the glossary were kept.
    page.goto(f"{site_url}/ja/rules/903.9a/")
    page.wait_for_url(re.compile(r"/ja/rules/903\.9/#r903\.9a$"))
    for path in ("/ja/rules/", "/ja/glossary/", "/ja/scenarios/"):
        page.goto(site_url + path)
        expect(page.locator(".offline-saved")).to_be_visible()
    context.close()

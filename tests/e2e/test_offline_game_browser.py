"""A tracker game reloaded offline (issue 34 item 1, the service worker's side), at 390×844 and 844×390: the
phone opened the game and made a change online; offline, a reload shows that game with its players and its
last totals, from the copy static/js/sw.js kept of that exact URL. Another game never opened on this phone
is not there offline; a needlessly escaped spelling of the game's URL is not kept (issue 31 item 7)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, wait_controlled
from tests.e2e.test_tracker_browser import SEATS, _keypad, _life, _sit, _start_game

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

#: The third seat's life total in the copy of the game the worker kept (None: not kept).
PROBE = """async (path) => {
  const found = await (await caches.open('judge-games')).match(location.origin + path);
  if (!found) return null;
  const doc = new DOMParser().parseFromString(await found.text(), 'text/html');
  return doc.querySelector('#seat-2 td.life')?.textContent.trim() ?? null;
}"""

KEPT_GAMES = """async () => {
  const cache = await caches.open('judge-games');
  return (await cache.keys()).map((r) => new URL(r.url).pathname);
}"""


@pytest.mark.parametrize("viewport", [PHONE, {"width": 844, "height": 390}], ids=["portrait", "landscape"])
def test_a_game_reloaded_offline_shows_its_last_state(browser, site_url, viewport) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=viewport, is_mobile=True, has_touch=True, locale="ja-JP")
    phone = context.new_page()
    errors: list[str] = []
    phone.on("pageerror", lambda exc: errors.append(str(exc)))
    elsewhere = browser.new_context(viewport=viewport, locale="ja-JP")
    other = _start_game(elsewhere.new_page(), site_url)  # a game started on another phone
    elsewhere.close()
    phone.goto(f"{site_url}/ja/")
    # The page is the worker's: from here every load of the game goes through it.
    wait_controlled(phone)
    url = _start_game(phone, site_url)
    _sit(phone, url, 0)
    _keypad(phone, 2, "3", "-")
    expect(_life(phone, 2)).to_have_text("37")
    path = url.removeprefix(site_url)
    # The copy kept after the change (the page read again once the press was answered) holds the new total:
    # the worker tells the page which revision of the game it keeps (<html data-game-kept>), the one the
    # board shows now.
    revision = phone.locator("#board").get_attribute("data-revision")
    expect(phone.locator("html")).to_have_attribute("data-game-kept", revision or "")
    assert phone.evaluate(PROBE, path) == "37"
    # An escaped spelling of the game is answered by the server (a redirect under gunicorn), never kept.
    phone.evaluate("(u) => fetch(u).then((r) => r.status)", url.replace("/tracker/", "/tracker%2F"))
    assert phone.evaluate(KEPT_GAMES) == [path]

    context.set_offline(True)
    phone.reload()
    for name, _commander in SEATS:
        expect(phone.locator("#board")).to_contain_text(name)
    expect(_life(phone, 2)).to_have_text("37")
    expect(_life(phone, 0)).to_have_text("40")
    assert phone.evaluate("document.documentElement.dataset.offlineSaved || ''")  # when it was kept
    # A game never opened under the worker is not there: the offline page, with the site's header.
    phone.goto(other)
    expect(phone.locator(".offline-needs-network")).to_be_visible()
    expect(phone.locator(".site-header")).to_be_visible()
    assert not errors, errors
    context.close()

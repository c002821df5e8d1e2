"""The table tracker on a phone turned sideways (844×390) and upright (390×844), with 4 and 6 players
(issue 25 item 3).

Sideways, the site header folds into one bar (its links one press away), and every seat's name, life and
commander damage, the turn and the life keypad's presses are on the first screen: their boxes lie inside the
viewport with the page unscrolled. Every other tracker page (the history, the new-game form) folds the header
the same way. Upright, the header stays as on every other page and the first seat's life is on the first
screen with its presses shown. Neither orientation scrolls sideways.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

LANDSCAPE = {"width": 844, "height": 390}
PORTRAIT = {"width": 390, "height": 844}
PRESS = 44  # a thumb's press, px (issue 25 item 5)

# Names and commanders as a table types them; the 6-player game in English, whose words run longest.
SEATS = {
    "ja": [
        ("アレックス", "《ラフィーク》"),
        ("ビアンカ", "Atraxa"),
        ("Carol", "クレンコ"),
        ("大輔", "Edgar Markov"),
        ("エミ", "《メレン》"),
        ("Fumiko", "Giada"),
    ],
    "en": [
        ("Alex", "Rafiq of the Many"),
        ("ビアンカ", "《アトラクサ》"),
        ("Carol", "Krenko"),
        ("Daisuke", "Edgar Markov"),
        ("Emi", "Meren of Clan Nel Toth"),
        ("Fumiko", "《ジアーダ》"),
    ],
}
GAMES = [(4, "ja"), (6, "en")]


def _phone(browser: Any, viewport: dict[str, int], lang: str) -> Any:
    locale = "ja-JP" if lang == "ja" else "en-US"
    page = browser.new_context(viewport=viewport, is_mobile=True, has_touch=True, locale=locale).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    return page


def _start_game(page: Any, site_url: str, lang: str, players: int) -> None:
    page.goto(f"{site_url}/{lang}/tracker/?seats={players}")
    page.select_option("#variant", "commander")
    for seat, (name, commander) in enumerate(SEATS[lang][:players], 1):
        page.fill(f"#name-{seat}", name)
        page.fill(f"#commander-{seat}", commander)
    page.locator("form.tracker-setup button[type=submit]").click()
    page.wait_for_url(re.compile(rf".*/{lang}/tracker/[A-Za-z0-9_-]{{8,32}}/$"))
    page.locator(".seat-picker a").first.click()  # seated: the keypad starts on the first seat
    expect(page.locator(".seat-picker a[aria-current]")).to_have_text(SEATS[lang][0][0])


def _outside(page: Any, selector: str, viewport: dict[str, int]) -> list[str]:
    """Each element ``selector`` matches whose box is not wholly inside the unscrolled viewport."""
    boxes = page.locator(selector).evaluate_all(
        "els => els.map(el => { const r = el.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom, r.width, r.height]; })"
    )
    assert boxes, selector
    return [
        f"{selector}[{i}] {[round(v) for v in box[:4]]}"
        for i, box in enumerate(boxes)
        if box[0] < 0
        or box[1] < 0
        or box[2] > viewport["width"]
        or box[3] > viewport["height"]
        or box[4] <= 1
        or box[5] <= 1
    ]


def _no_sideways_scroll(page: Any, viewport: dict[str, int]) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert page.evaluate("document.body.scrollWidth") <= viewport["width"]


def _folded(page: Any) -> None:
    """The site header is one bar, a thumb's press tall, at the top of the screen."""
    expect(page.locator(".site-menu > summary")).to_be_visible()
    expect(page.locator(".site-header")).to_be_hidden()
    expect(page.locator(".site-nav")).to_be_hidden()
    bar = page.locator(".site-menu").bounding_box()
    assert bar is not None and bar["y"] == 0 and PRESS <= bar["height"] <= PRESS + 4, bar


def _height(page: Any, selector: str) -> float:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return float(box["height"])


@pytest.mark.parametrize(("players", "lang"), GAMES)
def test_sideways_the_whole_table_is_on_the_first_screen(browser, site_url, players, lang):  # type: ignore[no-untyped-def]
    page = _phone(browser, LANDSCAPE, lang)
    _start_game(page, site_url, lang, players)
    assert page.evaluate("window.scrollY") == 0

    # The header is one bar; the table (every seat, its life and the commander damage it took) and the
    # keypad's presses are all inside the first screen.
    menu = page.locator(".site-menu > summary")
    expect(menu).to_be_visible()
    expect(page.locator(".site-header")).to_be_hidden()
    expect(page.locator(".site-nav")).to_be_hidden()
    expect(page.locator(".table-view tbody tr")).to_have_count(players)
    expect(page.locator(".table-view tbody td.dmg")).to_have_count(players * players)
    outside: list[str] = []
    for seat in range(players):
        for cell in (".seat-name", "td.life", "td.poison", "td.dmg"):
            outside += _outside(page, f"#seat-{seat} {cell}", LANDSCAPE)
    for press in (
        "button.next-turn",
        "button.undo",
        ".keypad-target label",
        "#kp-digits",
        "button.minus",
        "button.plus",
        ".keys button",
    ):
        outside += _outside(page, press, LANDSCAPE)
    assert not outside, outside
    _no_sideways_scroll(page, LANDSCAPE)
    for press in ("button.next-turn", "button.minus", "button.plus", ".keys button", ".site-menu > summary"):
        assert _height(page, press) >= PRESS, press
    screenshot(page, f"tracker-landscape-{players}")

    # The keypad works where it now stands: the last seat loses 3.
    last = players - 1
    page.locator(f"label[for='kp-{last}']").first.click()
    page.locator(".keys button[data-key='3']").click()
    page.locator("button.minus").click()
    expect(page.locator(f"#seat-{last} td.life")).to_have_text("37")
    assert page.evaluate("window.scrollY") == 0

    # The header's links are one press away.
    menu.click()
    expect(page.locator(".site-nav a[href$='/tracker/']")).to_be_visible()
    expect(page.locator(".lang-switch a[hreflang='ja']")).to_be_visible()
    expect(page.locator("#site-q")).to_be_visible()
    _no_sideways_scroll(page, LANDSCAPE)

    # Every other tracker page folds the header into the same bar: the history (its heading and the change
    # just made on the first screen), the new-game form.
    game_url = page.url.split("?")[0]
    for name, url, first_screen in (
        ("history", game_url + "history/", (".tracker-title", ".history-log li:first-child")),
        ("new", f"{site_url}/{lang}/tracker/?seats={players}", ("main h1",)),
    ):
        page.goto(url)
        _folded(page)
        assert not [box for sel in first_screen for box in _outside(page, sel, LANDSCAPE)], url
        _no_sideways_scroll(page, LANDSCAPE)
        screenshot(page, f"tracker-landscape-{players}-{name}")
    page.goto(game_url + "history/")
    expect(page.locator(".history-log")).to_contain_text(SEATS[lang][last][0])
    menu.click()
    expect(page.locator(".site-nav a[href$='/tracker/']")).to_be_visible()
    assert not page.js_errors, page.js_errors
    page.context.close()


@pytest.mark.parametrize(("players", "lang"), GAMES)
def test_upright_the_header_stays_and_the_first_seat_is_on_the_first_screen(browser, site_url, players, lang):  # type: ignore[no-untyped-def]
    page = _phone(browser, PORTRAIT, lang)
    _start_game(page, site_url, lang, players)

    expect(page.locator(".site-header")).to_be_visible()  # as on every other page: no bar to open
    expect(page.locator(".site-nav")).to_be_visible()
    expect(page.locator(".site-menu > summary")).to_be_hidden()
    outside = _outside(page, "#seat-0 .seat-name", PORTRAIT) + _outside(page, "#seat-0 td.life", PORTRAIT)
    outside += _outside(page, "button.next-turn", PORTRAIT)
    assert not outside, outside
    for press in ("label[for='kp-0']", "button.minus", "button.plus"):
        expect(page.locator(press).first).to_be_visible()
    expect(page.locator("#kp-0")).to_be_checked()
    for press in ("button.next-turn", "button.minus", "button.plus"):
        assert _height(page, press) >= PRESS, press
    _no_sideways_scroll(page, PORTRAIT)
    screenshot(page, f"tracker-portrait-{players}")

    # The first seat's presses change its life.
    page.locator("#player-0 > summary").click()
    page.locator("#player-0 .counter.life button[value='-5']").click()
    expect(page.locator("#seat-0 td.life")).to_have_text("35")
    _no_sideways_scroll(page, PORTRAIT)

    # So on the history page: the header as on every other page.
    page.goto(page.url.split("?")[0] + "history/")
    expect(page.locator(".site-header")).to_be_visible()
    expect(page.locator(".site-nav")).to_be_visible()
    expect(page.locator(".site-menu > summary")).to_be_hidden()
    expect(page.locator(".history-log")).to_contain_text(SEATS[lang][0][0])
    _no_sideways_scroll(page, PORTRAIT)
    assert not page.js_errors, page.js_errors
    page.context.close()

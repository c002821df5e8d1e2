"""The table tracker in a real browser: phones at one table (one browser context each, 390x844 portrait).

Each phone picks its seat; the whole table is on one screen; a change on one phone shows on the others
within about a second (polling answered 304 while nothing changed); undo takes back the phone's own change;
two phones pressing "next turn" on the same table pass one turn, the second sees "already done" in place.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, screenshot

# The strict CSP forbids eval in the page, so waits use expect(), never wait_for_function("...").
pytestmark = [pytest.mark.browser, pytest.mark.corpus]

SEATS = [
    ("Alex", "Rafiq of the Many"),
    ("ビアンカ", "《アトラクサ》"),
    ("Carol", "Krenko"),
    ("大輔", "Edgar Markov"),
]


def _phone(browser):  # type: ignore[no-untyped-def]
    page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="ja-JP").new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    return page


def _start_game(page, site_url: str) -> str:  # type: ignore[no-untyped-def]
    page.goto(f"{site_url}/ja/tracker/")
    expect(page.locator("label[for='commander-1']")).to_have_text("統率者")  # the card, not the format
    page.select_option("#variant", "commander")
    for seat, (name, commander) in enumerate(SEATS, 1):
        page.fill(f"#name-{seat}", name)
        page.fill(f"#commander-{seat}", commander)
    page.locator("form.tracker-setup button[type=submit]").click()
    page.wait_for_url(re.compile(r".*/ja/tracker/[A-Za-z0-9_-]{8,32}/$"))
    return page.url


def _sit(page, url: str, seat: int) -> None:  # type: ignore[no-untyped-def]
    page.goto(url)
    page.locator(".seat-picker a", has_text=SEATS[seat][0]).click()
    expect(page.locator(".seat-picker a[aria-current]")).to_have_text(SEATS[seat][0])


def _life(page, seat: int):  # type: ignore[no-untyped-def]
    return page.locator(f"#seat-{seat} td.life")


def _keypad(page, target: int, digits: str, sign: str) -> None:  # type: ignore[no-untyped-def]
    page.locator(f"label[for='kp-{target}']").first.click()
    for digit in digits:
        page.locator(f".keys button[data-key='{digit}']").click()
    expect(page.locator("#kp-digits")).to_have_value(digits)
    page.locator(f".keypad button[value='{sign}']").click()


def test_phones_at_one_table(browser, site_url):  # type: ignore[no-untyped-def]
    alex, bianca = _phone(browser), _phone(browser)
    url = _start_game(alex, site_url)
    _sit(alex, url, 0)
    _sit(bianca, url, 1)

    # The whole table is on one portrait screen, and nothing scrolls sideways.
    for phone in (alex, bianca):
        box = phone.locator(".table-view").bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], box
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    expect(alex.locator("th.cmd")).to_have_count(4)
    expect(bianca.locator("#kp-1")).to_be_checked()  # the keypad starts on the phone's own seat
    screenshot(alex, "tracker-phone-seated")

    # Alex loses 5 on the keypad (its digit keys and its minus key); Bianca's phone shows it at its next poll.
    slug = url.rstrip("/").rsplit("/", 1)[-1]

    def is_poll(r) -> bool:  # type: ignore[no-untyped-def]
        return bool(r.request.method == "GET" and r.url.rstrip("/").endswith(slug))

    _keypad(alex, 0, "5", "-")
    expect(_life(alex, 0)).to_have_text("35")
    expect(alex.locator("#kp-digits")).to_have_value("")  # spent once the change is recorded
    # Bianca's poll brings the change (how soon it does is a timing goal: bench/'s, not a loaded CI's).
    expect(_life(bianca, 0)).to_have_text("35")
    # While nothing changes, the polls are answered "not modified": wait for one such answer.
    bianca.wait_for_event("response", predicate=lambda r: is_poll(r) and r.status == 304)
    expect(_life(bianca, 0)).to_have_text("35")  # ... and the board stays as it was
    screenshot(bianca, "tracker-phone-other")

    # Bianca lowers Carol's life by 12; then Alex's undo takes back Alex's own change, not Bianca's.
    _keypad(bianca, 2, "12", "-")
    expect(_life(bianca, 2)).to_have_text("28")
    expect(_life(alex, 2)).to_have_text("28")
    alex.locator("button.undo").click()
    expect(_life(alex, 0)).to_have_text("40")
    expect(_life(alex, 2)).to_have_text("28")
    expect(_life(bianca, 0)).to_have_text("40")
    expect(alex.locator("button.undo")).to_have_text("自分の最後の変更を取り消す")
    screenshot(alex, "tracker-phone-undo-own")
    assert not alex.js_errors and not bianca.js_errors
    for phone in (alex, bianca):
        phone.context.close()


def test_two_phones_press_next_turn_on_the_same_table(browser, site_url):  # type: ignore[no-untyped-def]
    """Both phones show Alex's turn; both press "next turn": Bianca's turn begins, nobody is skipped, and the
    second phone is told "already done" in place, on the fresh table."""
    alex, bianca = _phone(browser), _phone(browser)
    url = _start_game(alex, site_url)
    _sit(alex, url, 0)
    _sit(bianca, url, 1)
    game_path = re.compile(r".*/tracker/[A-Za-z0-9_-]{8,32}/$")
    # Hold Bianca's polls so her board still shows the table Alex changes (as if both pressed at once).
    bianca.route(
        game_path, lambda route: route.abort() if route.request.method == "GET" else route.continue_()
    )
    alex.locator("button.next-turn").click()
    expect(alex.locator(".turn strong")).to_have_text("ビアンカ")
    expect(bianca.locator(".turn strong")).to_have_text("Alex")
    bianca.locator("button.next-turn").click()
    errors = bianca.locator("#board-errors")
    expect(errors).to_contain_text("ほかの端末で先に更新されました")
    expect(bianca.locator(".turn strong")).to_have_text("ビアンカ")  # not Carol: no one skipped
    expect(bianca.locator(".site-header")).to_be_visible()  # still the whole page, styled
    screenshot(bianca, "tracker-phone-already-done")
    bianca.unroute(game_path)
    expect(alex.locator(".turn strong")).to_have_text("ビアンカ")
    for phone in (alex, bianca):
        phone.context.close()


def test_a_press_on_a_stale_board_shows_the_problem_in_place(browser, site_url):  # type: ignore[no-untyped-def]
    """Phone B still shows Carol in the game after phone A recorded her concession (before B's next poll):
    B's press must swap in the fresh board with the problem on top, not vanish or replace the whole page."""
    first, second = _phone(browser), _phone(browser)
    url = _start_game(first, site_url)
    second.goto(url)
    game_path = re.compile(r".*/tracker/[A-Za-z0-9_-]{8,32}/$")
    second.route(
        game_path, lambda route: route.abort() if route.request.method == "GET" else route.continue_()
    )

    def concede(page):  # type: ignore[no-untyped-def]
        carol = page.locator("#player-2")
        carol.locator("summary").first.click()
        carol.locator("details.leave > summary").click()
        carol.locator("button[value='concede']").click()

    concede(first)
    expect(first.locator("#player-2 button[value='concede']")).to_have_count(0)
    concede(second)
    errors = second.locator("#board-errors")
    expect(errors).to_be_visible()
    expect(errors).to_contain_text("Carol")
    expect(second.locator(".site-header")).to_be_visible()
    expect(second.locator("#player-2 button[value='concede']")).to_have_count(0)  # the board is the fresh one
    for phone in (first, second):
        phone.context.close()

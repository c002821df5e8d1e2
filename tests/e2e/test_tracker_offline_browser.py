"""The table tracker through a dropped connection (issue 25 item 2), in a real browser: two phones.

Alex's phone goes offline (``context.set_offline``): the page says so (「オフライン：最後に同期した状態」)
and makes presses: they are kept on the phone, listed as pending, in Japanese, and shown in the cells
they change (the life total with the pending change, marked), nothing on the page moving. Bianca's
phone meanwhile changes the table. Alex's phone comes back: its presses are sent in order, each with
the revision it was pressed on; the "next turn" made stale by Bianca's is refused, shown with the
site's words and the latest change, and applied with one tap. A queue of the phone's own presses alone
never refuses itself. Every total is read off both boards.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_tracker_browser import SEATS, _keypad, _life, _phone, _sit, _start_game

pytestmark = [pytest.mark.browser, pytest.mark.corpus]


def _turn(page):  # type: ignore[no-untyped-def]
    return page.locator(".turn strong")


def test_presses_made_offline_are_sent_when_the_phone_is_back(browser, site_url):  # type: ignore[no-untyped-def]
    alex, bianca = _phone(browser), _phone(browser)
    url = _start_game(alex, site_url)
    _sit(alex, url, 0)
    _sit(bianca, url, 1)
    queue = alex.locator("#tracker-queue")
    expect(queue).to_be_hidden()
    # The offline reading's service worker runs this page too: it must let the presses through untouched.
    alex.wait_for_function("Boolean(navigator.serviceWorker.controller)")

    # Offline, Alex passes the turn and takes 3 from Carol: both wait on the phone, listed in Japanese.
    alex.context.set_offline(True)
    expect(queue).to_be_visible()
    expect(queue.locator(".offline-line")).to_be_visible()
    expect(queue.locator(".offline-line")).to_have_text("オフライン：最後に同期した状態")
    expect(queue.locator(".queue-note")).to_have_text(
        "接続がありません。操作はこの端末に保存し、接続が戻ったら順に送信します。"
    )
    where = "el => { const r = el.getBoundingClientRect(); return [r.top + window.scrollY, r.height]; }"
    table_at = alex.locator(".table-view").evaluate(where)
    alex.locator("button.next-turn").click()
    _keypad(alex, 2, "3", "-")
    # Each kept press shows in the cell it changes, marked; nothing on the page moved (no second tap).
    expect(_life(alex, 2).locator("label.pending")).to_have_text("37")
    expect(_life(alex, 2).locator(".pending-mark")).to_have_text("未送信 −3")
    assert alex.locator(".table-view").evaluate(where) == table_at
    pending = queue.locator("li.queue-item.pending")
    expect(pending).to_have_count(2)
    expect(pending.nth(0)).to_contain_text("次のターン")
    expect(pending.nth(1)).to_contain_text("Carol")
    expect(pending.nth(1)).to_contain_text("3")
    expect(pending.nth(0).locator(".queue-status")).to_have_text("未送信")
    expect(queue.locator("h2")).to_have_text("まだ反映されていない操作")
    expect(alex.locator("#kp-digits")).to_have_value("")  # the digits went with the kept press
    expect(_life(bianca, 2)).to_have_text("40")  # nothing applied yet
    expect(_turn(alex)).to_have_text("Alex")

    # Meanwhile Bianca's phone takes 4 from Alex and passes the turn.
    _keypad(bianca, 0, "4", "-")
    expect(_life(bianca, 0)).to_have_text("36")
    bianca.locator("button.next-turn").click()
    expect(_turn(bianca)).to_have_text(SEATS[1][0])

    # Back online: Carol's -3 still means -3 and is applied; the stale "next turn" is refused and shown.
    alex.context.set_offline(False)
    refused = queue.locator("li.queue-item.refused")
    expect(refused).to_have_count(1)
    expect(pending).to_have_count(0)
    expect(refused).to_contain_text("次のターン")
    expect(refused).to_contain_text("ほかの端末で先に更新されました")
    expect(refused).to_contain_text("最新の変更")
    expect(refused.locator(".queue-status")).to_have_text("反映されていません")
    expect(_life(alex, 2)).to_have_text("37")
    expect(_life(alex, 2).locator("label.pending")).to_have_count(0)  # the server's total now
    expect(queue.locator(".offline-line")).to_be_hidden()
    expect(_life(alex, 0)).to_have_text("36")
    expect(_turn(alex)).to_have_text(SEATS[1][0])  # no player skipped by the two presses
    assert "Not " not in queue.inner_text()  # the reader's language only

    # One tap applies it on the table as it is now: Carol's turn, on both phones.
    refused.locator("button[data-queue-action='again']").click()
    expect(_turn(alex)).to_have_text("Carol")
    expect(queue).to_be_hidden()
    expect(_turn(bianca)).to_have_text("Carol")

    # Offline again with no other phone pressing: the phone's own presses follow each other, none refused.
    alex.context.set_offline(True)
    _keypad(alex, 1, "2", "-")
    _keypad(alex, 1, "1", "+")
    alex.locator("button.next-turn").click()
    expect(pending).to_have_count(3)
    expect(_life(alex, 1).locator("label.pending")).to_have_text("39")  # 40 − 2 + 1, both kept
    expect(_life(bianca, 1)).to_have_text("40")
    alex.context.set_offline(False)
    expect(queue).to_be_hidden()
    expect(_turn(alex)).to_have_text(SEATS[3][0])

    # A press recorded by the server whose answer never comes back: the phone sends it again, with its id,
    # and it is recorded once (大輔 40 - 6 = 34, not 28).
    lost: list[str] = []

    def lose_the_answer(route):  # type: ignore[no-untyped-def]
        if route.request.method == "POST" and not lost:
            route.fetch()  # the server records it ...
            lost.append(route.request.url)
            route.abort()  # ... and the phone never hears back
        else:
            route.continue_()

    alex.route(re.compile(r".*/event/$"), lose_the_answer)
    _keypad(alex, 3, "6", "-")
    expect(_life(alex, 3)).to_have_text("34")
    expect(queue).to_be_hidden()
    alex.unroute(re.compile(r".*/event/$"))
    assert len(lost) == 1

    expected = {0: "36", 1: "39", 2: "37", 3: "34"}
    for phone in (alex, bianca):
        for seat, life in expected.items():
            expect(_life(phone, seat)).to_have_text(life)
        expect(_turn(phone)).to_have_text(SEATS[3][0])
    assert not alex.js_errors and not bianca.js_errors
    for phone in (alex, bianca):
        phone.context.close()

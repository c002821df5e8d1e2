"""The tracker's marks for presses kept on the phone (issue 42 item 3), upright (390×844) and sideways
(844×390), in Japanese and English: a pending life change shows beside the total it changes, never over it
(their boxes do not overlap), and a commander cast made offline shows in the tax cell as pending.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import VIEWPORTS, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

SEATS = [("Alex", "Oona"), ("ビアンカ", "Kraum"), ("Carol", "Edgar Markov"), ("大輔", "Atraxa")]
PENDING = {"ja": "未送信", "en": "Not sent yet"}
BOX = "el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
def test_a_pending_change_is_marked_beside_what_it_changes(
    phone_at: Any, site_url: str, lang: str, orientation: str
) -> None:
    viewport = VIEWPORTS[orientation]
    page = phone_at(viewport=viewport, lang=lang)
    page.goto(f"{site_url}/{lang}/tracker/?seats=4")
    page.select_option("#variant", "commander")
    for seat, (name, commander) in enumerate(SEATS, 1):
        page.fill(f"#name-{seat}", name)
        page.fill(f"#commander-{seat}", commander)
    page.locator("form.tracker-setup button[type=submit]").click()
    page.wait_for_url(re.compile(rf".*/{lang}/tracker/[A-Za-z0-9_-]{{8,32}}/$"))
    page.locator(".seat-picker a").first.click()
    expect(page.locator(".seat-picker a[aria-current]")).to_have_text("Alex")
    row_height = page.locator("#seat-2").evaluate("el => el.getBoundingClientRect().height")

    page.context.set_offline(True)
    expect(page.locator("#tracker-queue .offline-line")).to_be_visible()
    page.locator("label[for='kp-2']").first.click()
    page.locator(".keys button[data-key='3']").click()
    page.locator(".keypad button[value='-']").click()
    total = page.locator("#seat-2 td.life label")
    mark = page.locator("#seat-2 td.life .pending-mark")
    expect(total).to_have_text("37")
    expect(mark).to_have_text(f"{PENDING[lang]} −3")
    total_box, mark_box = total.evaluate(BOX), mark.evaluate(BOX)
    screenshot(page, f"tracker-pending-life-{lang}-{orientation}")
    assert not _overlap(total_box, mark_box), (total_box, mark_box)
    cell_box = page.locator("#seat-2 td.life").evaluate(BOX)
    assert cell_box[0] <= mark_box[0] and mark_box[2] <= cell_box[2] + 0.5, (cell_box, mark_box)
    # Nothing moved under the thumb: the row kept its height.
    assert page.locator("#seat-2").evaluate("el => el.getBoundingClientRect().height") == row_height

    # A cast of Alex's commander made offline: its tax shows the cost after it, marked as not sent.
    page.locator("#player-0").evaluate("d => { d.open = true; }")
    page.locator("#player-0 button.cast").click()
    pending_tax = page.locator("#seat-0 .tax-value.pending")
    expect(pending_tax).to_have_count(1)
    expect(pending_tax).to_have_text("2")
    expect(page.locator("#seat-0 .taxes .pending-mark")).to_have_text(PENDING[lang])
    tax_box = pending_tax.evaluate(BOX)
    tax_mark_box = page.locator("#seat-0 .taxes .pending-mark").evaluate(BOX)
    assert not _overlap(tax_box, tax_mark_box), (tax_box, tax_mark_box)
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    screenshot(page, f"tracker-pending-marks-{lang}-{orientation}")

    # Back online: both are sent, and the server's table shows them unmarked.
    page.context.set_offline(False)
    expect(page.locator("#tracker-queue")).to_be_hidden()
    expect(page.locator("#seat-2 td.life")).to_have_text("37")
    expect(page.locator("#seat-0 .tax-value.pending")).to_have_count(0)
    expect(page.locator("#seat-0 .tax-value")).to_have_text("2")
    expect(page.locator(".pending-mark")).to_have_count(0)

"""Commander damage offline, at 390×844 and 844×390 (issue 34 item 2): on a kept commander damage page with no
connection, a cell typed or tapped is answered on the phone with the engine's loss line, steps and problems
in Japanese, the inputs kept (a reload offline too); back online the server answers again."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import VIEWPORTS, open_offline

pytestmark = [pytest.mark.browser, pytest.mark.corpus]


@pytest.mark.parametrize("orientation", sorted(VIEWPORTS, reverse=True))
def test_commander_damage_is_worked_out_offline(phone_at, site_url, orientation) -> None:  # type: ignore[no-untyped-def]
    page = phone_at(viewport=VIEWPORTS[orientation])
    open_offline(page, site_url, "/ja/calc/commander-damage/")
    cell = page.locator("input[name=d1a_2]")
    cell.fill("20")
    cell.dispatch_event("change")
    expect(page.locator("#result .offline-computed")).to_be_visible()
    expect(page.locator("#result .answer-sub")).to_have_text("統率者ダメージで敗北したプレイヤーはいません")
    page.locator("button[value='up:d1a_2']").click()  # a tap: 21
    expect(cell).to_have_value("21")
    expect(page.locator("#result .loss")).to_contain_text(
        "プレイヤー2の敗北：プレイヤー1の統率者からの戦闘ダメージ 21 点"
    )
    expect(page.locator("#result .loss a")).to_have_text("704.6c")
    expect(page.locator("td.cell.lost input[name=d1a_2]")).to_have_count(1)
    steps = page.locator("details.format-help .calc-steps")
    expect(steps).to_contain_text("この統率者からは合計 21 点です。")
    # A bad count is the same problem as the server's, and the table stays as typed.
    other = page.locator("input[name=d2a_1]")
    other.fill("1000")
    other.dispatch_event("change")
    expect(page.locator("#result .error")).to_contain_text(
        "プレイヤー2の統率者からプレイヤー1へのダメージ：0〜999 の整数を入力してください。"
    )
    expect(page.locator("#result .loss")).to_have_count(0)
    expect(cell).to_have_value("21")
    other.fill("3")
    other.dispatch_event("change")
    expect(page.locator("#result .loss")).to_have_count(1)
    expect(page.locator(".offline-wait")).to_have_count(0)
    # Reloaded offline, the table's URL opens the same table (the kept page is the empty one).
    assert "d1a_2=21" in page.url
    page.reload()
    expect(page.locator(".offline-saved")).to_be_visible()
    expect(cell).to_have_value("21")
    expect(other).to_have_value("3")
    expect(page.locator("#result .loss")).to_have_count(1)
    expect(page.locator("#result .offline-computed")).to_be_visible()

    page.context.set_offline(False)
    page.locator("button[value='up:d1a_3']").click()
    expect(page.locator("#result .offline-computed")).to_have_count(0)  # the server's answer
    expect(page.locator("#result .loss")).to_contain_text("21")
    expect(page.locator("input[name=d1a_3]")).to_have_value("1")

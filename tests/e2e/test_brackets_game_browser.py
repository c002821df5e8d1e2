"""A tracker game's decks compared on a phone (390×844, issue 33 item 3): three players start a Commander game
with a declared bracket and a list each, the game page shows each declared bracket beside the seat's name,
and its "Compare brackets" link opens the table's brackets page with the three estimates, each beside what
its player declared, in Japanese and English; a bracket changed there is saved back to the game. The
phone's offline copy of the game page keeps the declared brackets."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, screenshot, wait_controlled, wait_until
from tests.e2e.test_brackets_browser import LISTS, brackets_site  # noqa: F401  (the module's site)

pytestmark = [pytest.mark.browser]

#: Seat 2's declared bracket in the copy of the game page the service worker kept (static/js/sw.js).
KEPT = """async (path) => {
  const found = await (await caches.open('judge-games')).match(location.origin + path);
  if (!found) return null;
  const doc = new DOMParser().parseFromString(await found.text(), 'text/html');
  return doc.querySelector('#seat-1 .declared-bracket')?.textContent.trim() ?? null;
}"""

DECLARED = {"Alice": "1", "Bob": "2", "Carol": "4"}
TEXTS = {
    "en": {
        "declared": "Declared bracket {n}",
        "compare": "Compare brackets",
        "past": "Bob: declared 2 / lowest estimate 3. The list's cards go past what bracket 2 allows",
        "within": "Carol: declared 4 / lowest estimate 4.",
        "saved": "Saved to the game",
        "back": "Back to the game",
    },
    "ja": {
        "declared": "申告ブラケット {n}",
        "compare": "ブラケットを比べる",
        "past": "Bobさん：申告 2 / 推定の下限 3。リストのカードはブラケット2で使えるものを超えています。",
        "within": "Carolさん：申告 4 / 推定の下限 4。",
        "saved": "ゲームに保存しました",
        "back": "ゲームに戻る",
    },
}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_games_declared_brackets_and_lists_compared_on_a_phone(
    browser,  # type: ignore[no-untyped-def]
    brackets_site: str,  # noqa: F811
    lang: str,
) -> None:
    texts = TEXTS[lang]
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale="ja-JP" if lang == "ja" else "en-US"
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{brackets_site}/{lang}/")
    wait_controlled(page)
    page.goto(f"{brackets_site}/{lang}/tracker/")
    page.select_option("#variant", "commander")
    for seat, player in enumerate(LISTS, start=1):
        page.fill(f"#name-{seat}", player)
        page.fill(f"#commander-{seat}", "Atraxa, Praetors' Voice")
    page.locator("details.seat-decks > summary").tap()  # one fold for every seat's bracket and list
    for seat, (player, decklist) in enumerate(LISTS.items(), start=1):
        page.select_option(f"#bracket-{seat}", DECLARED[player])
        page.fill(f"#decklist-{seat}", decklist)
    page.locator("form.tracker-setup button[type=submit]").tap()
    page.wait_for_url(re.compile(rf".*/{lang}/tracker/[A-Za-z0-9_-]{{8,32}}/$"))

    # The game page: each seat's declared bracket beside its name, no list.
    for index, player in enumerate(LISTS):
        expect(page.locator(f"#seat-{index} .declared-bracket")).to_have_text(
            texts["declared"].format(n=DECLARED[player])
        )
    expect(page.locator("#board")).not_to_contain_text("Rhystic Study")
    # The phone's offline copy of the game keeps them: reloaded without a connection, they are there.
    path = page.url.removeprefix(brackets_site)
    bob = texts["declared"].format(n="2")
    wait_until(page, KEPT, path, expected=bob)
    context.set_offline(True)
    page.reload()
    expect(page.locator("#seat-1 .declared-bracket")).to_have_text(bob)
    context.set_offline(False)
    page.goto(page.url)
    screenshot(page, f"brackets-game-{lang}")

    page.get_by_role("link", name=texts["compare"]).tap()
    page.wait_for_url(re.compile(r".*/calc/brackets/\?game=[A-Za-z0-9_-]{8,32}$"))
    rows = page.locator("table.table-brackets tbody tr")
    expect(rows).to_have_count(3)
    for index, minimum in enumerate(("1", "3", "4")):
        expect(rows.nth(index).locator(".table-minimum")).to_have_text(minimum)
    expect(page.locator("#player2")).to_have_value("Bob")
    expect(page.locator("#declared3")).to_have_value("4")
    differences = page.locator(".table-differences")
    expect(differences).to_contain_text(texts["past"])
    expect(differences).to_contain_text(texts["within"])
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, f"brackets-game-compare-{lang}")
    # Bob says 3 after the talk, then 2: saved back to the game twice (the form keeps the new revision).
    for bracket in ("3", "2"):
        page.select_option("#declared2", bracket)
        page.locator("button.table-save").tap()
        expect(page.locator("#result .notice")).to_contain_text(texts["saved"])
        expect(page.locator(".table-differences")).to_contain_text(
            f"{'Bobさん：申告' if lang == 'ja' else 'Bob: declared'} {bracket}"
        )
    page.get_by_role("link", name=texts["back"]).tap()
    expect(page.locator("#seat-1 .declared-bracket")).to_have_text(texts["declared"].format(n="2"))
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"

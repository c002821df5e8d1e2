"""The table's brackets page on a phone (390×844): three players paste their lists and see every list's
Commander Brackets estimate side by side, with what differs, in Japanese and English."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.conftest import corpus_dir
from tests.e2e.conftest import PHONE, screenshot, serve

pytestmark = [pytest.mark.browser]

BRACKET_CARDS = Path(__file__).resolve().parents[1] / "fixtures" / "brackets"
BASICS = ("Plains", "Island", "Swamp", "Forest")


def decklist(*cards: str) -> str:
    rest = 99 - len(cards) - 1
    lands = [f"{rest // 4 + (1 if i < rest % 4 else 0)} {name}" for i, name in enumerate(BASICS)]
    return "\n".join(
        ["Commander", "1 Atraxa, Praetors' Voice", "Deck", "1 Sol Ring", *(f"1 {c}" for c in cards), *lands]
    )


LISTS = {
    "Alice": decklist(),
    "Bob": decklist("Rhystic Study", "Cyclonic Rift", "Demonic Tutor"),
    "Carol": decklist("Rhystic Study", "Cyclonic Rift", "Demonic Tutor", "Smothering Tithe"),
}


@pytest.fixture(scope="module")
def brackets_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site with the brackets fixtures (Game Changer marks, Commander Spellbook's combos); the page
    needs no rules corpus."""
    with serve(
        tmp_path_factory.mktemp("e2e-brackets"), corpus_dir(), cards=BRACKET_CARDS, ingest=False
    ) as url:
        yield url


@pytest.mark.parametrize(
    ("lang", "summary", "difference"),
    [
        ("en", "Optimized (bracket 4)", "Carol's list has 4 Game Changers; the others: Alice 0, Bob 3."),
        (
            "ja",
            "ブラケット4",
            "Carolさんのリストにはゲームチェンジャーが 4 枚あります。ほかの人は Alice 0, Bob 3。",
        ),
    ],
)
def test_three_lists_side_by_side_on_a_phone(
    browser, brackets_site: str, lang: str, summary: str, difference: str
) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale="ja-JP" if lang == "ja" else "en-US"
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{brackets_site}/{lang}/calc/brackets/")
    for number, (player, text) in enumerate(LISTS.items(), start=1):
        page.fill(f"#player{number}", player)
        page.fill(f"#deck{number}", text)
    page.locator("form.table-form button[type=submit]").tap()
    rows = page.locator("table.table-brackets tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.nth(0).locator(".table-minimum")).to_have_text("1")
    expect(rows.nth(1).locator(".table-minimum")).to_have_text("3")
    expect(rows.nth(2).locator(".table-minimum")).to_have_text("4")
    expect(page.locator(".table-differences")).to_contain_text(difference)
    expect(page.locator("details.table-deck").nth(2)).to_contain_text(summary)
    # The table of every list fits the phone's width: nothing to scroll sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, f"brackets-table-{lang}")
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"

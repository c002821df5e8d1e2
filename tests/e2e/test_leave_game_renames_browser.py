"""Leave-game follows the players (issue 42 item 2), upright (390×844) and sideways (844×390), in Japanese
and English: the example's players renamed (たろう / はなこ / じろう) and one added (さくら), then a player
leaves: the board's cards follow their renamed owners and controllers, and the resolution comes with no
problem. The who-leaves bar, open, takes at most 40 % of the screen with every button in sight.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import VIEWPORTS, phone_page, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

NAMES = {"ja": ["たろう", "はなこ", "じろう", "さくら"], "en": ["Taro", "Hanako", "Jiro", "Sakura"]}
BOX = "el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


@pytest.fixture(params=["ja", "en"])
def lang(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(params=["portrait", "landscape"])
def leave_game(
    browser: Any, site_url: str, lang: str, request: pytest.FixtureRequest
) -> Iterator[tuple[Any, dict[str, int]]]:
    """The leave-game page on a phone held ``request.param``-wise, in ``lang``, with its viewport."""
    viewport = VIEWPORTS[request.param]
    with phone_page(browser, viewport=viewport, lang=lang) as page:
        page.goto(f"{site_url}/{lang}/leave-game/")
        yield page, viewport


def test_renamed_players_and_one_added_resolve_with_no_problem(
    leave_game: tuple[Any, dict[str, int]], lang: str
) -> None:
    page, viewport = leave_game
    names = NAMES[lang]
    for index, name in enumerate(names[:3]):
        page.fill(f"input[name=player-{index}-name]", name)
    page.locator("button[value=add-player]").click()
    expect(page.locator("li.lg-player")).to_have_count(4)
    page.fill("input[name=player-3-name]", names[3])
    # The cards now belong to the renamed players: no owner or controller left with an old name.
    for select in page.locator("select[name$='-owner'], select[name$='-controller']").all():
        assert select.input_value() in names, select.input_value()

    bar = page.locator("details.lg-leave")
    bar.locator("summary").click()
    expect(bar).to_have_attribute("open", "")
    expect(bar.locator("button.lg-resolve[value=resolve-3]")).to_contain_text(names[3])
    bar_box = bar.evaluate(BOX)
    assert bar_box[3] - bar_box[1] <= 0.4 * viewport["height"] + 0.5, bar_box
    for button in bar.locator("button").all():
        box = button.evaluate(BOX)
        inside = (
            bar_box[1] <= box[1] and box[3] <= bar_box[3] and box[1] >= 0 and box[3] <= viewport["height"]
        )
        assert inside, (button.inner_text(), box, bar_box)
    orientation = "portrait" if viewport["height"] > viewport["width"] else "landscape"
    screenshot(page, f"leave-game-renames-{lang}-{orientation}")

    bar.locator("button.lg-resolve[value=resolve-1]").click()
    expect(page.locator("#lg-result")).to_be_visible()
    expect(page.locator("#lg-errors")).to_have_count(0)
    assert names[1] in page.locator("#lg-result").inner_text()


def test_a_problem_marks_and_focuses_its_field_and_names_no_id(
    leave_game: tuple[Any, dict[str, int]], lang: str
) -> None:
    page, viewport = leave_game
    ids = [i.input_value() for i in page.locator("input[name$='-id']").all()]
    # A card's controller typed as nobody at the table: the resolve is refused and points at the field.
    page.locator("select[name=obj-0-controller], input[name=obj-0-controller]").first.evaluate(
        "el => { const o = document.createElement('option'); o.value = o.textContent = 'Zed';"
        " if (el.tagName === 'SELECT') { el.appendChild(o); } el.value = 'Zed'; }"
    )
    bar = page.locator("details.lg-leave")
    bar.locator("summary").click()
    bar.locator("button.lg-resolve[value=resolve-2]").click()
    errors = page.locator("#lg-errors")
    expect(errors).to_be_visible()
    field = page.locator("#lg-form [name=obj-0-controller]")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_be_focused()
    text = errors.inner_text()
    assert not [i for i in ids if i and (f"「{i}」" in text or f"“{i}”" in text)], text


def test_removing_a_player_asks_what_happens_to_their_cards(
    leave_game: tuple[Any, dict[str, int]], lang: str
) -> None:
    page, viewport = leave_game
    first = page.locator("input[name=player-0-name]").input_value()
    second = page.locator("input[name=player-1-name]").input_value()
    page.locator("li.lg-player").first.locator("button.lg-remove").click()
    ask = page.locator(".lg-ask")
    expect(ask).to_be_visible()
    expect(page.locator("li.lg-player")).to_have_count(3)  # nothing removed before the answer
    expect(ask.locator(".lg-ask-objects li").first).to_be_visible()
    ask.locator("select[name=give_to]").select_option(second)
    ask.locator("button.lg-ask-give").click()
    expect(page.locator("li.lg-player")).to_have_count(2)
    for select in page.locator("select[name$='-owner'], select[name$='-controller']").all():
        assert select.input_value() != first
    bar = page.locator("details.lg-leave")
    bar.locator("summary").click()
    bar.locator("button.lg-resolve[value=resolve-0]").click()
    expect(page.locator("#lg-result")).to_be_visible()
    expect(page.locator("#lg-errors")).to_have_count(0)

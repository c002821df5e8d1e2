"""The leave-game page never shows a board as JSON first (issue 40 item 6): the JSON is an advanced, closed
tap labelled in the reader's language, and the page of a large board's JSON reads the board player by
player above it."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.rulings.leave_game_helpers import MIND_CONTROL, form_data

pytestmark = pytest.mark.django_db

CLOSED = '<details class="lg-advanced">'


def before_the_json(html: str) -> str:
    """The page up to its closed JSON tap: what a reader sees without opening it."""
    assert html.count(CLOSED) == 1, "the JSON sits behind one closed tap"
    head, tail = html.split(CLOSED)
    assert 'id="lg-json"' in tail.split("</details>")[0]
    return head


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_form_keeps_the_board_json_behind_a_closed_tap(client: Client, lang: str) -> None:
    html = client.get(f"/{lang}/leave-game/").content.decode()
    shown = before_the_json(html)
    assert "&quot;variant&quot;" not in shown and "&quot;turn_order&quot;" not in shown
    summary = html.split(CLOSED)[1].split("</summary>")[0]
    label = "上級者向け: 盤面のJSON" if lang == "ja" else "Advanced: the board as JSON"
    assert label in summary


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_page_of_a_boards_json_reads_the_board_player_by_player(client: Client, lang: str) -> None:
    html = client.post(f"/{lang}/leave-game/", form_data(MIND_CONTROL, "show-json")).content.decode()
    shown = before_the_json(html)
    assert "&quot;variant&quot;" not in shown
    heading = "盤面（プレイヤーごと）" if lang == "ja" else "The board, player by player"
    assert f"<h2>{heading}</h2>" in shown
    players = re.findall(r'<h4 class="bd-name">([^<]*)</h4>', shown)
    assert players[:3] == ["Alex", "Bianca", "Carol"]
    assert "Assault Griffin" in shown  # the stolen creature, under who controls it
    edit = "この盤面をフォームで編集する" if lang == "ja" else "Edit this board in the form"
    assert f'value="load-json">{edit}</button>' in shown
    # The JSON is still there to copy, and "Edit" loads it: the form comes back with the same players.
    json_text = re.search(r'<textarea id="lg-json"[^>]*>([^<]*)</textarea>', html)
    assert json_text is not None and "&quot;turn_order&quot;" in json_text.group(1)


def test_a_pasted_json_with_problems_stays_open_to_fix(client: Client) -> None:
    html = client.post(
        "/ja/leave-game/",
        {"action": "load-json", "board_json": '{"variant": "free-for-all", '},
    ).content.decode()
    assert '<details class="lg-advanced" open>' in html

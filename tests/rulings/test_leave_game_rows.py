"""The leave-game board page's rows: added and removed without JavaScript, in every table (a player the board
names is removed once the page has asked what becomes of their cards)."""

from __future__ import annotations

import json
from html import unescape

import pytest
from django.test import Client

from tests.rulings.leave_game_helpers import MIND_CONTROL, count, form_data, has_input

pytestmark = pytest.mark.django_db


def test_no_js_add_and_remove_object_round_trip(client: Client) -> None:
    response = client.post("/en/leave-game/", form_data(MIND_CONTROL, "add-object"))
    assert response.status_code == 200
    html = response.content.decode()
    assert count(html, "obj-id") == 3
    assert 'value="remove-object-2"' in html
    # The new row is blank, the old rows are kept as typed.
    assert has_input(html, "obj-name", "Assault Griffin") and has_input(html, "obj-name", "")

    response = client.post("/en/leave-game/", form_data(MIND_CONTROL, "remove-object-0"))
    html = response.content.decode()
    assert count(html, "obj-id") == 1
    assert "Assault Griffin" not in html.split('id="lg-json"')[0]
    assert has_input(html, "obj-name", "Mind Control")


@pytest.mark.parametrize(
    ("table", "field"),
    [
        ("player", "player-name"),
        ("effect", "eff-id"),
        ("trigger", "trg-id"),
        ("timed", "tmd-id"),
        ("control", "pc-controller"),
        ("attack", "atk-attacker"),
    ],
)
def test_add_and_remove_rows_of_every_table(client: Client, table: str, field: str) -> None:
    before = count(client.post("/en/leave-game/", form_data(MIND_CONTROL)).content.decode(), field)
    html = client.post("/en/leave-game/", form_data(MIND_CONTROL, f"add-{table}")).content.decode()
    assert count(html, field) == before + 1
    data = form_data(MIND_CONTROL, f"add-{table}")
    grown = client.post("/en/leave-game/", data).content.decode()
    shown = json.loads(unescape(grown.split('spellcheck="false">')[1].split("</textarea>")[0]))
    # A player the board names is removed once the page has asked what becomes of their cards (the answer:
    # with the cards they own; tests/rulings/test_leave_game_renames.py asks).
    remove = "remove-player-0-with" if table == "player" else f"remove-{table}-0"
    html = client.post("/en/leave-game/", form_data(shown, remove)).content.decode()
    assert count(html, field) == before

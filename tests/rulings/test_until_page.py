"""The leave-game page takes cards exiled "until" an event (610.3): the full board editor's table, its quick
entry, the board JSON, and the resolution in both languages (issue 32)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from judge.rulings.board_rows import BoardRows
from tests.rulings.leave_game_helpers import count, form_data, has_selected, result_of
from tests.rulings.test_until_api import PRIEST_BOARD

pytestmark = pytest.mark.django_db

PLAYERS: dict[str, Any] = {
    "variant": "free-for-all",
    "turn_order": ["Alex", "Bianca", "Carol"],
    "active_player": "Carol",
}


def _page_fields(html: str) -> dict[str, str]:
    """What the page posts back: its inputs, its selects' chosen options, its ticked boxes."""
    fields = dict(re.findall(r'<input name="([^"]+)" value="([^"]*)"', html))
    fields.update(
        re.findall(
            r'<select name="([^"]+)">(?:(?!</select>).)*?<option value="([^"]*)" selected>', html, re.S
        )
    )
    fields.update(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html))
    fields.update(
        (name, "1")
        for name in re.findall(r'<input type="checkbox" name="(obj-\d+-commander)" value="1" checked>', html)
    )
    return fields


def test_the_rows_carry_an_until_effect_both_ways() -> None:
    rows = BoardRows.from_payload(
        {**PRIEST_BOARD, "until_effects": [{**PRIEST_BOARD["until_effects"][0], "from": "hand"}]}
    )
    payload, problems = rows.payload()
    assert problems == []
    assert payload["until_effects"] == [
        {
            "id": "priest-exile",
            "source": "priest",
            "objects": ["b-commander"],
            "ends": "source-leaves",
            "how": "until",
            "from": "hand",
        }
    ]
    assert payload["objects"][1]["commander"] is True
    assert rows.apply("add-until") and rows.rows["unt"][-1]["id"] == "exile-until-2"
    assert rows.apply("remove-until-1") and len(rows.rows["unt"]) == 1


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_quick_entry_adds_the_priest_the_exiled_commander_and_the_exile(client: Client, lang: str) -> None:
    """ "Alex's 《Banisher Priest》 exiled Bianca's commander", in one line; Alex leaves: it comes back."""
    data = form_data(PLAYERS, "quick-until")
    data.update(until_by="Alex", until_card="Banisher Priest", until_how="until", until_owner="Bianca")
    data.update(until_target="Atraxa, Praetors' Voice", until_commander="1")
    html = client.post(f"/{lang}/leave-game/", data).content.decode()
    assert count(html, "obj-name") == 2 and count(html, "unt-objects") == 1
    assert 'name="unt-0-objects" value="object-2"' in html and has_selected(html, "unt-source", "object-1")
    assert has_selected(html, "obj-zone", "exile") and has_selected(html, "unt-how", "until")
    assert re.search(r'name="obj-1-commander" value="1" checked', html)
    fields = _page_fields(html)
    fields.update(variant="free-for-all", active="2", action="resolve-0")
    result = result_of(client.post(f"/{lang}/leave-game/", fields).content.decode())
    assert "610.3" in result and "610.3c" in result and "903.9a" in result
    assert ("誘発型能力ではない" if lang == "ja" else "not a triggered ability") in result


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_full_editor_shows_an_old_oblivion_ring_and_resolves_it(client: Client, lang: str) -> None:
    board: dict[str, Any] = {
        **PRIEST_BOARD,
        "until_effects": [{**PRIEST_BOARD["until_effects"][0], "how": "trigger"}],
    }
    html = client.post(f"/{lang}/leave-game/", form_data(board, "update-full")).content.decode()
    legend = (
        "ある時点まで追放されているカード（610.3）" if lang == "ja" else "Cards exiled until an event (610.3)"
    )
    assert (
        legend in html
        and has_selected(html, "unt-how", "trigger")
        and has_selected(html, "unt-ends", "source-leaves")
    )
    result = result_of(client.post(f"/{lang}/leave-game/", form_data(board, "resolve-0")).content.decode())
    assert "800.4d" in result and ("追放されたまま" if lang == "ja" else "stays in exile") in result
    summary = "ある時点までの追放 1 件" if lang == "ja" else "1 card exiled until"
    assert summary in html


def test_the_quick_entry_needs_its_players_and_card(client: Client) -> None:
    data = form_data(PLAYERS, "quick-until")
    data.update(until_card="Banisher Priest")
    assert count(client.post("/en/leave-game/", data).content.decode(), "obj-name") == 0

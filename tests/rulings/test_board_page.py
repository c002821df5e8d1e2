"""The leave-game page on a phone and at its limits (judge.rulings.board_page): players first, a quick line
per object and a quick entry, the full board editor one tap away, card names linked to their card pages,
and the page's size bounded (issue 22, item 1; issue 25, item 4)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from judge.cards.services import import_cards
from judge.engine.board import MAX_OBJECTS, MAX_PLAYERS
from judge.rulings.board_page import select_fits
from tests.rulings.leave_game_helpers import MIND_CONTROL, count, form_data, has_selected, result_of

pytestmark = pytest.mark.django_db

CARDS = Path(__file__).parent.parent / "fixtures" / "cards" / "scryfall_cards.json"
MB = 1_000_000


def maximal_board() -> dict[str, Any]:
    """A board at the page's limits in every table, one the engine accepts (so it can be resolved): 16
    players, 200 objects named in 70 characters (the first 100 stolen through a control effect whose
    source is one of the other 100, the active player's), 100 control effects, 50 delayed triggers and 50
    effects until a turn of 1,000 characters, 100 attacks with their blockers, a Mindslaver per player."""
    names = [f"P{i}" for i in range(16)]
    objects = [
        {
            "id": f"o{i}",
            "name": f"Card {i}" * 10,
            "kind": "card",
            "owner": names[i % 16] if i < 100 else "P0",
            "controller": names[(i + 1) % 16] if i < 100 else "P0",
            "zone": "battlefield",
        }
        for i in range(200)
    ]
    return {
        "variant": "free-for-all",
        "turn_order": names,
        "active_player": "P0",
        "objects": objects,
        "control_effects": [
            {
                "id": f"e{i}",
                "object": f"o{i}",
                "controller": names[(i + 1) % 16],
                "source": f"o{100 + i}",
                "ends": "source-leaves",
            }
            for i in range(100)
        ],
        "delayed_triggers": [
            {"id": f"t{i}", "controller": names[i % 16], "source": f"o{100 + i}", "text": "y" * 1000}
            for i in range(50)
        ],
        "timed_effects": [
            {"id": f"m{i}", "controller": names[i % 16], "until": "next-turn", "text": "y" * 1000}
            for i in range(50)
        ],
        "combat": [
            {
                "attacker": f"o{100 + i}",
                "attacking": names[(i + 1) % 16],
                "blockers": [o["id"] for o in objects[:100] if o["controller"] == names[(i + 1) % 16]][:20],
            }
            for i in range(100)
        ],
        "player_control": [
            {"player": names[i], "controller": names[(i + 1) % 16], "pending": True} for i in range(16)
        ],
    }


# --------------------------------------------------------------------------- the page's size


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_largest_board_the_page_takes_renders_under_a_megabyte(client: Client, lang: str) -> None:
    """A board at every table's maximum once rendered 2 MB (a select of every player in every row): pasted,
    posted back, resolved for either player, ended, continued from, one row opened, its JSON shown."""
    board = maximal_board()
    pasted = client.post(f"/{lang}/leave-game/", {"action": "load-json", "board_json": json.dumps(board)})
    assert pasted.status_code == 200 and len(pasted.content) <= MB
    html = pasted.content.decode()
    assert (
        count(html, "obj-name") == 200
        and count(html, "eff-object") == 100
        and count(html, "atk-attacker") == 100
    )
    # Past the size budget a reference is a text field suggesting from one shared list.
    assert (
        '<datalist id="lg-player-names">' in html
        and 'name="obj-0-owner" value="P0" list="lg-player-names"' in html
    )
    for action in (
        "update",
        "resolve-0",
        "resolve-1",
        "end-turn",
        "then-resolve-1",
        "edit-object-3",
        "show-json",
    ):
        response = client.post(f"/{lang}/leave-game/", form_data(board, action))
        assert response.status_code == 200, action
        assert len(response.content) <= MB, (action, len(response.content))
    resolved = client.post("/en/leave-game/", form_data(board, "resolve-1")).content.decode()
    result = result_of(resolved)
    assert "P1 leaves the game" in result
    # Card 1 is P1's (stolen by P2): it leaves the game with its owner.
    gone = re.search(
        r'<li class="lg-gone lg-left-game"><span class="bd-object">Card 1Card 1[^<]*</span>', result
    )
    assert gone is not None
    # Continuing re-resolves the same button and goes on from the board afterwards: 15 players, no P1.
    after = client.post("/en/leave-game/", form_data(board, "then-resolve-1")).content.decode()
    assert count(after, "player-name") == 15 and not re.search(r'name="player-\d+-name" value="P1"', after)
    assert 'name="left" value="P1"' in after
    shown = client.post("/en/leave-game/", form_data(board, "show-json")).content.decode()
    assert (
        json.loads(
            re.search(r'rows="14" spellcheck="false">([^<]*)</textarea>', shown)
            .group(1)
            .replace("&quot;", '"')
        )["turn_order"][15]
        == "P15"
    )


def test_a_pasted_board_at_the_json_apis_limits_answers_under_a_megabyte(client: Client) -> None:
    objects = [
        {
            "id": f"t{n}",
            "name": "Soldier",
            "kind": "token",
            "owner": "P0",
            "controller": "P0",
            "zone": "battlefield",
        }
        for n in range(MAX_OBJECTS)
    ]
    board = {
        "variant": "free-for-all",
        "turn_order": [f"P{i}" for i in range(MAX_PLAYERS)],
        "objects": objects,
    }
    response = client.post("/en/leave-game/", {"action": "load-json", "board_json": json.dumps(board)})
    assert response.status_code == 400 and len(response.content) <= MB


def test_selects_while_they_fit_then_shared_suggestions() -> None:
    assert select_fits(["Alex", "Bianca", "Carol"], fields=600)
    assert not select_fits(["x" * 100] * 16, fields=600)
    assert select_fits([("griffin", "Assault Griffin")], fields=10)


# --------------------------------------------------------------------------- what a phone shows first


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_players_then_objects_then_the_rest_one_tap_away(client: Client, lang: str) -> None:
    html = client.get(f"/{lang}/leave-game/").content.decode()
    form = html.split('id="lg-form"')[1]
    players, objects, full, bar = (
        form.index('class="lg-players"'),
        form.index('class="lg-objects"'),
        form.index('<details class="lg-full"'),
        form.index('class="lg-leave"'),
    )
    assert players < objects < full < bar  # the who-leaves bar last: sticky at the bottom of the screen
    assert '<details class="lg-full">' in form  # closed: the Mind Control board needs nothing in it
    assert form.index('name="eff-0-object"') > full and form.index('name="variant"') > full
    line = {
        "en": "Alex's Mind Control on Bianca's Assault Griffin; "
        "gives Alex control of Bianca's Assault Griffin",
        "ja": "ビアンカの《突撃するグリフィン》についているアレックスの《精神の制御》。"
        "ビアンカの《突撃するグリフィン》のコントロールをアレックスに与える",
    }[lang]
    assert line in form.replace("&#x27;", "'")
    # Working in the full editor keeps it open.
    again = client.post(f"/{lang}/leave-game/", form_data(MIND_CONTROL, "add-effect")).content.decode()
    assert '<details class="lg-full" open>' in again
    assert (
        '<details class="lg-full">'
        in client.post(f"/{lang}/leave-game/", form_data(MIND_CONTROL, "add-object")).content.decode()
    )


def test_quick_entry_adds_the_creature_the_aura_and_its_effect_and_resolves(client: Client) -> None:
    """ "Carol's 《Mind Control》 on Alex's Serra Angel", typed in one line; then Carol leaves: her Aura
    leaves with her and the Angel goes back to Alex (800.4a)."""
    data = form_data(MIND_CONTROL, "quick-control")
    data.update(
        quick_by="Carol",
        quick_card="Mind Control",
        quick_how="source-leaves",
        quick_owner="Alex",
        quick_target="Serra Angel",
    )
    html = client.post("/en/leave-game/", data).content.decode()
    assert count(html, "obj-name") == 4 and count(html, "eff-object") == 2
    assert 'name="obj-2-name" value="Serra Angel"' in html and has_selected(html, "obj-owner", "Alex")
    assert has_selected(html, "eff-controller", "Carol") and has_selected(html, "eff-object", "object-3")
    assert "Carol&#x27;s Mind Control (Carol) on Alex&#x27;s Serra Angel" in html
    # The page posts back what it shows: resolve "Carol leaves" from the page's own fields.
    fields = dict(re.findall(r'<input name="([^"]+)" value="([^"]*)"', html))
    fields.update(
        {
            k: v
            for k, v in re.findall(
                r'<select name="([^"]+)">(?:(?!</select>).)*?<option value="([^"]*)" selected>', html, re.S
            )
        }
    )
    fields.update({k: v for k, v in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html)})
    fields.update(variant="free-for-all", active="0", action="resolve-2")
    result = result_of(client.post("/en/leave-game/", fields).content.decode())
    assert "Carol leaves the game" in result
    angel = re.search(r'<li class="lg-changed"><span class="bd-object">Serra Angel</span>.*?</li>', result)
    assert (
        angel is not None
        and 'battlefield · Carol → <span class="lg-zone">battlefield · Alex</span>' in angel.group(0)
    )
    assert re.search(r'<li class="lg-gone lg-left-game"><span class="bd-object">Mind Control</span>', result)


def test_quick_entry_until_end_of_turn_is_a_spell_gone_from_the_board(client: Client) -> None:
    data = form_data(MIND_CONTROL, "quick-control")
    data.update(quick_by="Carol", quick_card="Act of Treason", quick_how="end-of-turn", quick_owner="Bianca")
    html = client.post("/en/leave-game/", data).content.decode()
    assert count(html, "obj-name") == 3 and 'name="obj-2-name" value="a creature"' in html
    assert 'name="eff-1-name" value="Act of Treason"' in html and has_selected(
        html, "eff-1-ends".replace("-1", ""), "end-of-turn"
    )
    refused = form_data(MIND_CONTROL, "quick-control")  # nobody named: nothing added
    assert count(client.post("/en/leave-game/", refused).content.decode(), "obj-name") == 2


def test_every_card_has_one_japanese_name_in_the_presets(client: Client) -> None:
    from judge.rulings.views import PRESETS, preset_board

    names: dict[str, set[str]] = {}
    for key in PRESETS:
        board = preset_board(key)
        assert board is not None
        for table in ("objects", "control_effects", "delayed_triggers", "timed_effects", "player_control"):
            for item in board.get(table) or []:
                if item.get("name") and item.get("name_ja"):
                    names.setdefault(item["name"], set()).add(item["name_ja"])
    assert names["Bribery"] == {"袖の下"}
    assert {name: ja for name, ja in names.items() if len(ja) > 1} == {}
    for key in PRESETS:
        assert "賄賂" not in client.get(f"/ja/leave-game/?preset={key}").content.decode()


# --------------------------------------------------------------------------- card links


def _sol_ring_board() -> dict[str, Any]:
    return {
        **MIND_CONTROL,
        "objects": [
            *MIND_CONTROL["objects"],
            {
                "id": "ring",
                "name": "Sol Ring",
                "kind": "card",
                "owner": "Alex",
                "controller": "Alex",
                "zone": "battlefield",
            },
            {
                "id": "tok",
                "name": "Sol Ring",
                "kind": "token",
                "owner": "Bianca",
                "controller": "Bianca",
                "zone": "battlefield",
            },
        ],
    }


def test_known_cards_link_to_their_card_page_on_the_board_and_its_result(client: Client) -> None:
    import_cards(path=CARDS)
    html = client.post("/en/leave-game/", form_data(_sol_ring_board(), "resolve-0")).content.decode()
    form = html.split('id="lg-form"')[1].split('id="lg-result"')[0]
    assert '<h3 class="lg-row-title"><a href="/en/cards/sol-ring/">Sol Ring (Alex)</a></h3>' in form
    assert '<h3 class="lg-row-title">Assault Griffin</h3>' in form  # not in the card data: plain text
    assert form.count('href="/en/cards/sol-ring/"') == 1  # a token named like a card is no card
    result = result_of(html)
    assert '<a class="bd-object" href="/en/cards/sol-ring/">Sol Ring</a>' in result


def test_without_card_data_names_are_plain_text(client: Client) -> None:
    html = client.post("/en/leave-game/", form_data(_sol_ring_board(), "resolve-0")).content.decode()
    assert "/cards/" not in html.split('id="lg-form"')[1]

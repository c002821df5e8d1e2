"""The leave-game page's size (issue 22, item 1): rows past the maximum are not read, pasted boards past the
page or the API are refused whole, a big board names objects by id."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

import pytest
from django.test import Client

from judge.engine.board import MAX_OBJECTS
from tests.rulings.leave_game_helpers import (
    MIND_CONTROL,
    _querydict,
    form_data,
)
from tests.rulings.test_board_page import maximal_board

pytestmark = pytest.mark.django_db


def soldiers(count: int) -> list[dict[str, Any]]:
    """``count`` Soldier tokens of Alex's on the battlefield, ids t0, t1, ..."""
    return [
        {
            "id": f"t{n}",
            "name": "Soldier",
            "kind": "token",
            "owner": "Alex",
            "controller": "Alex",
            "zone": "battlefield",
        }
        for n in range(count)
    ]


# ------------------------------------------------------------------------ the page's size (issue 22, item 1)


def test_a_post_asking_for_thousands_of_rows_answers_a_small_page(client: Client) -> None:
    """A ~160-byte POST that declares 2,000 rows of every table once rendered 19 MB: the declared count is
    capped (max_num, validate_max, absolute_max) and only rows whose fields were posted become rows."""
    prefixes = ("obj", "eff", "trg", "tmd", "atk", "player", "pc")
    body = "&".join(f"{p}-TOTAL_FORMS=2000" for p in prefixes)
    assert len(body) < 170
    response = client.post("/en/leave-game/", body, content_type="application/x-www-form-urlencoded")
    html = response.content.decode()
    assert response.status_code == 400
    assert len(response.content) < 30_000
    assert "The page takes at most 16 players, 200 objects, 100 control effects" in html
    assert 'name="obj-0-name"' not in html
    ja = client.post("/ja/leave-game/", body, content_type="application/x-www-form-urlencoded")
    assert ja.status_code == 400 and "最大16人" in ja.content.decode()


def test_rows_past_the_page_maximum_are_not_read(client: Client) -> None:
    data = form_data(MIND_CONTROL, "update")
    data["obj-TOTAL_FORMS"] = "500"
    for n in range(2, 500):
        data[f"obj-{n}-id"] = f"token-{n}"
    response = client.post("/en/leave-game/", data)
    html = response.content.decode()
    assert response.status_code == 400
    assert 'name="obj-199-id"' in html and 'name="obj-200-id"' not in html


def test_a_pasted_board_larger_than_the_page_is_refused_whole(client: Client) -> None:
    """The largest board the JSON API takes (2,000 objects then, MAX_OBJECTS now) once rendered 46.8 MB as
    page rows; the page refuses a board past its own tables and keeps the pasted text to correct."""
    objects = soldiers(MAX_OBJECTS)
    pasted = json.dumps({**MIND_CONTROL, "objects": objects, "control_effects": []})
    data = form_data(MIND_CONTROL, "load-json")
    data["board_json"] = pasted
    response = client.post("/en/leave-game/", data)
    html = response.content.decode()
    assert response.status_code == 400
    assert f"This board has {MAX_OBJECTS} rows in one table; the JSON API takes larger boards." in html
    assert 'name="obj-2-id"' not in html  # the page's own board (Mind Control: 2 objects) stays
    assert len(response.content) < 3 * len(pasted)  # the pasted text shown again, escaped; nothing more


def test_a_pasted_board_over_the_api_body_limit_is_refused(client: Client) -> None:
    from judge.rulings.forms import MAX_JSON

    data = form_data(MIND_CONTROL, "load-json")
    data["board_json"] = json.dumps({**MIND_CONTROL, "padding": "x" * MAX_JSON})
    response = client.post("/en/leave-game/", data)
    assert response.status_code == 400
    assert f"Board JSON: at most {MAX_JSON} bytes, as the JSON API takes." in response.content.decode()


def test_a_big_board_types_its_blockers_as_ids(client: Client) -> None:
    """Past the select threshold an attack's blockers are one text field of ids (comma-separated), not a
    select of every object in every attack (which grew as objects x attacks)."""
    from judge.rulings.views import MAX_SELECT_OPTIONS

    objects = soldiers(MAX_SELECT_OPTIONS + 1)
    combat = [{"attacker": f"t{n}", "attacking": "Bianca", "blockers": ["t1", "t2"]} for n in range(100)]
    data = form_data(MIND_CONTROL, "load-json")
    data["board_json"] = json.dumps(
        {**MIND_CONTROL, "objects": objects, "control_effects": [], "combat": combat}
    )
    response = client.post("/en/leave-game/", data)
    html = response.content.decode()
    assert response.status_code == 200
    assert '<input name="atk-99-blockers" value="t1, t2"' in html
    assert len(response.content) < 600_000
    again = {k: v for k, v in data.items() if k != "board_json"}
    again.update(
        {"action": "update", "atk-TOTAL_FORMS": "1", "atk-0-attacker": "t0", "atk-0-blockers": "t1, t2"}
    )
    from judge.rulings.board_rows import BoardRows

    rows, _form = BoardRows.from_post(_querydict(again))
    assert rows.rows["atk"][0]["blockers"] == ["t1", "t2"]


# ------------------------------------------------------ the longest names the engine takes (issue 22, item 1)


def longest_board(fill: str = "あ", text: str = "え") -> dict[str, Any]:
    """The board at the page's limits (test_board_page.maximal_board) with every name and id as long as the
    engine takes it, in Japanese (three bytes a character): players 60 characters, ids 40, card names 200,
    texts 1,000. It once rendered 2 MB."""
    board = maximal_board()
    player = {p: (p + fill * 60)[:60] for p in board["turn_order"]}
    ident: dict[str, str] = {}

    def of(value: str) -> str:
        return player.get(value) or ident.setdefault(value, (value + fill * 40)[:40])

    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            return {
                k: v if k in ("kind", "zone", "ends", "until", "variant", "text") else walk(v)
                for k, v in value.items()
            }
        if isinstance(value, list):
            return [walk(v) for v in value]
        return of(value) if isinstance(value, str) else value

    longest = walk(board)
    for item in longest["objects"]:
        item["name"], item["name_ja"] = "x" * 200, "う" * 200
    for item in longest["delayed_triggers"] + longest["timed_effects"]:
        item["text"] = text * 1000
    return longest


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_longest_names_the_engine_takes_still_answer_under_a_megabyte(client: Client, lang: str) -> None:
    board = longest_board()
    # The JSON API takes the same board (its names in UTF-8, under its 1 MB body limit).
    body = json.dumps({**board, "leaving": board["turn_order"][1]}, ensure_ascii=False).encode()
    assert len(body) < 1_000_000
    assert client.post("/api/calc/leave-game", body, content_type="application/json").status_code == 200
    for action in ("update", "resolve-0", "resolve-1", "end-turn", "then-resolve-1", "edit-object-3"):
        response = client.post(f"/{lang}/leave-game/", form_data(board, action))
        assert len(response.content) <= 1_000_000, (action, len(response.content))
        html = response.content.decode()
        # Names repeated in titles and explanations are cut to 60 characters; the board keeps them whole.
        shown = re.sub(r'value="[^"]*"|<textarea[^>]*>[^<]*</textarea>', "", html)
        assert "x" * 60 not in shown and "う" * 60 not in shown
        if action.startswith(("resolve", "end")):
            # Too large to show beside its board even as JSON: the resolution alone, and the page says so.
            assert response.status_code == 200 and 'id="lg-result"' in html, action
            assert ("x" * 59 + "…" if lang == "en" else "《" + "う" * 59 + "…》") in shown
            assert "too large to show on a page" in html or "大きすぎ" in html


def test_a_resolution_too_large_beside_its_form_carries_the_board_as_json(client: Client) -> None:
    """Past 1 MB with its rows of fields, a resolved board is shown once, as JSON; "Continue" posts it."""
    board = longest_board(fill="_", text="y")  # ASCII but the Japanese names: its JSON is half the page
    html = client.post("/en/leave-game/", form_data(board, "resolve-1")).content.decode()
    assert 'id="lg-result"' in html and 'name="obj-0-name"' not in html
    assert "too large to show as a form beside its resolution" in html
    shown = re.search(r'<textarea id="lg-json" name="board_json"[^>]*>([^<]*)</textarea>', html)
    assert shown is not None and json.loads(unescape(shown.group(1)))["turn_order"] == board["turn_order"]
    # "Continue from this board" re-resolves the same button from that JSON and goes on without the player.
    after = client.post(
        "/en/leave-game/", {"action": "then-resolve-1", "board_json": unescape(shown.group(1))}
    ).content.decode()
    assert len(after) <= 1_000_000
    assert board["turn_order"][1] not in re.findall(r'name="player-\d+-name" value="([^"]*)"', after)
    assert re.findall(r'name="player-\d+-name" value="([^"]*)"', after) or "lg-json" in after


def test_a_field_longer_than_the_engine_takes_is_refused_not_cut(client: Client) -> None:
    """The page's fields take one character more than the engine, so the engine says what is too long."""
    data = form_data(MIND_CONTROL, "resolve-1")
    data["player-0-name"] = "A" * 500
    html = client.post("/en/leave-game/", data).content.decode()
    assert "A" * 61 in html and "A" * 62 not in html
    assert "at most 60 characters" in html

"""The leave-game page's size (issue 22, item 1): rows past the maximum are not read, pasted boards past the
page or the API are refused whole, a big board names objects by id."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from tests.rulings.leave_game_helpers import (
    MIND_CONTROL,
    _querydict,
    form_data,
)

pytestmark = pytest.mark.django_db


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
    """The largest board the JSON API takes (2,000 objects) once rendered 46.8 MB as page rows; the page
    refuses a board past its own tables and keeps the pasted text to correct."""
    objects = [
        {
            "id": f"t{n}",
            "name": "Soldier",
            "kind": "token",
            "owner": "Alex",
            "controller": "Alex",
            "zone": "battlefield",
        }
        for n in range(2000)
    ]
    pasted = json.dumps({**MIND_CONTROL, "objects": objects, "control_effects": []})
    data = form_data(MIND_CONTROL, "load-json")
    data["board_json"] = pasted
    response = client.post("/en/leave-game/", data)
    html = response.content.decode()
    assert response.status_code == 400
    assert "This board has 2000 rows in one table; the JSON API takes larger boards." in html
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

    objects = [
        {
            "id": f"t{n}",
            "name": "Soldier",
            "kind": "token",
            "owner": "Alex",
            "controller": "Alex",
            "zone": "battlefield",
        }
        for n in range(MAX_SELECT_OPTIONS + 1)
    ]
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

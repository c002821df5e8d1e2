"""The leave-game API (POST /api/calc/leave-game) and the board page (/<lang>/leave-game/)."""

from __future__ import annotations

import copy
import json
import re
from html import unescape
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from django.test import Client

from judge.rulings.views import MAX_BODY_BYTES
from tests.helpers import error_texts

pytestmark = pytest.mark.django_db

API = "/api/calc/leave-game"
HX = {"HTTP_HX_REQUEST": "true"}
XSS = "<script>alert(1)</script>"

# The Mind Control example of 800.4a: Alex's Aura gives Alex control of Bianca's creature.
MIND_CONTROL: dict[str, Any] = {
    "variant": "free-for-all",
    "turn_order": ["Alex", "Bianca", "Carol"],
    "active_player": "Alex",
    "objects": [
        {"id": "griffin", "name": "Assault Griffin", "kind": "card", "owner": "Bianca", "controller": "Alex",
         "zone": "battlefield"},
        {"id": "mind-control", "name": "Mind Control", "kind": "card", "owner": "Alex", "controller": "Alex",
         "zone": "battlefield", "attached_to": "griffin"},
    ],
    "control_effects": [{"id": "steal", "object": "griffin", "controller": "Alex", "source": "mind-control",
                         "ends": "source-leaves"}],
    "delayed_triggers": [],
}


def board(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(MIND_CONTROL)
    data.update(changes)
    return data


def post_json(client: Client, data: Any, **extra: Any) -> Any:
    body = data if isinstance(data, (str, bytes)) else json.dumps(data)
    return client.post(API, body, content_type="application/json", **extra)


# --------------------------------------------------------------------------- API


def test_api_mind_control_alex_leaves(client: Client) -> None:
    response = post_json(client, board(leaving="Alex"))
    assert response.status_code == 200
    data = response.json()
    # The documented shape (the engine adds a few more keys: control_effects, winners, turn_order, ...).
    assert {"steps", "objects", "delayed_triggers", "planar_controller", "left"} <= set(data)
    assert all(set(step) == {"code", "rule", "text", "objects"} for step in data["steps"])
    assert all(set(obj) == {"id", "zone", "controller"} for obj in data["objects"])
    objects = {o["id"]: o for o in data["objects"]}
    assert objects["mind-control"] == {"id": "mind-control", "zone": "left-game", "controller": None}
    assert objects["griffin"] == {"id": "griffin", "zone": "battlefield", "controller": "Bianca"}
    assert data["left"] == ["Alex"]
    assert data["planar_controller"] is None
    assert data["delayed_triggers"] == []
    assert data["steps"][0]["rule"] == "800.4a" and data["steps"][0]["objects"] == ["mind-control"]
    assert "griffin" in [o for s in data["steps"] for o in s["objects"]]


def test_api_delayed_triggers_and_planar_controller(client: Client) -> None:
    payload = {
        "variant": "planechase", "turn_order": ["Alex", "Bianca", "Carol"], "active_player": "Alex",
        "planar_controller": "Alex", "leaving": "Alex",
        "objects": [
            {"id": "plane", "name": "Tazeem", "kind": "plane", "owner": "Carol", "controller": "Alex", "zone": "command"},
            {"id": "bear", "name": "Grizzly Bears", "kind": "card", "owner": "Bianca", "controller": "Bianca",
             "zone": "exile"},
        ],
        "delayed_triggers": [
            {"id": "slide", "controller": "Alex", "source": None, "text": "return the Bears", "object": "bear"},
            {"id": "other", "controller": "Bianca", "text": "draw a card"},
        ],
    }
    data = post_json(client, payload).json()
    assert data["planar_controller"] == "Bianca"
    assert data["delayed_triggers"] == [{"id": "slide", "status": "removed"}, {"id": "other", "status": "pending"}]
    assert {"id": "plane", "zone": "command", "controller": "Bianca"} in data["objects"]
    assert "800.4d" in [s["rule"] for s in data["steps"]]


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ("{not json", "web.bad-json"),
        (b"\xff\xfe", "web.bad-json"),
        ("", "web.bad-json"),  # the same answer as every other JSON endpoint
        ("[1, 2]", "input.not-object"),
        ('"a board"', "input.not-object"),
        ("42", "input.not-object"),
        ("null", "input.not-object"),
    ],
)
def test_api_bad_bodies(client: Client, body: Any, problem: str) -> None:
    response = post_json(client, body)
    assert response.status_code == 400
    error_texts(response)
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [(problem, "body")]


def test_api_lists_every_problem_of_an_inconsistent_board(client: Client) -> None:
    payload = board(leaving="Alex")
    payload["objects"].append({"id": "shock", "name": "Shock trigger", "kind": "ability", "controller": "Alex",
                               "zone": "graveyard"})
    payload["objects"][1]["attached_to"] = "nowhere"
    payload["objects"][0]["controller"] = "Zed"
    payload["control_effects"][0]["object"] = "ghost"
    response = post_json(client, payload)
    assert response.status_code == 400
    errors = error_texts(response)
    joined = "\n".join(errors)
    assert "Assault Griffin: controller: “Zed” is not a player in this game." in joined  # not a player
    assert "Mind Control: attached to: “nowhere” is neither an object nor a player" in joined  # unknown id
    assert "there is no object “ghost” on the board" in joined  # unknown id
    assert "Shock trigger is in the graveyard, where it cannot be" in joined  # an ability in the graveyard
    assert len(errors) >= 4


@pytest.mark.parametrize(
    ("payload", "problem"),
    [
        (board(), "Player who leaves: required"),
        (board(leaving="Zed"), "Player who leaves: “Zed” is not a player in this game"),
        (board(leaving="Alex", variant="chess"), "Variant: “chess” is not one of"),
        (board(leaving="Alex", turn_order="Alex"), "Players in turn order: must be a list"),
        (board(leaving="Alex", objects=[1, None]), "Object 1: must be a set of named fields"),
        (board(leaving="Alex", variant="two-headed-giant"), "Teams: required for Two-Headed Giant"),
        (board(leaving="Alex", teams=[[{"x": 1}]]), "Teams: Free-for-all has no teams"),
        (board(leaving=["Alex"]), "Player who leaves: write a name"),
    ],
)
def test_api_invalid_inputs_are_400_never_500(client: Client, payload: dict[str, Any], problem: str) -> None:
    response = post_json(client, payload)
    assert response.status_code == 400
    assert any(e.startswith(problem) for e in error_texts(response)), response.json()


def test_api_caps_the_body_size(client: Client) -> None:
    huge = json.dumps(board(leaving="Alex", padding="x" * (MAX_BODY_BYTES + 10)))
    response = post_json(client, huge)
    assert response.status_code == 413
    assert error_texts(response) == [f"The request is larger than {MAX_BODY_BYTES} bytes; send less at once."]


def test_api_is_post_only_and_needs_no_csrf_token() -> None:
    client = Client(enforce_csrf_checks=True)
    assert client.get(API).status_code == 405
    assert post_json(client, board(leaving="Bianca")).status_code == 200


# --------------------------------------------------------------------------- the page


def form_data(payload: dict[str, Any], action: str = "update") -> dict[str, Any]:
    """The board as the page's form posts it: one formset per table ("obj-0-name"), and the radio and
    checkbox columns of the players (active, planar) carrying row numbers."""
    players = payload["turn_order"]
    teams = payload.get("teams") or []
    planar = payload.get("planar_controller")
    planar = planar if isinstance(planar, list) else [planar]

    data: dict[str, Any] = {
        "action": action,
        "variant": payload["variant"],
        "planar": [str(i) for i, p in enumerate(players) if p in planar],
        "left": ", ".join(payload.get("left", [])),
        "priority": "",
    }
    if payload.get("active_player") in players:
        data["active"] = str(players.index(payload["active_player"]))

    def table(prefix: str, rows: list[dict[str, Any]], defaults: dict[str, str] | None = None) -> None:
        data[f"{prefix}-TOTAL_FORMS"] = data[f"{prefix}-INITIAL_FORMS"] = str(len(rows))
        for i, row in enumerate(rows):
            for key, value in {**(defaults or {}), **{k: v for k, v in row.items() if v}}.items():
                data[f"{prefix}-{i}-{key}"] = "1" if value is True else str(value)

    table("player", [{"name": p, "team": next((str(i + 1) for i, t in enumerate(teams) if p in t), "")}
                     for p in players])
    table("obj", payload.get("objects", []), {"attachment": "aura"})
    table("eff", payload.get("control_effects", []))
    table("trg", payload.get("delayed_triggers", []))
    return data


def count(html: str, field: str) -> int:
    """How many rows of a table the page shows ("obj", "id" -> inputs named obj-N-id)."""
    prefix, name = field.split("-")
    return len(re.findall(rf'name="{prefix}-\d+-{name}"', html))


def has_input(html: str, field: str, value: str) -> bool:
    prefix, name = field.split("-")
    return re.search(rf'name="{prefix}-\d+-{name}" value="{re.escape(value)}"', html) is not None


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_page_renders_a_preset_board(client: Client, lang: str) -> None:
    response = client.get(f"/{lang}/leave-game/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" in html and 'id="leave-game-board"' in html
    assert "csrfmiddlewaretoken" in html
    assert 'value="Assault Griffin"' in html and 'value="mind-control"' in html  # the default preset
    assert count(html, "obj-id") == 2
    assert 'value="resolve-0"' in html and 'value="resolve-2"' in html
    assert 'name="preset"' in html and '<option value="planechase">' in html
    assert "css/leave_game.css" in html
    assert 'style="' not in html and "<script>" not in html  # strict CSP: no inline style or script


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_page_htmx_fragment(client: Client, lang: str) -> None:
    response = client.get(f"/{lang}/leave-game/?preset=two-headed-giant", **HX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html
    assert html.lstrip().startswith('<div id="leave-game-board"')
    assert has_input(html, "player-team", "1") and has_input(html, "player-team", "2")


def test_preset_loads_the_planechase_board(client: Client) -> None:
    html = client.get("/en/leave-game/?preset=planechase").content.decode()
    assert 'value="Tazeem"' in html
    assert re.search(r'<option value="planechase" selected>', html)
    assert re.search(r'name="planar" value="0" checked', html)  # Alex, the planar controller
    assert re.search(r'name="obj-2-planeswalking" value="1" checked', html)
    assert re.search(r'<option value="planechase" selected>Planechase</option>', html)


def test_unknown_preset_is_404_with_the_default_board(client: Client) -> None:
    response = client.get("/en/leave-game/?preset=nope")
    assert response.status_code == 404
    assert "No such preset board: nope" in response.content.decode()


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


def test_add_and_remove_players_effects_and_triggers(client: Client) -> None:
    html = client.post("/en/leave-game/", form_data(MIND_CONTROL, "add-player")).content.decode()
    assert count(html, "player-name") == 4
    html = client.post("/en/leave-game/", form_data(MIND_CONTROL, "remove-player-0")).content.decode()
    assert count(html, "player-name") == 2 and not has_input(html, "player-name", "Alex")
    html = client.post("/en/leave-game/", form_data(MIND_CONTROL, "add-effect")).content.decode()
    assert count(html, "eff-id") == 2
    html = client.post("/en/leave-game/", form_data(MIND_CONTROL, "remove-effect-0")).content.decode()
    assert count(html, "eff-id") == 0
    html = client.post("/en/leave-game/", form_data(MIND_CONTROL, "add-trigger")).content.decode()
    assert count(html, "trg-id") == 1


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_resolve_button_shows_the_steps_and_the_final_board(client: Client, lang: str) -> None:
    response = client.post(f"/{lang}/leave-game/", form_data(MIND_CONTROL, "resolve-0"))
    assert response.status_code == 200
    html = response.content.decode()
    result = html.split('id="lg-result"')[1]
    assert f'<a href="/{lang}/rules/800.4a/">800.4a</a>' in result
    expected = ("Alex leaves the game, and every object they own leaves with them: Mind Control." if lang == "en"
                else "Alexがゲームから離れ、Alexがオーナーであるオブジェクトもすべてゲームから離れる：《Mind Control》。")
    assert expected in result  # the steps in the reader's language
    griffin = re.search(r"<tr[^>]*>\s*<th scope=\"row\">Assault Griffin.*?</tr>", result, re.S)
    assert griffin is not None and '<span class="lg-controller">Bianca</span>' in griffin.group(0)
    mind_control = re.search(r"<tr class=\"lg-gone lg-left-game\">\s*<th scope=\"row\">Mind Control", result)
    assert mind_control is not None
    if lang == "en":
        assert "left the game" in result
    # The board after the leave, ready to continue from.
    after = re.search(r'name="board_json" value="([^"]*)"', result)
    assert after is not None
    after_board = json.loads(unescape(after.group(1)))
    assert after_board["turn_order"] == ["Bianca", "Carol"] and after_board["left"] == ["Alex"]


def test_resolve_with_htmx_returns_the_fragment_and_scrolls_to_the_result(client: Client) -> None:
    response = client.post("/en/leave-game/", form_data(MIND_CONTROL, "resolve-1"), **HX)
    assert response.status_code == 200
    assert response["HX-Reswap"] == "outerHTML show:#lg-result:top"
    html = response.content.decode()
    assert "<html" not in html and 'id="lg-result"' in html
    assert "Bianca left the game" in html


def test_delayed_triggers_and_ceased_objects_are_shown(client: Client) -> None:
    payload = {
        "variant": "free-for-all", "turn_order": ["Alex", "Bianca"], "active_player": "Alex",
        "objects": [
            {"id": "bolt", "name": "Lightning Bolt copy", "kind": "copy", "owner": "Alex", "controller": "Alex",
             "zone": "stack", "default_controller": None},
            {"id": "trig", "name": "Prodigal trigger", "kind": "ability", "owner": None, "controller": "Alex",
             "zone": "stack"},
            {"id": "bear", "name": "Grizzly Bears", "kind": "card", "owner": "Bianca", "controller": None,
             "zone": "exile"},
        ],
        "delayed_triggers": [{"id": "slide", "controller": "Alex", "text": "return the Bears", "object": "bear"}],
        "control_effects": [],
    }
    html = client.post("/en/leave-game/", form_data(payload, "resolve-0")).content.decode()
    result = html.split('id="lg-result"')[1]
    assert "ceased to exist" in result
    assert "removed (never put on the stack)" in result and "return the Bears" in result
    assert "Winner: Bianca" in result


def test_board_problems_are_listed_above_the_form_keeping_the_input(client: Client) -> None:
    payload = board()
    payload["objects"].append({"id": "shock", "name": "Odd Ability", "kind": "ability", "owner": "",
                               "controller": "Alex", "zone": "graveyard"})
    payload["objects"][0]["controller"] = "Zed"
    response = client.post("/en/leave-game/", form_data(payload, "resolve-0"))
    assert response.status_code == 400
    html = response.content.decode()
    errors = html.split('id="lg-errors"')[1].split("</div>")[0]
    assert "Assault Griffin: controller: “Zed” is not a player in this game." in errors
    assert "Odd Ability is in the graveyard, where it cannot be: an ability exists only on the stack." in errors
    assert html.index('id="lg-errors"') < html.index('class="lg-form"')
    assert has_input(html, "obj-controller", "Zed") and 'value="Odd Ability"' in html
    assert 'id="lg-result"' not in html
    # With htmx the same problems come back in the fragment (htmx does not swap a 400).
    response = client.post("/en/leave-game/", form_data(payload, "resolve-0"), **HX)
    assert response.status_code == 200 and response["HX-Reswap"] == "outerHTML show:#lg-errors:top"
    assert "where it cannot be: an ability exists only on the stack" in response.content.decode()


def test_planechase_with_two_planar_controllers_is_a_form_problem(client: Client) -> None:
    payload = {"variant": "planechase", "turn_order": ["Alex", "Bianca"], "active_player": "Alex",
               "planar_controller": ["Alex", "Bianca"], "objects": []}
    response = client.post("/en/leave-game/", form_data(payload, "resolve-0"))
    assert response.status_code == 400
    assert "Planechase has one planar controller" in response.content.decode()


def test_advanced_json_loads_into_the_form_and_bad_json_is_kept(client: Client) -> None:
    data = form_data(MIND_CONTROL, "load-json")
    data["board_json"] = json.dumps({"variant": "dtc", "turn_order": ["Aki", "Ben", "Chie", "Dai"],
                                     "teams": [["Aki", "Ben"], ["Chie", "Dai"]], "active_player": "Aki"})
    html = client.post("/en/leave-game/", data).content.decode()
    assert has_input(html, "player-name", "Chie") and count(html, "obj-id") == 0
    assert re.search(r'<option value="dtc" selected>', html)

    data["board_json"] = "{broken"
    response = client.post("/en/leave-game/", data)
    assert response.status_code == 400
    html = response.content.decode()
    assert "Board JSON: not valid JSON (line 1, column 2)." in html
    assert ">{broken</textarea>" in html
    assert has_input(html, "obj-name", "Assault Griffin")  # the form is kept

    data["board_json"] = "[1]"
    assert "must be a JSON object" in client.post("/en/leave-game/", data).content.decode()


def test_continue_from_the_board_after_a_leave(client: Client) -> None:
    html = client.post("/en/leave-game/", form_data(MIND_CONTROL, "resolve-0")).content.decode()
    after = re.search(r'name="board_json" value="([^"]*)"', html.split('id="lg-result"')[1])
    assert after is not None
    response = client.post("/en/leave-game/", {"action": "load-json", "board_json": unescape(after.group(1))})
    html = response.content.decode()
    assert response.status_code == 200
    assert not has_input(html, "player-name", "Alex") and has_input(html, "player-name", "Bianca")
    assert 'name="left" value="Alex"' in html
    assert count(html, "obj-id") == 1 and has_input(html, "obj-controller", "Bianca")


def test_markup_in_names_is_escaped(client: Client) -> None:
    payload = board(turn_order=[XSS, "Bianca", "Carol"], active_player=XSS)
    payload["objects"][0]["name"] = XSS
    payload["objects"][0]["controller"] = XSS
    payload["objects"][1]["owner"] = XSS
    payload["objects"][1]["controller"] = XSS
    payload["control_effects"][0]["controller"] = XSS
    for action in ("update", "resolve-0", "resolve-1"):
        html = client.post("/en/leave-game/", form_data(payload, action)).content.decode()
        assert XSS not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    html = client.get("/en/leave-game/?preset=" + XSS).content.decode()
    assert XSS not in html and "&lt;script&gt;" in html


def test_api_answer_escapes_nothing_but_stays_json(client: Client) -> None:
    payload = board(leaving="Bianca")
    payload["objects"][0]["name"] = XSS
    data = post_json(client, payload).json()
    assert any(XSS in s["text"] for s in data["steps"])  # JSON carries the name; pages escape it


# Any JSON at all in any field of the board: the answer is 200 or 400, never a 500.
_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
_fields = ("variant", "turn_order", "active_player", "leaving", "teams", "planar_controller", "objects",
           "control_effects", "delayed_triggers", "left", "priority")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(changes=st.dictionaries(st.sampled_from(_fields), _json, max_size=4),
       object_changes=st.dictionaries(st.sampled_from(["id", "kind", "zone", "owner", "controller", "attached_to",
                                                       "source", "planeswalking", "attachment"]), _json, max_size=3))
def test_api_never_answers_500(client: Client, changes: dict[str, Any], object_changes: dict[str, Any]) -> None:
    payload = board(leaving="Alex")
    payload["objects"][0].update(object_changes)
    payload.update(changes)
    response = post_json(client, payload)
    assert response.status_code in (200, 400), response.content
    if response.status_code == 400:
        assert error_texts(response)


def test_page_never_answers_500_on_odd_forms(client: Client) -> None:
    odd = form_data(MIND_CONTROL, "resolve-9")
    response = client.post("/en/leave-game/", odd)
    assert response.status_code == 400 and "There is no player 10 to leave the game." in response.content.decode()
    for action in ("remove-object-99", "remove-player-", "add-object-3", "frobnicate", ""):
        assert client.post("/en/leave-game/", form_data(MIND_CONTROL, action)).status_code == 200
    data = form_data(MIND_CONTROL, "load-json")
    data["board_json"] = '{"turn_order": [{"x": 1}, 2, null], "objects": [3, {"id": ["a"]}], "teams": "ab"}'
    response = client.post("/en/leave-game/", data)
    assert response.status_code == 200
    response = client.post("/en/leave-game/", {"action": "resolve-0"})  # no board at all
    assert response.status_code == 400

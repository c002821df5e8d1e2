"""The leave-game API (POST /api/calc/leave-game): answers, problems, limits, and never a 500 on any JSON
(the page's odd forms with it)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.rulings.views import MAX_BODY_BYTES
from tests.helpers import error_texts
from tests.rulings.leave_game_helpers import (
    API,
    MIND_CONTROL,
    XSS,
    board,
    form_data,
    post_json,
)

pytestmark = pytest.mark.django_db


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


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_api_two_headed_giant_concession_reports_the_team_as_losers(client: Client, lang: str) -> None:
    """810.8b: "If a player concedes, their team leaves the game immediately. That team loses the game." """
    payload = {
        "variant": "two-headed-giant",
        "turn_order": ["Alex", "Bianca", "Carol", "Dana"],
        "active_player": "Alex",
        "teams": [["Alex", "Bianca"], ["Carol", "Dana"]],
        "leaving": "Carol",
    }
    data = client.post(f"{API}?lang={lang}", json.dumps(payload), content_type="application/json").json()
    assert data["losers"] == ["Carol", "Dana"] and data["left"] == ["Carol", "Dana"]
    assert data["winners"] == ["Alex", "Bianca"]
    assert data["steps"][0]["rule"] == "810.8b"


def test_api_delayed_triggers_and_planar_controller(client: Client) -> None:
    payload = {
        "variant": "planechase",
        "turn_order": ["Alex", "Bianca", "Carol"],
        "active_player": "Alex",
        "planar_controller": "Alex",
        "leaving": "Alex",
        "objects": [
            {
                "id": "plane",
                "name": "Tazeem",
                "kind": "plane",
                "owner": "Carol",
                "controller": "Alex",
                "zone": "command",
            },
            {
                "id": "bear",
                "name": "Grizzly Bears",
                "kind": "card",
                "owner": "Bianca",
                "controller": "Bianca",
                "zone": "exile",
            },
        ],
        "delayed_triggers": [
            {
                "id": "slide",
                "controller": "Alex",
                "source": None,
                "text": "return the Bears",
                "object": "bear",
            },
            {"id": "other", "controller": "Bianca", "text": "draw a card"},
        ],
    }
    data = post_json(client, payload).json()
    assert data["planar_controller"] == "Bianca"
    assert data["delayed_triggers"] == [
        {"id": "slide", "status": "removed"},
        {"id": "other", "status": "pending"},
    ]
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
    payload["objects"].append(
        {"id": "shock", "name": "Shock trigger", "kind": "ability", "controller": "Alex", "zone": "graveyard"}
    )
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
        (board(leaving="Alex", objects=[1, None]), "Object 1: must be an object"),
        (board(leaving="Alex", variant="two-headed-giant"), "Teams: required for Two-Headed Giant"),
        (board(leaving="Alex", teams=[[{"x": 1}]]), "Teams: Free-for-all has no teams"),
        (board(leaving=["Alex"]), "Player who leaves: must be text"),
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


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_api_end_turn_ends_an_effect_until_end_of_turn(client: Client, lang: str) -> None:
    payload = board(
        control_effects=[
            {
                "id": "treason",
                "object": "griffin",
                "controller": "Alex",
                "source": None,
                "ends": "end-of-turn",
                "name": "Act of Treason",
                "name_ja": "反逆の行動",
            }
        ]
    )
    payload["objects"] = payload["objects"][:1]
    response = client.post(
        f"/api/calc/end-turn?lang={lang}", json.dumps(payload), content_type="application/json"
    )
    assert response.status_code == 200
    data = response.json()
    assert {"id": "griffin", "zone": "battlefield", "controller": "Bianca"} in data["objects"]
    assert data["active_player"] == "Bianca" and data["control_effects"] == [
        {"id": "treason", "status": "ended"}
    ]
    assert "514.2" in [s["rule"] for s in data["steps"]] and data["summary"]
    bad = client.post(
        "/api/calc/end-turn", json.dumps({**payload, "turns": 0}), content_type="application/json"
    )
    assert bad.status_code == 400 and error_texts(bad)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_api_dtc_loss_is_the_teams_loss(client: Client, lang: str) -> None:
    payload = {
        "variant": "dtc",
        "turn_order": ["Aki", "Chie", "Ben", "Dai"],
        "active_player": "Aki",
        "teams": [["Aki", "Ben"], ["Chie", "Dai"]],
        "player": "Chie",
        "reason": "library-out",
    }
    response = client.post(
        f"/api/calc/dtc-loss?lang={lang}", json.dumps(payload), content_type="application/json"
    )
    assert response.status_code == 200
    data = response.json()
    assert data["losers"] == ["Chie", "Dai"] and data["winners"] == ["Aki", "Ben"] and data["game_over"]
    assert data["left"] == []
    bad = client.post(
        "/api/calc/dtc-loss?lang=ja",
        json.dumps({**payload, "variant": "free-for-all"}),
        content_type="application/json",
    )
    assert bad.status_code == 400 and error_texts(bad)


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
_fields = (
    "variant",
    "turn_order",
    "active_player",
    "leaving",
    "teams",
    "planar_controller",
    "objects",
    "control_effects",
    "delayed_triggers",
    "left",
    "priority",
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    changes=st.dictionaries(st.sampled_from(_fields), _json, max_size=4),
    object_changes=st.dictionaries(
        st.sampled_from(
            [
                "id",
                "kind",
                "zone",
                "owner",
                "controller",
                "attached_to",
                "source",
                "planeswalking",
                "attachment",
            ]
        ),
        _json,
        max_size=3,
    ),
)
def test_api_never_answers_500(
    client: Client, changes: dict[str, Any], object_changes: dict[str, Any]
) -> None:
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
    assert (
        response.status_code == 400
        and "There is no player 10 to leave the game." in response.content.decode()
    )
    for action in ("remove-object-99", "remove-player-", "add-object-3", "frobnicate", ""):
        assert client.post("/en/leave-game/", form_data(MIND_CONTROL, action)).status_code == 200
    data = form_data(MIND_CONTROL, "load-json")
    data["board_json"] = '{"turn_order": [{"x": 1}, 2, null], "objects": [3, {"id": ["a"]}], "teams": "ab"}'
    response = client.post("/en/leave-game/", data)
    assert response.status_code == 200
    response = client.post("/en/leave-game/", {"action": "resolve-0"})  # no board at all
    assert response.status_code == 400
    for action in ("lose-0", "end-turn", "remove-timed-5", "add-attack", "remove-control-0"):
        assert client.post("/en/leave-game/", {"action": action}).status_code in (200, 400)

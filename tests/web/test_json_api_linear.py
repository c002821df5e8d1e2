"""The JSON reader's checks before parsing cost one pass over the body (issue 31, item 1), and the calculator
APIs read only bodies declared JSON (415 otherwise), so no other site's page can post to them.

The audit's body ``"[" * 40 + '"\\' * 8000`` (16 KB) cost a worker 1.2–2.0 s before its 400 and 32 KB cost
10 s: a string that never closes was looked for again from each of its quotes. Here those bodies, and a
1 MB one, are answered 400 by every door that reads JSON; that the work is linear is checked by its shape
(the loop runs once whatever the length) and timed in bench/json_reader.py, never here.
"""

from __future__ import annotations

import json

import pytest
from django.test import Client

from judge.web.json_api import MAX_DEPTH, MAX_VALUES, shape
from tests.tracker.helpers import new_game

pytestmark = pytest.mark.django_db

CALCULATORS = [
    "/api/calc/tax",
    "/api/calc/commander-damage",
    "/api/calc/color-identity",
    "/api/calc/deck-check",
    "/api/calc/leave-game",
    "/api/calc/end-turn",
    "/api/calc/dtc-loss",
]


def audit_body(size: int) -> str:
    """The audit's body, ``size`` bytes long: 40 open lists, then a string of escaped quotes that never
    closes."""
    return "[" * 40 + '"\\' * ((size - 40) // 2)


SIZES = [16 * 1024, 32 * 1024, 1_000_000]  # the last: the leave-game API's body cap


@pytest.mark.parametrize("size", SIZES)
def test_the_audit_bodies_are_too_deep_after_one_run_of_brackets(size: int) -> None:
    found = shape(audit_body(size))
    # The string is dropped in one pass: what is left is the 40 brackets, one run, looked at once.
    assert found.too_deep and not found.too_many and found.steps == 1


def test_the_loop_is_bounded_by_the_values_allowed_not_by_the_length() -> None:
    """Whatever a body holds, the one Python loop of the check runs at most twice per value allowed: the
    rest is regular expressions that never backtrack (possessive), each one pass over the text."""
    board = json.dumps([{"a": [1, "x, ]]"]} for _ in range(10_000)])
    assert shape(board).steps == 2 * 10_000 and not shape(board).too_deep
    for body in ("] " * 500_000, "[ " * 500_000, '"\\' * 500_000, "," * 1_000_000, "[]" * 500_000):
        assert shape(body).steps <= 2 * MAX_VALUES + 1, body[:10]
    assert shape("[]" * 20_000).steps == 40_000  # every run alternates: still under the bound


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("url", ["/api/calc/leave-game", "/api/calc/tax"])
def test_the_calculators_answer_the_audit_bodies_400(client: Client, url: str, size: int) -> None:
    response = client.post(url, audit_body(size), content_type="application/json")
    assert response.status_code == 400
    assert [e["code"] for e in response.json()["errors"]] == ["web.json-too-deep"]


@pytest.mark.parametrize("size", SIZES[:2])  # the tracker's bodies are capped at 64 KB
@pytest.mark.parametrize("action", ["event", "undo"])
def test_the_tracker_answers_the_audit_bodies_400(client: Client, action: str, size: int) -> None:
    game = new_game()
    response = client.post(
        f"/en/tracker/{game.slug}/{action}/", audit_body(size), content_type="application/json"
    )
    assert response.status_code == 400
    assert [e["code"] for e in response.json()["errors"]] == ["web.json-too-deep"]
    assert not game.events.exists()


@pytest.mark.parametrize("size", SIZES[:2])  # the page's form is capped by DATA_UPLOAD_MAX_MEMORY_SIZE
@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", f"Board JSON: lists and objects are nested more than {MAX_DEPTH} levels deep."),
        ("ja", f"盤面のJSON：リストやオブジェクトの入れ子が {MAX_DEPTH} 段を超えています。"),
    ],
)
def test_the_leave_game_page_answers_a_pasted_audit_body_beside_the_box(
    client: Client, lang: str, text: str, size: int
) -> None:
    page = client.post(f"/{lang}/leave-game/", {"action": "load-json", "board_json": audit_body(size)})
    assert page.status_code == 400 and text in page.content.decode()


@pytest.mark.parametrize("url", CALCULATORS)
@pytest.mark.parametrize(
    "content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]
)
def test_a_body_not_declared_json_is_415(client: Client, url: str, content_type: str) -> None:
    """What a page on another site can send without a preflight is refused before it is read."""
    response = client.post(f"{url}?lang=ja", '{"variant": "commander"}', content_type=content_type)
    assert response.status_code == 415
    [error] = response.json()["errors"]
    assert error["code"] == "web.not-json" and error["field"] == "body"
    assert "Content-Type: application/json" in error["text"] and "ヘッダー" in error["text"]


@pytest.mark.parametrize("content_type", ["application/json", "application/json; charset=utf-8"])
def test_a_body_declared_json_is_read(client: Client, content_type: str) -> None:
    body = json.dumps({"variant": "commander", "previous_casts": 2})
    response = client.post("/api/calc/tax", body, content_type=content_type)
    assert response.status_code == 200, response.content

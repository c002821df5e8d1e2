"""The board APIs' limits are a real table's (issue 31, item 14): 8 requests at the old limits (64 players,
2,000 objects, 222 KB) held both workers for seconds. Now 20 players (the tracker's), 300 objects and 300
of each effect table; a board past them is refused before any work, in both languages. The CPU each costs
is measured in bench/leave_game_api.py, never here."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from judge.engine.board import MAX_EFFECTS, MAX_OBJECTS, MAX_PLAYERS
from judge.engine.tracker import MAX_PLAYERS as TRACKER_PLAYERS

pytestmark = pytest.mark.django_db

URLS = ["/api/calc/leave-game", "/api/calc/end-turn"]


def table(players: int, objects: int, effects: int = 0) -> dict[str, Any]:
    names = [f"P{i}" for i in range(players)]
    return {
        "variant": "free-for-all",
        "turn_order": names,
        "active_player": "P0",
        "objects": [
            {"id": f"o{i}", "name": "Soldier", "kind": "token", "owner": "P0", "controller": "P0"}
            | {"zone": "battlefield"}
            for i in range(objects)
        ],
        "delayed_triggers": [
            {"id": f"t{i}", "controller": "P0", "source": "o0", "text": "Draw a card."}
            for i in range(effects)
        ],
    }


def test_the_limits_are_a_real_tables() -> None:
    assert (MAX_PLAYERS, MAX_OBJECTS, MAX_EFFECTS) == (20, 300, 300)
    assert MAX_PLAYERS == TRACKER_PLAYERS  # one table, one number of seats


@pytest.mark.parametrize("url", URLS)
def test_a_board_at_the_limits_is_answered(client: Client, url: str) -> None:
    body = {**table(MAX_PLAYERS, MAX_OBJECTS, MAX_EFFECTS), "leaving": "P1", "turns": 1}
    if url.endswith("end-turn"):
        del body["leaving"]
    else:
        del body["turns"]
    response = client.post(url, json.dumps(body), content_type="application/json")
    assert response.status_code == 200, response.content[:500]


@pytest.mark.parametrize("url", URLS)
@pytest.mark.parametrize(
    ("players", "objects", "effects", "field", "high"),
    [
        (MAX_PLAYERS + 1, 1, 0, "turn_order", MAX_PLAYERS),
        (64, 2000, 0, "objects", MAX_OBJECTS),  # the audit's board
        (2, MAX_OBJECTS + 1, 0, "objects", MAX_OBJECTS),
        (2, 1, MAX_EFFECTS + 1, "delayed_triggers", MAX_EFFECTS),
    ],
)
def test_a_board_past_the_limits_is_refused_in_both_languages(
    client: Client, url: str, players: int, objects: int, effects: int, field: str, high: int
) -> None:
    body = json.dumps(
        {**table(players, objects, effects), "leaving": "P0"}
        if "leave" in url
        else table(players, objects, effects)
    )
    texts = (("en", f"is over the limit of {high}."), ("ja", f"件は上限の {high} 件を超えています"))
    for lang, text in texts:
        response = client.post(f"{url}?lang={lang}", body, content_type="application/json")
        assert response.status_code == 400
        errors = response.json()["errors"]
        assert any(e.get("field") == field and text in e["text"] for e in errors), errors[:3]

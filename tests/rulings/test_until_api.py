"""The leave-game and end-turn APIs with cards exiled "until" an event (610.3, 603.6c, 800.4d), in both
languages (issue 32)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

PRIEST_BOARD: dict[str, Any] = {
    "variant": "free-for-all",
    "turn_order": ["Alex", "Bianca", "Carol"],
    "active_player": "Carol",
    "objects": [
        {
            "id": "priest",
            "name": "Banisher Priest",
            "name_ja": "追放する僧侶",
            "kind": "card",
            "owner": "Alex",
            "controller": "Alex",
            "zone": "battlefield",
        },
        {
            "id": "b-commander",
            "name": "Atraxa, Praetors' Voice",
            "name_ja": "法務官の声、アトラクサ",
            "kind": "card",
            "owner": "Bianca",
            "controller": None,
            "zone": "exile",
            "commander": True,
        },
    ],
    "until_effects": [
        {
            "id": "priest-exile",
            "source": "priest",
            "objects": ["b-commander"],
            "ends": "source-leaves",
            "how": "until",
        }
    ],
}


def _post(client: Client, url: str, payload: dict[str, Any], lang: str) -> Any:
    return client.post(f"{url}?lang={lang}", json.dumps(payload), content_type="application/json")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_priests_owner_leaves_and_the_commander_returns(client: Client, lang: str) -> None:
    response = _post(client, "/api/calc/leave-game", {**PRIEST_BOARD, "leaving": "Alex"}, lang)
    assert response.status_code == 200
    data = response.json()
    assert {"id": "b-commander", "zone": "battlefield", "controller": "Bianca"} in data["objects"]
    rules = [s["rule"] for s in data["steps"]]
    assert rules[:4] == ["800.4a", "610.3", "610.3c", "903.9a"]
    text = " ".join(s["text"] for s in data["steps"])
    if lang == "ja":
        assert "《法務官の声、アトラクサ》" in text and "誘発型能力ではない" in text and "統率者" in text
        assert "追放領域 → 戦場" in data["summary"]
    else:
        assert "Atraxa, Praetors' Voice" in text and "not a triggered ability" in text
        assert "exile → battlefield" in data["summary"]
    assert "until_effects" not in data["board"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_old_oblivion_ring_keeps_the_card_exiled(client: Client, lang: str) -> None:
    payload = json.loads(json.dumps(PRIEST_BOARD))
    payload["objects"][0].update(id="ring", name="Oblivion Ring", name_ja="忘却の輪")
    payload["until_effects"][0].update(source="ring", how="trigger")
    data = _post(client, "/api/calc/leave-game", {**payload, "leaving": "Alex"}, lang).json()
    assert {"id": "b-commander", "zone": "exile", "controller": None} in data["objects"]
    steps = {s["rule"]: s["text"] for s in data["steps"]}
    assert "800.4d" in steps and "903.9a" in steps
    assert ("スタックに置かれない" if lang == "ja" else "not put on the stack") in steps["800.4d"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_end_turn_returns_a_card_exiled_until_end_of_turn(client: Client, lang: str) -> None:
    payload = json.loads(json.dumps(PRIEST_BOARD))
    payload["objects"] = payload["objects"][1:]
    payload["until_effects"] = [
        {"id": "journey", "objects": ["b-commander"], "ends": "end-of-turn", "name": "Otherworldly Journey"}
    ]
    response = _post(client, "/api/calc/end-turn", payload, lang)
    assert response.status_code == 200
    data = response.json()
    assert {"id": "b-commander", "zone": "battlefield", "controller": "Bianca"} in data["objects"]
    assert [s["rule"] for s in data["steps"]] == ["514.2", "610.3", "610.3c", "903.9a", "103.1"]
    assert data["active_player"] == "Alex"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_until_effect_the_rules_cannot_reach_is_refused_in_the_readers_words(
    client: Client, lang: str
) -> None:
    payload = json.loads(json.dumps(PRIEST_BOARD))
    payload["objects"][1]["zone"] = "graveyard"
    response = _post(client, "/api/calc/leave-game", {**payload, "leaving": "Alex"}, lang)
    assert response.status_code in (400, 422)
    body = json.dumps(response.json(), ensure_ascii=False)
    assert ("追放領域にない" if lang == "ja" else "is not in exile") in body

"""Issue 41 items 1 and 2 through the leave-game API, in both languages: a creature whose control changes is
removed from combat (506.4); a game that ended has no end step (104.1)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from tests.rulings.leave_game_helpers import API

pytestmark = pytest.mark.django_db

CASES = Path(__file__).resolve().parents[1] / "engine" / "cases" / "leave_game"


def _case(name: str) -> dict[str, Any]:
    payload: dict[str, Any] = json.loads((CASES / f"{name}.json").read_text(encoding="utf-8"))["payload"]
    return payload


def _ask(client: Client, payload: dict[str, Any], lang: str) -> dict[str, Any]:
    response = client.post(f"{API}?lang={lang}", json.dumps(payload), content_type="application/json")
    assert response.status_code == 200, response.content
    data: dict[str, Any] = response.json()
    return data


@pytest.mark.parametrize(("lang", "said"), [("en", "removed from combat"), ("ja", "戦闘から取り除かれる")])
def test_a_creature_returned_to_its_controller_leaves_combat(client: Client, lang: str, said: str) -> None:
    data = _ask(client, _case("control-change-removes-from-combat"), lang)
    objects = {o["id"]: o for o in data["objects"]}
    assert objects["bear"] == {"id": "bear", "zone": "battlefield", "controller": "Carol"}
    # The board afterwards has no combat left: the Angel left the game, the Bear changed control.
    assert data["board"].get("combat", []) == []
    removed = [s for s in data["steps"] if s["code"] == "leave.combat-control-changed"]
    assert [(s["rule"], s["objects"]) for s in removed] == [("506.4", ["bear"])]
    assert said in removed[0]["text"] and "Carol" in removed[0]["text"]
    assert said in data["summary"]


def test_a_blocker_whose_control_changes_leaves_combat_and_the_attacker_stays_blocked(client: Client) -> None:
    # Bianca blocks Alex's Dreadmaw with Carol's Bears, which she controls through Dana's Mind Control (she
    # gained control of the Aura); Dana leaves, the Aura with her, so the Bears go back to Carol (611.3b).
    payload = {
        "variant": "free-for-all",
        "turn_order": ["Alex", "Bianca", "Carol", "Dana"],
        "active_player": "Alex",
        "leaving": "Dana",
        "objects": [
            {
                "id": "wurm",
                "name": "Colossal Dreadmaw",
                "kind": "card",
                "owner": "Alex",
                "controller": "Alex",
                "zone": "battlefield",
            },
            {
                "id": "bears",
                "name": "Grizzly Bears",
                "name_ja": "灰色熊",
                "kind": "card",
                "owner": "Carol",
                "controller": "Bianca",
                "zone": "battlefield",
            },
            {
                "id": "aura",
                "name": "Mind Control",
                "name_ja": "精神の制御",
                "kind": "card",
                "owner": "Dana",
                "controller": "Bianca",
                "zone": "battlefield",
                "attached_to": "bears",
            },
        ],
        "control_effects": [
            {"id": "mc", "object": "bears", "controller": "Bianca", "source": "aura", "ends": "source-leaves"}
        ],
        "combat": [{"attacker": "wurm", "attacking": "Bianca", "blockers": ["bears"]}],
    }
    for lang in ("en", "ja"):
        data = _ask(client, payload, lang)
        rules = [(s["rule"], s["objects"]) for s in data["steps"]]
        assert ("611.3b", ["bears"]) in rules
        assert ("506.4", ["bears"]) in rules
        assert ("509.1h", ["wurm"]) in rules  # blocked, with no blocker left
        assert data["board"]["combat"] == [{"attacker": "wurm", "attacking": "Bianca"}]
        assert any("灰色熊" in s["text"] for s in data["steps"] if s["rule"] == "506.4") is (lang == "ja")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_game_that_ended_has_no_end_step(client: Client, lang: str) -> None:
    data = _ask(client, _case("two-headed-giant-monarch-team-leaves"), lang)
    assert data["game_over"] is True and data["winners"] == ["Alex", "Bianca"]
    assert [s["rule"] for s in data["steps"]] == ["810.8b", "800.4a", "104.2c", "104.1"]
    assert data["monarch"] is None
    text = " ".join(s["text"] for s in data["steps"]) + data["summary"]
    for later in ("end step", "draws", "monarch", "終了ステップ", "引く", "統治者"):
        assert later not in text

"""Shared by the board tests: a valid three-player board payload, an object, a refused one's problems."""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine.board_payload import board_from_payload
from judge.engine.errors import RulesError
from judge.engine.messages import Message

ABC = ["Alex", "Bianca", "Carol"]


def base(**extra: Any) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "variant": "free-for-all",
        "turn_order": list(ABC),
        "active_player": "Alex",
        **stolen_by_aura(bears(), aura="aura"),
        "delayed_triggers": [
            {"id": "later", "controller": "Carol", "source": "bolt", "text": "at the next end step, ..."},
        ],
    }
    payload["objects"].append(bolt())
    payload.update(extra)
    return payload


def obj(**fields: Any) -> dict[str, Any]:
    item: dict[str, Any] = {
        "id": "x",
        "name": "X",
        "kind": "card",
        "owner": "Alex",
        "controller": "Alex",
        "zone": "battlefield",
    }
    item.update(fields)
    return item


def griffin(**fields: Any) -> dict[str, Any]:
    """Bianca's Assault Griffin, on the battlefield under Alex's control."""
    return obj(id="griffin", name="Assault Griffin", name_ja="突撃するグリフィン", owner="Bianca", **fields)


def bears() -> dict[str, Any]:
    """Bianca's Grizzly Bears, on the battlefield under Alex's control."""
    return obj(id="bears", name="Grizzly Bears", name_ja="灰色熊", owner="Bianca")


def bolt() -> dict[str, Any]:
    """Carol's Lightning Bolt in her graveyard: a card with no Japanese name, controlled by no one."""
    return obj(id="bolt", name="Lightning Bolt", owner="Carol", controller=None, zone="graveyard")


def stolen_by_aura(creature: dict[str, Any], *, aura: str, japanese: bool = True) -> dict[str, Any]:
    """The example of 800.4a: Alex's Mind Control (id ``aura``) on Bianca's ``creature`` gives Alex control of
    it, until the Aura leaves: a board's ``objects`` and ``control_effects``."""
    mind_control = obj(id=aura, name="Mind Control", attached_to=creature["id"])
    if japanese:
        mind_control["name_ja"] = "精神の制御"
    steal = {"id": "steal", "object": creature["id"], "controller": "Alex", "source": aura}
    steal["ends"] = "source-leaves"
    return {"objects": [creature, mind_control], "control_effects": [steal]}


def error_of(payload: Any) -> RulesError:
    with pytest.raises(RulesError) as info:
        board_from_payload(payload)
    return info.value


def codes(err: RulesError) -> list[tuple[str, str]]:
    return [(p.code, p.field) for p in err.messages if isinstance(p, Message)]

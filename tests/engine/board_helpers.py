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
        "objects": [
            {
                "id": "bears",
                "name": "Grizzly Bears",
                "name_ja": "灰色熊",
                "kind": "card",
                "owner": "Bianca",
                "controller": "Alex",
                "zone": "battlefield",
            },
            {
                "id": "aura",
                "name": "Mind Control",
                "name_ja": "精神の制御",
                "kind": "card",
                "owner": "Alex",
                "controller": "Alex",
                "zone": "battlefield",
                "attached_to": "bears",
            },
            {
                "id": "bolt",
                "name": "Lightning Bolt",
                "kind": "card",
                "owner": "Carol",
                "controller": None,
                "zone": "graveyard",
            },
        ],
        "control_effects": [
            {
                "id": "steal",
                "object": "bears",
                "controller": "Alex",
                "source": "aura",
                "ends": "source-leaves",
            },
        ],
        "delayed_triggers": [
            {"id": "later", "controller": "Carol", "source": "bolt", "text": "at the next end step, ..."},
        ],
    }
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


def error_of(payload: Any) -> RulesError:
    with pytest.raises(RulesError) as info:
        board_from_payload(payload)
    return info.value


def codes(err: RulesError) -> list[tuple[str, str]]:
    return [(p.code, p.field) for p in err.messages if isinstance(p, Message)]

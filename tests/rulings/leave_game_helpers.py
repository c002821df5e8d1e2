"""Shared by the leave-game tests: the Mind Control board of 800.4a, the API and the page's form as posted."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from django.test import Client

from tests.engine.board_helpers import obj, stolen_by_aura

API = "/api/calc/leave-game"
HX = {"HTTP_HX_REQUEST": "true"}
XSS = "<script>alert(1)</script>"

# The Mind Control example of 800.4a: Alex's Aura gives Alex control of Bianca's creature.
MIND_CONTROL: dict[str, Any] = {
    "variant": "free-for-all",
    "turn_order": ["Alex", "Bianca", "Carol"],
    "active_player": "Alex",
    # No Japanese names: the pages show the names as typed.
    **stolen_by_aura(
        obj(id="griffin", name="Assault Griffin", owner="Bianca"), aura="mind-control", japanese=False
    ),
    "delayed_triggers": [],
}


def board(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(MIND_CONTROL)
    data.update(changes)
    return data


def post_json(client: Client, data: Any, **extra: Any) -> Any:
    body = data if isinstance(data, (str, bytes)) else json.dumps(data)
    return client.post(API, body, content_type="application/json", **extra)


def form_data(payload: dict[str, Any], action: str = "update") -> dict[str, Any]:
    """The board as the page's form posts it: one formset per table ("obj-0-name"), and the player columns
    (active, priority, monarch, initiative: a row number each; planar: the ticked rows) carrying row
    numbers."""
    players = payload["turn_order"]
    teams = payload.get("teams") or []
    planar = payload.get("planar_controller")
    planar = planar if isinstance(planar, list) else [planar]
    shields = payload.get("shields") or {}

    data: dict[str, Any] = {
        "action": action,
        "variant": payload["variant"],
        "planar": [str(i) for i, p in enumerate(players) if p in planar],
        "left": ", ".join(payload.get("left", [])),
        "priority": "",
    }
    for column, key in (
        ("active", "active_player"),
        ("priority", "priority"),
        ("monarch", "monarch"),
        ("initiative", "initiative"),
    ):
        if payload.get(key) in players:
            data[column] = str(players.index(payload[key]))
    if payload.get("single_planar_deck"):
        data["single_planar_deck"] = "1"

    def table(prefix: str, rows: list[dict[str, Any]], defaults: dict[str, str] | None = None) -> None:
        data[f"{prefix}-TOTAL_FORMS"] = data[f"{prefix}-INITIAL_FORMS"] = str(len(rows))
        for i, row in enumerate(rows):
            for key, value in {**(defaults or {}), **{k: v for k, v in row.items() if v}}.items():
                data[f"{prefix}-{i}-{key}"] = (
                    "1" if value is True else value if isinstance(value, list) else str(value)
                )
            if not any(key.startswith(f"{prefix}-{i}-") for key in data):
                data[f"{prefix}-{i}-{next(iter(row), 'id')}"] = ""  # a browser posts a blank row's fields

    table(
        "player",
        [
            {
                "name": p,
                "team": next((str(i + 1) for i, t in enumerate(teams) if p in t), ""),
                "shields": shields.get(p, ""),
            }
            for p in players
        ],
    )
    table("obj", payload.get("objects", []), {"attachment": "aura"})
    table("eff", payload.get("control_effects", []))
    table("trg", payload.get("delayed_triggers", []))
    table("tmd", payload.get("timed_effects", []))
    table("pc", payload.get("player_control", []))
    table("atk", payload.get("combat", []))
    table(
        "unt",
        [
            {
                **{k: v for k, v in e.items() if k not in ("objects", "from")},
                "objects": ", ".join(e.get("objects", [])),
                "from_zone": e.get("from", ""),
            }
            for e in payload.get("until_effects", [])
        ],
    )
    return data


def count(html: str, field: str) -> int:
    """How many rows of a table the page shows ("obj-name" -> fields named obj-N-name)."""
    prefix, name = field.split("-", 1)
    return len(re.findall(rf'name="{prefix}-\d+-{name}"', html))


def has_input(html: str, field: str, value: str) -> bool:
    prefix, name = field.split("-", 1)
    return re.search(rf'name="{prefix}-\d+-{name}" value="{re.escape(value)}"', html) is not None


def has_selected(html: str, field: str, value: str) -> bool:
    """A select of the form (a player or an object chosen by name) with ``value`` chosen."""
    prefix, name = field.split("-", 1)
    return (
        re.search(
            rf'<select name="{prefix}-\d+-{name}"[^>]*>(?:(?!</select>).)*'
            rf'<option value="{re.escape(value)}" selected>',
            html,
            re.S,
        )
        is not None
    )


def result_of(html: str) -> str:
    return html.split('id="lg-result"')[1]


def _querydict(data: dict[str, Any]) -> Any:
    from django.http import QueryDict

    query = QueryDict(mutable=True)
    for key, value in data.items():
        if isinstance(value, list):
            query.setlist(key, [str(v) for v in value])
        else:
            query[key] = str(value)
    return query

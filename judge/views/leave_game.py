"""Leaving a multiplayer game (800.4): the JSON API and the board page that builds a board and resolves it.

The page keeps the whole board in the form (one row of fields per player, object, control effect and
delayed trigger) and re-renders it on every submit, so it works without JavaScript: each button is a
submit button with an ``action`` value ("add-object", "remove-object-3", "resolve-1", ...). With htmx the
same form posts to the same URL and only the board fragment is swapped. Nothing is stored on the server.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from judge import scenario_selectors
from judge.engine.board import (
    MAX_OBJECTS,
    MAX_PLAYERS,
    Attachment,
    Ends,
    ObjectKind,
    Variant,
    Zone,
    board_to_payload,
)
from judge.engine.errors import RulesError
from judge.engine.leave_game import CEASED, LEFT_GAME, leave_game_from_payload
from judge.web.citations import rule_ref_url
from judge.web.json_api import json_api

# Far above any real board (2000 objects of a few hundred bytes) and below Django's own 2 MB limit,
# so an oversized body gets this clear answer instead of Django's generic 400 page.
MAX_BODY_BYTES = 1_000_000
MAX_ROWS = MAX_OBJECTS  # rows of each kind the page form accepts

VARIANT_LABELS = {
    Variant.FREE_FOR_ALL: gettext_lazy("Free-for-all"),
    Variant.PLANECHASE: gettext_lazy("Planechase"),
    Variant.GRAND_MELEE: gettext_lazy("Grand Melee with Planechase"),
    Variant.TWO_HEADED_GIANT: gettext_lazy("Two-Headed Giant"),
    Variant.DTC: gettext_lazy("Duel Masters Tag Commander (DTC)"),
}
KIND_LABELS = {
    ObjectKind.CARD: gettext_lazy("card"),
    ObjectKind.TOKEN: gettext_lazy("token"),
    ObjectKind.COPY: gettext_lazy("copy of a spell or card"),
    ObjectKind.ABILITY: gettext_lazy("ability on the stack"),
    ObjectKind.EMBLEM: gettext_lazy("emblem"),
    ObjectKind.PLANE: gettext_lazy("plane"),
    ObjectKind.PHENOMENON: gettext_lazy("phenomenon"),
}
ZONE_LABELS = {
    Zone.BATTLEFIELD.value: gettext_lazy("battlefield"),
    Zone.STACK.value: gettext_lazy("stack"),
    Zone.HAND.value: gettext_lazy("hand"),
    Zone.LIBRARY.value: gettext_lazy("library"),
    Zone.GRAVEYARD.value: gettext_lazy("graveyard"),
    Zone.EXILE.value: gettext_lazy("exile"),
    Zone.COMMAND.value: gettext_lazy("command zone"),
    Zone.ANTE.value: gettext_lazy("ante zone"),
    LEFT_GAME: gettext_lazy("left the game"),
    CEASED: gettext_lazy("ceased to exist"),
}
ENDS_LABELS = {
    Ends.SOURCE_LEAVES: gettext_lazy("when its source leaves the battlefield"),
    Ends.END_OF_TURN: gettext_lazy("at end of turn"),
    Ends.NEVER: gettext_lazy("never (no duration)"),
}
ATTACHMENT_LABELS = {
    Attachment.AURA: gettext_lazy("Aura"),
    Attachment.EQUIPMENT: gettext_lazy("Equipment"),
    Attachment.FORTIFICATION: gettext_lazy("Fortification"),
    Attachment.OTHER: gettext_lazy("other"),
}

# Preset boards: the first leave-game step of these worked rulings, without who leaves.
PRESETS: dict[str, tuple[str, Any]] = {
    "mind-control": ("mind-control-alex-leaves", gettext_lazy("Mind Control (example of 800.4a)")),
    "act-of-treason": ("act-of-treason-alex-leaves", gettext_lazy("Act of Treason (example of 800.4a)")),
    "bribery": ("bribery-alex-leaves", gettext_lazy("Bribery (example of 800.4a)")),
    "genesis-chamber": ("genesis-chamber-alex-leaves", gettext_lazy("Genesis Chamber (example of 800.4a)")),
    "astral-slide": ("astral-slide-alex-leaves", gettext_lazy("Astral Slide (example of 800.4d)")),
    "planechase": ("planechase-planar-controller-leaves", gettext_lazy("Planechase: the planar controller leaves")),
    "two-headed-giant": ("two-headed-giant-team-leaves", gettext_lazy("Two-Headed Giant: a team leaves")),
    "dtc": ("dtc-team-leaves", gettext_lazy("Duel Masters Tag Commander: a team leaves")),
}
DEFAULT_PRESET = "mind-control"

ACTION_RE = re.compile(r"^(add|remove)-(player|object|effect|trigger)(?:-(\d{1,4}))?$")
RESOLVE_RE = re.compile(r"^resolve-(\d{1,3})$")

# Row fields of each table of the form: (prefix, fields).
OBJECT_FIELDS = ("id", "name", "kind", "owner", "controller", "zone", "attached_to", "default_controller",
                 "source", "attachment")
EFFECT_FIELDS = ("id", "object", "controller", "source", "ends")
TRIGGER_FIELDS = ("id", "controller", "source", "text", "object")
TABLES = {"object": ("obj", OBJECT_FIELDS), "effect": ("eff", EFFECT_FIELDS), "trigger": ("trg", TRIGGER_FIELDS)}
ROW_KEYS = {"object": "objects", "effect": "effects", "trigger": "triggers", "player": "players"}


# --------------------------------------------------------------------------- the JSON API


@csrf_exempt  # A pure calculation: it reads the posted board and writes nothing, so there is nothing to forge.
@require_POST
def api_leave_game(request: HttpRequest) -> JsonResponse:
    """``POST /api/calc/leave-game``: a board plus ``leaving`` in, the resolution out (400 lists every problem)."""
    return json_api(request, limit=MAX_BODY_BYTES, compute=lambda payload: leave_game_from_payload(payload).as_dict())


# --------------------------------------------------------------------------- presentation (shared with scenarios)


def zone_label(zone: str) -> str:
    return str(ZONE_LABELS.get(zone, zone))


def names_of(board: Mapping[str, Any] | None) -> dict[str, str]:
    """Object id -> name, from a board payload (ids stand in for names the board does not give)."""
    names: dict[str, str] = {}
    for obj in _list(board.get("objects") if board else None):
        if isinstance(obj, Mapping) and isinstance(obj.get("id"), str):
            names[obj["id"]] = str(obj.get("name") or obj["id"])
    return names


def steps_view(steps: Sequence[Mapping[str, Any]], names: Mapping[str, str]) -> list[dict[str, Any]]:
    """Engine steps (as dicts) with a link for the rule and the names of the objects they touched."""
    return [
        {
            "rule": s.get("rule", ""),
            "url": rule_ref_url(str(s.get("rule", ""))),
            "text": s.get("text", ""),
            "objects": [names.get(o, o) for o in s.get("objects", [])],
        }
        for s in steps
    ]


def outcome_view(board: Mapping[str, Any], result: Mapping[str, Any]) -> dict[str, Any]:
    """The board after a leave, for display: each object before and after, trigger and effect statuses."""
    before = {o["id"]: o for o in _list(board.get("objects")) if isinstance(o, Mapping) and "id" in o}
    names = names_of(board)
    objects = []
    for item in result.get("objects", []):
        old = before.get(item["id"], {})
        zone = item["zone"]
        objects.append({
            "id": item["id"],
            "name": names.get(item["id"], item["id"]),
            "owner": old.get("owner"),
            "zone": zone,
            "zone_label": zone_label(zone),
            "controller": item.get("controller"),
            "before_zone": zone_label(str(old.get("zone", ""))),
            "before_controller": old.get("controller"),
            "gone": zone in (LEFT_GAME, CEASED),
            "changed": zone != old.get("zone") or item.get("controller") != old.get("controller"),
        })
    trigger_text = {t.get("id"): t.get("text", "") for t in _list(board.get("delayed_triggers"))
                    if isinstance(t, Mapping)}
    planar = result.get("planar_controller")
    return {
        "objects": objects,
        "delayed_triggers": [
            {"id": t["id"], "status": t["status"], "text": trigger_text.get(t["id"], ""),
             "removed": t["status"] == "removed"}
            for t in result.get("delayed_triggers", [])
        ],
        "control_effects": list(result.get("control_effects", [])),
        "planar_controller": ", ".join(planar) if isinstance(planar, list) else planar,
        "has_planes": board.get("variant") in (Variant.PLANECHASE.value, Variant.GRAND_MELEE.value),
        "left": list(result.get("left", [])),
        "winners": list(result.get("winners", [])),
        "planeswalks": list(result.get("planeswalks", [])),
        "turn_order": list(result.get("turn_order", [])),
        "active_player": result.get("active_player"),
    }


def board_view(board: Mapping[str, Any]) -> dict[str, Any]:
    """A board payload for read-only display (scenario pages): players, objects, effects, triggers."""
    teams = [list(t) for t in _list(board.get("teams")) if isinstance(t, list)]
    planar = board.get("planar_controller")
    return {
        "variant": board.get("variant"),
        "variant_label": _variant_label(board.get("variant")),
        "turn_order": [str(p) for p in _list(board.get("turn_order"))],
        "active_player": board.get("active_player"),
        "leaving": board.get("leaving"),
        "left": [str(p) for p in _list(board.get("left"))],
        "teams": teams,
        "planar_controller": ", ".join(map(str, planar)) if isinstance(planar, list) else planar,
        "objects": [
            {**o, "zone_label": zone_label(str(o.get("zone", ""))),
             "kind_label": _kind_label(o.get("kind"))}
            for o in _list(board.get("objects")) if isinstance(o, Mapping)
        ],
        "control_effects": [e for e in _list(board.get("control_effects")) if isinstance(e, Mapping)],
        "delayed_triggers": [t for t in _list(board.get("delayed_triggers")) if isinstance(t, Mapping)],
    }


def _variant_label(value: Any) -> str:
    for variant, label in VARIANT_LABELS.items():
        if variant.value == value:
            return str(label)
    return str(value or "")


def _kind_label(value: Any) -> str:
    for kind, label in KIND_LABELS.items():
        if kind.value == value:
            return str(label)
    return str(value or "")


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


# --------------------------------------------------------------------------- the board form


def _text(value: Any) -> str:
    """A payload value as form text (None and non-text become "" / their JSON)."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def rows_from_payload(payload: Mapping[str, Any]) -> dict[str, Any]:
    """A board payload as form rows (lenient: anything odd is kept as text for the engine to judge)."""
    players_raw = [_text(p) for p in _list(payload.get("turn_order"))][:MAX_PLAYERS]
    teams = _list(payload.get("teams"))
    planar = payload.get("planar_controller")
    planar_names = {_text(p) for p in (planar if isinstance(planar, list) else [planar]) if p is not None}
    players = []
    for name in players_raw:
        team = ""
        for number, members in enumerate(teams, start=1):
            if isinstance(members, list) and name in members:
                team = str(number)
                break
        players.append({
            "name": name,
            "team": team,
            "active": name == payload.get("active_player"),
            "planar": name in planar_names,
            "priority": name == payload.get("priority"),
        })
    objects = []
    for raw in _list(payload.get("objects"))[:MAX_ROWS]:
        item = raw if isinstance(raw, Mapping) else {}
        row: dict[str, Any] = {f: _text(item.get(f)) for f in OBJECT_FIELDS}
        row["attachment"] = row["attachment"] or Attachment.AURA.value
        row["planeswalking"] = item.get("planeswalking") is True
        objects.append(row)
    effects = [{f: _text((raw if isinstance(raw, Mapping) else {}).get(f)) for f in EFFECT_FIELDS}
               for raw in _list(payload.get("control_effects"))[:MAX_ROWS]]
    triggers = [{f: _text((raw if isinstance(raw, Mapping) else {}).get(f)) for f in TRIGGER_FIELDS}
                for raw in _list(payload.get("delayed_triggers"))[:MAX_ROWS]]
    return {
        "variant": _text(payload.get("variant")) or Variant.FREE_FOR_ALL.value,
        "players": players,
        "left": ", ".join(_text(p) for p in _list(payload.get("left"))),
        "objects": objects,
        "effects": effects,
        "triggers": triggers,
    }


def _column(post: Any, name: str, count: int) -> list[str]:
    values = [v[:1000] for v in post.getlist(name)[:count]]
    return values + [""] * (count - len(values))


def rows_from_post(post: Any) -> dict[str, Any]:
    """The board form as rows. Radio/checkbox columns carry the row index, so renaming a player keeps them."""
    names = post.getlist("player_name")[:MAX_PLAYERS]
    teams = _column(post, "player_team", len(names))
    planar = set(post.getlist("planar"))
    players = [
        {
            "name": name[:1000],
            "team": teams[i],
            "active": post.get("active") == str(i),
            "planar": str(i) in planar,
            "priority": post.get("priority") == str(i),
        }
        for i, name in enumerate(names)
    ]
    tables: dict[str, list[dict[str, Any]]] = {}
    for table, (prefix, fields) in TABLES.items():
        count = min(len(post.getlist(f"{prefix}_id")), MAX_ROWS)
        columns = {f: _column(post, f"{prefix}_{f}", count) for f in fields}
        tables[table] = [{f: columns[f][i] for f in fields} for i in range(count)]
    walking = set(post.getlist("obj_planeswalking"))
    for i, row in enumerate(tables["object"]):
        row["planeswalking"] = str(i) in walking
    return {
        "variant": post.get("variant", "")[:40],
        "players": players,
        "left": post.get("left", "")[:2000],
        "objects": tables["object"],
        "effects": tables["effect"],
        "triggers": tables["trigger"],
    }


def _or_none(value: str) -> str | None:
    value = value.strip()
    return value or None


def payload_from_rows(rows: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The API payload the rows describe, plus problems only the form can have (the engine judges the rest)."""
    problems: list[str] = []
    variant = rows["variant"]
    players = rows["players"]
    names = [p["name"].strip() for p in players]
    payload: dict[str, Any] = {"variant": variant, "turn_order": names}
    active = [n for p, n in zip(players, names) if p["active"]]
    payload["active_player"] = active[0] if active else None
    priority = [n for p, n in zip(players, names) if p["priority"]]
    if priority:
        payload["priority"] = priority[0]
    left = [n.strip() for n in rows["left"].split(",") if n.strip()]
    if left:
        payload["left"] = left
    if variant in (Variant.TWO_HEADED_GIANT.value, Variant.DTC.value):
        teams: dict[str, list[str]] = {}
        for player, name in zip(players, names):
            if player["team"].strip():
                teams.setdefault(player["team"].strip(), []).append(name)
        payload["teams"] = list(teams.values())
    planar = [n for p, n in zip(players, names) if p["planar"]]
    if variant == Variant.PLANECHASE.value:
        if len(planar) > 1:
            problems.append(_("planar_controller: Planechase has one planar controller (901.6); %(count)d are "
                              "ticked.") % {"count": len(planar)})
        payload["planar_controller"] = planar[0] if planar else None
    elif variant == Variant.GRAND_MELEE.value:
        payload["planar_controller"] = planar
    objects = []
    for row in rows["objects"]:
        item: dict[str, Any] = {f: _or_none(row[f]) for f in ("id", "name", "kind", "owner", "controller", "zone")}
        for optional in ("attached_to", "default_controller", "source"):
            if _or_none(row[optional]):
                item[optional] = _or_none(row[optional])
        if row["attachment"] and row["attachment"] != Attachment.AURA.value:
            item["attachment"] = row["attachment"]
        if row["planeswalking"]:
            item["planeswalking"] = True
        objects.append(item)
    payload["objects"] = objects
    payload["control_effects"] = [{f: _or_none(row[f]) for f in EFFECT_FIELDS} for row in rows["effects"]]
    payload["delayed_triggers"] = [
        {**{f: _or_none(row[f]) for f in ("id", "controller", "source", "object")}, "text": row["text"]}
        for row in rows["triggers"]
    ]
    return payload, problems


def _blank(table: str) -> dict[str, Any]:
    if table == "player":
        return {"name": "", "team": "", "active": False, "planar": False, "priority": False}
    prefix, fields = TABLES[table]
    row: dict[str, Any] = {f: "" for f in fields}
    if table == "object":
        row.update(kind=ObjectKind.CARD.value, zone=Zone.BATTLEFIELD.value, attachment=Attachment.AURA.value,
                   planeswalking=False)
    if table == "effect":
        row["ends"] = Ends.SOURCE_LEAVES.value
    return row


def apply_row_action(rows: dict[str, Any], action: str) -> bool:
    """Add a blank row or remove row N ("add-object", "remove-effect-2"); False if ``action`` is not one."""
    match = ACTION_RE.match(action)
    if match is None:
        return False
    verb, table, index = match.groups()
    items: list[dict[str, Any]] = rows[ROW_KEYS[table]]
    limit = MAX_PLAYERS if table == "player" else MAX_ROWS
    if verb == "add" and index is None and len(items) < limit:
        items.append(_blank(table))
    elif verb == "remove" and index is not None and int(index) < len(items):
        del items[int(index)]
    return True


def preset_payload(key: str) -> dict[str, Any] | None:
    """The board of a preset: its scenario's first leave-game step, without who leaves."""
    if key not in PRESETS:
        return None
    found = scenario_selectors.scenario(slug=PRESETS[key][0])
    if found is None:
        return None
    for step in found.scenario.steps:
        if step.kind == "leave-game" and step.payload is not None and not step.payload.get("continue"):
            return {k: v for k, v in step.payload.items() if k != "leaving"}
    return None


def _board_json(payload: Mapping[str, Any]) -> str:
    return json.dumps(payload, ensure_ascii=False, indent=2)


def _context(rows: dict[str, Any], *, preset: str, errors: list[str], board_json: str | None = None,
             resolution: dict[str, Any] | None = None) -> dict[str, Any]:
    payload, _problems = payload_from_rows(rows)
    variant = rows["variant"]
    return {
        "rows": rows,
        "players": [p["name"] for p in rows["players"]],
        "object_ids": [o["id"] for o in rows["objects"] if o["id"]],
        "errors": errors,
        "board_json": board_json if board_json is not None else _board_json(payload),
        "resolution": resolution,
        "preset": preset,
        "presets": [(key, label) for key, (_slug, label) in PRESETS.items()],
        "variants": [(v.value, VARIANT_LABELS[v]) for v in Variant],
        "kinds": [(k.value, KIND_LABELS[k]) for k in ObjectKind],
        "zones": [(z.value, ZONE_LABELS[z.value]) for z in Zone],
        "ends_choices": [(e.value, ENDS_LABELS[e]) for e in Ends],
        "attachments": [(a.value, ATTACHMENT_LABELS[a]) for a in Attachment],
        "has_teams": variant in (Variant.TWO_HEADED_GIANT.value, Variant.DTC.value),
        "has_planes": variant in (Variant.PLANECHASE.value, Variant.GRAND_MELEE.value),
    }


def _resolve(rows: dict[str, Any], index: int) -> tuple[dict[str, Any] | None, list[str]]:
    payload, problems = payload_from_rows(rows)
    players = payload["turn_order"]
    if index >= len(players):
        return None, [_("There is no player %(number)d to leave the game.") % {"number": index + 1}]
    payload["leaving"] = players[index]
    try:
        result = leave_game_from_payload(payload)
    except RulesError as err:
        return None, problems + list(err.problems)
    if problems:
        return None, problems
    answer = result.as_dict()
    after = board_to_payload(result.board)
    return {
        "leaving": players[index],
        "left": answer["left"],
        "steps": steps_view(answer["steps"], names_of(payload)),
        "outcome": outcome_view(payload, answer),
        "after_json": _board_json(after),
        "game_over": bool(answer["winners"]) or not answer["turn_order"],
    }, []


@require_http_methods(["GET", "POST"])
def leave_game_page(request: HttpRequest) -> HttpResponse:
    """The board page: GET loads a preset (``?preset=``), POST applies one ``action`` and re-renders."""
    errors: list[str] = []
    resolution: dict[str, Any] | None = None
    board_json: str | None = None
    status = 200
    preset = ""
    if request.method == "GET":
        preset = request.GET.get("preset") or DEFAULT_PRESET
        payload = preset_payload(preset)
        if payload is None:
            errors.append(_("No such preset board: %(name)s") % {"name": preset[:100]})
            status = 404
            preset = DEFAULT_PRESET
            payload = preset_payload(DEFAULT_PRESET) or {}
        rows = rows_from_payload(payload)
    else:
        rows = rows_from_post(request.POST)
        action = request.POST.get("action", "update")
        if action == "load-json":
            text = request.POST.get("board_json", "")
            try:
                loaded = json.loads(text)
            except ValueError:
                loaded = None
                errors.append(_("Board JSON: not valid JSON."))
            if loaded is not None and not isinstance(loaded, dict):
                errors.append(_("Board JSON: must be a JSON object (the board)."))
            elif isinstance(loaded, dict):
                rows = rows_from_payload(loaded)
            if errors:
                board_json = text[:MAX_BODY_BYTES]
        elif (resolve := RESOLVE_RE.match(action)) is not None:
            resolution, errors = _resolve(rows, int(resolve.group(1)))
        else:
            apply_row_action(rows, action)
        if errors:
            status = 400
    context = _context(rows, preset=preset, errors=errors, board_json=board_json, resolution=resolution)
    context["page_url"] = reverse("leave-game")
    template = "leave_game/page.html#board" if request.htmx else "leave_game/page.html"
    # htmx does not swap 4xx answers, so the fragment carrying the problems goes out as 200.
    response = render(request, template, context, status=200 if request.htmx else status)
    if request.htmx and (resolution or errors):
        # Bring what the player is waiting for into view: the resolution, or the problems above the form.
        response["HX-Reswap"] = "outerHTML show:#lg-result:top" if resolution else "outerHTML show:#lg-errors:top"
    return response


leave_game_api_urlpatterns = [
    path("api/calc/leave-game", api_leave_game, name="api-leave-game"),
]
leave_game_urlpatterns = [
    path("leave-game/", leave_game_page, name="leave-game"),
]

"""The leave-game board form: the board's own fields plus four formsets (players, objects, control
effects, delayed triggers), read into the JSON API's board payload.

The page keeps the whole board in the form and re-renders it on every submit, so it works without
JavaScript: each button is a submit button with an ``action`` ("add-object", "remove-object-3",
"resolve-1", ...). The form reads leniently (anything odd is kept as text); the engine judges the
board and lists every problem.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.forms import formset_factory
from django.utils.translation import gettext as _

from judge.engine.board import MAX_OBJECTS, MAX_PLAYERS, Attachment, Ends, ObjectKind, Variant, Zone
from judge.engine.messages import msg
from judge.web.forms import EngineForm, FlagField, TextField, read_pasted_json

MAX_ROWS = MAX_OBJECTS  # rows of each kind the form accepts
MAX_JSON = 1_000_000  # pasted board JSON kept for the page to show again
ACTION_RE = re.compile(r"^(add|remove)-(player|object|effect|trigger)(?:-(\d{1,4}))?$")
RESOLVE_RE = re.compile(r"^resolve-(\d{1,3})$")
TEAM_VARIANTS = (Variant.TWO_HEADED_GIANT.value, Variant.DTC.value)
PLANE_VARIANTS = (Variant.PLANECHASE.value, Variant.GRAND_MELEE.value)


class IndexesField(forms.Field):
    """Row numbers ticked in a column of checkboxes (every row's box has the same name)."""

    widget = forms.MultipleHiddenInput

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)

    def to_python(self, value: Any) -> set[str]:
        return {str(v) for v in value or ()}


class BoardForm(EngineForm):
    """The fields of the board itself; radio and checkbox columns carry row numbers, so renaming a
    player keeps them."""

    action = TextField(limit=40)
    variant = TextField(limit=40)
    left = TextField(limit=2000)  # players who already left, comma-separated
    active = TextField(limit=4)  # row number of the active player
    priority = TextField(limit=4)  # row number of the player with priority
    planar = IndexesField()  # row numbers of the planar controllers
    board_json = forms.CharField(required=False, strip=False)

    def pasted_board(self) -> tuple[dict[str, Any] | None, list[str]]:
        """The board pasted as JSON ("load-json"), or the problem with it."""
        try:
            loaded = read_pasted_json(self.cleaned_data["board_json"], field="board_json",
                                      label=msg("web.label.board-json"))
        except forms.ValidationError as err:
            return None, err.messages
        if not isinstance(loaded, dict):
            return None, [_("Board JSON: must be a JSON object (the board).")]
        return loaded, []


class PlayerForm(forms.Form):
    name = TextField(limit=1000)
    team = TextField(limit=1000)


class ObjectForm(forms.Form):
    id = TextField(limit=1000)
    name = TextField(limit=1000)
    kind = TextField(limit=1000)
    owner = TextField(limit=1000)
    controller = TextField(limit=1000)
    zone = TextField(limit=1000)
    attached_to = TextField(limit=1000)
    default_controller = TextField(limit=1000)
    source = TextField(limit=1000)
    attachment = TextField(limit=1000)
    planeswalking = FlagField()


class EffectForm(forms.Form):
    id = TextField(limit=1000)
    object = TextField(limit=1000)
    controller = TextField(limit=1000)
    source = TextField(limit=1000)
    ends = TextField(limit=1000)


class TriggerForm(forms.Form):
    id = TextField(limit=1000)
    controller = TextField(limit=1000)
    source = TextField(limit=1000)
    text = TextField(limit=1000)
    object = TextField(limit=1000)


def _formset(form: type[forms.Form], limit: int) -> type[forms.BaseFormSet]:  # type: ignore[type-arg]
    return formset_factory(form, extra=0, max_num=limit, absolute_max=limit)


# Prefix of each table's fields ("obj-0-name") -> its formset.
FORMSETS = {
    "player": _formset(PlayerForm, MAX_PLAYERS),
    "obj": _formset(ObjectForm, MAX_ROWS),
    "eff": _formset(EffectForm, MAX_ROWS),
    "trg": _formset(TriggerForm, MAX_ROWS),
}
TABLES = {"player": "player", "object": "obj", "effect": "eff", "trigger": "trg"}  # action word -> prefix


def _blank(prefix: str) -> dict[str, Any]:
    row: dict[str, Any] = {name: "" for name in FORMSETS[prefix].form.base_fields}
    if prefix == "player":
        row.update(active=False, planar=False, priority=False)
    elif prefix == "obj":
        row.update(kind=ObjectKind.CARD.value, zone=Zone.BATTLEFIELD.value, attachment=Attachment.AURA.value,
                   planeswalking=False)
    elif prefix == "eff":
        row["ends"] = Ends.SOURCE_LEAVES.value
    return row


def _text(value: Any) -> str:
    """A payload value as form text (None and non-text become "" / their JSON)."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _or_none(value: str) -> str | None:
    return value.strip() or None


@dataclass
class BoardRows:
    """The board as the form shows it: one row of fields per player, object, effect and trigger."""

    variant: str = Variant.FREE_FOR_ALL.value
    left: str = ""
    rows: dict[str, list[dict[str, Any]]] = field(default_factory=lambda: {prefix: [] for prefix in FORMSETS})

    @property
    def players(self) -> list[dict[str, Any]]:
        return self.rows["player"]

    @property
    def objects(self) -> list[dict[str, Any]]:
        return self.rows["obj"]

    @property
    def effects(self) -> list[dict[str, Any]]:
        return self.rows["eff"]

    @property
    def triggers(self) -> list[dict[str, Any]]:
        return self.rows["trg"]

    @property
    def has_teams(self) -> bool:
        return self.variant in TEAM_VARIANTS

    @property
    def has_planes(self) -> bool:
        return self.variant in PLANE_VARIANTS

    @classmethod
    def from_post(cls, data: Mapping[str, Any]) -> tuple[BoardRows, BoardForm]:
        """The board form as posted, and its own fields (the action, pasted JSON)."""
        form = BoardForm(data)
        form.is_valid()  # never refuses: the fields normalise
        board = form.cleaned_data
        rows: dict[str, list[dict[str, Any]]] = {}
        for prefix, formset_class in FORMSETS.items():
            formset = formset_class(data, prefix=prefix)
            rows[prefix] = [{**_blank(prefix), **f.cleaned_data} for f in formset.forms if f.is_valid()]
        for index, player in enumerate(rows["player"]):
            player.update(active=board["active"] == str(index), planar=str(index) in board["planar"],
                          priority=board["priority"] == str(index))
        return cls(variant=board["variant"], left=board["left"], rows=rows), form

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> BoardRows:
        """A board payload as rows (lenient: anything odd is kept as text for the engine to judge)."""
        teams = _list(payload.get("teams"))
        planar = payload.get("planar_controller")
        planar_names = {_text(p) for p in (planar if isinstance(planar, list) else [planar]) if p is not None}
        players = []
        for name in [_text(p) for p in _list(payload.get("turn_order"))][:MAX_PLAYERS]:
            team = next((str(n) for n, members in enumerate(teams, start=1)
                         if isinstance(members, list) and name in members), "")
            players.append({"name": name, "team": team, "active": name == payload.get("active_player"),
                            "planar": name in planar_names, "priority": name == payload.get("priority")})
        objects = []
        for raw in _list(payload.get("objects"))[:MAX_ROWS]:
            item = _mapping(raw)
            row = {**_blank("obj"),
                   **{f: _text(item.get(f)) for f in ObjectForm.base_fields if f != "planeswalking"}}
            row["attachment"] = row["attachment"] or Attachment.AURA.value
            row["planeswalking"] = item.get("planeswalking") is True
            objects.append(row)
        return cls(
            variant=_text(payload.get("variant")) or Variant.FREE_FOR_ALL.value,
            left=", ".join(_text(p) for p in _list(payload.get("left"))),
            rows={
                "player": players,
                "obj": objects,
                "eff": [{f: _text(_mapping(raw).get(f)) for f in EffectForm.base_fields}
                        for raw in _list(payload.get("control_effects"))[:MAX_ROWS]],
                "trg": [{f: _text(_mapping(raw).get(f)) for f in TriggerForm.base_fields}
                        for raw in _list(payload.get("delayed_triggers"))[:MAX_ROWS]],
            },
        )

    def apply(self, action: str) -> bool:
        """Add a blank row or remove row N ("add-object", "remove-effect-2"); False if ``action`` is not one."""
        match = ACTION_RE.match(action)
        if match is None:
            return False
        verb, table, index = match.groups()
        prefix = TABLES[table]
        items = self.rows[prefix]
        if verb == "add" and index is None and len(items) < FORMSETS[prefix].absolute_max:
            items.append(_blank(prefix))
        elif verb == "remove" and index is not None and int(index) < len(items):
            del items[int(index)]
        return True

    def payload(self) -> tuple[dict[str, Any], list[str]]:
        """The API payload the rows describe, plus problems only the form can have (the engine judges the rest)."""
        problems: list[str] = []
        names = [p["name"].strip() for p in self.players]
        payload: dict[str, Any] = {"variant": self.variant, "turn_order": names}
        active = [n for p, n in zip(self.players, names) if p["active"]]
        payload["active_player"] = active[0] if active else None
        priority = [n for p, n in zip(self.players, names) if p["priority"]]
        if priority:
            payload["priority"] = priority[0]
        left = [n.strip() for n in self.left.split(",") if n.strip()]
        if left:
            payload["left"] = left
        if self.has_teams:
            teams: dict[str, list[str]] = {}
            for player, name in zip(self.players, names):
                if player["team"].strip():
                    teams.setdefault(player["team"].strip(), []).append(name)
            payload["teams"] = list(teams.values())
        planar = [n for p, n in zip(self.players, names) if p["planar"]]
        if self.variant == Variant.PLANECHASE.value:
            if len(planar) > 1:
                problems.append(_("planar_controller: Planechase has one planar controller (901.6); %(count)d are "
                                  "ticked.") % {"count": len(planar)})
            payload["planar_controller"] = planar[0] if planar else None
        elif self.variant == Variant.GRAND_MELEE.value:
            payload["planar_controller"] = planar
        objects = []
        for row in self.objects:
            item: dict[str, Any] = {f: _or_none(row[f])
                                    for f in ("id", "name", "kind", "owner", "controller", "zone")}
            for optional in ("attached_to", "default_controller", "source"):
                if _or_none(row[optional]):
                    item[optional] = _or_none(row[optional])
            if row["attachment"] and row["attachment"] != Attachment.AURA.value:
                item["attachment"] = row["attachment"]
            if row["planeswalking"]:
                item["planeswalking"] = True
            objects.append(item)
        payload["objects"] = objects
        payload["control_effects"] = [{f: _or_none(row[f]) for f in EffectForm.base_fields} for row in self.effects]
        payload["delayed_triggers"] = [
            {**{f: _or_none(row[f]) for f in ("id", "controller", "source", "object")}, "text": row["text"]}
            for row in self.triggers
        ]
        return payload, problems

    def management_forms(self) -> dict[str, forms.Form]:
        """Each formset's management form (how many rows), for the page to render with the rows."""
        return {prefix: FORMSETS[prefix](initial=items, prefix=prefix).management_form
                for prefix, items in self.rows.items()}

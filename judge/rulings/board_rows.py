"""The leave-game board as the page shows it: one row of fields per player, object, control effect,
delayed trigger, effect until a turn, control of a player and attack (:class:`BoardRows`).

The rows are read from a posted board form (judge.rulings.forms) or from a board payload, changed by the
page's row buttons ("add-object", "remove-effect-2") and written back as the JSON API's board payload. They
read leniently (anything odd is kept as text); the engine judges the board and lists every problem.

>>> rows = BoardRows.from_payload({"variant": "free-for-all", "turn_order": ["Aki", "Ben"]})
>>> rows.apply("add-object"), rows.objects[0]["id"]
(True, 'object-1')
>>> rows.payload()[0]["turn_order"]
['Aki', 'Ben']
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from judge.engine.board import Attachment, Ends, ObjectKind, Until, Variant, Zone
from judge.engine.board_until import ReturnZone, UntilEnds, UntilHow
from judge.engine.losses import LossReason
from judge.engine.payload import ascii_number
from judge.rulings.board_renames import follow_renames
from judge.rulings.forms import ACTION_RE, FORMSETS, PAGE_PLAYERS, BoardForm, too_many_rows

# Prefix -> the payload key of its table (the players are "turn_order").
PAYLOAD_KEYS = {
    "player": "turn_order",
    "obj": "objects",
    "eff": "control_effects",
    "trg": "delayed_triggers",
    "tmd": "timed_effects",
    "pc": "player_control",
    "atk": "combat",
    "unt": "until_effects",
}
ROW_KEY_RE = re.compile(r"^([a-z]+)-(\d{1,4})-")
# Action word -> prefix.
TABLES = {
    "player": "player",
    "object": "obj",
    "effect": "eff",
    "trigger": "trg",
    "timed": "tmd",
    "control": "pc",
    "attack": "atk",
    "until": "unt",
}
# Tables whose rows have an id: a new row gets a fresh one ("object-3"), so a player never has to make one up.
ID_WORDS = {"obj": "object", "eff": "effect", "trg": "trigger", "tmd": "effect-until", "unt": "exile-until"}
# Player columns of the board form, each a row number: field -> payload key.
PLAYER_COLUMNS = {
    "active": "active_player",
    "priority": "priority",
    "monarch": "monarch",
    "initiative": "initiative",
}
FLAGS = ("planeswalking", "pending", "commander")


def oversized(payload: Mapping[str, Any]) -> list[str]:
    """The problems of a pasted board too large for the page (each table against its row limit)."""
    problems = []
    for prefix, key in PAYLOAD_KEYS.items():
        items = payload.get(key)
        if isinstance(items, list) and len(items) > FORMSETS[prefix].absolute_max:
            problems.append(too_many_rows(prefix, len(items)))
    return list(dict.fromkeys(problems))


def _blank(prefix: str) -> dict[str, Any]:
    row: dict[str, Any] = {name: "" for name in FORMSETS[prefix].form.base_fields}
    row.update({flag: False for flag in FLAGS if flag in row})
    if "blockers" in row:
        row["blockers"] = []
    if prefix == "player":
        row.update({column: False for column in PLAYER_COLUMNS}, planar=False, shields="")
    elif prefix == "obj":
        row.update(kind=ObjectKind.CARD.value, zone=Zone.BATTLEFIELD.value, attachment=Attachment.AURA.value)
    elif prefix == "eff":
        row["ends"] = Ends.SOURCE_LEAVES.value
    elif prefix == "tmd":
        row["until"] = Until.NEXT_TURN.value
    elif prefix == "unt":
        row.update(
            ends=UntilEnds.SOURCE_LEAVES.value,
            how=UntilHow.UNTIL.value,
            from_zone=ReturnZone.BATTLEFIELD.value,
        )
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


def _or_none(value: Any) -> str | None:
    return value.strip() or None if isinstance(value, str) else None


def _row(prefix: str, raw: Any) -> dict[str, Any]:
    """A payload item as a form row: text fields as text, flags as flags."""
    item = _mapping(raw)
    row = _blank(prefix)
    for name in FORMSETS[prefix].form.base_fields:
        if name in FLAGS:
            row[name] = item.get(name) is True
        elif name == "blockers":
            value = item.get(name)
            row[name] = (
                [_text(b) for b in value] if isinstance(value, list) else [_text(value)] if value else []
            )
        elif name == "objects" and isinstance(item.get(name), list):  # the exiled cards' ids, as typed
            row[name] = ", ".join(_text(v) for v in item[name])
        elif name == "from_zone" and item.get("from") is not None:
            row[name] = _text(item.get("from"))
        elif item.get(name) is not None:
            row[name] = _text(item.get(name))
    return row


def _number(value: Any) -> Any:
    """A count as the engine reads it: a whole number when the text is one (else the text, for the engine to
    judge)."""
    number = ascii_number(value) if isinstance(value, str) else None
    return value if number is None else number


def _optional(row: Mapping[str, Any], names: tuple[str, ...]) -> dict[str, Any]:
    """The fields of ``names`` that are filled in (an optional field left blank is left out)."""
    return {name: _or_none(row[name]) for name in names if _or_none(row[name])}


def _object_payload(row: dict[str, Any]) -> dict[str, Any]:
    """One object row as the board API reads it (empty fields left out or null)."""
    item: dict[str, Any] = {f: _or_none(row[f]) for f in ("id", "name")}
    item.update(_optional(row, ("name_ja",)))
    item.update({f: _or_none(row[f]) for f in ("kind", "owner", "controller", "zone")})
    item.update(_optional(row, ("attached_to", "default_controller", "source")))
    if row["attachment"] and row["attachment"] != Attachment.AURA.value:
        item["attachment"] = row["attachment"]
    if row["planeswalking"]:
        item["planeswalking"] = True
    if row["commander"]:
        item["commander"] = True
    return item


def _until_payload(row: dict[str, Any]) -> dict[str, Any]:
    """One "until" exile row as the board API reads it (610.3): the exiled cards' ids from a comma list."""
    item: dict[str, Any] = {f: _or_none(row[f]) for f in ("id", "source")}
    item["objects"] = [part.strip() for part in row["objects"].split(",") if part.strip()]
    item.update({f: _or_none(row[f]) for f in ("ends", "how")})
    if row["from_zone"] and row["from_zone"] != ReturnZone.BATTLEFIELD.value:
        item["from"] = row["from_zone"]
    item.update(_optional(row, ("name", "name_ja")))
    return item


@dataclass
class BoardRows:
    """The board as the form shows it: one row of fields per player, object, effect, trigger, ..."""

    variant: str = Variant.FREE_FOR_ALL.value
    left: str = ""
    single_planar_deck: bool = False
    reason: str = LossReason.LIBRARY_OUT.value
    rows: dict[str, list[dict[str, Any]]] = field(default_factory=lambda: {prefix: [] for prefix in FORMSETS})

    @property
    def players(self) -> list[dict[str, Any]]:
        return self.rows["player"]

    @property
    def objects(self) -> list[dict[str, Any]]:
        return self.rows["obj"]

    @property
    def has_teams(self) -> bool:
        return self.variant in {v.value for v in Variant if v.has_teams}

    @property
    def has_planes(self) -> bool:
        # Two-Headed Giant takes a planar controller too: Two-Headed Giant Planechase (901.12).
        return self.variant in {v.value for v in Variant if v.can_have_planar_controller}

    @property
    def is_duel_masters(self) -> bool:
        return self.variant in {v.value for v in Variant if v.is_duel_masters}

    @classmethod
    def from_post(cls, data: Mapping[str, Any]) -> tuple[BoardRows, BoardForm]:
        """The board form as posted, and its own fields (the action, pasted JSON)."""
        form = BoardForm(data)
        form.is_valid()  # never refuses: the fields normalise
        board = form.cleaned_data
        rows: dict[str, list[dict[str, Any]]] = {}
        # Only rows whose fields were posted become rows: the row count a request declares (TOTAL_FORMS)
        # is a claim, and blank rows it merely asks for would make the page grow without its input growing.
        posted: dict[str, set[int]] = {prefix: set() for prefix in FORMSETS}
        for key in data:
            match = ROW_KEY_RE.match(key)
            if match is not None and match.group(1) in posted:
                posted[match.group(1)].add(int(match.group(2)))
        for prefix, formset_class in FORMSETS.items():
            limit = formset_class.absolute_max
            formset = formset_class(data, prefix=prefix)
            declared = min(formset.total_form_count(), limit)  # what the formset reads: at most its maximum
            forms_ = [
                formset.form(data, prefix=formset.add_prefix(i))
                for i in sorted(posted[prefix])
                if i < declared
            ]
            rows[prefix] = [{**_blank(prefix), **f.cleaned_data} for f in forms_ if f.is_valid()]
            asked = str(data.get(f"{prefix}-TOTAL_FORMS", ""))
            # Digits claimed past the limit, however many (int() refuses more than 4,300 digits: a 500).
            claimed = asked.isascii() and asked.isdigit() and (len(asked) > 6 or int(asked) > limit)
            if claimed or len(posted[prefix]) > limit:
                form.add_error(None, too_many_rows(prefix))
        for index, player in enumerate(rows["player"]):
            player.update(
                {column: board[column] == str(index) for column in PLAYER_COLUMNS},
                planar=str(index) in board["planar"],
            )
        follow_renames(rows)
        return cls(
            variant=board["variant"],
            left=board["left"],
            single_planar_deck=board["single_planar_deck"],
            reason=board["reason"] or LossReason.LIBRARY_OUT.value,
            rows=rows,
        ), form

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> BoardRows:
        """A board payload as rows (lenient: anything odd is kept as text for the engine to judge)."""
        teams = _list(payload.get("teams"))
        planar = payload.get("planar_controller")
        planar_names = {_text(p) for p in (planar if isinstance(planar, list) else [planar]) if p is not None}
        shields = _mapping(payload.get("shields"))
        players = []
        for name in [_text(p) for p in _list(payload.get("turn_order"))][:PAGE_PLAYERS]:
            team = next(
                (
                    str(n)
                    for n, members in enumerate(teams, start=1)
                    if isinstance(members, list) and name in members
                ),
                "",
            )
            players.append(
                {
                    **_blank("player"),
                    "name": name,
                    "team": team,
                    "planar": name in planar_names,
                    "shields": _text(shields.get(name)),
                    **{column: name == payload.get(key) for column, key in PLAYER_COLUMNS.items()},
                }
            )
        rows = {
            prefix: [_row(prefix, raw) for raw in _list(payload.get(key))[: FORMSETS[prefix].absolute_max]]
            for prefix, key in PAYLOAD_KEYS.items()
            if prefix != "player"
        }
        for row in rows["obj"]:
            row["attachment"] = row["attachment"] or Attachment.AURA.value
        return cls(
            variant=_text(payload.get("variant")) or Variant.FREE_FOR_ALL.value,
            left=", ".join(_text(p) for p in _list(payload.get("left"))),
            single_planar_deck=payload.get("single_planar_deck") is True,
            rows={"player": players, **rows},
        )

    def _fresh_id(self, prefix: str) -> str:
        taken = {row["id"] for row in self.rows[prefix]}
        number = len(self.rows[prefix]) + 1
        while f"{ID_WORDS[prefix]}-{number}" in taken:
            number += 1
        return f"{ID_WORDS[prefix]}-{number}"

    def apply(self, action: str) -> bool:
        """Add a blank row or remove row N ("add-object", "remove-effect-2"); False if ``action`` is not
        one."""
        match = ACTION_RE.match(action)
        if match is None:
            return False
        verb, table, index = match.groups()
        prefix = TABLES[table]
        items = self.rows[prefix]
        if verb == "add" and index is None and len(items) < FORMSETS[prefix].absolute_max:
            row = _blank(prefix)
            if prefix in ID_WORDS:
                row["id"] = self._fresh_id(prefix)
            items.append(row)
        elif verb == "remove" and index is not None and int(index) < len(items):
            del items[int(index)]
        return True

    def quick_control(self, *, by: str, card: str, how: str, owner: str, target: str) -> bool:
        """Quick entry of the commonest control change: ``by`` takes ``owner``'s creature ``target`` with the
        card ``card``, as an Aura on it (its effect ends when the Aura leaves, 611.3b: Mind Control) or
        until end of turn (a spell gone from the board, 611.2b: Act of Treason). Adds the creature, the
        Aura, and the control effect; False (nothing added) when a player or the card is missing."""
        tables = self.rows
        if not (by and card and owner) or len(tables["obj"]) + 2 > FORMSETS["obj"].absolute_max:
            return False
        if len(tables["eff"]) >= FORMSETS["eff"].absolute_max:
            return False
        creature = {**_blank("obj"), "id": self._fresh_id("obj"), "name": target, "owner": owner}
        creature["controller"] = by
        tables["obj"].append(creature)
        effect = {**_blank("eff"), "id": self._fresh_id("eff"), "object": creature["id"], "controller": by}
        if how == Ends.END_OF_TURN.value:
            effect.update(name=card, ends=Ends.END_OF_TURN.value)
        else:
            aura = {**_blank("obj"), "id": self._fresh_id("obj"), "name": card, "owner": by, "controller": by}
            aura["attached_to"] = creature["id"]
            tables["obj"].append(aura)
            effect.update(source=aura["id"], ends=Ends.SOURCE_LEAVES.value)
        tables["eff"].append(effect)
        return True

    def quick_until(self, *, by: str, card: str, how: str, owner: str, target: str, commander: bool) -> bool:
        """Quick entry of a card exiled "until": ``by``'s permanent ``card`` (Banisher Priest) on the
        battlefield exiled ``owner``'s card ``target`` until it leaves the battlefield (610.3), or, as
        Oblivion Ring does, with a leaves-the-battlefield trigger that returns it (``how`` "trigger", 603.6c).
        Adds the permanent, the exiled card (a commander if ticked) and the exile; False (nothing added) when
        a player or the card is missing."""
        tables = self.rows
        if not (by and card and owner) or len(tables["obj"]) + 2 > FORMSETS["obj"].absolute_max:
            return False
        if len(tables["unt"]) >= FORMSETS["unt"].absolute_max:
            return False
        source = {**_blank("obj"), "id": self._fresh_id("obj"), "name": card, "owner": by, "controller": by}
        tables["obj"].append(source)
        exiled = {**_blank("obj"), "id": self._fresh_id("obj"), "name": target, "owner": owner}
        exiled.update(zone=Zone.EXILE.value, commander=commander)
        tables["obj"].append(exiled)
        effect = {
            **_blank("unt"),
            "id": self._fresh_id("unt"),
            "source": source["id"],
            "objects": exiled["id"],
        }
        effect["how"] = UntilHow.TRIGGER.value if how == UntilHow.TRIGGER.value else UntilHow.UNTIL.value
        tables["unt"].append(effect)
        return True

    def _planar_payload(self, names: list[str], payload: dict[str, Any]) -> list[str]:
        """The planar controller: one name (or None) in Planechase, a list in Grand Melee (901.6, 901.12b)."""
        problems: list[str] = []
        planar = [n for p, n in zip(self.players, names, strict=True) if p["planar"]]
        if self.has_planes and self.variant != Variant.GRAND_MELEE.value:  # one planar controller
            if len(planar) > 1:
                problems.append(
                    _(
                        "Planar controller: this game has one planar controller (901.6, 901.12b); "
                        "%(count)d are ticked."
                    )
                    % {"count": len(planar)}
                )
            if planar or self.variant == Variant.PLANECHASE.value:
                payload["planar_controller"] = planar[0] if planar else None
        elif self.variant == Variant.GRAND_MELEE.value:
            payload["planar_controller"] = planar
        return problems

    def payload(self) -> tuple[dict[str, Any], list[str]]:
        """The API payload the rows describe, plus problems only the form can have (the engine judges the
        rest)."""
        problems: list[str] = []
        names = [p["name"].strip() for p in self.players]
        payload: dict[str, Any] = {"variant": self.variant, "turn_order": names}
        for column, key in PLAYER_COLUMNS.items():
            chosen = [n for p, n in zip(self.players, names, strict=True) if p[column]]
            if chosen or key == "active_player":
                payload[key] = chosen[0] if chosen else None
        left = [n.strip() for n in self.left.split(",") if n.strip()]
        if left:
            payload["left"] = left
        if self.has_teams:
            teams: dict[str, list[str]] = {}
            for player, name in zip(self.players, names, strict=True):
                if player["team"].strip():
                    teams.setdefault(player["team"].strip(), []).append(name)
            payload["teams"] = list(teams.values())
        if self.is_duel_masters:
            shields = {
                n: _number(p["shields"])
                for p, n in zip(self.players, names, strict=True)
                if p["shields"] not in ("", None)
            }
            if shields:
                payload["shields"] = shields
        problems += self._planar_payload(names, payload)
        if self.single_planar_deck:
            payload["single_planar_deck"] = True
        objects = [_object_payload(row) for row in self.objects]
        payload["objects"] = objects
        payload["control_effects"] = [
            {
                **{f: _or_none(row[f]) for f in ("id", "object", "controller", "source", "ends")},
                **_optional(row, ("name", "name_ja")),
            }
            for row in self.rows["eff"]
        ]
        payload["delayed_triggers"] = [
            {
                **{f: _or_none(row[f]) for f in ("id", "controller", "source", "object")},
                "text": row["text"],
                **_optional(row, ("name", "name_ja")),
            }
            for row in self.rows["trg"]
        ]
        if self.rows["tmd"]:
            payload["timed_effects"] = [
                {
                    **{f: _or_none(row[f]) for f in ("id", "controller", "until")},
                    "text": row["text"],
                    **_optional(row, ("source", "object", "name", "name_ja", "ends_after_turn_of")),
                }
                for row in self.rows["tmd"]
            ]
        if self.rows["pc"]:
            payload["player_control"] = [
                {
                    **{f: _or_none(row[f]) for f in ("player", "controller")},
                    **({"pending": True} if row["pending"] else {}),
                    **_optional(row, ("source", "name", "name_ja")),
                }
                for row in self.rows["pc"]
            ]
        if self.rows["unt"]:
            payload["until_effects"] = [_until_payload(row) for row in self.rows["unt"]]
        if self.rows["atk"]:
            payload["combat"] = [
                {
                    **{f: _or_none(row[f]) for f in ("attacker", "attacking")},
                    **({"blockers": list(row["blockers"])} if row["blockers"] else {}),
                }
                for row in self.rows["atk"]
            ]
        return payload, problems

    def management_forms(self) -> dict[str, forms.Form]:
        """Each formset's management form (how many rows), for the page to render with the rows."""
        return {
            prefix: FORMSETS[prefix](initial=items, prefix=prefix).management_form
            for prefix, items in self.rows.items()
        }

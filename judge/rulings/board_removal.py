"""Removing a player from the leave-game board asks what happens to what they own or control (issue 42
item 2).

"Remove" on a player whom the board's objects or effects still name does not remove them at once: the page
asks (:func:`held_by` lists the objects), and the answer is one of two buttons, each a plain form action:

- ``remove-player-N-with``: the player goes with the objects they own (as cards leave with their owner,
  800.4a), the rows that only point at those objects (control effects, triggers, attacks, exiles) with
  them; a card of someone else's they controlled goes back to its owner's control;
- ``remove-player-N-to``: everything naming the player names the one chosen in ``give_to`` instead, then
  the player goes.

>>> rows = {"player": [{"name": "Aki"}, {"name": "Ben"}],
...         "obj": [{"id": "o1", "owner": "Aki", "controller": "Aki", "source": "", "attached_to": ""},
...                 {"id": "o2", "owner": "Ben", "controller": "Aki", "source": "", "attached_to": ""}],
...         "eff": [{"object": "o2", "controller": "Aki", "source": "o1"}], "trg": [], "tmd": [],
...         "pc": [], "atk": [], "unt": []}
>>> held_by(rows, 0)
[0, 1]
>>> remove_player(rows, 0, how="with")
True
>>> [o["id"] for o in rows["obj"]], rows["obj"][0]["controller"], rows["eff"]
(['o2'], 'Ben', [])
>>> [p["name"] for p in rows["player"]]
['Ben']
"""

from __future__ import annotations

import re
from typing import Any

from judge.rulings.board_renames import PLAYER_FIELDS

REMOVE_PLAYER_RE = re.compile(r"^remove-player-(\d{1,2})-(with|to)$")
ASK_RE = re.compile(r"^remove-player-(\d{1,2})$")
# The fields of each table that name an object (the rows pointing at a removed object go with it).
OBJECT_FIELDS: dict[str, tuple[str, ...]] = {
    "eff": ("object", "source"),
    "trg": ("source", "object"),
    "tmd": ("source", "object"),
    "pc": ("source",),
    "atk": ("attacker",),
    "unt": ("source",),
}

Rows = dict[str, list[dict[str, Any]]]


def _name(rows: Rows, index: int) -> str:
    players = rows.get("player", [])
    return str(players[index].get("name", "")).strip() if 0 <= index < len(players) else ""


def held_by(rows: Rows, index: int) -> list[int]:
    """The object rows player ``index`` owns or controls (by the name the row shows), in board order."""
    name = _name(rows, index)
    if not name:
        return []
    return [
        i
        for i, row in enumerate(rows.get("obj", []))
        if name in (str(row.get("owner", "")).strip(), str(row.get("controller", "")).strip())
    ]


def named_anywhere(rows: Rows, index: int) -> bool:
    """Whether any field of the board names player ``index`` (then removing them asks first)."""
    name = _name(rows, index)
    return bool(name) and any(
        str(row.get(field, "")).strip() == name
        for prefix, fields in PLAYER_FIELDS.items()
        for row in rows.get(prefix, [])
        for field in fields
    )


def remove_player(rows: Rows, index: int, *, how: str, give_to: str = "") -> bool:
    """Remove player ``index`` the way the reader chose (``how``: "with" or "to" ``give_to``); False (nothing
    changed) when there is no such player, or "to" names nobody else at the table."""
    name = _name(rows, index)
    players = rows.get("player", [])
    if not 0 <= index < len(players):
        return False
    others = {_name(rows, i) for i in range(len(players)) if i != index}
    if how == "to":
        if not give_to or give_to not in others:
            return False
        for prefix, fields in PLAYER_FIELDS.items():
            for row in rows.get(prefix, []):
                for field in fields:
                    if str(row.get(field, "")).strip() == name:
                        row[field] = give_to
    elif name:
        _remove_owned(rows, name)
    del players[index]
    return True


def _remove_owned(rows: Rows, name: str) -> None:
    """The player's own objects leave with them; what they controlled of others' goes back to its owner; the
    rows pointing at a removed object, or controlled by the player, go too."""
    gone = {
        str(row.get("id", "")).strip()
        for row in rows.get("obj", [])
        if str(row.get("owner", "")).strip() == name
    }
    kept = []
    for row in rows.get("obj", []):
        if str(row.get("id", "")).strip() in gone:
            continue
        if str(row.get("controller", "")).strip() == name:
            row["controller"] = row.get("owner", "")
        if str(row.get("default_controller", "")).strip() == name:
            row["default_controller"] = ""
        if str(row.get("attached_to", "")).strip() in gone | {name}:
            row["attached_to"] = ""
        kept.append(row)
    rows["obj"] = kept
    for row in rows.get("unt", []):  # an exile keeps the cards still on the board
        ids = [part.strip() for part in str(row.get("objects", "")).split(",") if part.strip()]
        row["objects"] = ", ".join(i for i in ids if i not in gone)
    rows["unt"] = [row for row in rows.get("unt", []) if row.get("objects")]
    for prefix, fields in OBJECT_FIELDS.items():
        rows[prefix] = [
            row
            for row in rows.get(prefix, [])
            if not any(str(row.get(f, "")).strip() in gone for f in fields)
            and not any(str(row.get(f, "")).strip() == name for f in PLAYER_FIELDS.get(prefix, ()))
        ]


def removal_step(rows: Rows, action: str, give_to: str) -> tuple[bool, int | None]:
    """What a "remove player" action does: (handled, the player to ask about). A bare "remove-player-N" of a
    player the board names asks first (nothing removed); "...-with" / "...-to" removes as chosen."""
    asked = ASK_RE.match(action)
    if asked is not None:
        index = int(asked.group(1))
        return (True, index) if named_anywhere(rows, index) else (False, None)
    chosen = REMOVE_PLAYER_RE.match(action)
    if chosen is None:
        return False, None
    index = int(chosen.group(1))
    if not remove_player(rows, index, how=chosen.group(2), give_to=give_to.strip()):
        return True, index if 0 <= index < len(rows.get("player", [])) else None
    return True, None

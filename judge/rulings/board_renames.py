"""A player renamed on the leave-game board is renamed everywhere the board names them (issue 42 item 2).

Each player row posts the name the page showed (``was``, hidden) beside the name as typed. When they
differ, every field that names a player and still holds the old name — an object's owner, controller,
controller by default and the player an Aura is on, a control effect's, a delayed trigger's and a timed
effect's controller (and whose turn it lasts through), the control of a player, whom a creature attacks —
takes the new one, so renaming the example's players never leaves its cards with their old owners.
Swapped names (A → B and B → A in one update) are swapped: every field is read once.

>>> rows = {"player": [{"name": "たろう", "was": "Alex"}, {"name": "Bianca", "was": "Bianca"}],
...         "obj": [{"owner": "Alex", "controller": "Bianca", "attached_to": "object-1",
...                  "default_controller": ""}]}
>>> follow_renames(rows)
{'Alex': 'たろう'}
>>> rows["obj"][0]["owner"], rows["obj"][0]["controller"], rows["obj"][0]["attached_to"]
('たろう', 'Bianca', 'object-1')
"""

from __future__ import annotations

from collections import Counter
from typing import Any

#: The fields of each table that name a player (the rest name objects or are text).
PLAYER_FIELDS: dict[str, tuple[str, ...]] = {
    "obj": ("owner", "controller", "default_controller", "attached_to"),
    "eff": ("controller",),
    "trg": ("controller",),
    "tmd": ("controller", "ends_after_turn_of"),
    "pc": ("player", "controller"),
    "atk": ("attacking",),
}


def renames(players: list[dict[str, Any]]) -> dict[str, str]:
    """Old name -> new name, for each player whose name was changed (an emptied name renames nothing, and a
    name two rows showed is ambiguous: neither is followed)."""
    shown = Counter(str(p.get("was", "")).strip() for p in players)
    found: dict[str, str] = {}
    for player in players:
        old, new = str(player.get("was", "")).strip(), str(player.get("name", "")).strip()
        if old and new and old != new and shown[old] == 1:
            found[old] = new
    return found


def follow_renames(rows: dict[str, list[dict[str, Any]]]) -> dict[str, str]:
    """Rename every field naming a renamed player, in place; return the renames made."""
    changed = renames(rows.get("player", []))
    if not changed:
        return changed
    for prefix, fields in PLAYER_FIELDS.items():
        for row in rows.get(prefix, []):
            for name in fields:
                value = row.get(name)
                if isinstance(value, str) and value.strip() in changed:
                    row[name] = changed[value.strip()]
    for player in rows.get("player", []):
        player["was"] = player.get("name", "")
    return changed

"""The leave-game board's rows (judge.rulings.board_rows): a board payload as rows and back, without
losing a field the engine reads."""

from __future__ import annotations

from typing import Any

from judge.engine.board_payload import board_from_payload
from judge.rulings.board_rows import BoardRows

# Every kind of row the form has: Two-Headed Giant Planechase with a shared planar deck, the monarch and the
# initiative, an effect whose source is gone, an effect until a player's next turn, Mindslaver, an attack.
FULL: dict[str, Any] = {
    "variant": "two-headed-giant",
    "turn_order": ["Alex", "Bianca", "Carol", "Dana"],
    "active_player": "Alex",
    "teams": [["Alex", "Bianca"], ["Carol", "Dana"]],
    "planar_controller": "Alex",
    "single_planar_deck": True,
    "monarch": "Carol",
    "initiative": "Bianca",
    "objects": [
        {
            "id": "bears",
            "name": "Grizzly Bears",
            "name_ja": "灰色熊",
            "kind": "card",
            "owner": "Carol",
            "controller": "Alex",
            "zone": "battlefield",
        },
        {
            "id": "tazeem",
            "name": "Tazeem",
            "kind": "plane",
            "owner": None,
            "controller": "Alex",
            "zone": "command",
        },
        {
            "id": "mindslaver",
            "name": "Mindslaver",
            "name_ja": "精神隷属器",
            "kind": "card",
            "owner": "Dana",
            "controller": None,
            "zone": "graveyard",
        },
    ],
    "control_effects": [
        {
            "id": "treason",
            "object": "bears",
            "controller": "Alex",
            "source": None,
            "ends": "end-of-turn",
            "name": "Act of Treason",
            "name_ja": "反逆の行動",
        }
    ],
    "delayed_triggers": [],
    "timed_effects": [
        {
            "id": "fog",
            "controller": "Bianca",
            "until": "next-turn",
            "text": "prevent it",
            "object": "bears",
            "name": "Kiora",
            "ends_after_turn_of": "Alex",
        }
    ],
    "player_control": [
        {
            "player": "Carol",
            "controller": "Dana",
            "pending": True,
            "name": "Mindslaver",
            "name_ja": "精神隷属器",
        }
    ],
    "combat": [{"attacker": "bears", "attacking": "Carol"}],
}


def test_a_board_survives_the_form() -> None:
    payload, problems = BoardRows.from_payload(FULL).payload()
    assert problems == []
    for key, value in FULL.items():
        if key == "objects":
            assert payload[key] == [
                {k: v for k, v in o.items() if v is not None or k in ("owner", "controller")} for o in value
            ]
        elif key == "control_effects":
            assert payload[key] == [{k: v for k, v in e.items()} for e in value]
        else:
            assert payload[key] == value, key
    board_from_payload(payload)  # a board the engine reads as it is


def test_a_new_row_gets_a_fresh_id() -> None:
    rows = BoardRows.from_payload(FULL)
    rows.apply("add-object")
    rows.apply("add-object")
    rows.apply("add-effect")
    assert [o["id"] for o in rows.objects][-2:] == ["object-4", "object-5"]
    assert rows.rows["eff"][-1]["id"] == "effect-2" and rows.rows["eff"][-1]["ends"] == "source-leaves"
    assert rows.apply("remove-object-0") and [o["id"] for o in rows.objects][0] == "tazeem"
    assert not rows.apply("frobnicate")


def test_two_headed_giant_without_planes_names_no_planar_controller() -> None:
    board = {k: v for k, v in FULL.items() if k not in ("planar_controller", "single_planar_deck")}
    board["objects"] = [FULL["objects"][0]]
    payload, problems = BoardRows.from_payload(board).payload()
    assert "planar_controller" not in payload and problems == []


def test_duel_masters_shields_are_read_per_player() -> None:
    rows = BoardRows.from_payload(
        {
            "variant": "dtc",
            "turn_order": ["A", "B", "C", "D"],
            "active_player": "A",
            "teams": [["A", "B"], ["C", "D"]],
            "shields": {"A": 5, "C": 0},
        }
    )
    payload, _ = rows.payload()
    assert payload["shields"] == {"A": 5, "C": 0}
    assert rows.is_duel_masters and rows.has_teams and not rows.has_planes

"""Boards refused: every problem listed with its code, its field (the JSON path) and a label built from the
object's name, in both languages (judge.engine.board_payload, judge.engine.board)."""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine.errors import IllegalStateError, InvalidInputError, RulesError
from tests.engine.board_helpers import base, codes, error_of, obj

# --- problems: the code, the field (JSON path) and a label built from the object's name ---------------------


@pytest.mark.parametrize(
    ("change", "error", "code", "field"),
    [
        ({"variant": "archenemy"}, InvalidInputError, "input.one-of", "variant"),
        ({"variant": None}, InvalidInputError, "input.choose", "variant"),
        ({"turn_order": None}, InvalidInputError, "input.required", "turn_order"),
        ({"turn_order": "Alex"}, InvalidInputError, "input.list", "turn_order"),
        (
            {
                "turn_order": ["Alex"],
                "active_player": None,
                "objects": [],
                "control_effects": [],
                "delayed_triggers": [],
            },
            InvalidInputError,
            "board.too-few-players",
            "turn_order",
        ),
        (
            {"turn_order": ["Alex", "Alex", "Bianca", "Carol"]},
            InvalidInputError,
            "input.duplicate",
            "turn_order[1]",
        ),
        (
            {"turn_order": ["Alex", "", "Bianca", "Carol"]},
            InvalidInputError,
            "input.required",
            "turn_order[1]",
        ),
        ({"left": ["Alex"]}, InvalidInputError, "board.left-and-playing", "left[0]"),
        ({"active_player": "Zed"}, InvalidInputError, "input.not-a-player", "active_player"),
        ({"priority": "Zed"}, InvalidInputError, "input.not-a-player", "priority"),
        ({"monarch": "Zed"}, InvalidInputError, "input.not-a-player", "monarch"),
        ({"teams": [["Alex"], ["Bianca", "Carol"]]}, InvalidInputError, "board.no-teams-here", "teams"),
        ({"planar_controller": "Alex"}, InvalidInputError, "board.no-planes-here", "planar_controller"),
        ({"shields": {"Alex": 3}}, InvalidInputError, "board.no-shields-here", "shields"),
        ({"mana": 3}, InvalidInputError, "input.unknown-field", "mana"),
        ({"objects": {"id": "x"}}, InvalidInputError, "input.list", "objects"),
        ({"objects": ["x"]}, InvalidInputError, "input.object", "objects[0]"),
        ({"objects": [obj(id=None)]}, InvalidInputError, "input.required", "objects[0].id"),
        ({"objects": [obj(kind="vanguard")]}, InvalidInputError, "input.one-of", "objects[0].kind"),
        ({"objects": [obj(zone="sideboard")]}, InvalidInputError, "input.one-of", "objects[0].zone"),
        ({"objects": [obj(owner="Zed")]}, InvalidInputError, "input.not-a-player", "objects[0].owner"),
        ({"objects": [obj(owner=None)]}, InvalidInputError, "input.required", "objects[0].owner"),
        (
            {"left": ["Dana"], "objects": [obj(owner="Dana", zone="hand", controller=None)]},
            IllegalStateError,
            "board.owner-left",
            "objects[0].owner",
        ),
        ({"objects": [obj(name="x" * 201)]}, InvalidInputError, "input.too-long", "objects[0].name"),
        # A player's name as the tracker takes it (60); an id, a reference repeated wherever it is used (40).
        ({"turn_order": ["A" * 61, "Bianca"]}, InvalidInputError, "input.too-long", "turn_order[0]"),
        ({"objects": [obj(id="i" * 41)]}, InvalidInputError, "input.too-long", "objects[0].id"),
        ({"objects": [obj(power=3)]}, InvalidInputError, "input.unknown-field", "objects[0].power"),
        (
            {"objects": [obj(planeswalking="yes")]},
            InvalidInputError,
            "input.true-false",
            "objects[0].planeswalking",
        ),
        (
            {"objects": [obj(planeswalking=True)]},
            InvalidInputError,
            "board.planeswalking-not-ability",
            "objects[0].planeswalking",
        ),
        (
            {"objects": [obj(attachment="saddle")]},
            InvalidInputError,
            "input.one-of",
            "objects[0].attachment",
        ),
        (
            {"objects": [obj(default_controller="Zed")]},
            InvalidInputError,
            "input.not-a-player",
            "objects[0].default_controller",
        ),
        ({"objects": [obj(source="ghost")]}, InvalidInputError, "board.unknown-object", "objects[0].source"),
        (
            {"objects": [obj(attached_to="ghost")]},
            InvalidInputError,
            "board.attached-unknown",
            "objects[0].attached_to",
        ),
        (
            {"objects": [obj(kind="ability", owner=None, zone="graveyard", controller=None)]},
            IllegalStateError,
            "board.zone-impossible",
            "objects[0]",
        ),
        (
            {"objects": [obj(kind="token", zone="exile", controller=None)]},
            IllegalStateError,
            "board.zone-impossible",
            "objects[0]",
        ),
        (
            {"objects": [obj(kind="copy", zone="graveyard", controller=None)]},
            IllegalStateError,
            "board.zone-impossible",
            "objects[0]",
        ),
        (
            {"objects": [obj(kind="emblem", zone="battlefield")]},
            IllegalStateError,
            "board.zone-impossible",
            "objects[0]",
        ),
        (
            {"objects": [obj(kind="token", default_controller="Bianca", controller="Bianca")]},
            IllegalStateError,
            "board.token-controller",
            "objects[0]",
        ),
        (
            {"objects": [obj(controller=None)]},
            IllegalStateError,
            "board.needs-controller",
            "objects[0].controller",
        ),
        (
            {"objects": [obj(zone="graveyard", controller="Bianca")]},
            IllegalStateError,
            "board.no-controller-here",
            "objects[0].controller",
        ),
        (
            {"objects": [obj(zone="hand", attached_to="Bianca", controller=None)]},
            IllegalStateError,
            "board.attached-off-battlefield",
            "objects[0].attached_to",
        ),
        (
            {"objects": [obj(attached_to="x")]},
            IllegalStateError,
            "board.attached-to-itself",
            "objects[0].attached_to",
        ),
        (
            {"objects": [obj(id="a", attached_to="b"), obj(id="b", zone="graveyard", controller=None)]},
            IllegalStateError,
            "board.attached-to-gone",
            "objects[0].attached_to",
        ),
        (
            {"objects": [obj(controller="Bianca", default_controller="Alex")]},
            IllegalStateError,
            "board.controller-not-default",
            "objects[0].controller",
        ),
        (
            {
                "objects": [obj(id="y")],
                "control_effects": [
                    {"id": "e", "object": "y", "controller": "Alex", "source": None, "ends": "never"},
                    {"id": "e", "object": "y", "controller": "Alex", "source": None, "ends": "never"},
                ],
            },
            InvalidInputError,
            "board.duplicate-id",
            "control_effects[1].id",
        ),
        (
            {
                "control_effects": [
                    {"id": "e", "object": "bears", "controller": "Zed", "source": None, "ends": "never"}
                ]
            },
            InvalidInputError,
            "input.not-a-player",
            "control_effects[0].controller",
        ),
        (
            {
                "control_effects": [
                    {
                        "id": "e",
                        "object": "bears",
                        "controller": "Alex",
                        "source": None,
                        "ends": "source-leaves",
                    }
                ]
            },
            InvalidInputError,
            "board.effect-source-required",
            "control_effects[0].source",
        ),
        (
            {
                "control_effects": [
                    {"id": "e", "object": "bears", "controller": "Alex", "source": None, "ends": "next-turn"}
                ]
            },
            InvalidInputError,
            "input.one-of",
            "control_effects[0].ends",
        ),
        (
            {
                "control_effects": [
                    {"id": "e", "object": "bolt", "controller": "Alex", "source": None, "ends": "never"}
                ]
            },
            IllegalStateError,
            "board.effect-object-zone",
            "control_effects[0].object",
        ),
        (
            {
                "control_effects": [
                    {
                        "id": "e",
                        "object": "bears",
                        "controller": "Alex",
                        "source": "bolt",
                        "ends": "source-leaves",
                    }
                ]
            },
            IllegalStateError,
            "board.effect-already-ended",
            "control_effects[0].source",
        ),
        (
            {
                "control_effects": [
                    {
                        "id": "e",
                        "object": "bears",
                        "controller": "Bianca",
                        "source": "aura",
                        "ends": "source-leaves",
                    }
                ]
            },
            IllegalStateError,
            "board.controller-contradicts-effect",
            "objects[0].controller",
        ),
        (
            {
                "delayed_triggers": [
                    {"id": "t", "controller": "Alex", "source": None, "text": "x"},
                    {"id": "t", "controller": "Alex", "source": None, "text": "x"},
                ]
            },
            InvalidInputError,
            "board.duplicate-id",
            "delayed_triggers[1].id",
        ),
        (
            {"delayed_triggers": [{"id": "t", "controller": "Alex", "object": "ghost", "text": "x"}]},
            InvalidInputError,
            "board.unknown-object",
            "delayed_triggers[0].object",
        ),
        (
            {"delayed_triggers": [{"id": "t", "controller": "Alex", "text": "x" * 1001}]},
            InvalidInputError,
            "input.too-long",
            "delayed_triggers[0].text",
        ),
        (
            {
                "player_control": [
                    {"player": "Bianca", "controller": "Alex"},
                    {"player": "Bianca", "controller": "Carol"},
                ]
            },
            IllegalStateError,
            "board.player-controlled-twice",
            "player_control[1].player",
        ),
        (
            {"combat": [{"attacker": "bolt", "attacking": "Bianca"}]},
            IllegalStateError,
            "board.attacker-not-on-battlefield",
            "combat[0].attacker",
        ),
        (
            {"combat": [{"attacker": "bears", "attacking": "Nobody"}]},
            InvalidInputError,
            "board.attack-target-unknown",
            "combat[0].attacking",
        ),
    ],
)
def test_each_problem_is_reported(
    change: dict[str, Any], error: type[RulesError], code: str, field: str
) -> None:
    payload = base(**change)
    if "objects" in change and "control_effects" not in change:
        payload["control_effects"] = []
        payload["delayed_triggers"] = []
    err = error_of(payload)
    assert (code, field) in codes(err)
    assert type(err) is error


@pytest.mark.parametrize(
    ("payload", "code", "field"),
    [
        (
            {"variant": "two-headed-giant", "turn_order": ["A", "B", "C", "D"], "active_player": "A"},
            "board.teams-required",
            "teams",
        ),
        (
            {"variant": "dtc", "turn_order": ["A", "B", "C", "D"], "teams": [["A", "B"], ["B", "C", "D"]]},
            "board.two-teams",
            "teams[1][0]",
        ),
        (
            {"variant": "dtc", "turn_order": ["A", "B", "C", "D"], "teams": [["A", "B"], ["C"]]},
            "board.not-on-a-team",
            "teams",
        ),
        (
            {"variant": "dtc", "turn_order": ["A", "B", "C", "D"], "teams": [["A", "B", "C", "D"]]},
            "board.two-teams-needed",
            "teams",
        ),
        (
            {"variant": "dtc", "turn_order": ["A", "B", "C", "D"], "teams": [["A", "B"], []]},
            "board.team-not-list",
            "teams[1]",
        ),
        (
            {"variant": "dtc", "turn_order": list("ABCDEF"), "teams": [["A", "B"], ["C", "D"], ["E", "F"]]},
            "board.dtc-teams",
            "teams",
        ),
        (
            {
                "variant": "two-headed-giant",
                "turn_order": list("ABCDEF"),
                "teams": [["A", "B", "C"], ["D", "E", "F"]],
            },
            "board.thg-teams",
            "teams",
        ),
        (
            {"variant": "planechase", "turn_order": ["A", "B", "C"]},
            "board.planar-controller-required",
            "planar_controller",
        ),
        (
            {"variant": "planechase", "turn_order": ["A", "B", "C"], "planar_controller": "Z"},
            "input.not-a-player",
            "planar_controller",
        ),
        (
            {
                "variant": "planechase",
                "turn_order": ["A", "B", "C"],
                "active_player": "A",
                "planar_controller": "B",
            },
            "board.planar-not-active",
            "planar_controller",
        ),
        (
            {"variant": "grand-melee", "turn_order": list("ABCDEFGH"), "planar_controller": ["A", "E", "G"]},
            "board.too-many-planar",
            "planar_controller",
        ),
        (
            {"variant": "grand-melee", "turn_order": list("ABCDEFGH"), "planar_controller": ["A", "A"]},
            "input.duplicate",
            "planar_controller[1]",
        ),
        (
            {
                "variant": "planechase",
                "turn_order": ["A", "B"],
                "planar_controller": "A",
                "objects": [obj(id="p", kind="plane", owner="B", controller="B", zone="command")],
            },
            "board.plane-controller",
            "objects[0].controller",
        ),
        (
            {
                "variant": "free-for-all",
                "turn_order": ["A", "B"],
                "objects": [obj(id="p", kind="phenomenon", owner="B", controller=None, zone="command")],
            },
            "board.planes-only-planechase",
            "objects[0]",
        ),
        (
            {
                "variant": "dtc",
                "turn_order": ["A", "B", "C", "D"],
                "teams": [["A", "C"], ["B", "D"]],
                "shields": {"A": -1},
            },
            "input.whole-number",
            "shields.A",
        ),
    ],
)
def test_variant_problems(payload: dict[str, Any], code: str, field: str) -> None:
    assert (code, field) in codes(error_of(payload))


def test_a_reference_to_an_object_refused_for_its_own_problem_names_its_card_not_its_id() -> None:
    """Issue 42 item 2: a removed player's creature is refused for its controller; the control effect on it
    names the card as the reader sees it (「《突撃するグリフィン》自体に問題があります」), never its id."""
    griffin = obj(
        id="assault-griffin", name="Assault Griffin", name_ja="突撃するグリフィン", controller="Zed"
    )
    payload = base(
        objects=[griffin],
        control_effects=[
            {"id": "steal", "object": "assault-griffin", "controller": "Alex", "ends": "end-of-turn"}
        ],
    )
    err = error_of(payload)
    assert codes(err) == [
        ("input.not-a-player", "objects[0].controller"),
        ("board.object-unreadable", "control_effects[0].object"),
    ]
    assert not any("assault-griffin" in text for text in err.render("ja") + err.render("en"))
    assert "《突撃するグリフィン》自体に問題があります" in err.render("ja")[1]

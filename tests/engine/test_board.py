"""Boards: the payload reader (judge.engine.board_payload, shape problems) and the rules a board obeys
(judge.engine.board): every problem listed, the error class right, the field named by its label."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine.board import (
    MAX_OBJECTS,
    Attachment,
    Board,
    Ends,
    ObjectKind,
    Variant,
    Zone,
)
from judge.engine.board_payload import board_from_payload
from judge.engine.errors import InvalidInputError, RulesError
from judge.engine.messages import Message
from tests.engine.board_helpers import base, codes, error_of, obj


def test_a_valid_board_is_built_with_enums_and_defaults() -> None:
    board = board_from_payload(base())
    assert board.variant is Variant.FREE_FOR_ALL
    assert board.turn_order == ("Alex", "Bianca", "Carol")
    bears = board.object("bears")
    assert (bears.kind, bears.zone, bears.owner, bears.controller, bears.default) == (
        ObjectKind.CARD,
        Zone.BATTLEFIELD,
        "Bianca",
        "Alex",
        "Bianca",
    )
    assert bears.label.in_("ja") == "《灰色熊》" and bears.label.in_("en") == "Grizzly Bears"
    assert board.object("aura").attachment is Attachment.AURA
    assert board.control_effects[0].ends is Ends.SOURCE_LEAVES
    assert board.delayed_triggers[0].controller == "Carol"
    assert board.planar_controller is None
    with pytest.raises(KeyError):
        board.object("missing")


def test_the_board_uses_the_one_variant_vocabulary() -> None:
    from judge.engine import variants

    assert Variant is variants.Variant
    assert board_from_payload(base(variant="commander")).variant is Variant.COMMANDER


def test_round_trip_through_to_payload() -> None:
    board = board_from_payload(base(priority="Bianca", left=["Dana"], monarch="Carol", initiative="Alex"))
    assert board_from_payload(board.to_payload()) == board


def test_round_trip_keeps_optional_object_fields() -> None:
    payload = {
        "variant": "grand-melee",
        "turn_order": [f"P{i}" for i in range(1, 9)],
        "active_player": "P1",
        "planar_controller": ["P1", "P5"],
        "objects": [
            obj(id="plane", kind="plane", owner="P2", controller="P1", zone="command"),
            obj(id="walk", kind="ability", owner=None, controller="P1", zone="stack", planeswalking=True),
            obj(id="creature", owner="P3", controller="P3"),
            obj(
                id="sword",
                owner="P3",
                controller="P3",
                attached_to="creature",
                attachment="equipment",
                default_controller="P3",
                source="creature",
            ),
        ],
    }
    board = board_from_payload(payload)
    assert board.planar_controllers == ("P1", "P5")
    assert board_from_payload(board.to_payload()) == board


def test_controllers_outside_battlefield_and_stack_are_normalised() -> None:
    board = board_from_payload(
        base(
            objects=[
                obj(id="in-hand", zone="hand", controller="Alex"),
                obj(id="commander", zone="command", controller=None),
                obj(id="emblem", kind="emblem", zone="command", controller=None),
            ],
            control_effects=[],
            delayed_triggers=[],
        )
    )
    assert board.object("in-hand").controller is None  # 109.4: no controller in the hand
    assert board.object("commander").controller is None
    assert board.object("emblem").controller == "Alex"  # 114.2: emblems are controlled by their owner


# --- issue 13: boards in the documented shape that used to be refused --------------------------------------


def test_a_controller_other_than_the_owner_without_effect_is_the_default_controller() -> None:
    # Bribery / Reanimate put Bianca's card onto the battlefield under Alex's control (110.2a); Carol casts
    # Bianca's card from Bianca's graveyard (112.2). Neither needs a control effect or a default_controller.
    board = board_from_payload(
        base(
            objects=[
                obj(id="angel", owner="Bianca", controller="Alex"),
                obj(id="spell", owner="Bianca", controller="Carol", zone="stack"),
            ],
            control_effects=[],
            delayed_triggers=[],
        )
    )
    assert board.object("angel").default == "Alex"
    assert board.object("spell").default == "Carol"


def test_a_control_effect_or_trigger_whose_source_left_the_board_is_accepted() -> None:
    board = board_from_payload(
        base(
            control_effects=[
                {
                    "id": "treason",
                    "object": "bears",
                    "controller": "Alex",
                    "source": "act-of-treason",
                    "ends": "end-of-turn",
                    "name": "Act of Treason",
                    "name_ja": "反逆の行動",
                }
            ],
            delayed_triggers=[{"id": "t", "controller": "Carol", "source": "gone-sorcery", "text": "later"}],
        )
    )
    assert board.control_effects[0].source == "act-of-treason"
    assert board.delayed_triggers[0].source == "gone-sorcery"


def test_two_headed_giant_planechase_has_a_planar_controller() -> None:
    board = board_from_payload(
        {
            "variant": "two-headed-giant",
            "turn_order": ["A", "B", "C", "D"],
            "active_player": "B",
            "teams": [["A", "B"], ["C", "D"]],
            "planar_controller": "A",
        }
    )
    assert board.has_planes and board.planar_controller == "A"
    err = error_of(
        {
            "variant": "two-headed-giant",
            "turn_order": ["A", "B", "C", "D"],
            "active_player": "B",
            "teams": [["A", "B"], ["C", "D"]],
            "planar_controller": "C",
        }
    )
    assert codes(err) == [("board.planar-not-primary", "planar_controller")]
    assert err.messages[0].rule == "901.12b"  # type: ignore[union-attr]


def test_a_single_planar_deck_has_no_plane_owners() -> None:
    payload = {
        "variant": "planechase",
        "turn_order": ["A", "B"],
        "active_player": "A",
        "planar_controller": "A",
        "single_planar_deck": True,
        "objects": [obj(id="p", kind="plane", owner=None, controller="A", zone="command")],
    }
    assert board_from_payload(payload).single_planar_deck
    payload["objects"] = [obj(id="p", kind="plane", owner="B", controller="A", zone="command")]
    assert codes(error_of(payload)) == [("board.single-deck-owner", "objects[0].owner")]


def test_control_of_players_monarch_initiative_timed_effects_and_combat_are_read() -> None:
    board = board_from_payload(
        base(
            monarch="Bianca",
            initiative="Carol",
            active_player="Bianca",
            player_control=[
                {"player": "Bianca", "controller": "Alex", "name": "Mindslaver", "name_ja": "精神隷属器"}
            ],
            timed_effects=[{"id": "kiora", "controller": "Alex", "until": "next-turn", "object": "bears"}],
            objects=[
                obj(id="bears", owner="Bianca", controller="Bianca"),
                obj(id="c", owner="Carol", controller="Carol"),
            ],
            combat=[{"attacker": "bears", "attacking": "Carol", "blockers": ["c"]}],
            control_effects=[],
            delayed_triggers=[],
        )
    )
    assert (board.monarch, board.initiative) == ("Bianca", "Carol")
    assert board.player_control[0].controller == "Alex"
    assert board.timed_effects[0].object == "bears"
    assert board.combat[0].blockers == ("c",)
    assert board_from_payload(board.to_payload()) == board


def test_problems_name_the_field_by_the_objects_name_in_both_languages() -> None:
    err = error_of(
        base(
            objects=[
                obj(id="griffin", name="Assault Griffin", name_ja="突撃するグリフィン", controller="Zed")
            ],
            control_effects=[],
            delayed_triggers=[],
        )
    )
    problem = err.messages[0]
    assert isinstance(problem, Message) and problem.field == "objects[0].controller"
    assert err.render("en") == ["Assault Griffin: controller: “Zed” is not a player in this game."]
    assert err.render("ja") == [
        "《突撃するグリフィン》のコントローラー：「Zed」はこのゲームのプレイヤーではありません。"
    ]
    assert "objects[0]" not in err.render("ja")[0]
    effect = error_of(
        base(
            control_effects=[
                {"id": "e", "object": "bears", "controller": "Zed", "source": "aura", "ends": "source-leaves"}
            ]
        )
    )
    assert effect.render("ja")[0].startswith(
        "《灰色熊》のコントロール変更効果のコントロールを得るプレイヤー："
    )
    assert effect.render("en")[0].startswith("Control effect on Grizzly Bears: player it gives control to:")


def test_an_unnamed_object_is_labelled_by_its_position() -> None:
    err = error_of(base(objects=[obj(), obj(id="n", name=None)], control_effects=[], delayed_triggers=[]))
    assert "Object 2: name: required." in err.render("en")
    assert "オブジェクト2の名前：入力してください。" in err.render("ja")


def test_a_non_mapping_payload() -> None:
    err = error_of(["not", "a", "board"])
    assert type(err) is InvalidInputError and codes(err) == [("input.not-object", "")]


def test_every_problem_is_listed_in_one_error() -> None:
    payload = base(
        active_player="Zed",
        objects=[
            obj(id="dup"),
            obj(id="dup"),
            obj(id="spell", kind="ability", owner=None, zone="hand", controller=None),
            obj(id="aura", attached_to="nowhere"),
        ],
        control_effects=[
            {"id": "e", "object": "ghost", "controller": "Alex", "source": None, "ends": "never"}
        ],
    )
    err = error_of(payload)
    assert type(err) is InvalidInputError  # malformed input outranks illegal state, but both are listed
    assert codes(err) == [
        ("input.not-a-player", "active_player"),
        ("board.duplicate-id", "objects[1].id"),
        ("board.attached-unknown", "objects[3].attached_to"),
        ("board.unknown-object", "control_effects[0].object"),
        ("board.zone-impossible", "objects[2]"),
    ]


def test_too_many_objects() -> None:
    objects = [obj(id=f"o{i}", zone="library", controller=None) for i in range(MAX_OBJECTS + 1)]
    err = error_of(base(objects=objects, control_effects=[], delayed_triggers=[]))
    assert type(err) is InvalidInputError
    assert ("input.too-many", "objects") in codes(err)
    assert f"more than {MAX_OBJECTS}" not in err.render("en")[0]
    assert f"{MAX_OBJECTS + 1} is over the limit of {MAX_OBJECTS}" in err.render("en")[0]


def test_exactly_the_limit_is_accepted() -> None:
    objects = [obj(id=f"o{i}", zone="library", controller=None) for i in range(MAX_OBJECTS)]
    board = board_from_payload(base(objects=objects, control_effects=[], delayed_triggers=[]))
    assert len(board.objects) == MAX_OBJECTS


def test_the_payload_is_not_modified() -> None:
    payload = base()
    before = copy.deepcopy(payload)
    board_from_payload(payload)
    assert payload == before


def test_board_is_frozen() -> None:
    board = Board(variant=Variant.FREE_FOR_ALL, turn_order=("A", "B"), active_player="A")
    with pytest.raises(AttributeError):
        board.active_player = "B"  # type: ignore[misc]


# --- random input: a Board or a RulesError, nothing else ------------------------------------------

names = st.sampled_from(["Alex", "Bianca", "Carol", "Zed", "", None, 3])
values = st.one_of(
    names,
    st.sampled_from(
        [
            "battlefield",
            "stack",
            "graveyard",
            "card",
            "token",
            "ability",
            "never",
            "source-leaves",
            "x",
            "bears",
        ]
    ),
    st.booleans(),
    st.none(),
)
objects = st.dictionaries(
    st.sampled_from(
        [
            "id",
            "name",
            "name_ja",
            "kind",
            "owner",
            "controller",
            "zone",
            "attached_to",
            "default_controller",
            "source",
            "planeswalking",
            "attachment",
            "extra",
        ]
    ),
    values,
    max_size=11,
)
effects = st.dictionaries(
    st.sampled_from(["id", "object", "controller", "source", "ends", "name"]), values, max_size=5
)
payloads = st.fixed_dictionaries(
    {},
    optional={
        "variant": st.sampled_from(
            ["free-for-all", "planechase", "grand-melee", "two-headed-giant", "dtc", "x"]
        ),
        "turn_order": st.lists(names, max_size=5),
        "active_player": names,
        "monarch": names,
        "teams": st.lists(st.lists(names, max_size=3), max_size=3),
        "planar_controller": st.one_of(names, st.lists(names, max_size=3)),
        "objects": st.lists(objects, max_size=5),
        "control_effects": st.lists(effects, max_size=3),
        "delayed_triggers": st.lists(effects, max_size=2),
        "combat": st.lists(
            st.dictionaries(st.sampled_from(["attacker", "attacking", "blockers"]), values, max_size=3),
            max_size=2,
        ),
    },
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payloads)
def test_random_payloads_give_a_board_or_a_rules_error(payload: dict[str, Any]) -> None:
    try:
        board = board_from_payload(payload)
    except RulesError as err:
        assert err.messages
        for lang in ("en", "ja"):
            assert all(isinstance(p, str) and p for p in err.render(lang))
    else:
        assert isinstance(board, Board)

"""Board payload checking (judge.engine.board): every problem listed, the error class right."""

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
    board_from_payload,
    board_to_payload,
)
from judge.engine.errors import IllegalStateError, InvalidInputError, RulesError

ABC = ["Alex", "Bianca", "Carol"]


def base(**extra: Any) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "variant": "free-for-all",
        "turn_order": list(ABC),
        "active_player": "Alex",
        "objects": [
            {"id": "bears", "name": "Grizzly Bears", "kind": "card", "owner": "Bianca", "controller": "Alex",
             "zone": "battlefield"},
            {"id": "aura", "name": "Mind Control", "kind": "card", "owner": "Alex", "controller": "Alex",
             "zone": "battlefield", "attached_to": "bears"},
            {"id": "bolt", "name": "Lightning Bolt", "kind": "card", "owner": "Carol", "controller": None,
             "zone": "graveyard"},
        ],
        "control_effects": [
            {"id": "steal", "object": "bears", "controller": "Alex", "source": "aura", "ends": "source-leaves"},
        ],
        "delayed_triggers": [
            {"id": "later", "controller": "Carol", "source": "bolt", "text": "at the next end step, ..."},
        ],
    }
    payload.update(extra)
    return payload


def obj(**fields: Any) -> dict[str, Any]:
    item: dict[str, Any] = {"id": "x", "name": "X", "kind": "card", "owner": "Alex", "controller": "Alex",
                            "zone": "battlefield"}
    item.update(fields)
    return item


def problems_of(payload: Any) -> tuple[type[RulesError], tuple[str, ...]]:
    with pytest.raises(RulesError) as info:
        board_from_payload(payload)
    return type(info.value), info.value.problems


def test_a_valid_board_is_built_with_enums_and_defaults() -> None:
    board = board_from_payload(base())
    assert board.variant is Variant.FREE_FOR_ALL
    assert board.turn_order == ("Alex", "Bianca", "Carol")
    bears = board.object("bears")
    assert (bears.kind, bears.zone, bears.owner, bears.controller, bears.default) == (
        ObjectKind.CARD, Zone.BATTLEFIELD, "Bianca", "Alex", "Bianca")
    assert board.object("aura").attachment is Attachment.AURA
    assert board.control_effects[0].ends is Ends.SOURCE_LEAVES
    assert board.delayed_triggers[0].controller == "Carol"
    assert board.planar_controller is None
    with pytest.raises(KeyError):
        board.object("missing")


def test_round_trip_through_payload() -> None:
    board = board_from_payload(base(priority="Bianca", left=["Dana"]))
    assert board_from_payload(board_to_payload(board)) == board


def test_round_trip_keeps_optional_object_fields() -> None:
    payload = {
        "variant": "grand-melee", "turn_order": [f"P{i}" for i in range(1, 9)], "active_player": "P1",
        "planar_controller": ["P1", "P5"],
        "objects": [
            obj(id="plane", kind="plane", owner="P2", controller="P1", zone="command"),
            obj(id="walk", kind="ability", owner=None, controller="P1", zone="stack", planeswalking=True),
            obj(id="creature", owner="P3", controller="P3"),
            obj(id="sword", owner="P3", controller="P3", attached_to="creature", attachment="equipment",
                default_controller="P3", source="creature"),
        ],
    }
    board = board_from_payload(payload)
    assert board.planar_controllers == ("P1", "P5")
    assert board_from_payload(board_to_payload(board)) == board


def test_controllers_outside_battlefield_and_stack_are_normalised() -> None:
    board = board_from_payload(base(objects=[
        obj(id="in-hand", zone="hand", controller="Alex"),
        obj(id="commander", zone="command", controller=None),
        obj(id="emblem", kind="emblem", zone="command", controller=None),
    ], control_effects=[], delayed_triggers=[]))
    assert board.object("in-hand").controller is None  # 109.4: no controller in the hand
    assert board.object("commander").controller is None
    assert board.object("emblem").controller == "Alex"  # 109.4c: emblems are controlled by their owner


def test_a_player_who_left_still_owns_their_ante() -> None:
    board = board_from_payload(base(left=["Dana"], objects=[obj(owner="Dana", zone="ante", controller=None)],
                                    control_effects=[], delayed_triggers=[]))
    assert board.object("x").owner == "Dana"


def test_team_and_planar_fields() -> None:
    thg = board_from_payload({"variant": "two-headed-giant", "turn_order": ["A", "B", "C", "D"],
                              "active_player": "A", "teams": [["A", "B"], ["C", "D"]]})
    assert thg.team_of("B") == ("A", "B")
    pc = board_from_payload({"variant": "planechase", "turn_order": ["A", "B", "C"], "active_player": "A",
                             "planar_controller": "A"})
    assert pc.planar_controller == "A"


@pytest.mark.parametrize(
    ("change", "error", "problem"),
    [
        ({"variant": "archenemy"}, InvalidInputError,
         "variant: 'archenemy' is not one of free-for-all, planechase, grand-melee, two-headed-giant, dtc"),
        ({"variant": None}, InvalidInputError,
         "variant: required (one of free-for-all, planechase, grand-melee, two-headed-giant, dtc)"),
        ({"turn_order": None}, InvalidInputError, "turn_order: required"),
        ({"turn_order": "Alex"}, InvalidInputError, "turn_order: must be a list"),
        ({"turn_order": ["Alex"], "active_player": None, "objects": [], "control_effects": [],
          "delayed_triggers": []}, InvalidInputError,
         "turn_order: a multiplayer game needs at least 2 players still in the game (800.4)"),
        ({"turn_order": ["Alex", "Alex", "Bianca", "Carol"]}, InvalidInputError,
         "turn_order[1]: 'Alex' appears twice"),
        ({"turn_order": ["Alex", "", "Bianca", "Carol"]}, InvalidInputError,
         "turn_order[1]: must be a non-empty string"),
        ({"left": ["Alex"]}, InvalidInputError,
         "left[0]: 'Alex' is listed twice (a player who left is not in turn_order)"),
        ({"active_player": "Zed"}, InvalidInputError, "active_player: 'Zed' is not in turn_order"),
        ({"priority": "Zed"}, InvalidInputError, "priority: 'Zed' is not in turn_order"),
        ({"leaving": "Zed"}, InvalidInputError, "leaving: 'Zed' is not in turn_order"),
        ({"leaving": None}, InvalidInputError, "leaving: required"),
        ({"teams": [["Alex"], ["Bianca", "Carol"]]}, InvalidInputError,
         "teams: only the two-headed-giant and dtc variants have teams, not free-for-all"),
        ({"planar_controller": "Alex"}, InvalidInputError,
         "planar_controller: only Planechase variants have a planar controller, not free-for-all"),
        ({"objects": {"id": "x"}}, InvalidInputError, "objects: must be a list"),
        ({"objects": ["x"]}, InvalidInputError, "objects[0]: must be an object"),
        ({"objects": [obj(id=None)]}, InvalidInputError, "objects[0].id: required"),
        ({"objects": [obj(kind="vanguard")]}, InvalidInputError,
         "objects[0].kind: 'vanguard' is not one of card, token, copy, ability, emblem, plane, phenomenon"),
        ({"objects": [obj(zone="sideboard")]}, InvalidInputError,
         "objects[0].zone: 'sideboard' is not one of battlefield, stack, hand, library, graveyard, exile, command, "
         "ante"),
        ({"objects": [obj(owner="Zed")]}, InvalidInputError, "objects[0].owner: 'Zed' is not in turn_order"),
        ({"objects": [obj(owner=None)]}, InvalidInputError, "objects[0].owner: required"),
        ({"left": ["Dana"], "objects": [obj(owner="Dana", zone="hand", controller=None)]}, IllegalStateError,
         "objects[0].owner: 'Dana' has left the game, and so has everything they owned outside the ante zone "
         "(800.4a, 800.4n)"),
        ({"objects": [obj(name="x" * 201)]}, InvalidInputError, "objects[0].name: longer than 200 characters"),
        ({"objects": [obj(power=3)]}, InvalidInputError, "objects[0]: unknown field(s) power"),
        ({"objects": [obj(planeswalking="yes")]}, InvalidInputError,
         "objects[0].planeswalking: must be true or false"),
        ({"objects": [obj(planeswalking=True)]}, InvalidInputError,
         "objects[0].planeswalking: only an ability can be the planeswalking ability (901.8)"),
        ({"objects": [obj(attachment="saddle")]}, InvalidInputError,
         "objects[0].attachment: 'saddle' is not one of aura, equipment, fortification, other"),
        ({"objects": [obj(default_controller="Zed")]}, InvalidInputError,
         "objects[0].default_controller: 'Zed' is not in turn_order"),
        ({"objects": [obj(source="ghost")]}, InvalidInputError, "objects[0].source: unknown object 'ghost'"),
        ({"objects": [obj(attached_to="ghost")]}, InvalidInputError,
         "objects[0].attached_to: 'ghost' is neither an object nor a player in the game"),
        ({"objects": [obj(kind="ability", owner=None, zone="graveyard", controller=None)]}, IllegalStateError,
         "objects[0]: 'x' is ability in the graveyard zone: an ability exists only on the stack (113.1c)"),
        ({"objects": [obj(kind="token", zone="exile", controller=None)]}, IllegalStateError,
         "objects[0]: 'x' is token in the exile zone: a token outside the battlefield ceases to exist (111.7)"),
        ({"objects": [obj(kind="copy", zone="graveyard", controller=None)]}, IllegalStateError,
         "objects[0]: 'x' is copy in the graveyard zone: a copy outside the stack and the battlefield ceases to "
         "exist (707.10a)"),
        ({"objects": [obj(kind="emblem", zone="battlefield")]}, IllegalStateError,
         "objects[0]: 'x' is emblem in the battlefield zone: an emblem is always in the command zone (114.1)"),
        ({"objects": [obj(kind="token", default_controller="Bianca", controller="Bianca")]}, IllegalStateError,
         "objects[0]: 'x': a token enters under the control of its owner, the player who created it (111.2)"),
        ({"objects": [obj(controller=None)]}, IllegalStateError,
         "objects[0].controller: an object on the battlefield always has a controller (110.2, 109.4)"),
        ({"objects": [obj(zone="graveyard", controller="Bianca")]}, IllegalStateError,
         "objects[0].controller: 'x' in the graveyard zone has no controller (109.4, 108.4a)"),
        ({"objects": [obj(zone="hand", attached_to="Bianca", controller=None)]}, IllegalStateError,
         "objects[0].attached_to: only a permanent on the battlefield can be attached (301.5, 303.4)"),
        ({"objects": [obj(attached_to="x")]}, IllegalStateError,
         "objects[0].attached_to: 'x' cannot be attached to itself (303.4d, 301.5c)"),
        ({"objects": [obj(id="a", attached_to="b"), obj(id="b", zone="graveyard", controller=None)]},
         IllegalStateError, "objects[0].attached_to: 'b' is not on the battlefield (704.5m, 704.5n)"),
        ({"objects": [obj(controller="Bianca")]}, IllegalStateError,
         "objects[0].controller: 'x' has controller 'Bianca' but with no control effect it is controlled by "
         "'Alex' (110.2)"),
        ({"objects": [obj(id="y")], "control_effects": [
            {"id": "e", "object": "y", "controller": "Alex", "source": None, "ends": "never"},
            {"id": "e", "object": "y", "controller": "Alex", "source": None, "ends": "never"}]},
         InvalidInputError, "control_effects[1].id: 'e' appears twice"),
        ({"control_effects": [{"id": "e", "object": "bears", "controller": "Zed", "source": None,
                               "ends": "never"}]},
         InvalidInputError, "control_effects[0].controller: 'Zed' is not in turn_order"),
        ({"control_effects": [{"id": "e", "object": "bears", "controller": "Alex", "source": "ghost",
                               "ends": "never"}]},
         InvalidInputError, "control_effects[0].source: unknown object 'ghost'"),
        ({"control_effects": [{"id": "e", "object": "bears", "controller": "Alex", "source": None,
                               "ends": "source-leaves"}]},
         InvalidInputError, "control_effects[0].source: required when the effect ends as its source leaves"),
        ({"control_effects": [{"id": "e", "object": "bears", "controller": "Alex", "source": None,
                               "ends": "next-turn"}]},
         InvalidInputError, "control_effects[0].ends: 'next-turn' is not one of source-leaves, end-of-turn, never"),
        ({"control_effects": [{"id": "e", "object": "bolt", "controller": "Alex", "source": None,
                               "ends": "never"}]},
         IllegalStateError, "control_effects[0].object: 'bolt' is in the graveyard zone; only permanents and "
         "spells have a controller to change (109.4)"),
        ({"control_effects": [{"id": "e", "object": "bears", "controller": "Alex", "source": "bolt",
                               "ends": "source-leaves"}]},
         IllegalStateError, "control_effects[0].source: 'bolt' is not on the battlefield, so this effect has "
         "already ended (611.2b)"),
        ({"delayed_triggers": [{"id": "t", "controller": "Alex", "source": None, "text": "x"},
                               {"id": "t", "controller": "Alex", "source": None, "text": "x"}]},
         InvalidInputError, "delayed_triggers[1].id: 't' appears twice"),
        ({"delayed_triggers": [{"id": "t", "controller": "Alex", "source": "ghost", "text": "x"}]},
         InvalidInputError, "delayed_triggers[0].source: unknown object 'ghost'"),
        ({"delayed_triggers": [{"id": "t", "controller": "Alex", "object": "ghost", "text": "x"}]},
         InvalidInputError, "delayed_triggers[0].object: unknown object 'ghost'"),
        ({"delayed_triggers": [{"id": "t", "controller": "Alex", "text": "x" * 1001}]},
         InvalidInputError, "delayed_triggers[0].text: must be a string of at most 1000 characters"),
    ],
)
def test_each_problem_is_reported(change: dict[str, Any], error: type[RulesError], problem: str) -> None:
    payload = base(**change)
    if "objects" in change and "control_effects" not in change:
        payload["control_effects"] = []
        payload["delayed_triggers"] = []
    kind, problems = problems_of(payload)
    assert problem in problems
    assert kind is error


@pytest.mark.parametrize(
    ("payload", "problem"),
    [
        ({"variant": "two-headed-giant", "turn_order": ["A", "B", "C", "D"], "active_player": "A"},
         "teams: required for the two-headed-giant variant"),
        ({"variant": "dtc", "turn_order": ["A", "B", "C", "D"], "teams": [["A", "B"], ["B", "C", "D"]]},
         "teams[1][0]: 'B' is on two teams"),
        ({"variant": "dtc", "turn_order": ["A", "B", "C", "D"], "teams": [["A", "B"], ["C"]]},
         "teams: D not on any team"),
        ({"variant": "dtc", "turn_order": ["A", "B", "C", "D"], "teams": [["A", "B", "C", "D"]]},
         "teams: at least two teams are needed"),
        ({"variant": "dtc", "turn_order": ["A", "B", "C", "D"], "teams": [["A", "B"], []]},
         "teams[1]: must be a non-empty list of players"),
        ({"variant": "dtc", "turn_order": list("ABCDEF"), "teams": [["A", "B"], ["C", "D"], ["E", "F"]]},
         "teams: a DTC game is played by two teams (dtc:basic-rules)"),
        ({"variant": "two-headed-giant", "turn_order": list("ABCDEF"), "teams": [["A", "B", "C"], ["D", "E", "F"]]},
         "teams: Two-Headed Giant is played by two teams of two players (810.1)"),
        ({"variant": "planechase", "turn_order": ["A", "B", "C"]},
         "planar_controller: required for the planechase variant (901.6)"),
        ({"variant": "planechase", "turn_order": ["A", "B", "C"], "planar_controller": "Z"},
         "planar_controller: 'Z' is not in turn_order"),
        ({"variant": "planechase", "turn_order": ["A", "B", "C"], "active_player": "A", "planar_controller": "B"},
         "planar_controller: 'B' is not the active player 'A' and no player has left (901.6)"),
        ({"variant": "grand-melee", "turn_order": list("ABCDEFGH"), "planar_controller": ["A", "E", "G"]},
         "planar_controller: 3 planar controllers but only 2 turn markers (one per full four players, 807.4a, "
         "901.14a)"),
        ({"variant": "grand-melee", "turn_order": list("ABCDEFGH"), "planar_controller": ["A", "A"]},
         "planar_controller[1]: 'A' appears twice"),
        ({"variant": "planechase", "turn_order": ["A", "B"], "planar_controller": "A", "objects": [
            obj(id="p", kind="plane", owner="B", controller="B", zone="command")]},
         "objects[0].controller: a face-up plane is controlled by the planar controller (109.4d, 901.6)"),
        ({"variant": "free-for-all", "turn_order": ["A", "B"], "objects": [
            obj(id="p", kind="phenomenon", owner="B", controller=None, zone="command")]},
         "objects[0]: 'p': planes and phenomena are used only in Planechase (311.1, 312.1)"),
    ],
)
def test_variant_problems(payload: dict[str, Any], problem: str) -> None:
    assert problem in problems_of(payload)[1]


def test_a_non_mapping_payload() -> None:
    assert problems_of(["not", "a", "board"]) == (InvalidInputError, ("payload: must be a JSON object",))


def test_every_problem_is_listed_in_one_error() -> None:
    payload = base(active_player="Zed", leaving="Zed", objects=[
        obj(id="dup"), obj(id="dup"), obj(id="spell", kind="ability", owner=None, zone="hand", controller=None),
        obj(id="aura", attached_to="nowhere"),
    ], control_effects=[{"id": "e", "object": "ghost", "controller": "Alex", "source": None, "ends": "never"}])
    kind, problems = problems_of(payload)
    assert kind is InvalidInputError  # malformed input outranks illegal state, but both are listed
    assert problems == (
        "active_player: 'Zed' is not in turn_order",
        "leaving: 'Zed' is not in turn_order",
        "objects[1].id: 'dup' duplicates objects[0]",
        "objects[3].attached_to: 'nowhere' is neither an object nor a player in the game",
        "control_effects[0].object: unknown object 'ghost'",
        "delayed_triggers[0].source: unknown object 'bolt'",
        "objects[2]: 'spell' is ability in the hand zone: an ability exists only on the stack (113.1c)",
    )


def test_too_many_objects() -> None:
    objects = [obj(id=f"o{i}", zone="library", controller=None) for i in range(MAX_OBJECTS + 1)]
    kind, problems = problems_of(base(objects=objects, control_effects=[], delayed_triggers=[]))
    assert kind is InvalidInputError
    assert f"objects: more than {MAX_OBJECTS} entries ({MAX_OBJECTS + 1})" in problems


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
values = st.one_of(names, st.sampled_from(["battlefield", "stack", "graveyard", "card", "token", "ability",
                                           "never", "source-leaves", "x", "bears"]), st.booleans(), st.none())
objects = st.dictionaries(
    st.sampled_from(["id", "name", "kind", "owner", "controller", "zone", "attached_to", "default_controller",
                     "source", "planeswalking", "attachment", "extra"]), values, max_size=11)
effects = st.dictionaries(st.sampled_from(["id", "object", "controller", "source", "ends"]), values, max_size=5)
payloads = st.fixed_dictionaries(
    {},
    optional={
        "variant": st.sampled_from(["free-for-all", "planechase", "grand-melee", "two-headed-giant", "dtc", "x"]),
        "turn_order": st.lists(names, max_size=5),
        "active_player": names,
        "leaving": names,
        "teams": st.lists(st.lists(names, max_size=3), max_size=3),
        "planar_controller": st.one_of(names, st.lists(names, max_size=3)),
        "objects": st.lists(objects, max_size=5),
        "control_effects": st.lists(effects, max_size=3),
        "delayed_triggers": st.lists(effects, max_size=2),
    },
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payloads)
def test_random_payloads_give_a_board_or_a_rules_error(payload: dict[str, Any]) -> None:
    try:
        board = board_from_payload(payload)
    except RulesError as err:
        assert err.problems and all(isinstance(p, str) and p for p in err.problems)
    else:
        assert isinstance(board, Board)

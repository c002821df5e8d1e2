"""Leave-game resolution (800.4), properties on random legal boards (split from test_leave_game.py)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine.board import Board, Variant, Zone
from judge.engine.board_payload import board_from_payload
from judge.engine.leave_game import resolve_leave_game

PLAYERS = ["Alex", "Bianca", "Carol", "Dana"]
ZONES_BY_KIND = {
    "card": ["battlefield", "stack", "hand", "library", "graveyard", "exile", "command", "ante"],
    "token": ["battlefield"],
    "copy": ["stack", "battlefield"],
    "ability": ["stack"],
    "emblem": ["command"],
}


@st.composite
def legal_boards(draw: st.DrawFn) -> tuple[dict[str, Any], str]:
    players = PLAYERS[: draw(st.integers(min_value=2, max_value=4))]
    count = draw(st.integers(min_value=0, max_value=12))
    objects: list[dict[str, Any]] = []
    effects: list[dict[str, Any]] = []
    for index in range(count):
        kind = draw(st.sampled_from(sorted(ZONES_BY_KIND)))
        zone = draw(st.sampled_from(ZONES_BY_KIND[kind]))
        owner = draw(st.sampled_from(players))
        item: dict[str, Any] = {
            "id": f"o{index}",
            "name": f"Object {index}",
            "kind": kind,
            "owner": None if kind == "ability" else owner,
            "zone": zone,
            "controller": None,
        }
        if zone in ("battlefield", "stack"):
            default = owner
            if kind == "card" and draw(st.booleans()):
                default = draw(st.sampled_from(players))
                item["default_controller"] = default
            controller = default
            if kind != "ability":
                for number in range(draw(st.integers(min_value=0, max_value=2))):
                    controller = draw(st.sampled_from(players))
                    effects.append(
                        {
                            "id": f"e{index}-{number}",
                            "object": item["id"],
                            "controller": controller,
                            "source": None,
                            "ends": draw(st.sampled_from(["never", "end-of-turn"])),
                        }
                    )
            else:
                controller = draw(st.sampled_from(players))
            item["controller"] = controller
        elif kind == "emblem":
            item["controller"] = owner
        objects.append(item)
    on_battlefield = [o["id"] for o in objects if o["zone"] == "battlefield"]
    for item in objects:
        if item["zone"] == "battlefield" and item["kind"] == "card" and draw(st.booleans()):
            target = draw(st.sampled_from(on_battlefield + players))
            if target != item["id"]:
                item["attached_to"] = target
                item["attachment"] = draw(st.sampled_from(["aura", "equipment", "other"]))
    for item in objects:
        if item["zone"] == "battlefield" and on_battlefield and draw(st.booleans()):
            source = draw(st.sampled_from(on_battlefield))
            effects.append(
                {
                    "id": f"s-{item['id']}",
                    "object": item["id"],
                    "controller": item["controller"],
                    "source": source,
                    "ends": "source-leaves",
                }
            )
    triggers = [
        {"id": f"t{i}", "controller": draw(st.sampled_from(players)), "source": None, "text": "later"}
        for i in range(draw(st.integers(min_value=0, max_value=2)))
    ]
    payload = {
        "variant": "free-for-all",
        "turn_order": players,
        "active_player": draw(st.sampled_from(players)),
        "objects": objects,
        "control_effects": effects,
        "delayed_triggers": triggers,
    }
    return payload, draw(st.sampled_from(players))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_boards())
def test_random_legal_boards_obey_800_4a(drawn: tuple[dict[str, Any], str]) -> None:
    payload, leaving = drawn
    board = board_from_payload(payload)
    result = resolve_leave_game(board=board, leaving=leaving)
    outcome = {o.id: o for o in result.objects}
    assert set(outcome) == {o.id for o in board.objects}
    for obj in board.objects:
        final = outcome[obj.id]
        # Nothing the leaving player owns stays, except in the ante zone (800.4a, 800.4n).
        if obj.owner == leaving and obj.kind.value != "ability":
            assert final.zone == ("ante" if obj.zone is Zone.ANTE else "left-game")
        # Nothing stays controlled by a player who left.
        assert final.controller != leaving
        # Only abilities and copies cease to exist (800.4a).
        if final.zone == "ceased":
            assert obj.kind.value in ("ability", "copy")
        if final.controller is not None:
            assert final.zone in ("battlefield", "stack", "command")
    for trigger_id, status in result.delayed_triggers:
        trigger = next(t for t in board.delayed_triggers if t.id == trigger_id)
        assert status == ("removed" if trigger.controller == leaving else "pending")
    assert all(s.rule for s in result.steps)
    if not result.winners:
        # The board afterwards is itself a legal board.
        assert board_from_payload(result.board.to_payload()) == result.board


@settings(max_examples=50, deadline=None)
@given(legal_boards())
def test_every_player_can_leave_in_turn(drawn: tuple[dict[str, Any], str]) -> None:
    payload, _ = drawn
    board: Board = board_from_payload(payload)
    while len(board.turn_order) > 1:
        result = resolve_leave_game(board=board, leaving=board.turn_order[0])
        board = result.board
    assert board.variant is Variant.FREE_FOR_ALL
    assert len(board.turn_order) == 1

"""A board payload's effects: control (613.1b), delayed triggers (603.7), timed (800.4m), 722, combat (506).

Each reader takes the :class:`~judge.engine.board_reader.FieldReader` reading
the board (its players, its problems) and the board's objects by id, and
returns what it could read: control effects (layer 2, 613.1b), delayed
triggered abilities (603.7), effects lasting until a player's next turn
(800.4m), player control (722) and combat (506-510).

>>> from judge.engine.board import GameObject, ObjectKind, Zone
>>> bear = GameObject(id="bear", name="Runeclaw Bear", kind=ObjectKind.CARD, owner="A", controller="A",
...                   zone=Zone.BATTLEFIELD)
>>> reader = FieldReader()
>>> reader.players = ["A", "B"]
>>> effects = read_control_effects(reader, {"control_effects": [
...     {"id": "e", "object": "bear", "controller": "B", "source": None,
...     "ends": "end-of-turn"}]}, {"bear": bear})
>>> [(e.controller, e.ends.value) for e in effects], reader.problems
([('B', 'end-of-turn')], [])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.engine.board import (
    MAX_EFFECTS,
    MAX_OBJECTS,
    MAX_PLAYERS,
    Attack,
    ControlEffect,
    DelayedTrigger,
    Ends,
    GameObject,
    PlayerControl,
    TimedEffect,
    Until,
)
from judge.engine.board_effect_table import EffectFields, EffectTable, read_effect_table
from judge.engine.board_reader import FieldReader, effect_field, label, lookup
from judge.engine.messages import Message, msg

MAX_TRIGGER_TEXT = 1000


def read_control_effects(
    reader: FieldReader, payload: Mapping[str, Any], by_id: Mapping[str, GameObject]
) -> list[ControlEffect]:
    effects: list[ControlEffect] = []
    ids: set[str] = set()
    raw_effects = reader.items(
        payload.get("control_effects"), "control_effects", label("control-effects"), MAX_EFFECTS
    )
    for index, raw in enumerate(raw_effects):
        where = f"control_effects[{index}]"
        nth = msg("board.label.nth-effect", number=index + 1)
        item = reader.mapping(raw, where, nth)
        if item is None:
            continue
        before = len(reader.problems)
        target_obj = lookup(by_id, item.get("object"))
        who = nth if target_obj is None else msg("board.label.effect", object=target_obj.label)
        target = reader.known_object(
            item.get("object"), f"{where}.object", effect_field(who, "object"), by_id, optional=False
        )
        effect_id = reader.id(item.get("id"), f"{where}.id", effect_field(who, "id"))
        controller = reader.player(
            item.get("controller"), f"{where}.controller", effect_field(who, "controller")
        )
        ends = reader.choice(Ends, item.get("ends"), f"{where}.ends", effect_field(who, "ends"))
        # A source no longer on the board is a spell that resolved (Act of Treason): its effect stays.
        source = reader.id(item.get("source"), f"{where}.source", effect_field(who, "source"), optional=True)
        name, name_ja = reader.names(item, where, effect_field(who, "name"))
        reader.unknown_fields(
            item, {"id", "object", "controller", "source", "ends", "name", "name_ja"}, where, who
        )
        if effect_id is not None and effect_id in ids:
            reader.problem("board.duplicate-id", f"{where}.id", effect_field(who, "id"), id=effect_id)
        if ends is not None and ends.needs_source and source is None:
            reader.problem("board.effect-source-required", f"{where}.source", effect_field(who, "source"))
        if len(reader.problems) > before:
            continue
        assert effect_id is not None and target is not None and controller is not None and ends is not None
        ids.add(effect_id)
        reader.paths.control_effects[effect_id] = index
        effects.append(
            ControlEffect(
                id=effect_id,
                object=target,
                controller=controller,
                source=source,
                ends=ends,
                name=name,
                name_ja=name_ja,
            )
        )
    return effects


DELAYED_TABLE = EffectTable(
    "delayed_triggers",
    "delayed-triggers",
    MAX_EFFECTS,
    "board.label.nth-trigger",
    "board.label.trigger",
    frozenset({"id", "controller", "source", "text", "object", "name", "name_ja"}),
)
TIMED_TABLE = EffectTable(
    "timed_effects",
    "timed-effects",
    MAX_EFFECTS,
    "board.label.nth-timed",
    "board.label.timed",
    frozenset(
        {"id", "controller", "until", "text", "source", "object", "name", "name_ja", "ends_after_turn_of"}
    ),
)


def read_delayed_triggers(
    reader: FieldReader, payload: Mapping[str, Any], by_id: Mapping[str, GameObject]
) -> list[DelayedTrigger]:
    def read(item: Mapping[str, Any], where: str, who: Message) -> EffectFields[DelayedTrigger]:
        controller = reader.player(
            item.get("controller"), f"{where}.controller", effect_field(who, "trigger-controller")
        )
        source = reader.id(item.get("source"), f"{where}.source", effect_field(who, "source"), optional=True)
        text = reader.text(
            item.get("text") or None,
            f"{where}.text",
            effect_field(who, "text"),
            optional=True,
            limit=MAX_TRIGGER_TEXT,
        )
        target = reader.known_object(
            item.get("object"), f"{where}.object", effect_field(who, "trigger-object"), by_id, optional=True
        )

        def make(trigger_id: str, name: str | None, name_ja: str | None) -> DelayedTrigger:
            assert controller is not None
            return DelayedTrigger(
                id=trigger_id,
                controller=controller,
                source=source,
                text=text or "",
                object=target,
                name=name,
                name_ja=name_ja,
            )

        return EffectFields(make=make)

    return read_effect_table(reader, payload, by_id, DELAYED_TABLE, read)


def read_timed_effects(
    reader: FieldReader, payload: Mapping[str, Any], by_id: Mapping[str, GameObject]
) -> list[TimedEffect]:
    def read(item: Mapping[str, Any], where: str, who: Message) -> EffectFields[TimedEffect]:
        # Its controller may have left already (800.4m): the effect then waits for another player's turn.
        controller = reader.player(
            item.get("controller"),
            f"{where}.controller",
            effect_field(who, "timed-controller"),
            among=reader.known,
        )
        ends_after = reader.player(
            item.get("ends_after_turn_of"),
            f"{where}.ends_after_turn_of",
            effect_field(who, "ends-after"),
            optional=True,
        )
        until = reader.choice(Until, item.get("until"), f"{where}.until", effect_field(who, "until"))
        text = reader.text(
            item.get("text") or None,
            f"{where}.text",
            effect_field(who, "text"),
            optional=True,
            limit=MAX_TRIGGER_TEXT,
        )
        source = reader.id(item.get("source"), f"{where}.source", effect_field(who, "source"), optional=True)
        target = reader.known_object(
            item.get("object"), f"{where}.object", effect_field(who, "timed-object"), by_id, optional=True
        )

        def make(effect_id: str, name: str | None, name_ja: str | None) -> TimedEffect:
            assert controller is not None and until is not None
            return TimedEffect(
                id=effect_id,
                controller=controller,
                until=until,
                text=text or "",
                source=source,
                object=target,
                name=name,
                name_ja=name_ja,
                ends_after_turn_of=ends_after,
            )

        return EffectFields(make=make)

    return read_effect_table(reader, payload, by_id, TIMED_TABLE, read)


def read_player_control(reader: FieldReader, payload: Mapping[str, Any]) -> list[PlayerControl]:
    found: list[PlayerControl] = []
    raw_list = reader.items(
        payload.get("player_control"), "player_control", label("player-control"), MAX_PLAYERS
    )
    for index, raw in enumerate(raw_list):
        where = f"player_control[{index}]"
        nth = label("nth-player-control", number=index + 1)
        item = reader.mapping(raw, where, nth)
        if item is None:
            continue
        before = len(reader.problems)
        player = reader.player(item.get("player"), f"{where}.player", effect_field(nth, "controlled-player"))
        controller = reader.player(
            item.get("controller"), f"{where}.controller", effect_field(nth, "controlling-player")
        )
        pending = reader.flag(item.get("pending"), f"{where}.pending", effect_field(nth, "pending"))
        source = reader.id(item.get("source"), f"{where}.source", effect_field(nth, "source"), optional=True)
        name, name_ja = reader.names(item, where, effect_field(nth, "name"))
        reader.unknown_fields(
            item, {"player", "controller", "pending", "source", "name", "name_ja"}, where, nth
        )
        if len(reader.problems) > before:
            continue
        assert player is not None and controller is not None
        found.append(
            PlayerControl(
                player=player,
                controller=controller,
                pending=pending,
                source=source,
                name=name,
                name_ja=name_ja,
            )
        )
    return found


def read_combat(
    reader: FieldReader, payload: Mapping[str, Any], by_id: Mapping[str, GameObject]
) -> list[Attack]:
    attacks: list[Attack] = []
    seen: set[str] = set()
    for index, raw in enumerate(reader.items(payload.get("combat"), "combat", label("combat"), MAX_OBJECTS)):
        where = f"combat[{index}]"
        attacker_obj = lookup(by_id, raw.get("attacker")) if isinstance(raw, Mapping) else None
        who = (
            label("nth-attack", number=index + 1)
            if attacker_obj is None
            else msg("board.label.attack", object=attacker_obj.label)
        )
        item = reader.mapping(raw, where, who)
        if item is None:
            continue
        before = len(reader.problems)
        attacker = reader.known_object(
            item.get("attacker"), f"{where}.attacker", effect_field(who, "attacker"), by_id, optional=False
        )
        attacking = reader.name(item.get("attacking"), f"{where}.attacking", effect_field(who, "attacking"))
        if attacking is not None and attacking not in by_id and attacking not in reader.players:
            reader.problem(
                "board.attack-target-unknown",
                f"{where}.attacking",
                effect_field(who, "attacking"),
                id=attacking,
            )
        blockers: list[str] = []
        for number, value in enumerate(
            reader.items(
                item.get("blockers"), f"{where}.blockers", effect_field(who, "blockers"), MAX_OBJECTS
            )
        ):
            blocker = reader.known_object(
                value, f"{where}.blockers[{number}]", effect_field(who, "blockers"), by_id, optional=False
            )
            if blocker is not None:
                blockers.append(blocker)
        reader.unknown_fields(item, {"attacker", "attacking", "blockers"}, where, who)
        if attacker is not None and attacker in seen:
            reader.problem("board.attacks-twice", f"{where}.attacker", effect_field(who, "attacker"))
        if len(reader.problems) > before:
            continue
        assert attacker is not None and attacking is not None
        seen.add(attacker)
        attacks.append(Attack(attacker=attacker, attacking=attacking, blockers=tuple(blockers)))
    return attacks


__all__ = [
    "MAX_TRIGGER_TEXT",
    "read_combat",
    "read_control_effects",
    "read_delayed_triggers",
    "read_player_control",
    "read_timed_effects",
]

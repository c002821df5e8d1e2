"""Reading a board's ``until_effects`` (610.3, 603.6c): see :mod:`judge.engine.board_until` for the model.

>>> from judge.engine.board import GameObject, ObjectKind, Zone
>>> card = GameObject(id="c", name="Runeclaw Bear", kind=ObjectKind.CARD, owner="B", controller=None,
...                   zone=Zone.EXILE)
>>> reader = FieldReader()
>>> [e.how.value for e in read_until_effects(reader, {"until_effects": [
...     {"id": "u", "objects": ["c"], "ends": "end-of-turn"}]}, {"c": card})], reader.problems
(['until'], [])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.engine.board_effect_table import EffectFields, EffectTable, read_effect_table
from judge.engine.board_reader import FieldReader, effect_field
from judge.engine.board_until import (
    MAX_UNTIL_EFFECTS,
    MAX_UNTIL_OBJECTS,
    UNTIL_FIELDS,
    ReturnZone,
    UntilEffect,
    UntilEnds,
    UntilHow,
)
from judge.engine.messages import Message

UNTIL_TABLE = EffectTable(
    "until_effects",
    "until-effects",
    MAX_UNTIL_EFFECTS,
    "board.label.nth-until",
    "board.label.until",
    UNTIL_FIELDS,
)


def read_until_effects(
    reader: FieldReader, payload: Mapping[str, Any], by_id: Mapping[str, Any]
) -> list[UntilEffect]:
    """The board's ``until_effects``: every shape problem and every state the rules cannot reach is listed
    (the states the rules cannot reach are judged by :mod:`judge.engine.board_until_checks`)."""

    def read(item: Mapping[str, Any], where: str, who: Message) -> EffectFields[UntilEffect]:
        ends = reader.choice(
            UntilEnds,
            item.get("ends"),
            f"{where}.ends",
            effect_field(who, "until-ends"),
            labels="board.exiled.",
        )
        how = reader.choice(
            UntilHow,
            item.get("how"),
            f"{where}.how",
            effect_field(who, "until-how"),
            labels="board.returns.",
            default=UntilHow.UNTIL,
        )
        returns_to = reader.choice(
            ReturnZone,
            item.get("from"),
            f"{where}.from",
            effect_field(who, "until-from"),
            labels="board.zone.",
            default=ReturnZone.BATTLEFIELD,
        )
        source = reader.known_object(
            item.get("source"),
            f"{where}.source",
            effect_field(who, "source"),
            by_id,
            optional=ends is not UntilEnds.SOURCE_LEAVES,
        )
        exiled: list[str] = []
        for number, value in enumerate(
            reader.items(
                item.get("objects"), f"{where}.objects", effect_field(who, "until-objects"), MAX_UNTIL_OBJECTS
            )
        ):
            object_id = reader.known_object(
                value, f"{where}.objects[{number}]", effect_field(who, "until-objects"), by_id, optional=False
            )
            if object_id is not None:
                exiled.append(object_id)

        def checks() -> None:
            if not item.get("objects"):  # no card is waiting to return
                reader.problem("input.required", f"{where}.objects", effect_field(who, "until-objects"))
            if how is UntilHow.TRIGGER and ends is UntilEnds.END_OF_TURN:
                reader.problem(
                    "board.until-trigger-needs-source",
                    f"{where}.how",
                    effect_field(who, "until-how"),
                    rule="603.6c",
                )

        def make(effect_id: str, name: str | None, name_ja: str | None) -> UntilEffect:
            assert ends is not None and how is not None and returns_to is not None
            return UntilEffect(
                id=effect_id,
                source=source,
                objects=tuple(exiled),
                ends=ends,
                how=how,
                returns_to=returns_to,
                name=name,
                name_ja=name_ja,
            )

        return EffectFields(make=make, checks=checks)

    return read_effect_table(reader, payload, by_id, UNTIL_TABLE, read)


__all__ = ["read_until_effects"]

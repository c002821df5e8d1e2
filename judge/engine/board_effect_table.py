"""One table of a board's effects read the one way: ``until_effects`` (610.3), ``delayed_triggers`` (603.7),
``timed_effects`` (800.4m).

Each item of the table gets its label (the name it carries, its source's name, else its position), its
``id`` (unique in the table), the fields of its own kind (read by the caller's ``read``), its ``name`` and
``name_ja``, and no field outside the kind's; then the kind's own checks. An item with any problem is left
out; every problem is listed.

>>> reader = FieldReader()
>>> table = EffectTable("until_effects", "until-effects", 5, "board.label.nth-until", "board.label.until",
...                     frozenset({"id", "note"}))
>>> def read(item, where, who):
...     return EffectFields(make=lambda effect_id, name, name_ja: (effect_id, item.get("note")))
>>> read_effect_table(reader, {"until_effects": [{"id": "a", "note": 1}, {"id": "a"}, {"id": "b", "x": 0}]},
...                   {}, table, read)
[('a', 1)]
>>> [p.code for p in reader.problems]
['board.duplicate-id', 'input.unknown-field']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from judge.engine.board import GameObject
from judge.engine.board_reader import FieldReader, effect_field, label, named
from judge.engine.messages import Message, msg

T = TypeVar("T")


def _no_checks() -> None:
    return None


@dataclass(frozen=True)
class EffectTable:
    """Where a table stands in the payload and how its items are named."""

    key: str  # the payload's field, also the JSON path of its items: "until_effects"
    label: str  # the table's label (board.label.<label>)
    limit: int  # how many items it may hold
    nth: str  # the label of the n-th item ("board.label.nth-until")
    code: str  # the label of an item named by its name or its source ("board.label.until")
    fields: frozenset[str]  # every field an item may carry


@dataclass(frozen=True)
class EffectFields(Generic[T]):
    """What a kind's ``read`` answers for one item: how to make the effect once the item has no problem (from
    its id and names), and the kind's own checks, run after the shared ones."""

    make: Callable[[str, str | None, str | None], T]
    checks: Callable[[], None] = _no_checks


def read_effect_table(
    reader: FieldReader,
    payload: Mapping[str, Any],
    by_id: Mapping[str, GameObject],
    table: EffectTable,
    read: Callable[[Mapping[str, Any], str, Message], EffectFields[T]],
) -> list[T]:
    """The effects of ``table`` in ``payload`` that have no problem, in order; ``read(item, where, who)``
    reads the fields of the kind (after the id, before the names)."""
    effects: list[T] = []
    ids: set[str] = set()
    for index, raw in enumerate(
        reader.items(payload.get(table.key), table.key, label(table.label), table.limit)
    ):
        where = f"{table.key}[{index}]"
        who = named(msg(table.nth, number=index + 1), raw, by_id, table.code)
        item = reader.mapping(raw, where, who)
        if item is None:
            continue
        before = len(reader.problems)
        effect_id = reader.id(item.get("id"), f"{where}.id", effect_field(who, "id"))
        fields = read(item, where, who)
        name, name_ja = reader.names(item, where, effect_field(who, "name"))
        reader.unknown_fields(item, table.fields, where, who)
        if effect_id is not None and effect_id in ids:
            reader.problem("board.duplicate-id", f"{where}.id", effect_field(who, "id"), id=effect_id)
        fields.checks()
        if len(reader.problems) > before:
            continue
        assert effect_id is not None
        ids.add(effect_id)
        effects.append(fields.make(effect_id, name, name_ja))
    return effects


__all__ = ["EffectFields", "EffectTable", "read_effect_table"]

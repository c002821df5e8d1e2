"""Reading a board payload one value at a time (a text, a choice, a player, a list), every problem collected.

:class:`FieldReader` keeps the players read so far and the problems found.
Each method reads one value through the one set of input readers
(:mod:`judge.engine.payload`, whose ``input.*`` problems every domain shares);
when it cannot, it adds the problem and returns None (or nothing), so reading
goes on and every problem is reported at once.
A problem names its field by a human label: :func:`label` for a top-level
field, :func:`object_field` and :func:`effect_field` for a field of an object
or an effect; the JSON path stays in ``field``.
:class:`~judge.engine.board_payload.BoardReader` reads a whole board with it.

>>> reader = FieldReader()
>>> reader.players = ["Alex", "Bianca"]
>>> reader.player("Carol", "monarch", label("monarch")), [p.text("en") for p in reader.problems]
(None, ['Monarch: “Carol” is not a player in this game.'])
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Mapping, Sequence
from typing import Any, TypeVar

from judge.engine.board import (
    MAX_TEXT,
    Attachment,
    Ends,
    GameObject,
    ObjectKind,
    Until,
    Variant,
    Zone,
    card_name,
)
from judge.engine.board_checks import Paths
from judge.engine.messages import Message, ParamValue, Text, msg
from judge.engine.payload import (
    MAX_ID,
    MAX_NAME,
    read_choice,
    read_flag,
    read_list,
    read_object,
    read_text,
    unknown_fields,
)

E = TypeVar("E", bound=enum.Enum)
Label = Message

# The label message of each choice, so a problem lists the choices in the reader's language.
CHOICE_LABELS: dict[type[enum.Enum], str] = {
    Variant: "board.variant.",
    ObjectKind: "board.kind.",
    Zone: "board.zone.",
    Attachment: "board.attachment.",
    Ends: "board.ends.",
    Until: "board.until.",
}


def label(name: str, **params: ParamValue) -> Message:
    """The label of a top-level field ("board.label.<name>")."""
    return Message(f"board.label.{name}", params=tuple(params.items()))


class FieldReader:
    """Reads the values of one payload, collecting every problem in :attr:`problems`."""

    def __init__(self) -> None:
        self.problems: list[Message] = []
        self.paths = Paths(objects={}, control_effects={})  # where each object and effect was, by id
        self.players: list[str] = []  # the players in the game, in turn order
        self.known: list[str] = []  # ... and the players who left
        # The object rows given, read or not, by id, with the card each names: a reference to a row refused
        # for another of its fields is not "no such object" but that card, named as the reader sees it.
        self.given: dict[str, Text | Message] = {}

    def problem(
        self, code: str, where: str, lbl: Label | None, *, rule: str = "", **params: ParamValue
    ) -> None:
        if lbl is not None:
            params["label"] = lbl
        self.problems.append(msg(code, rule=rule, field=where, **params))

    def text(
        self, value: Any, where: str, lbl: Label, *, optional: bool = False, limit: int = MAX_TEXT
    ) -> str | None:
        return read_text(value, field=where, label=lbl, problems=self.problems, optional=optional, high=limit)

    def id(self, value: Any, where: str, lbl: Label, *, optional: bool = False) -> str | None:
        """An object's or an effect's id (a reference, so short: every use of it repeats it)."""
        return self.text(value, where, lbl, optional=optional, limit=MAX_ID)

    def name(self, value: Any, where: str, lbl: Label) -> str | None:
        """A player's name, as the table tracker takes it."""
        return self.text(value, where, lbl, limit=MAX_NAME)

    def choice(
        self,
        enum_type: type[E],
        value: Any,
        where: str,
        lbl: Label,
        *,
        default: E | None = None,
        labels: str | None = None,
        allowed: Sequence[E] | None = None,
    ) -> E | None:
        """The member of ``enum_type`` (of ``allowed``, when given) whose value ``value`` is."""
        prefix = labels or CHOICE_LABELS[enum_type]
        return read_choice(
            enum_type,
            value,
            field=where,
            label=lbl,
            problems=self.problems,
            name=lambda member: msg(prefix + str(member.value)),
            allowed=allowed,
            default=default,
        )

    def items(self, value: Any, where: str, lbl: Label, limit: int) -> list[Any]:
        return read_list(value, field=where, label=lbl, problems=self.problems, high=limit, optional=True)

    def mapping(self, value: Any, where: str, lbl: Label) -> Mapping[str, Any] | None:
        return read_object(value, field=where, label=lbl, problems=self.problems)

    def flag(self, value: Any, where: str, lbl: Label) -> bool:
        return read_flag(value, field=where, label=lbl, problems=self.problems)

    def player(
        self,
        value: Any,
        where: str,
        lbl: Label,
        *,
        optional: bool = False,
        among: Sequence[str] | None = None,
    ) -> str | None:
        name = self.text(value, where, lbl, optional=optional, limit=MAX_NAME)
        if name is not None and name not in (self.players if among is None else among):
            self.problem("input.not-a-player", where, lbl, name=name)
            return None
        return name

    def unknown_fields(
        self, item: Mapping[str, Any], allowed: Collection[str], where: str, lbl: Label
    ) -> None:
        self.problems.extend(unknown_fields(item, sorted(allowed), field=where, label=lbl))

    def names(self, item: Mapping[str, Any], where: str, lbl: Label) -> tuple[str | None, str | None]:
        """The ``name`` and ``name_ja`` an effect carries (what made it, when its source is not on the
        board)."""
        name = self.text(item.get("name"), f"{where}.name", lbl, optional=True)
        name_ja = self.text(item.get("name_ja"), f"{where}.name_ja", lbl, optional=True)
        return name, name_ja

    def known_object(
        self,
        value: Any,
        where: str,
        lbl: Label,
        by_id: Mapping[str, GameObject],
        *,
        optional: bool,
        must_exist: bool = True,
    ) -> str | None:
        """The id of an object on the board."""
        object_id = self.id(value, where, lbl, optional=optional)
        if object_id is not None and must_exist and object_id not in by_id:
            if object_id in self.given:
                self.problem("board.object-unreadable", where, lbl, object=self.given[object_id])
            else:
                self.problem("board.unknown-object", where, lbl, id=object_id)
            return None
        return object_id


def object_field(who: Text | Message, what: str) -> Message:
    """The label of one field of an object: "Assault Griffin: controller" /
    "《突撃するグリフィン》のコントローラー"."""
    return msg("board.label.object-field", object=who, part=msg(f"board.field.{what}"))


def effect_field(who: Message, what: str) -> Message:
    """The label of one field of an effect, a trigger, an attack or a player control."""
    return msg("board.label.effect-field", effect=who, part=msg(f"board.field.effect-{what}"))


def lookup(by_id: Mapping[str, GameObject], key: Any) -> GameObject | None:
    """The object a value names, if it names one."""
    return by_id.get(key) if isinstance(key, str) else None


def named(nth: Message, raw: Any, by_id: Mapping[str, GameObject], code: str) -> Message:
    """A trigger's or effect's label: the name it carries, else its source's name, else its position."""
    if not isinstance(raw, Mapping):
        return nth
    name = raw.get("name")
    if isinstance(name, str) and name.strip():
        name_ja = raw.get("name_ja")
        return msg(
            code, name=card_name(name[:MAX_TEXT], name_ja[:MAX_TEXT] if isinstance(name_ja, str) else None)
        )
    source = lookup(by_id, raw.get("source"))
    return msg(code, name=source.label) if source is not None else nth


__all__ = [
    "CHOICE_LABELS",
    "FieldReader",
    "Label",
    "effect_field",
    "label",
    "lookup",
    "named",
    "object_field",
]

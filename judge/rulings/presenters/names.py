"""Names and labels in the reader's language, shared by the board, outcome and step presenters.

An object is named by its name in the reader's language (《突撃するグリフィン》 on /ja/), never by its id; a
choice by the engine's word for it. A payload is read as given (a board the engine refused is shown too), so
its values are read loosely: a list that is not one is empty, a value that is not text is shown as JSON.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from enum import Enum
from typing import Any

from judge.engine.board import Board, ObjectKind, card_name
from judge.engine.messages import Text, msg, render
from judge.engine.texts import CATALOG

# Kinds whose names are not card names (no 《》 in Japanese), as GameObject.label decides.
UNQUOTED_KINDS = frozenset({ObjectKind.ABILITY.value, ObjectKind.TOKEN.value, ObjectKind.EMBLEM.value})


def label_of(code: str, value: Any, lang: str) -> str:
    """The engine's name for a choice ("board.zone." + "exile" -> "追放領域"), or the value itself."""
    key = f"{code}{value}"
    return render(msg(key), lang) if key in CATALOG else str(value if value is not None else "")


def choices(enum_type: type[Enum], code: str, lang: str) -> list[tuple[str, str]]:
    """A select's options for an engine enum, labelled in the engine's words."""
    return [(member.value, label_of(code, member.value, lang)) for member in enum_type]


def as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def mappings_in(value: Any) -> list[Mapping[str, Any]]:
    return [item for item in as_list(value) if isinstance(item, Mapping)]


def as_text(value: Any) -> str:
    return value if isinstance(value, str) else "" if value is None else json.dumps(value, ensure_ascii=False)


def object_label(item: Mapping[str, Any]) -> Text:
    """An object's name in both languages, as a board payload gives it (an unnamed object by its id)."""
    name = as_text(item.get("name")) or as_text(item.get("id"))
    name_ja = item.get("name_ja") if isinstance(item.get("name_ja"), str) else None
    return card_name(name, name_ja or None, quoted=item.get("kind") not in UNQUOTED_KINDS)


def made_by(item: Mapping[str, Any], names: Mapping[str, str], lang: str) -> str | None:
    """What made an effect or trigger: the name it carries, else its source's name (the engine's
    effect_label)."""
    name = item.get("name")
    if isinstance(name, str) and name:
        name_ja = item.get("name_ja")
        return card_name(name, name_ja if isinstance(name_ja, str) else None).in_(lang)
    source = item.get("source")
    return names.get(source, source) if isinstance(source, str) and source else None


def board_names(board: Board | Mapping[str, Any], lang: str) -> dict[str, str]:
    """Object id -> its name in ``lang``."""
    if isinstance(board, Board):
        return {o.id: o.label.in_(lang) for o in board.objects}
    return {as_text(o.get("id")): object_label(o).in_(lang) for o in mappings_in(board.get("objects"))}


def joined(names: Iterable[str], lang: str) -> str:
    """Names listed in the reader's language: "A, B" / "A、B"."""
    return ("、" if lang == "ja" else ", ").join(names)

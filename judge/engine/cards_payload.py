"""Scryfall-shaped card JSON -> :class:`~judge.engine.cards.Card` records, with every problem listed.

The colour identity API takes cards in this shape, the database stores them in
it (:meth:`Card.to_payload <judge.engine.cards.Card.to_payload>`), and the card data
files are converted to it. Fields: ``name``, ``layout``, ``mana_cost`` (as
printed, or as typed: "3GG" is read as {3}{G}{G}), ``type_line``,
``oracle_text``, ``colors``, ``color_indicator``, ``power``, ``toughness``,
``card_faces`` (1 to :data:`MAX_FACES` faces with the same fields) and
``japanese_names``, plus ``legalities`` (format -> status, Scryfall's or MTGJSON's spelling) and
``cross_legalities`` (the cross-checking source's), kept when well formed. Each problem names the card and
the field by their labels
("Card 2: mana cost" / "2枚目のカードのマナ・コスト").

>>> card = card_from_scryfall({"name": "Fire // Ice", "layout": "split", "card_faces": [
...     {"name": "Fire", "mana_cost": "{1}{R}", "type_line": "Instant"},
...     {"name": "Ice", "mana_cost": "1U", "type_line": "Instant"}]})
>>> [f.name for f in card.faces], card.faces[1].mana_cost
(['Fire', 'Ice'], '{1}{U}')
>>> card_from_scryfall(card.to_payload()) == card
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.engine.cards import Card, Face
from judge.engine.errors import InvalidInputError
from judge.engine.legality import legalities_from
from judge.engine.mana import COLORS, SYMBOL_RE, parse_mana_cost
from judge.engine.messages import Message, msg

MAX_TEXT = 5_000
#: Faces a card may have: "Who // What // When // Where // Why" has five; room to spare, not a flood.
MAX_FACES = 8


def card_label(number: int) -> Message:
    """ "Card 3" / "3枚目のカード": a card in a request, counted from 1."""
    return msg("cards.label.card", number=number)


def _field_label(card: Message, name: str) -> Message:
    return msg("cards.label.field", card=card, part=msg(f"cards.field.{name}"))


def _string(
    data: Mapping[str, Any],
    key: str,
    where: str,
    label: Message,
    problems: list[Message],
    *,
    required: bool = False,
) -> str:
    value = data.get(key)
    field, field_label = f"{where}.{key}" if where else key, _field_label(label, key)
    if value is None:
        if required:
            problems.append(msg("input.required", field=field, label=field_label))
        return ""
    if not isinstance(value, str):
        problems.append(msg("input.not-text", field=field, label=field_label))
        return ""
    if len(value) > MAX_TEXT:
        problems.append(msg("cards.text-too-long", field=field, label=field_label, high=MAX_TEXT))
        return ""
    if required and not value.strip():
        problems.append(msg("input.required", field=field, label=field_label))
    return value


def _color_list(
    data: Mapping[str, Any], key: str, where: str, label: Message, problems: list[Message]
) -> tuple[str, ...] | None:
    value = data.get(key)
    if value is None:
        return None
    field, field_label = f"{where}.{key}" if where else key, _field_label(label, key)
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        problems.append(msg("cards.not-colors", field=field, label=field_label))
        return None
    bad = [c for c in value if c.upper() not in COLORS]
    if bad:
        problems.append(
            msg("cards.bad-colors", field=field, label=field_label, values=", ".join(c[:20] for c in bad[:5]))
        )
        return None
    wanted = {c.upper() for c in value}
    return tuple(c for c in COLORS if c in wanted)


def _mana_cost(data: Mapping[str, Any], where: str, label: Message, problems: list[Message]) -> str:
    """The printed form of the cost; a split card's top-level "{1}{R} // {1}{U}" keeps its halves."""
    cost = _string(data, "mana_cost", where, label, problems)
    halves: list[str] = []
    for half in cost.split("//"):
        if not SYMBOL_RE.sub("", half).strip():
            # Printed braces are kept as published: card data has symbols no calculator needs (Un-sets).
            halves.append(half.strip())
            continue
        try:
            halves.append(
                parse_mana_cost(
                    half,
                    field=f"{where}.mana_cost" if where else "mana_cost",
                    label=_field_label(label, "mana_cost"),
                ).text
            )
        except InvalidInputError as err:
            problems.extend(p for p in err.messages if isinstance(p, Message))
            return ""
    return " // ".join(halves)


def _names(data: Mapping[str, Any], where: str, label: Message, problems: list[Message]) -> tuple[str, ...]:
    value = data.get("japanese_names")
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(n, str) and 0 < len(n) <= MAX_TEXT for n in value):
        problems.append(
            msg(
                "cards.names",
                field=f"{where}.japanese_names" if where else "japanese_names",
                label=_field_label(label, "japanese_names"),
            )
        )
        return ()
    return tuple(value)


def face_from_scryfall(
    data: Mapping[str, Any],
    *,
    where: str,
    label: Message,
    problems: list[Message],
    colors: tuple[str, ...] | None = None,
    name: str | None = None,
) -> Face:
    """One face from a Scryfall card or card-face object; problems are appended, not raised.

    ``name`` is given for a single-faced card, whose face is named like the card.
    """
    own_colors = _color_list(data, "colors", where, label, problems)
    power = data.get("power")
    toughness = data.get("toughness")
    return Face(
        name=name if name is not None else _string(data, "name", where, label, problems, required=True),
        mana_cost=_mana_cost(data, where, label, problems),
        type_line=_string(data, "type_line", where, label, problems),
        oracle_text=_string(data, "oracle_text", where, label, problems),
        color_indicator=_color_list(data, "color_indicator", where, label, problems) or (),
        colors=own_colors if own_colors is not None else colors,
        power=power if isinstance(power, str) else None,
        toughness=toughness if isinstance(toughness, str) else None,
    )


def scryfall_card_or_problems(
    data: Any, *, where: str, label: Message, problems: list[Message]
) -> Card | None:
    """Like :func:`card_from_scryfall` but appends problems to ``problems`` (for bulk checks).

    ``where`` is the JSON path of the card ("cards[3]", kept in each problem's
    ``field``), ``label`` its human name (:func:`card_label`).
    """
    if not isinstance(data, Mapping):
        problems.append(msg("input.object", field=where, label=label))
        return None
    before = len(problems)
    name = _string(data, "name", where, label, problems, required=True)
    layout = _string(data, "layout", where, label, problems) or "normal"
    raw_faces = data.get("card_faces")
    faces: list[Face] = []
    if raw_faces is not None:
        if not isinstance(raw_faces, list) or not raw_faces or len(raw_faces) > MAX_FACES:
            problems.append(
                msg(
                    "cards.faces",
                    field=f"{where}.card_faces" if where else "card_faces",
                    label=_field_label(label, "card_faces"),
                    high=MAX_FACES,
                )
            )
        else:
            top_colors = _color_list(data, "colors", where, label, problems)
            for i, raw in enumerate(raw_faces):
                face_where = f"{where}.card_faces[{i}]" if where else f"card_faces[{i}]"
                face_label = msg("cards.label.face", card=label, number=i + 1)
                if not isinstance(raw, Mapping):
                    problems.append(msg("input.object", field=face_where, label=face_label))
                    continue
                # Split, flip and adventure cards publish colours only for the whole card.
                faces.append(
                    face_from_scryfall(
                        raw,
                        where=face_where,
                        label=face_label,
                        problems=problems,
                        colors=None if len(raw_faces) > 1 else top_colors,
                    )
                )
    else:
        faces.append(face_from_scryfall(data, where=where, label=label, problems=problems, name=name.strip()))
    japanese = _names(data, where, label, problems)
    if len(problems) > before or not faces:
        return None
    return Card(
        name=name.strip(),
        faces=tuple(faces),
        layout=layout,
        japanese_names=japanese,
        legalities=legalities_from(data.get("legalities")),
        cross_legalities=legalities_from(data.get("cross_legalities")),
        game_changer=data["game_changer"] if isinstance(data.get("game_changer"), bool) else None,
    )


def card_from_scryfall(data: Any, *, where: str = "", label: Message | None = None) -> Card:
    """A :class:`Card` from one Scryfall card object (``name``, ``mana_cost``, ``card_faces``...).

    Raises :class:`InvalidInputError` listing every problem.

    >>> card_from_scryfall({"name": 3}, where="cards[0]", label=card_label(1))
    Traceback (most recent call last):
    ...
    judge.engine.errors.InvalidInputError: Card 1: name: must be text.
    """
    problems: list[Message] = []
    name = data.get("name") if isinstance(data, Mapping) else None
    label = label or (
        msg("cards.label.named", name=name[:60])
        if isinstance(name, str) and name.strip()
        else msg("cards.label.a-card")
    )
    card = scryfall_card_or_problems(data, where=where, label=label, problems=problems)
    if problems or card is None:
        raise InvalidInputError(problems or [msg("input.object", field=where, label=label)])
    return card


__all__ = ["MAX_FACES", "card_from_scryfall", "card_label", "face_from_scryfall", "scryfall_card_or_problems"]

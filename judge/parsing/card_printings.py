"""Scryfall's Default Cards file -> the other English names printings carry (rule 201.3), streamed.

Default Cards (bulk-data ``type`` ``default_cards``) is a JSON array of every printing in English (or in
its only printed language), ~500 MB: one card object per printing, with its Oracle card's ``oracle_id``
and ``name``, its ``set``, ``collector_number`` and ``lang``. Some printings carry another English name:

- a ``flavor_name``: the Universes Beyond name of a Universes Within card ("Rick, Steadfast Leader" on
  the Secret Lair printing of "Greymond, Avacyn's Stalwart"), or a product's other name (the Godzilla
  series names);
- a ``printed_name`` on an English printing (``"lang": "en"``): the reflavored digital set Through the
  Omenpaths prints "Spider-Punk" as "Kraza, the Swarm as One";
- for a card with faces, the same fields inside ``card_faces``.

For deck construction these name the Oracle card (201.3b): a deck listing both names has two copies of
one card. Only those printings are kept, so the file is read object by object and never held whole;
a ``printed_name`` in another language is a translation, not another English name, and is ignored.

>>> import io
>>> text = ('[{"object": "card", "oracle_id": "o1", "name": "Greymond, Avacyn\\'s Stalwart", "lang": "en",'
...     ' "set": "sld", "collector_number": "1", "flavor_name": "Rick, Steadfast Leader"}]')
>>> [(n.name, n.card, n.field) for n in iter_other_names(io.StringIO(text), source="x.json")]
[('Rick, Steadfast Leader', "Greymond, Avacyn's Stalwart", 'flavor_name')]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TextIO

from judge.engine.cards import normalise_name
from judge.parsing.card_data import SKIPPED_LAYOUTS, _JsonStream
from judge.parsing.records import ParseError

MAX_NAME = 255  # the database column; no printed card name comes close
MAX_FIELD = 32  # a set code ("sld") or collector number ("123★", "2023-1")
#: The fields of a printing (and of each of its faces) that carry another English name.
FIELDS = ("flavor_name", "printed_name")


@dataclass(frozen=True)
class OtherName:
    """An English name one printing carries that differs from its Oracle card's name."""

    name: str  # as printed: "Rick, Steadfast Leader"
    card: str  # the Oracle card it names: "Greymond, Avacyn's Stalwart"
    oracle_id: str
    field: str  # where it was read: "flavor_name", "printed_name", "card_faces.flavor_name"...
    set_code: str  # "sld"
    collector_number: str  # "1"


def _text(value: Any, limit: int) -> str:
    return value.strip()[:limit] if isinstance(value, str) else ""


def other_names(data: Any, *, source: str, index: int) -> list[OtherName]:
    """The other English names of one printing ([] for most); ParseError when it is not a card object.

    >>> [n.name for n in other_names({"name": "Spider-Punk", "lang": "en", "set": "om1",
    ...     "collector_number": "9", "printed_name": "Kraza, the Swarm as One"}, source="x", index=0)]
    ['Kraza, the Swarm as One']
    >>> other_names({"name": "Spider-Punk", "lang": "ja", "printed_name": "スパイダーパンク"},
    ...     source="x", index=0)
    []
    """
    if not isinstance(data, Mapping) or not isinstance(data.get("name"), str) or not data["name"].strip():
        raise ParseError(f"[{index}]: not a card object (no name)", source=source)
    layout = data.get("layout")
    if isinstance(layout, str) and layout in SKIPPED_LAYOUTS:
        return []
    if data.get("lang", "en") != "en":
        return []  # a translation's printed_name is not an English name (201.2)
    raw_faces = data.get("card_faces")
    faces = [f for f in raw_faces if isinstance(f, Mapping)] if isinstance(raw_faces, list) else []
    found = [(data.get(f), f) for f in FIELDS if data.get(f)]
    found.extend((face.get(f), f"card_faces.{f}") for face in faces for f in FIELDS if face.get(f))
    if not found:
        return []  # most printings: nothing more to read
    if len(faces) > 1:
        # Every face renamed: the whole card's other name too ("A // B", as decklists write it).
        renamed = [_text(face.get("flavor_name") or face.get("printed_name"), MAX_NAME) for face in faces]
        if all(renamed):
            found.append((" // ".join(renamed), "card_faces"))
    card = data["name"].strip()
    own = {normalise_name(card)} | {normalise_name(_text(face.get("name"), MAX_NAME)) for face in faces}
    names: list[OtherName] = []
    seen: set[str] = set()
    for value, field in found:
        name = _text(value, MAX_NAME + 1)
        key = normalise_name(name) if name else ""
        if not key or key in own or key in seen:
            continue
        if len(name) > MAX_NAME or len(card) > MAX_NAME:
            raise ParseError(f"[{index}]: a card name longer than {MAX_NAME} characters", source=source)
        seen.add(key)
        names.append(
            OtherName(
                name=name,
                card=card,
                oracle_id=_text(data.get("oracle_id"), 64),
                field=field,
                set_code=_text(data.get("set"), MAX_FIELD),
                collector_number=_text(data.get("collector_number"), MAX_FIELD),
            )
        )
    return names


def iter_other_names(stream: TextIO, *, source: str) -> Iterator[OtherName]:
    """Every other English name in a Default Cards file (a JSON array of printings), in file order.

    Raises :class:`~judge.parsing.records.ParseError` naming the file and the object's place in it.
    """
    reader = _JsonStream(stream, source)
    if reader.peek() != "[":
        raise ParseError("not a Default Cards file: expected a JSON array of card objects", source=source)
    for index, data in enumerate(reader.array()):
        yield from other_names(data, source=source, index=index)

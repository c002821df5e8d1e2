"""Card data files -> engine :class:`~judge.engine.cards.Card` records, streamed.

Two published formats are read, without loading the whole file into memory
(Scryfall bulk files and MTGJSON AtomicCards are hundreds of megabytes):

- Scryfall bulk data: a JSON array of card objects (``oracle_cards``,
  ``default_cards``...), or a ``{"object": "list", "data": [...]}`` page;
- MTGJSON ``AtomicCards.json``: ``{"meta": {...}, "data": {name: [face, ...]}}``,
  each face with ``manaCost``, ``text``, ``type``, ``colorIndicator``, ``colors``,
  ``side``, ``faceName``, ``layout`` and ``foreignData``, whose Japanese entries
  (``"language": "Japanese"``) give the card's Japanese names, so 《繁殖池》 finds
  Breeding Pool.

A Scryfall print in Japanese (``"lang": "ja"``) gives its ``printed_name`` the same way.
Scryfall's Rulings bulk file (an array of ``"object": "ruling"``, each with
``oracle_id``, ``source``, ``published_at`` and ``comment``) is read by :func:`iter_rulings`;
:func:`file_kind` tells the four files apart by their content (Scryfall's Default Cards, every printing,
is read by :mod:`judge.parsing.card_printings`).

Tokens, emblems, art cards and other non-deck objects are skipped. Reprints
repeat names; :meth:`CardPool.of <judge.engine.cards.CardPool.of>` keeps the first.

>>> import io
>>> cards = list(iter_cards(io.StringIO('[{"name": "Forest", "type_line": "Basic Land — Forest"}]'),
...     source="x.json"))
>>> cards[0].front.basic_land_types
('Forest',)
"""

from __future__ import annotations

import enum
import itertools
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from judge.engine.cards import Card, CardPool
from judge.engine.cards_payload import scryfall_card_or_problems
from judge.engine.messages import Message, msg
from judge.parsing.records import ParseError

#: Layouts that are not cards a deck can hold.
SKIPPED_LAYOUTS = frozenset(
    {"token", "double_faced_token", "emblem", "art_series", "vanguard", "scheme", "planar"}
)
CHUNK = 1 << 16
DATE_RE = re.compile(r"\d{4}-\d{2}-\d{2}")
MAX_RULING = 10_000


class _JsonStream:
    """Just enough of an incremental JSON reader to walk one array or object of objects."""

    def __init__(self, stream: TextIO, source: str) -> None:
        self.stream = stream
        self.source = source
        self.buf = ""
        self.pos = 0
        self.eof = False
        self.decoder = json.JSONDecoder()

    def _fill(self, size: int = CHUNK) -> bool:
        if self.eof:
            return False
        chunk = self.stream.read(size)
        if not chunk:
            self.eof = True
            return False
        self.buf = self.buf[self.pos :] + chunk
        self.pos = 0
        return True

    def peek(self) -> str:
        """The next non-whitespace character ("" at the end of the file)."""
        while True:
            while self.pos < len(self.buf) and self.buf[self.pos] in " \t\r\n\ufeff":
                self.pos += 1
            if self.pos < len(self.buf):
                return self.buf[self.pos]
            if not self._fill():
                return ""

    def expect(self, chars: str) -> str:
        char = self.peek()
        if not char or char not in chars:
            raise ParseError(
                f"expected one of {chars!r} at character {self.pos}, found {char!r}", source=self.source
            )
        self.pos += 1
        return char

    def value(self) -> Any:
        """Decode one JSON value, reading more of the file while it is cut off."""
        self.peek()
        size = CHUNK
        while True:
            try:
                value, end = self.decoder.raw_decode(self.buf, self.pos)
            except json.JSONDecodeError as err:
                if self._fill(size):
                    size *= 2  # doubling keeps re-decoding of a long value linear overall
                    continue
                raise ParseError(f"invalid JSON: {err.msg}", source=self.source) from None
            # A number could be cut off at the end of the buffer; objects and strings cannot.
            if end >= len(self.buf) and not isinstance(value, (dict, list, str)) and self._fill(size):
                continue
            self.pos = end
            return value

    def array(self) -> Iterator[Any]:
        self.expect("[")
        if self.peek() == "]":
            self.pos += 1
            return
        while True:
            yield self.value()
            if self.expect(",]") == "]":
                return

    def members(self) -> Iterator[str]:
        """Yield each key of an object; the caller must consume the value before the next key."""
        self.expect("{")
        if self.peek() == "}":
            self.pos += 1
            return
        while True:
            key = self.value()
            if not isinstance(key, str):
                raise ParseError(f"object key must be a string at character {self.pos}", source=self.source)
            self.expect(":")
            yield key
            if self.expect(",}") == "}":
                return


def card_from_scryfall_data(data: Any, *, source: str, index: int) -> Card | None:
    """One Scryfall card object -> Card; ``None`` for skipped layouts; ParseError when malformed."""
    # A non-string layout (a list, an object) is reported as a problem below, not hashed here.
    if (
        isinstance(data, Mapping)
        and isinstance(data.get("layout"), str)
        and data["layout"] in SKIPPED_LAYOUTS
    ):
        return None
    problems: list[Message] = []
    if isinstance(data, Mapping) and data.get("lang") == "ja":
        data = {**data, "japanese_names": _printed_names(data)}
    card = scryfall_card_or_problems(
        data, where=f"[{index}]", label=msg("cards.label.in-file", number=index), problems=problems
    )
    if card is None:
        raise ParseError(
            "; ".join(p.text("en") for p in problems) or f"card {index}: not a card", source=source
        )
    return card


def _printed_names(data: Mapping[str, Any]) -> list[str]:
    """The Japanese printed names of a Scryfall print in Japanese: the card's, then its faces'."""
    raw_faces = data.get("card_faces")
    faces: list[Any] = raw_faces if isinstance(raw_faces, list) else []
    names = [data.get("printed_name")] + [f.get("printed_name") for f in faces if isinstance(f, Mapping)]
    return list(dict.fromkeys(n for n in names if isinstance(n, str) and n.strip()))


def japanese_names(entries: list[Mapping[str, Any]]) -> list[str]:
    """The Japanese names in the ``foreignData`` of an AtomicCards entry's faces: the card's, then each
    face's.

    >>> japanese_names([{"foreignData": [{"language": "German", "name": "Zuchtteich"},
    ...                                   {"language": "Japanese", "name": "繁殖池"}]}])
    ['繁殖池']
    """
    names: list[str] = []
    for entry in entries:
        foreign = entry.get("foreignData")
        for item in foreign if isinstance(foreign, list) else []:
            if isinstance(item, Mapping) and item.get("language") == "Japanese":
                names.extend(
                    n for n in (item.get("name"), item.get("faceName")) if isinstance(n, str) and n.strip()
                )
    return list(dict.fromkeys(names))


def card_from_mtgjson(name: str, entries: Any, *, source: str = "AtomicCards.json") -> Card | None:
    """One AtomicCards entry (the list of faces under a name) -> Card; ``None`` for skipped layouts.

    >>> card = card_from_mtgjson("Fire // Ice", [
    ...     {"name": "Fire // Ice", "faceName": "Ice", "side": "b", "manaCost": "{1}{U}", "layout": "split"},
    ...     {"name": "Fire // Ice", "faceName": "Fire", "side": "a", "manaCost": "{1}{R}",
    ...     "layout": "split"}])
    >>> [f.name for f in card.faces]
    ['Fire', 'Ice']
    """
    if not isinstance(entries, list) or not entries or not all(isinstance(e, Mapping) for e in entries):
        raise ParseError(f"{name}: expected a list of card faces", source=source)
    faces = sorted(entries, key=lambda e: str(e.get("side") or ""))
    layout = faces[0].get("layout") or "normal"
    if isinstance(layout, str) and layout in SKIPPED_LAYOUTS:
        return None

    def scryfall_face(entry: Mapping[str, Any], face_name: Any) -> dict[str, Any]:
        return {
            "name": face_name,
            "mana_cost": entry.get("manaCost"),
            "type_line": entry.get("type"),
            "oracle_text": entry.get("text"),
            "color_indicator": entry.get("colorIndicator"),
            "colors": entry.get("colors"),
            "power": entry.get("power"),
            "toughness": entry.get("toughness"),
        }

    if len(faces) == 1:
        data: dict[str, Any] = scryfall_face(faces[0], faces[0].get("name") or name)
        data["layout"] = layout
    else:
        data = {
            "name": faces[0].get("name") or name,
            "layout": layout,
            "card_faces": [scryfall_face(e, e.get("faceName") or e.get("name")) for e in faces],
        }
    japanese = japanese_names(faces)
    if japanese:
        data["japanese_names"] = japanese
    data["legalities"] = faces[0].get("legalities")
    # MTGJSON writes isGameChanger only on the cards on the list.
    data["game_changer"] = faces[0].get("isGameChanger") is True
    problems: list[Message] = []
    card = scryfall_card_or_problems(
        data, where="", label=msg("cards.label.named", name=name[:200]), problems=problems
    )
    if card is None:
        raise ParseError("; ".join(p.text("en") for p in problems), source=source)
    return card


def japanese_text(entries: list[Mapping[str, Any]]) -> str:
    """The Japanese printed text of an AtomicCards entry (``foreignData`` ``text``), faces joined.

    >>> japanese_text([{"foreignData": [{"language": "Japanese", "name": "繁殖池",
    ...     "text": "（T）：（G）か（U）"}]}])
    '（T）：（G）か（U）'
    """
    texts: list[str] = []
    for entry in entries:
        foreign = entry.get("foreignData")
        for item in foreign if isinstance(foreign, list) else []:
            if isinstance(item, Mapping) and item.get("language") == "Japanese":
                text = item.get("text")
                if isinstance(text, str) and text.strip() and text not in texts:
                    texts.append(text[:5000])
    return "\n//\n".join(texts)


@dataclass(frozen=True)
class CardEntry:
    """A card as read from a file, with what the database keeps beside the engine card."""

    card: Card
    oracle_id: str = ""  # Scryfall's Oracle id, which its rulings refer to
    japanese_text: str = ""  # MTGJSON's Japanese printed text
    keywords: tuple[str, ...] = ()  # Scryfall's / MTGJSON's ``keywords``: the keyword abilities and actions


def iter_card_entries(
    stream: TextIO, *, source: str, meta: dict[str, Any] | None = None
) -> Iterator[CardEntry]:
    """Every deck card in a Scryfall bulk array/list or an MTGJSON AtomicCards file, streamed.

    An MTGJSON file's ``meta`` object (its ``date`` and ``version``) is copied into ``meta`` when given.
    Raises :class:`~judge.parsing.records.ParseError` naming the file and the card.
    """
    reader = _JsonStream(stream, source)
    first = reader.peek()
    if first == "[":
        yield from _scryfall_entries(reader, source)
        return
    if first != "{":
        raise ParseError("not a JSON card file: expected [ or {", source=source)
    for key in reader.members():
        if key != "data":
            value = reader.value()  # "object", "has_more"...: not needed
            if key == "meta" and isinstance(value, Mapping) and meta is not None:
                meta.update(value)
            continue
        if reader.peek() == "[":  # a Scryfall list page
            yield from _scryfall_entries(reader, source)
        else:
            for name in reader.members():
                faces = reader.value()
                card = card_from_mtgjson(name, faces, source=source)
                if card is not None:
                    yield CardEntry(
                        card=card,
                        japanese_text=japanese_text(faces),
                        keywords=_keywords(faces[0].get("keywords") if faces else None),
                    )


def _scryfall_entries(reader: _JsonStream, source: str) -> Iterator[CardEntry]:
    for index, data in enumerate(reader.array()):
        card = card_from_scryfall_data(data, source=source, index=index)
        if card is not None:
            oracle_id = data.get("oracle_id")
            yield CardEntry(
                card=card,
                oracle_id=oracle_id[:64] if isinstance(oracle_id, str) else "",
                keywords=_keywords(data.get("keywords")),
            )


def _keywords(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list):
        return ()
    return tuple(dict.fromkeys(k[:100] for k in value[:50] if isinstance(k, str) and k.strip()))


def iter_cards(stream: TextIO, *, source: str) -> Iterator[Card]:
    """Every deck card in a Scryfall bulk array/list or an MTGJSON AtomicCards file, streamed."""
    for entry in iter_card_entries(stream, source=source):
        yield entry.card


def iter_rulings(stream: TextIO, *, source: str) -> Iterator[Ruling]:
    """Every ruling of a Scryfall Rulings bulk file (a JSON array of ``"object": "ruling"``), streamed.

    >>> import io
    >>> [r.published_at for r in iter_rulings(io.StringIO('[{"object": "ruling", "oracle_id": "x", '
    ...     '"source": "wotc", "published_at": "2004-10-04", "comment": "Yes."}]'), source="r.json")]
    ['2004-10-04']
    """
    reader = _JsonStream(stream, source)
    for index, data in enumerate(reader.array()):
        if not isinstance(data, Mapping) or data.get("object") != "ruling":
            raise ParseError(f"[{index}]: not a ruling object", source=source)
        fields = [data.get(k) for k in ("oracle_id", "source", "published_at", "comment")]
        if not all(isinstance(f, str) for f in fields) or not DATE_RE.fullmatch(str(fields[2])):
            raise ParseError(
                f"[{index}]: a ruling needs oracle_id, source, published_at (YYYY-MM-DD) and comment",
                source=source,
            )
        yield Ruling(
            oracle_id=str(fields[0])[:64],
            source=str(fields[1])[:16],
            published_at=str(fields[2]),
            comment=str(fields[3])[:MAX_RULING],
        )


@dataclass(frozen=True)
class Ruling:
    oracle_id: str
    source: str  # "wotc" or "scryfall"
    published_at: str  # "2004-10-04"
    comment: str


class FileKind(enum.Enum):
    """The published files the importer reads, recognised by their content."""

    SCRYFALL_CARDS = "scryfall-cards"
    SCRYFALL_RULINGS = "scryfall-rulings"
    MTGJSON_ATOMIC = "mtgjson-atomic"
    SCRYFALL_PRINTINGS = "scryfall-printings"  # Default Cards: every printing (judge.parsing.card_printings)
    COMMANDER_SPELLBOOK = "commander-spellbook"  # variants.json: every combo (judge.parsing.combo_data)


#: How many card objects :func:`file_kind` reads to tell printings from Oracle cards.
SAMPLE = 2000


def _scryfall_kind(cards: Iterator[Any], source: str) -> FileKind:
    """Oracle Cards or Default Cards, from the first :data:`SAMPLE` card objects.

    Both are arrays of the same card objects; Oracle Cards holds one per Oracle card, so an ``oracle_id``
    seen twice means printings. Reprints are common enough (every basic land has hundreds) that the real
    Default Cards file repeats one within its first few hundred objects, in any order. A smaller file of
    printings with no repeat is read as printings when Scryfall's name for the file says so
    (``default-cards-...json``); the name is only that hint.
    """
    seen: set[str] = set()
    printings = True  # every sampled object is a printing: it names its set and collector number
    for number, data in enumerate(cards):
        if not isinstance(data, Mapping) or not data.get("set") or not data.get("collector_number"):
            printings = False
            break
        oracle_id = data.get("oracle_id")
        if isinstance(oracle_id, str) and oracle_id:
            if oracle_id in seen:
                return FileKind.SCRYFALL_PRINTINGS
            seen.add(oracle_id)
        if number + 1 >= SAMPLE:
            break
    if printings and seen and Path(source).name.startswith("default-cards"):
        return FileKind.SCRYFALL_PRINTINGS
    return FileKind.SCRYFALL_CARDS


def file_kind(stream: TextIO, *, source: str) -> FileKind:
    """Which file this is, from its first objects: a Scryfall array of Oracle cards, of printings (Default
    Cards, see :func:`_scryfall_kind`) or of rulings, a Scryfall list page, or MTGJSON's
    ``{"meta": ..., "data": {name: [...]}}``.

    >>> import io
    >>> file_kind(io.StringIO('[{"object": "ruling"}]'), source="x").value
    'scryfall-rulings'
    >>> file_kind(io.StringIO('{"meta": {"date": "2026-11-20"}, "data": {}}'), source="x").value
    'mtgjson-atomic'
    >>> file_kind(io.StringIO('[{"oracle_id": "a", "set": "lea", "collector_number": "1"},'
    ...     '{"oracle_id": "a", "set": "leb", "collector_number": "1"}]'), source="x").value
    'scryfall-printings'
    >>> file_kind(io.StringIO('{"timestamp": "2026-11-30T00:00:00Z", "version": "1", "variants": []}'),
    ...     source="x").value
    'commander-spellbook'
    """
    reader = _JsonStream(stream, source)
    first = reader.peek()
    if first == "[":
        cards = reader.array()
        for data in cards:
            if isinstance(data, Mapping) and data.get("object") == "ruling":
                return FileKind.SCRYFALL_RULINGS
            return _scryfall_kind(itertools.chain([data], cards), source)
        return FileKind.SCRYFALL_CARDS
    if first != "{":
        raise ParseError("not a JSON card file: expected [ or {", source=source)
    for key in reader.members():
        if key == "data":
            return FileKind.SCRYFALL_CARDS if reader.peek() == "[" else FileKind.MTGJSON_ATOMIC
        if key == "variants":
            return FileKind.COMMANDER_SPELLBOOK
        reader.value()
    raise ParseError("not a card file: no data", source=source)


def read_card_pool(path: Path) -> CardPool:
    """A :class:`CardPool` from a Scryfall or MTGJSON file on disk."""
    with path.open(encoding="utf-8") as stream:
        return CardPool.of(iter_cards(stream, source=path.name))
